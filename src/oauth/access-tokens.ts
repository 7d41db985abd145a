import type { NodeContext } from '../node-context.js';
import type { AccountRow } from '../store/accounts-store.js';
import { nowIso } from '../store/ids.js';
import { oauthStoreOf } from '../store/oauth-store.js';
import { findClient } from './clients.js';
import { intersectScopes, storedScopes } from './oauth-scopes.js';
import { hashSecret, SECRET_PREFIXES } from './oauth-secrets.js';
import type { OAuthScope } from './oauth-urls.js';

/** Who a request with an OAuth access token acts for. */
export interface OAuthPrincipal {
  account: AccountRow;
  connectionId: string;
  clientId: string;
  /** The client's registered name, or its id when it registered none. */
  clientName: string;
  /** What the token allows: its own scopes, narrowed by the connection's current ones. */
  scopes: OAuthScope[];
}

/** A bearer token the resource server must refuse (RFC 6750 3.1 `invalid_token`). */
export class OAuthBearerError extends Error {
  readonly code = 'invalid_token' as const;

  constructor(description: string) {
    super(description);
    this.name = 'OAuthBearerError';
  }
}

/** Whether two resource URLs are the same, ignoring one trailing slash. */
export function sameResource(a: string, b: string): boolean {
  return a.replace(/\/$/, '') === b.replace(/\/$/, '');
}

/**
 * Resolves an access token for `resource` (exact match after trimming a trailing slash). Unknown,
 * expired, revoked (the token or its connection), or issued for another resource →
 * {@link OAuthBearerError}. Records the use on the connection's `last_used_at`. Does not check the
 * account's plan: the caller decides what the plan allows.
 */
export function authenticateAccessToken(ctx: NodeContext, token: string, resource: string): OAuthPrincipal {
  if (!token.startsWith(SECRET_PREFIXES.accessToken)) {
    throw new OAuthBearerError(`access token is malformed; OAuth access tokens start with ${SECRET_PREFIXES.accessToken}`);
  }
  const store = oauthStoreOf(ctx.db);
  const row = store.getToken(hashSecret(token));
  if (!row || row.kind !== 'access') throw new OAuthBearerError('access token is not valid');
  const now = nowIso();
  if (row.revoked_at) throw new OAuthBearerError('access token has been revoked');
  if (row.expires_at <= now) throw new OAuthBearerError('access token has expired; refresh it');
  const connection = store.getConnection(row.connection_id);
  if (!connection || connection.revoked_at) throw new OAuthBearerError('the connection of this access token has been revoked');
  if (!sameResource(row.resource, resource)) {
    throw new OAuthBearerError(`access token was issued for ${row.resource}, not ${resource}`);
  }
  const account = ctx.accounts.get(connection.account_id);
  const client = findClient(ctx, connection.client_id);
  if (!account || !client) throw new OAuthBearerError('access token is not valid');
  store.touchConnection(connection.id, now);
  return {
    account,
    connectionId: connection.id,
    clientId: client.id,
    clientName: client.displayName,
    scopes: intersectScopes(storedScopes(row.scopes), storedScopes(connection.scopes)),
  };
}
