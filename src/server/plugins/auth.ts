import type { FastifyInstance } from 'fastify';
import { authenticateApiKey } from '../../accounts/api-keys.js';
import { ServiceError } from '../../errors/service-error.js';
import type { NodeContext } from '../../node-context.js';
import type { AccountRow } from '../../store/accounts-store.js';
import type { ApiKeyRow } from '../../store/api-keys-store.js';
import type { AppSessionRow } from '../../store/app-sessions-store.js';
import { csrfTokenMatches, findSession } from '../app/app-sessions.js';
import { sessionCookie, sessionTokenOf } from '../app/session-cookie.js';

/** Who a REST request acts for: an API key's account, or a web app session's. */
export interface RequestPrincipal {
  account: AccountRow;
  /** The API key; null when the app's session cookie authenticated the request. */
  key: ApiKeyRow | null;
  /** The app session, when its cookie authenticated the request. */
  session?: AppSessionRow;
  /** What rate limits count against: the key, or the account for a session. */
  limitSubject: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The key or session and account a request acts for; set on every route that needs auth. */
    principal?: RequestPrincipal;
  }
  interface FastifyContextConfig {
    /** Whether the route needs an API key (or, on `/v1/`, an app session). @default true */
    auth?: boolean;
  }
}

/** Options of {@link authPlugin}. */
export interface AuthOptions {
  /** Clock for session expiry, for tests. @default Date.now */
  now?: () => number;
}

const SAFE_METHODS = new Set(['GET', 'HEAD']);

/**
 * Authenticates every route that needs it (all but those with `config.auth: false`): the bearer
 * API key; or, on `/v1/` with no `Authorization` header, the web app's session cookie, where any
 * method but GET and HEAD must carry `x-csrf-token` (else 403 `csrf_failed`). A session principal
 * is not held to the plan's API access: the app is the product's own interface.
 */
export function authPlugin(app: FastifyInstance, ctx: NodeContext, options: AuthOptions = {}): void {
  const now = options.now ?? Date.now;
  app.addHook('onRequest', async (request, reply) => {
    if (request.is404 || request.routeOptions.config.auth === false) return;
    const authorization = request.headers.authorization;
    const token = authorization === undefined && request.url.startsWith('/v1/') ? sessionTokenOf(request.headers.cookie) : undefined;
    if (token === undefined) {
      const principal = authenticateApiKey(ctx, authorization);
      request.principal = { ...principal, limitSubject: principal.key.id };
      return;
    }
    const session = findSession(ctx, token, now());
    if (!session) throw new ServiceError('unauthorized', 'the app session has ended (signed out, or unused for 30 days); sign in again');
    if (!SAFE_METHODS.has(request.method) && !csrfTokenMatches(session.row, request.headers['x-csrf-token'])) {
      throw new ServiceError('csrf_failed', 'a request authenticated by the app session cookie must send the session\'s csrf_token in the x-csrf-token header');
    }
    // Sent again whenever last_seen_at moves, so the cookie expires 30 days after the last use too.
    if (session.touched) reply.header('set-cookie', sessionCookie(ctx.config, token));
    request.principal = { account: session.account, key: null, session: session.row, limitSubject: `account:${session.account.id}` };
  });
}

/** The principal of an authenticated request; routes with auth can rely on it. */
export function principalOf(request: { principal?: RequestPrincipal }): RequestPrincipal {
  if (!request.principal) throw new Error('route needs auth but no principal was set');
  return request.principal;
}
