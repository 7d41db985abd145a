import { ApiError, apiErrorFrom } from './api-error.js';

/** The subset of `fetch` the client needs; tests pass a fake. */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** What `ApiClient` is built from. */
export interface ApiClientOptions {
  /** Resolves relative paths (`v1/videos`); the document's base URL in the browser. */
  baseUrl: string;
  /** @default globalThis.fetch */
  fetch?: FetchLike;
  /** Called when a call answers 401: the session has ended (signed out elsewhere, expired). */
  onUnauthorized?: () => void;
}

const SAFE_METHODS = new Set(['GET', 'HEAD']);

/**
 * Calls the node's JSON APIs with the session cookie: every method but GET and HEAD carries the
 * session's `x-csrf-token`, and every failure becomes an `ApiError`.
 */
export class ApiClient {
  readonly #baseUrl: string;
  readonly #fetch: FetchLike;
  readonly #onUnauthorized: (() => void) | undefined;
  #csrfToken: string | undefined;

  constructor(options: ApiClientOptions) {
    this.#baseUrl = options.baseUrl;
    this.#fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.#onUnauthorized = options.onUnauthorized;
  }

  /** Sets (or clears, on sign-out) the token sent with unsafe methods. */
  setCsrfToken(token: string | undefined): void {
    this.#csrfToken = token;
  }

  /** The absolute URL of a path relative to the app's base (`v1/videos` → `https://node/v1/videos`). */
  url(path: string, query?: Record<string, string | number | undefined>): string {
    const url = new URL(path, this.#baseUrl);
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
    }
    return url.toString();
  }

  /** GET a JSON document. */
  get<T>(path: string, query?: Record<string, string | number | undefined>): Promise<T> {
    return this.request<T>('GET', this.url(path, query));
  }

  /** POST a JSON body (or none). */
  post<T>(path: string, body?: unknown): Promise<T> {
    return this.request<T>('POST', this.url(path), body);
  }

  /** DELETE a resource. */
  delete<T = void>(path: string): Promise<T> {
    return this.request<T>('DELETE', this.url(path));
  }

  /**
   * Sends one request and parses its JSON answer. `csrf: false` only for sign-in, the one unsafe
   * call made before there is a session (and so a token).
   */
  async request<T>(method: string, url: string, body?: unknown, options: { csrf?: boolean } = {}): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (!SAFE_METHODS.has(method) && options.csrf !== false) {
      if (this.#csrfToken === undefined) {
        throw new ApiError(403, 'csrf_failed', 'Your session has no form token yet; sign in again.');
      }
      headers['x-csrf-token'] = this.#csrfToken;
    }
    const response = await this.#fetch(url, {
      method,
      headers,
      credentials: 'same-origin',
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    if (response.status === 401 && options.csrf !== false) this.#onUnauthorized?.();
    if (!response.ok) throw apiErrorFrom(response.status, parsed, response.headers.get('retry-after'));
    return parsed as T;
  }
}
