import type { Db } from './open-database.js';
import { StatementCache } from './statement-cache.js';

/** How a client proves itself at the token and revocation endpoints. */
export type ClientAuthMethod = 'none' | 'client_secret_post' | 'client_secret_basic';

/** A registered client (RFC 7591); `redirect_uris`, `grant_types` and `metadata` hold JSON. */
export interface OAuthClientRow {
  id: string;
  secret_hash: string | null;
  client_name: string | null;
  redirect_uris: string;
  token_endpoint_auth_method: ClientAuthMethod;
  grant_types: string;
  metadata: string;
  created_at: string;
}

/** A sign-in and consent flow in progress; `id` is the hash of the handle the pages carry. */
export interface PendingRequestRow {
  id: string;
  client_id: string;
  redirect_uri: string;
  state: string | null;
  code_challenge: string;
  scopes: string;
  resource: string;
  account_id: string | null;
  consent_token_hash: string | null;
  failed_sign_ins: number;
  created_at: string;
  expires_at: string;
}

/** An authorization code, stored by hash. */
export interface AuthorizationCodeRow {
  code_hash: string;
  client_id: string;
  connection_id: string;
  redirect_uri: string;
  code_challenge: string;
  scopes: string;
  resource: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A connection (grant): one client acting for one account. */
export interface OAuthConnectionRow {
  id: string;
  client_id: string;
  account_id: string;
  scopes: string;
  resource: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** A connection with its client's name, as listed. */
export interface OAuthConnectionListRow extends OAuthConnectionRow {
  client_name: string | null;
}

/** An access or refresh token, stored by hash. */
export interface OAuthTokenRow {
  token_hash: string;
  kind: 'access' | 'refresh';
  connection_id: string;
  code_hash: string | null;
  scopes: string;
  resource: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  revoked_at: string | null;
}

/** Reads and writes the OAuth tables. */
export class OAuthStore {
  private readonly sql: StatementCache;

  constructor(db: Db) {
    this.sql = new StatementCache(db);
  }

  insertClient(row: OAuthClientRow): void {
    this.sql
      .get(
        `INSERT INTO oauth_clients (id, secret_hash, client_name, redirect_uris, token_endpoint_auth_method, grant_types, metadata, created_at)
         VALUES (@id, @secret_hash, @client_name, @redirect_uris, @token_endpoint_auth_method, @grant_types, @metadata, @created_at)`,
      )
      .run(row);
  }

  getClient(id: string): OAuthClientRow | undefined {
    return this.sql.get('SELECT * FROM oauth_clients WHERE id = ?').get(id) as OAuthClientRow | undefined;
  }

  insertPending(row: PendingRequestRow): void {
    this.sql
      .get(
        `INSERT INTO oauth_pending_requests (id, client_id, redirect_uri, state, code_challenge, scopes, resource, account_id, consent_token_hash, failed_sign_ins, created_at, expires_at)
         VALUES (@id, @client_id, @redirect_uri, @state, @code_challenge, @scopes, @resource, @account_id, @consent_token_hash, @failed_sign_ins, @created_at, @expires_at)`,
      )
      .run(row);
  }

  getPending(id: string): PendingRequestRow | undefined {
    return this.sql.get('SELECT * FROM oauth_pending_requests WHERE id = ?').get(id) as PendingRequestRow | undefined;
  }

  countFailedSignIn(id: string): void {
    this.sql.get('UPDATE oauth_pending_requests SET failed_sign_ins = failed_sign_ins + 1 WHERE id = ?').run(id);
  }

  /** Records who signed in and the hash of the token the consent form must return. */
  setSignedIn(id: string, accountId: string, consentTokenHash: string): void {
    this.sql
      .get('UPDATE oauth_pending_requests SET account_id = ?, consent_token_hash = ? WHERE id = ?')
      .run(accountId, consentTokenHash, id);
  }

  /** Ends a flow; false when it was already gone (a second submit of the same form). */
  deletePending(id: string): boolean {
    return this.sql.get('DELETE FROM oauth_pending_requests WHERE id = ?').run(id).changes === 1;
  }

  purgeExpiredPending(now: string): void {
    this.sql.get('DELETE FROM oauth_pending_requests WHERE expires_at <= ?').run(now);
  }

  insertCode(row: AuthorizationCodeRow): void {
    this.sql
      .get(
        `INSERT INTO oauth_codes (code_hash, client_id, connection_id, redirect_uri, code_challenge, scopes, resource, created_at, expires_at, used_at)
         VALUES (@code_hash, @client_id, @connection_id, @redirect_uri, @code_challenge, @scopes, @resource, @created_at, @expires_at, @used_at)`,
      )
      .run(row);
  }

  getCode(codeHash: string): AuthorizationCodeRow | undefined {
    return this.sql.get('SELECT * FROM oauth_codes WHERE code_hash = ?').get(codeHash) as AuthorizationCodeRow | undefined;
  }

