import { clip, firstLine } from '../../providers/provider-failure.js';
import { SPEECH_KEY_VARIABLES, type SpeechSetting } from './speech-config.js';
import { SpeechProviderError, type SpeechFailureReason } from './speech-provider.js';

/** One call to a speech provider's API. */
export interface ProviderCall {
  setting: SpeechSetting;
  /** Path below the base URL, e.g. `/audio/speech`. */
  path: string;
  init: RequestInit;
  timeoutMs: number;
  signal?: AbortSignal;
  /** The voice the call speaks with, so a refusal can name it. */
  voice?: string;
}

/**
 * Makes a call and reads its answer with `read`, both under the call's time limit. Throws the
 * caller's abort reason when canceled, else a {@link SpeechProviderError} saying what to check.
 */
export async function callProvider<T>(call: ProviderCall, read: (response: Response) => Promise<T>): Promise<T> {
  const { setting } = call;
  const timeout = AbortSignal.timeout(call.timeoutMs);
  const signal = call.signal ? AbortSignal.any([call.signal, timeout]) : timeout;
  const name = `${setting.provider}:${setting.model}`;
  try {
    const response = await fetch(`${setting.baseUrl}${call.path}`, { ...call.init, signal });
    if (!response.ok) throw await failedResponse(response, call);
    return await read(response);
  } catch (error) {
    if (call.signal?.aborted) throw call.signal.reason;
    if (error instanceof SpeechProviderError) throw error;
    const failure = { provider: setting.provider, reason: 'timeout' as SpeechFailureReason };
    if (timeout.aborted) {
      throw new SpeechProviderError(failure, `${name} at ${setting.baseUrl} did not answer within ${call.timeoutMs} ms; check the base URL and the network`, { cause: error });
    }
    const cause = error instanceof Error && error.cause !== undefined ? error.cause : error;
    throw new SpeechProviderError({ ...failure, reason: 'network' }, `cannot reach ${setting.baseUrl} for ${name}: ${redact(firstLine(cause), setting)}; check the base URL and the network`, { cause: error });
  }
}

/** A provider's answer read as JSON; an unreadable body is `invalid_output`. */
export async function readJson(response: Response, setting: SpeechSetting): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch (cause) {
    throw new SpeechProviderError(
      { provider: setting.provider, reason: 'invalid_output', status: response.status },
      `${setting.provider}:${setting.model} at ${setting.baseUrl} answered with something that is not JSON: ${redact(clip(text.split('\n')[0] ?? ''), setting)}`,
      { cause },
    );
  }
}

/** Turns an HTTP failure into a {@link SpeechProviderError} whose message says what to check. */
async function failedResponse(response: Response, call: ProviderCall): Promise<SpeechProviderError> {
  const { setting, voice } = call;
  const { status } = response;
  const body = await response.text().catch(() => '');
  const parsed = parseBody(body);
  const name = `${setting.provider}:${setting.model}`;
  const detail = ` (HTTP ${status})${parsed.message ? `: ${redact(clip(parsed.message), setting)}` : ''}`;
  const fail = (reason: SpeechFailureReason, message: string) =>
    new SpeechProviderError({ provider: setting.provider, reason, status, retryAfterMs: retryAfter(response.headers.get('retry-after')) }, message);
  // ElevenLabs answers an exhausted character quota with 401; OpenAI an unpaid account with 429. Neither passes with waiting.
  if (parsed.code === 'quota_exceeded' || parsed.code === 'insufficient_quota') {
    return fail('quota', `${name} has no quota left at ${setting.baseUrl}${detail}; check the account's plan and usage`);
  }
  if (status === 401 || status === 403) return fail('auth', `${setting.baseUrl} refused the API key for ${name}${detail}; check ${SPEECH_KEY_VARIABLES[setting.provider]}`);
  if (status === 429) return fail('rate_limit', `${name} is rate limited or out of quota at ${setting.baseUrl}${detail}; wait, or check the account's plan and usage`);
  if (status >= 500) return fail('server', `${setting.baseUrl} failed for ${name}${detail}`);
  // By what the body says (OpenAI's `param: "voice"`, ElevenLabs' `voice_not_found`), not the status alone: a wrong base URL is a 404 too.
  const aboutVoice = /voice/i.test(`${parsed.code ?? ''} ${parsed.param ?? ''} ${parsed.message ?? ''}`);
  if (voice !== undefined && [400, 404, 422].includes(status) && aboutVoice) {
    return fail('voice', `${name} does not know the voice "${voice}"${detail}; pick a voice the catalog lists for ${setting.provider}`);
  }
  if (status === 404) return fail('request', `${setting.baseUrl} does not know ${name}${detail}; check the model name and the base URL`);
  return fail('request', `${setting.baseUrl} rejected the request to ${name}${detail}`);
}

/**
 * The message and code of an error body: OpenAI's `{ error: { message, code, param } }`,
 * ElevenLabs' `{ detail: { status, message } }`, FastAPI's `{ detail: "…" | [{ msg }] }`, or the text.
 */
function parseBody(body: string): { message?: string; code?: string; param?: string } {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { message: body.trim().split('\n')[0] || undefined };
  }
  const record = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});
  const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
  const root = record(json);
  const error = record(root.error);
  const detail = root.detail;
  if (Array.isArray(detail)) {
    const messages = detail.map((item) => {
      const entry = record(item);
      return [Array.isArray(entry.loc) ? entry.loc.join('.') : '', text(entry.msg) ?? ''].filter(Boolean).join(': ');
    });
    return { message: messages.join('; ') || undefined };
  }
  const detailRecord = record(detail);
  return {
    message: text(error.message) ?? text(detail) ?? text(detailRecord.message) ?? text(root.message) ?? (typeof root.error === 'string' ? root.error : undefined),
    code: text(error.code) ?? text(error.type) ?? text(detailRecord.status) ?? text(detailRecord.code),
    param: text(error.param),
  };
}

/** `Retry-After` (seconds or an HTTP date) in ms, at most a minute. */
function retryAfter(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - Date.now();
  return Number.isFinite(ms) && ms >= 0 ? Math.min(ms, 60_000) : undefined;
}

/** A text with the setting's key cut out, for messages. */
function redact(text: string, setting: SpeechSetting): string {
  return setting.apiKey ? text.split(setting.apiKey).join('[redacted]') : text;
}
