/** One refused field of a 400, as the REST API lists it in `details`. */
export interface ErrorDetail {
  field: string;
  message: string;
  suggestion?: string;
}

/** A failed API call: the REST error body made readable, with field messages keyed by form field. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** Messages by field, with the `body.`/`querystring.`/`params.` part removed (`images[0].url`). */
  readonly fields: Readonly<Record<string, string>>;
  /** Seconds to wait, from `Retry-After`, when the server sent one. */
  readonly retryAfterSeconds: number | undefined;

  constructor(status: number, code: string, message: string, fields: Record<string, string> = {}, retryAfterSeconds?: number) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** The form field a `details` item names: `body.images[2].url` → `images[2].url`. */
export function formFieldOf(field: string): string {
  return field.replace(/^(body|querystring|params|headers)\.?/, '');
}

/** A readable message for one detail, with the suggested field when there is one. */
function detailMessage(detail: ErrorDetail): string {
  return detail.suggestion === undefined ? detail.message : `${detail.message} (did you mean "${detail.suggestion}"?)`;
}

/**
 * Turns a non-2xx answer into an `ApiError`: the body `{ error: { code, message, details } }` when it
 * has one, else a message built from the status (a proxy's HTML page, an empty body).
 */
export function apiErrorFrom(status: number, body: unknown, retryAfter: string | null): ApiError {
  const retryAfterSeconds = retryAfter !== null && /^\d+$/.test(retryAfter) ? Number(retryAfter) : undefined;
  const error = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
  if (typeof error !== 'object' || error === null) {
    return new ApiError(status, 'http_error', `The server answered ${status} without an explanation.`, {}, retryAfterSeconds);
  }
  const { code, message, details } = error as { code?: unknown; message?: unknown; details?: unknown };
  const fields: Record<string, string> = {};
  if (Array.isArray(details)) {
    for (const item of details as ErrorDetail[]) {
      if (typeof item?.field !== 'string' || typeof item.message !== 'string') continue;
      const key = formFieldOf(item.field);
      fields[key] = fields[key] === undefined ? detailMessage(item) : `${fields[key]}; ${detailMessage(item)}`;
    }
  }
  return new ApiError(
    status,
    typeof code === 'string' ? code : 'http_error',
    typeof message === 'string' && message !== '' ? message : `The server answered ${status}.`,
    fields,
    retryAfterSeconds,
  );
}

/** The message to show for anything thrown by a call: the API's message, or the network failure. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error) return `Could not reach the node: ${error.message}`;
  return 'Something went wrong.';
}
