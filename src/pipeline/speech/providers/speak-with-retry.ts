import type { SpeakResult } from '../../audio/audio-protocol.js';
import { SpeechProviderError, type SpeechProvider, type SpeechRequest } from './speech-provider.js';

/** How {@link speakWithRetry} retries. */
export interface RetryOptions {
  /** Tries in all, the first included. @default 3 */
  attempts?: number;
  /** Wait before the second try; each later wait doubles. A provider's `Retry-After` wins when longer. @default 1000 */
  backoffMs?: number;
}

/**
 * `provider.speak` tried again after a rate limit, a server fault, a network failure or a timeout,
 * which pass; never after a refused key, an unknown voice or a bad request, which do not. The last
 * failure is thrown, saying how many tries it took.
 */
export async function speakWithRetry(provider: SpeechProvider, request: SpeechRequest, options: RetryOptions = {}): Promise<SpeakResult> {
  const attempts = Math.max(1, Math.floor(options.attempts ?? 3));
  const backoffMs = options.backoffMs ?? 1000;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await provider.speak(request);
    } catch (error) {
      if (!(error instanceof SpeechProviderError) || !error.retryable || request.signal?.aborted) throw error;
      if (attempt >= attempts) {
        const failure = { provider: error.provider, reason: error.reason, status: error.status, retryAfterMs: error.retryAfterMs };
        throw attempts > 1 ? new SpeechProviderError(failure, `${error.message} (after ${attempts} attempts)`, { cause: error }) : error;
      }
      await sleep(Math.max(backoffMs * 2 ** (attempt - 1), error.retryAfterMs ?? 0), request.signal);
    }
  }
}

/** Waits, or rejects with the signal's reason when it is aborted first. */
function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      signal?.removeEventListener('abort', abort);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const abort = () => {
      clearTimeout(timer);
      reject(signal!.reason as Error);
    };
    signal?.addEventListener('abort', abort, { once: true });
  });
}
