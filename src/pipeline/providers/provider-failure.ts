import { RetryError } from 'ai';

/** The failure behind the AI SDK's retries, and " after N attempts" when there were several. */
export function unwrapRetry(error: unknown): { last: unknown; tries: string } {
  if (!RetryError.isInstance(error)) return { last: error, tries: '' };
  const attempts = error.errors.length;
  return { last: error.lastError, tries: attempts > 1 ? ` after ${attempts} attempts` : '' };
}

/** An error's first line, at most 300 characters. */
export function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return clip(message.split('\n')[0] ?? message);
}

/** A text cut to 300 characters. */
export function clip(text: string): string {
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

/**
 * What to tell the operator about a provider call that failed with HTTP `status`: a refused key
 * (401, 403, or `keyRefused`), a rate limit, a server fault, an unknown model, or a rejected
 * request. `detail` follows the model's name (" (HTTP 429): …"); `tries` is from {@link unwrapRetry}.
 */
export function httpFailureMessage(failure: { status: number; name: string; baseUrl: string; detail: string; tries: string; keyVariable: string; keyRefused?: boolean }): string {
  const { status, name, baseUrl, detail, tries } = failure;
  if (status === 401 || status === 403 || failure.keyRefused) return `${baseUrl} refused the API key for ${name}${detail}; check ${failure.keyVariable}`;
  if (status === 429) return `${name} is rate limited at ${baseUrl}${tries}${detail}`;
  if (status >= 500) return `${baseUrl} failed for ${name}${tries}${detail}`;
  if (status === 404) return `${baseUrl} does not know ${name}${detail}; check the model name and the base URL`;
  return `${baseUrl} rejected the request to ${name}${detail}`;
}

/** The `reason` of a Google error body (`{ error: { details: [{ reason }] } }`), which tells a bad key from a bad request. */
export function googleReason(body: string | undefined): string | undefined {
  try {
    const parsed = JSON.parse(body ?? '') as { error?: { details?: { reason?: unknown }[] } };
    const reason = parsed.error?.details?.find((detail) => typeof detail?.reason === 'string')?.reason;
    return typeof reason === 'string' ? reason : undefined;
  } catch {
    return undefined;
  }
}