  /** Marks a code used; false when it already was. */
  markCodeUsed(codeHash: string, at: string): boolean {
    return this.sql.get('UPDATE oauth_codes SET used_at = ? WHERE code_hash = ? AND used_at IS NULL').run(at, codeHash)
      .changes === 1;
  }

  /** Drops codes that expired before `before` (kept a while after expiry so a late reuse is still caught). */
  purgeCodes(before: string): void {
    this.sql.get('DELETE FROM oauth_codes WHERE expires_at < ?').run(before);
  }

  insertConnection(row: OAuthConnectionRow): void {
    this.sql
      .get(
        `INSERT INTO oauth_connections (id, client_id, account_id, scopes, resource, created_at, last_used_at, revoked_at)
         VALUES (@id, @client_id, @account_id, @scopes, @resource, @created_at, @last_used_at, @revoked_at)`,
      )
      .run(row);
  }

  getConnection(id: string): OAuthConnectionRow | undefined {
    return this.sql.get('SELECT * FROM oauth_connections WHERE id = ?').get(id) as OAuthConnectionRow | undefined;
  }

  findActiveConnection(clientId: string, accountId: string): OAuthConnectionRow | undefined {
    return this.sql
      .get('SELECT * FROM oauth_connections WHERE client_id = ? AND account_id = ? AND revoked_at IS NULL')
      .get(clientId, accountId) as OAuthConnectionRow | undefined;
  }

  updateConnectionGrant(id: string, scopes: string, resource: string): void {
    this.sql.get('UPDATE oauth_connections SET scopes = ?, resource = ? WHERE id = ?').run(scopes, resource, id);
  }

  touchConnection(id: string, at: string): void {
    this.sql.get('UPDATE oauth_connections SET last_used_at = ? WHERE id = ?').run(at, id);
  }

  /** A connection with its client's name. */
  getListedConnection(id: string): OAuthConnectionListRow | undefined {
    return this.sql
      .get('SELECT c.*, k.client_name FROM oauth_connections c JOIN oauth_clients k ON k.id = c.client_id WHERE c.id = ?')
      .get(id) as OAuthConnectionListRow | undefined;
  }

  /** Connections with their client's name, newest first; all accounts' when `accountId` is undefined. */
  listConnections(accountId?: string): OAuthConnectionListRow[] {
    const select = `SELECT c.*, k.client_name FROM oauth_connections c JOIN oauth_clients k ON k.id = c.client_id`;
    const order = 'ORDER BY c.created_at DESC, c.id DESC';
    if (accountId === undefined) return this.sql.get(`${select} ${order}`).all() as OAuthConnectionListRow[];
    return this.sql.get(`${select} WHERE c.account_id = ? ${order}`).all(accountId) as OAuthConnectionListRow[];
  }

  /** Revokes a connection and every token of it; false when the connection was already revoked. */
  revokeConnection(id: string, at: string): boolean {
    this.sql.get('UPDATE oauth_tokens SET revoked_at = ? WHERE connection_id = ? AND revoked_at IS NULL').run(at, id);
    return this.sql.get('UPDATE oauth_connections SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL').run(at, id)
      .changes === 1;
  }

  insertToken(row: OAuthTokenRow): void {
    this.sql
      .get(
        `INSERT INTO oauth_tokens (token_hash, kind, connection_id, code_hash, scopes, resource, created_at, expires_at, used_at, revoked_at)
         VALUES (@token_hash, @kind, @connection_id, @code_hash, @scopes, @resource, @created_at, @expires_at, @used_at, @revoked_at)`,
      )
      .run(row);
  }

  getToken(tokenHash: string): OAuthTokenRow | undefined {
    return this.sql.get('SELECT * FROM oauth_tokens WHERE token_hash = ?').get(tokenHash) as OAuthTokenRow | undefined;
  }

  /** Marks a refresh token rotated; false when it already was. */
  markTokenUsed(tokenHash: string, at: string): boolean {
    return this.sql.get('UPDATE oauth_tokens SET used_at = ? WHERE token_hash = ? AND used_at IS NULL').run(at, tokenHash)
      .changes === 1;
  }

  revokeToken(tokenHash: string, at: string): void {
    this.sql.get('UPDATE oauth_tokens SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL').run(at, tokenHash);
  }

  /** Revokes every token whose rotation chain began with the code. */
  revokeTokensFromCode(codeHash: string, at: string): void {
    this.sql.get('UPDATE oauth_tokens SET revoked_at = ? WHERE code_hash = ? AND revoked_at IS NULL').run(at, codeHash);
  }

  /** Drops tokens that expired before `before`: an expired token is refused whether or not its row exists. */
  purgeTokens(before: string): void {
    this.sql.get('DELETE FROM oauth_tokens WHERE expires_at < ?').run(before);
  }
}

const stores = new WeakMap<Db, OAuthStore>();

/** The OAuth store of a database connection, made once per connection. */
export function oauthStoreOf(db: Db): OAuthStore {
  let store = stores.get(db);
  if (!store) {
    store = new OAuthStore(db);
    stores.set(db, store);
  }
  return store;
}
