import { AISDKError, APICallError, DownloadError, NoVideoGeneratedError } from 'ai';
import { firstLine, googleReason, httpFailureMessage, unwrapRetry } from '../provider-failure.js';
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
  const { last, tries } = unwrapRetry(error);
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
    // A 2xx whose body did not parse: the provider answered, with something that is not an operation.
    if (status !== undefined && status < 300) return new FootageError('invalid_output', `${name} answered with something unreadable${detail}`, options);
    if (status !== undefined) {
      const keyRefused = status === 400 && googleReason(last.responseBody) === 'API_KEY_INVALID';
      return new FootageError('unavailable', httpFailureMessage({ status, name, baseUrl: setting.baseUrl, detail, tries, keyVariable: FOOTAGE_KEY_VARIABLES[setting.provider], keyRefused }), options);
    }
    return new FootageError('unavailable', `cannot reach ${setting.baseUrl} for ${name}${tries}: ${redact(firstLine(last.cause ?? last))}`, options);
  }
  return new FootageError('unavailable', `${name} at ${setting.baseUrl} failed: ${redact(firstLine(last))}`, options);
}
