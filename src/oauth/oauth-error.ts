/**
 * The error codes of the OAuth endpoints, each with its HTTP status. Separate from the service's
 * own registry (`src/errors/service-error.ts`) because the RFCs fix both the codes and the wire form
 * `{ error, error_description }` (RFC 6749 5.2, RFC 7591 3.2.2), which OAuth clients parse.
 */
export const OAUTH_ERROR_CODES = {
  invalid_request: 400,
  invalid_client: 401,
  invalid_grant: 400,
  unauthorized_client: 400,
  unsupported_grant_type: 400,
  unsupported_response_type: 400,
  unsupported_token_type: 400,
  invalid_scope: 400,
  invalid_target: 400,
  access_denied: 403,
  invalid_redirect_uri: 400,
  invalid_client_metadata: 400,
  rate_limited: 429,
  server_error: 500,
} as const satisfies Record<string, number>;

/** A code from {@link OAUTH_ERROR_CODES}. */
export type OAuthErrorCode = keyof typeof OAUTH_ERROR_CODES;

/** The wire form of an OAuth error. */
export interface OAuthErrorBody {
  error: OAuthErrorCode;
  error_description: string;
}

/** An OAuth refusal; the routes answer it as `{ error, error_description }` with its status and headers. */
export class OAuthError extends Error {
  readonly code: OAuthErrorCode;
  readonly status: number;
  readonly headers: Record<string, string>;

  constructor(code: OAuthErrorCode, description: string, headers: Record<string, string> = {}) {
    super(description);
    this.name = 'OAuthError';
    this.code = code;
    this.status = OAUTH_ERROR_CODES[code];
    this.headers = headers;
  }

  toBody(): OAuthErrorBody {
    return { error: this.code, error_description: this.message };
  }
}
