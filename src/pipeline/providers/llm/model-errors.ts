import { APICallError, NoObjectGeneratedError, RetryError } from 'ai';
import { clip, firstLine, httpFailureMessage, unwrapRetry } from '../provider-failure.js';
import { LanguageModelError } from './language-model.js';
import { API_KEY_VARIABLES, type RemoteLanguageModelSetting } from './model-config.js';

/** What a failure message may name: the model and where it lives, never the key. */
export interface FailureContext {
  setting: RemoteLanguageModelSetting;
  /** Set when the call's own time limit ran out. */
  timedOutAfterMs?: number;
}

/**
 * Turns whatever the AI SDK threw into a {@link LanguageModelError} whose message says what went
 * wrong and what to check: a refused key, a rate limit, an unreachable URL, a timeout.
 */
export function toLanguageModelError(error: unknown, context: FailureContext): LanguageModelError {
  const { setting } = context;
  const name = `${setting.provider}:${setting.model}`;
  const redact = (text: string) => redactKey(text, setting.apiKey);
  if (context.timedOutAfterMs !== undefined) {
    return new LanguageModelError('unavailable', `${name} at ${setting.baseUrl} did not answer within ${context.timedOutAfterMs < 1000 ? `${context.timedOutAfterMs} ms` : `${Math.round(context.timedOutAfterMs / 1000)} s`}; a busy or slow server may need a longer --llm-timeout (SERVICE_LLM_TIMEOUT)`);
  }
  if (NoObjectGeneratedError.isInstance(error)) {
    return new LanguageModelError('invalid_output', `${name} answered with something that does not match the schema: ${redact(firstLine(error.cause ?? error))}`);
  }
  const { last, tries } = unwrapRetry(error);
  if (APICallError.isInstance(last)) {
    const status = last.statusCode;
    const said = providerMessage(last.responseBody);
    if (status !== undefined) {
      const detail = ` (HTTP ${status})${said ? `: ${redact(said)}` : ''}`;
      return new LanguageModelError('unavailable', httpFailureMessage({ status, name, baseUrl: setting.baseUrl, detail, tries, keyVariable: API_KEY_VARIABLES[setting.provider] }));
    }
    return new LanguageModelError('unavailable', `cannot reach ${setting.baseUrl} for ${name}${tries}: ${redact(firstLine(last.cause ?? last))}`);
  }
  return new LanguageModelError('unavailable', `${name} at ${setting.baseUrl} failed: ${redact(firstLine(last))}`);
}

/** Whether a failure is a request the server refused as malformed (what a JSON-mode retry may cure). */
export function isBadRequest(error: unknown): boolean {
  const last = RetryError.isInstance(error) ? error.lastError : error;
  return APICallError.isInstance(last) && (last.statusCode === 400 || last.statusCode === 422);
}

function providerMessage(body: string | undefined): string | undefined {
  if (!body) return undefined;
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } | string; message?: unknown };
    const message = typeof parsed.error === 'string' ? parsed.error : (parsed.error?.message ?? parsed.message);
    if (typeof message === 'string') return clip(message);
  } catch {
    // Not JSON: a proxy's HTML page or plain text.
  }
  return clip(body.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim()) || undefined;
}

function redactKey(text: string, apiKey: string | undefined): string {
  if (!apiKey) return text;
  let out = text.split(apiKey).join('[redacted]');
  // Providers echo a masked key ("sk-abc***xyz"); its visible ends are still the key's.
  if (apiKey.length >= 8) out = out.split(apiKey.slice(0, 6)).join('[redacted]');
  return out;
}

