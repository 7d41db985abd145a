import { notFound, ServiceError } from '../errors/service-error.js';
import type { NodeContext } from '../node-context.js';
import { newId, nowIso } from '../store/ids.js';
import { oauthStoreOf, type OAuthConnectionListRow } from '../store/oauth-store.js';
import { formatScopes, storedScopes } from './oauth-scopes.js';
import type { OAuthScope } from './oauth-urls.js';

/** A connection as listed: an OAuth client acting for an account. */
export interface ConnectionSummary {
  id: string;
  account_id: string;
  client_id: string;
  /** The client's registered name, or its id when it registered none. */
  client_name: string;
  scopes: OAuthScope[];
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

function summarize(row: OAuthConnectionListRow): ConnectionSummary {
  return {
    id: row.id,
    account_id: row.account_id,
    client_id: row.client_id,
    client_name: row.client_name ?? row.client_id,
    scopes: storedScopes(row.scopes),
    created_at: row.created_at,
    last_used_at: row.last_used_at,
    revoked_at: row.revoked_at,
  };
}

/** Connections, newest first, revoked ones included; only one account's when `accountId` is given. */
export function listConnections(ctx: NodeContext, accountId?: string): ConnectionSummary[] {
  return oauthStoreOf(ctx.db).listConnections(accountId).map(summarize);
}

/**
 * Revokes a connection and every token issued under it; the client is refused from its next
 * request on. Unknown id → `not_found`; already revoked → `conflict`. With `accountId`, another
 * account's connection answers `not_found` like a missing one.
 */
export function revokeConnection(ctx: NodeContext, id: string, accountId?: string): ConnectionSummary {
  const store = oauthStoreOf(ctx.db);
  const row = store.getListedConnection(id);
  if (!row || (accountId !== undefined && row.account_id !== accountId)) throw notFound(`connection ${id}`);
  if (row.revoked_at) throw new ServiceError('conflict', `connection ${id} was already revoked at ${row.revoked_at}`);
  ctx.db.transaction(() => store.revokeConnection(id, nowIso()))();
  return summarize(store.getListedConnection(id)!);
}

/**
 * The connection an approval grants: the client's active connection for the account, its scopes
 * and resource replaced by the new approval, or a new one. Call inside a transaction.
 */
export function grantConnection(
  ctx: NodeContext,
  grant: { clientId: string; accountId: string; scopes: readonly OAuthScope[]; resource: string },
  now: string,
): string {
  const store = oauthStoreOf(ctx.db);
  const scopes = formatScopes(grant.scopes);
  const active = store.findActiveConnection(grant.clientId, grant.accountId);
  if (active) {
    store.updateConnectionGrant(active.id, scopes, grant.resource);
    return active.id;
  }
  const id = newId('con');
  store.insertConnection({
    id,
    client_id: grant.clientId,
    account_id: grant.accountId,
    scopes,
    resource: grant.resource,
    created_at: now,
    last_used_at: null,
    revoked_at: null,
  });
  return id;
}
