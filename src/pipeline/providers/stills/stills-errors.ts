import { APICallError, InvalidResponseDataError, NoImageGeneratedError } from 'ai';
import { firstLine, googleReason, httpFailureMessage, unwrapRetry } from '../provider-failure.js';
import { StillError } from './still-provider.js';
import { STILL_KEY_VARIABLES, type StillSetting } from './stills-config.js';

/** What a failure message may name: the model and where it lives, never the key. */
export interface StillFailureContext {
  setting: StillSetting;
  /** Set when the call's own time limit ran out. */
  timedOutAfterMs?: number;
}

/**
 * Turns whatever `generateImage` threw into a {@link StillError} whose message says what went
 * wrong and what to check.
 */
export function toStillError(error: unknown, context: StillFailureContext): StillError {
  if (error instanceof StillError) return error;
  const { setting } = context;
  const name = `${setting.provider}:${setting.model}`;
  const redact = (text: string) => (setting.apiKey ? text.split(setting.apiKey).join('[redacted]') : text);
  const options = { cause: error };
  if (context.timedOutAfterMs !== undefined) {
    return new StillError('unavailable', `${name} at ${setting.baseUrl} made no still within ${context.timedOutAfterMs} ms`, options);
  }
  const { last, tries } = unwrapRetry(error);
  if (NoImageGeneratedError.isInstance(last)) {
    return new StillError('invalid_output', `${name} answered without an image: ${redact(firstLine(last))}`, options);
  }
  if (InvalidResponseDataError.isInstance(last)) {
    return new StillError('invalid_output', `${name} answered with something unreadable: ${redact(firstLine(last))}`, options);
  }
  if (APICallError.isInstance(last)) {
    const status = last.statusCode;
    const detail = ` (HTTP ${status ?? 'none'}): ${redact(firstLine(last))}`;
    // A 2xx whose body did not parse: the provider answered, with something that is not an image list.
    if (status !== undefined && status < 300) return new StillError('invalid_output', `${name} answered with something unreadable${detail}`, options);
    if (status !== undefined) {
      const keyRefused = setting.provider === 'google' && status === 400 && googleReason(last.responseBody) === 'API_KEY_INVALID';
      return new StillError('unavailable', httpFailureMessage({ status, name, baseUrl: setting.baseUrl, detail, tries, keyVariable: STILL_KEY_VARIABLES[setting.provider], keyRefused }), options);
    }
    return new StillError('unavailable', `cannot reach ${setting.baseUrl} for ${name}${tries}: ${redact(firstLine(last.cause ?? last))}`, options);
  }
  return new StillError('unavailable', `${name} at ${setting.baseUrl} failed: ${redact(firstLine(last))}`, options);
}
