import { AISDKError, APICallError, DownloadError, NoVideoGeneratedError, RetryError } from 'ai';
import { FootageError } from './footage-provider.js';
import { FOOTAGE_KEY_VARIABLES, type FootageSetting } from './footage-config.js';

/** What a failure message may name: the model and where it lives, never the key. */
export interface FootageFailureContext {
  setting: FootageSetting;
  /** Set when the call's own time limit ran out. */
  timedOutAfterMs?: number;
}

// Errors the Google video model throws itself (by `name`, never by message text).
const GOOGLE_OPERATION_FAILED = 'GOOGLE_VIDEO_GENERATION_FAILED';
const GOOGLE_NO_VIDEO = 'GOOGLE_VIDEO_GENERATION_ERROR';

/**
 * Turns whatever `experimental_generateVideo` or the clip's download threw into a
 * {@link FootageError} whose message says what went wrong and what to check.
 */
export function toFootageError(error: unknown, context: FootageFailureContext): FootageError {
  if (error instanceof FootageError) return error;
  const { setting } = context;
  const name = `${setting.provider}:${setting.model}`;
  const redact = (text: string) => (setting.apiKey ? text.split(setting.apiKey).join('[redacted]') : text);
  const options = { cause: error };
  if (context.timedOutAfterMs !== undefined) {
    return new FootageError('unavailable', `${name} at ${setting.baseUrl} made no clip within ${context.timedOutAfterMs} ms`, options);
  }
  let attempts = 1;
  let last = error;
  if (RetryError.isInstance(error)) {
    attempts = error.errors.length;
    last = error.lastError;
  }
  const tries = attempts > 1 ? ` after ${attempts} attempts` : '';
  if (NoVideoGeneratedError.isInstance(last) || (AISDKError.isInstance(last) && last.name === GOOGLE_NO_VIDEO)) {
    return new FootageError('invalid_output', `${name} answered without a video: ${redact(firstLine(last))}`, options);
  }
  if (AISDKError.isInstance(last) && last.name === GOOGLE_OPERATION_FAILED) {
    return new FootageError('unavailable', `${name} refused or failed the clip: ${redact(firstLine(last))}`, options);
  }
  if (DownloadError.isInstance(last)) {
    const status = last.statusCode !== undefined ? ` (HTTP ${last.statusCode})` : '';
    return new FootageError('unavailable', `the clip ${name} made could not be downloaded${status}: ${redact(firstLine(last))}`, options);
  }
  if (APICallError.isInstance(last)) {
    const status = last.statusCode;
    const detail = ` (HTTP ${status ?? 'none'}): ${redact(firstLine(last))}`;
    if (status === 401 || status === 403 || (status === 400 && googleReason(last.responseBody) === 'API_KEY_INVALID')) {
      return new FootageError('unavailable', `${setting.baseUrl} refused the API key for ${name}${detail}; check ${FOOTAGE_KEY_VARIABLES[setting.provider]}`, options);
    }
    if (status === 429) return new FootageError('unavailable', `${name} is rate limited at ${setting.baseUrl}${tries}${detail}`, options);
    if (status !== undefined && status >= 500) return new FootageError('unavailable', `${setting.baseUrl} failed for ${name}${tries}${detail}`, options);
    if (status === 404) return new FootageError('unavailable', `${setting.baseUrl} does not know ${name}${detail}; check the model name and the base URL`, options);
    // A 2xx whose body did not parse: the provider answered, with something that is not an operation.
    if (status !== undefined && status < 300) return new FootageError('invalid_output', `${name} answered with something unreadable${detail}`, options);
    if (status !== undefined) return new FootageError('unavailable', `${setting.baseUrl} rejected the request to ${name}${detail}`, options);
    return new FootageError('unavailable', `cannot reach ${setting.baseUrl} for ${name}${tries}: ${redact(firstLine(last.cause ?? last))}`, options);
  }
  return new FootageError('unavailable', `${name} at ${setting.baseUrl} failed: ${redact(firstLine(last))}`, options);
}

/** The `reason` of a Google error body (`{ error: { details: [{ reason }] } }`), which tells a bad key from a bad request. */
function googleReason(body: string | undefined): string | undefined {
  try {
    const parsed = JSON.parse(body ?? '') as { error?: { details?: { reason?: unknown }[] } };
    const reason = parsed.error?.details?.find((detail) => typeof detail?.reason === 'string')?.reason;
    return typeof reason === 'string' ? reason : undefined;
  } catch {
    return undefined;
  }
}

function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const line = message.split('\n')[0] ?? message;
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}
