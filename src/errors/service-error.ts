/**
 * The one registry of error codes the node answers with, each with its HTTP status.
 * REST maps a {@link ServiceError} to `{ error: { code, message, status } }`; MCP tools return the
 * same code and message with `isError`. Nothing decides anything by matching message text.
 */
export const ERROR_CODES = {
  invalid_request: 400,
  unauthorized: 401,
  insufficient_credits: 402,
  forbidden: 403,
  csrf_failed: 403,
  not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  too_many_in_flight: 409,
  not_cancelable: 409,
  not_ready: 409,
  not_renderable: 409,
  not_editable: 409,
  not_awaiting_approval: 409,
  idempotency_conflict: 409,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  range_not_satisfiable: 416,
  rate_limited: 429,
  headers_too_large: 431,
  internal_error: 500,
  voices_unavailable: 503,
  service_unavailable: 503,
  // The data dir's disk is short of space: creates are refused, running jobs pause until it has space again.
  storage_full: 503,
} as const satisfies Record<string, number>;

/** A code from {@link ERROR_CODES}. */
export type ErrorCode = keyof typeof ERROR_CODES;

/** Options of a {@link ServiceError} beyond its code and message. */
export interface ServiceErrorOptions {
  /** Whether the same request may succeed when tried again later. @default false, true for 429/5xx */
  retryable?: boolean;
  /** The underlying error, kept for logs; never sent to clients. */
  cause?: unknown;
  /** Extra response headers (for example `Retry-After`). */
  headers?: Record<string, string>;
  /** Every refused field, when the refusal is about fields; sent beside the message. */
  details?: ErrorDetail[];
}

/**
 * One refused field of a request. `field` is the path from the request part (`body.duration`,
 * `querystring.limit`, `params.id`, `arguments.prompt` for MCP tools); `message` says what is wrong
 * with it alone; `suggestion` is the known field an unknown one most likely meant.
 */
export interface ErrorDetail {
  field: string;
  message: string;
  suggestion?: string;
}

/** The error every layer throws for an outcome a client should see. */
export class ServiceError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly retryable: boolean;
  readonly headers: Record<string, string>;
  readonly details: ErrorDetail[] | undefined;

  constructor(code: ErrorCode, message: string, options: ServiceErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ServiceError';
    this.code = code;
    this.status = ERROR_CODES[code];
    this.retryable = options.retryable ?? (this.status === 429 || this.status >= 500);
    this.headers = options.headers ?? {};
    this.details = options.details && options.details.length > 0 ? options.details : undefined;
  }

  /** The wire form: `{ error: { code, message, status } }`, with `details` when there are any. */
  toBody(): ErrorBody {
    return { error: { code: this.code, message: this.message, status: this.status, ...(this.details ? { details: this.details } : {}) } };
  }
}

/** The body of every error response. */
export interface ErrorBody {
  error: { code: ErrorCode; message: string; status: number; details?: ErrorDetail[] };
}

/** Shorthand for the common 400. */
export function invalidRequest(message: string, cause?: unknown): ServiceError {
  return new ServiceError('invalid_request', message, { cause });
}

/** Shorthand for a missing or foreign resource (both answer the same, so ids do not leak). */
export function notFound(what: string): ServiceError {
  return new ServiceError('not_found', `${what} not found`);
}
