import { z } from 'zod';
import type { NodeContext } from '../node-context.js';
import { oauthStoreOf, type OAuthStore } from '../store/oauth-store.js';
import { sameResource } from './access-tokens.js';
import { authenticateClient } from './clients.js';
import { OAuthError } from './oauth-error.js';
import { formatScopes, intersectScopes, parseScopes, storedScopes } from './oauth-scopes.js';
import { generateSecret, hashSecret, isoAfter, LIFETIMES_MS, s256Challenge, SECRET_PREFIXES } from './oauth-secrets.js';
import type { OAuthScope } from './oauth-urls.js';

const param = z.string({ error: 'must be given once, as text' }).optional();

/** The body of `POST /oauth/token` (RFC 6749 4.1.3 and 6, RFC 8707); other fields are ignored. */
export const tokenRequestSchema = z.object({
  grant_type: param,
  code: param,
  redirect_uri: param,
  code_verifier: param,
  refresh_token: param,
  scope: param,
  resource: param,
  client_id: param,
  client_secret: param,
});

/** The body of `POST /oauth/revoke` (RFC 7009 2.1). */
export const revocationRequestSchema = z.object({
  token: param,
  token_type_hint: param,
  client_id: param,
  client_secret: param,
});

/** A successful token response (RFC 6749 5.1). */
export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  /** Seconds the access token lives. */
  expires_in: number;
  /** Absent for a client that did not register the refresh_token grant. */
  refresh_token?: string;
  scope: string;
}

/** A token or revocation request as the route hands it over. */
export interface ClientRequest {
  /** The `Authorization` header, if any. */
  authorization: string | undefined;
  /** The parsed form or JSON body. */
  body: unknown;
}

// RFC 7636 4.1: 43 to 128 characters of [A-Z] [a-z] [0-9] - . _ ~
const CODE_VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = issue.path.map(String).join('.');
  throw new OAuthError('invalid_request', field ? `${field}: ${issue.message}` : 'the body must be form fields or a JSON object');
}

function required(value: string | undefined, name: string): string {
  if (!value) throw new OAuthError('invalid_request', `${name} is required`);
  return value;
}

/**
 * `POST /oauth/token`: authenticates the client, then exchanges an authorization code (PKCE S256)
 * or rotates a refresh token. A reused code revokes the tokens issued from it; a reused refresh
 * token revokes its whole connection. Any other refusal changes nothing.
 */
export function exchangeToken(ctx: NodeContext, request: ClientRequest): TokenResponse {
  const body = parseBody(tokenRequestSchema, request.body);
  const client = authenticateClient(ctx, {
    authorization: request.authorization,
    clientId: body.client_id,
    clientSecret: body.client_secret,
  });
  const grantType = required(body.grant_type, 'grant_type');
  const store = oauthStoreOf(ctx.db);
  const refresh = client.grantTypes.includes('refresh_token');

  let outcome: TokenResponse | OAuthError;
  if (grantType === 'authorization_code') {
    const code = required(body.code, 'code');
    const redirectUri = required(body.redirect_uri, 'redirect_uri');
    const verifier = required(body.code_verifier, 'code_verifier');
    if (!CODE_VERIFIER.test(verifier)) {
      throw new OAuthError('invalid_request', 'code_verifier must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~');
    }
    const codeHash = hashSecret(code);
    // Refusals are returned, not thrown, so that the revocation of a reused code's tokens commits.
    outcome = ctx.db.transaction((): TokenResponse | OAuthError => {
      const now = new Date();
      const row = store.getCode(codeHash);
      if (!row) return new OAuthError('invalid_grant', 'code is not valid');
      if (row.used_at) {
        store.revokeTokensFromCode(codeHash, now.toISOString());
        return new OAuthError('invalid_grant', 'code was already used; the tokens issued for it are now revoked');
      }
      if (row.client_id !== client.id) return new OAuthError('invalid_grant', 'code was issued to another client');
      if (row.expires_at <= now.toISOString()) return new OAuthError('invalid_grant', 'code has expired');
      if (row.redirect_uri !== redirectUri) {
        return new OAuthError('invalid_grant', 'redirect_uri does not match the one of the authorization request');
      }
      if (s256Challenge(verifier) !== row.code_challenge) {
        return new OAuthError('invalid_grant', 'code_verifier does not match the code_challenge');
      }
      if (body.resource && !sameResource(body.resource, row.resource)) {
        return new OAuthError('invalid_target', `resource must be ${row.resource}, the one the code was issued for`);
      }
      const connection = store.getConnection(row.connection_id);
      if (!connection || connection.revoked_at) return new OAuthError('invalid_grant', 'the connection was revoked');
      store.markCodeUsed(codeHash, now.toISOString());
      return issueTokens(store, {
        connectionId: connection.id,
        codeHash,
        scopes: storedScopes(row.scopes),
        resource: row.resource,
        refresh,
        now,
      });
    }).immediate();
  } else if (grantType === 'refresh_token') {
    if (!refresh) throw new OAuthError('unauthorized_client', 'this client did not register the refresh_token grant');
    const token = required(body.refresh_token, 'refresh_token');
    const narrowed = body.scope === undefined ? undefined : parseScopes(body.scope);
    const tokenHash = hashSecret(token);
    outcome = ctx.db.transaction((): TokenResponse | OAuthError => {
      const now = new Date();
      const row = store.getToken(tokenHash);
      if (!row || row.kind !== 'refresh') return new OAuthError('invalid_grant', 'refresh token is not valid');
      const connection = store.getConnection(row.connection_id);
      if (!connection || connection.client_id !== client.id) {
        return new OAuthError('invalid_grant', 'refresh token was issued to another client');
      }
      if (row.revoked_at) return new OAuthError('invalid_grant', 'refresh token has been revoked');
      if (row.used_at) {
        // A rotated token presented again means two parties hold it: end the connection (OAuth 2.1 4.3.1).
        store.revokeConnection(connection.id, now.toISOString());
        return new OAuthError('invalid_grant', 'refresh token was already used; the connection is now revoked, connect again');
      }
      if (row.expires_at <= now.toISOString()) return new OAuthError('invalid_grant', 'refresh token has expired');
      if (connection.revoked_at) return new OAuthError('invalid_grant', 'the connection was revoked');
      if (body.resource && !sameResource(body.resource, row.resource)) {
        return new OAuthError('invalid_target', `resource must be ${row.resource}, the one the token was issued for`);
      }
      const granted = intersectScopes(storedScopes(row.scopes), storedScopes(connection.scopes));
      const scopes = narrowed ?? granted;
      const beyond = scopes.filter((scope) => !granted.includes(scope));
      if (beyond.length > 0) {
        return new OAuthError('invalid_scope', `scope may only narrow the granted "${formatScopes(granted)}"`);
      }
      store.markTokenUsed(tokenHash, now.toISOString());
      return issueTokens(store, { connectionId: connection.id, codeHash: row.code_hash, scopes, resource: row.resource, refresh, now });
    }).immediate();
  } else {
    throw new OAuthError('unsupported_grant_type', 'grant_type must be authorization_code or refresh_token');
  }
  if (outcome instanceof OAuthError) throw outcome;
  return outcome;
}

function issueTokens(
  store: OAuthStore,
  grant: {
    connectionId: string;
    codeHash: string | null;
    scopes: OAuthScope[];
    resource: string;
    refresh: boolean;
    now: Date;
  },
): TokenResponse {
  const { now } = grant;
  const scope = formatScopes(grant.scopes);
  const created = now.toISOString();
  store.purgeTokens(new Date(now.getTime() - LIFETIMES_MS.retention).toISOString());
  const accessToken = generateSecret(SECRET_PREFIXES.accessToken);
  const common = {
    connection_id: grant.connectionId,
    code_hash: grant.codeHash,
    scopes: scope,
    resource: grant.resource,
    created_at: created,
    used_at: null,
    revoked_at: null,
  };
  store.insertToken({
    ...common,
    token_hash: hashSecret(accessToken),
    kind: 'access',
    expires_at: isoAfter(now, LIFETIMES_MS.accessToken),
  });
  const response: TokenResponse = {
    access_token: accessToken,
    token_type: 'Bearer',
    expires_in: LIFETIMES_MS.accessToken / 1000,
    scope,
  };
  if (grant.refresh) {
    const refreshToken = generateSecret(SECRET_PREFIXES.refreshToken);
    store.insertToken({
      ...common,
      token_hash: hashSecret(refreshToken),
      kind: 'refresh',
      expires_at: isoAfter(now, LIFETIMES_MS.refreshToken),
    });
    response.refresh_token = refreshToken;
  }
  return response;
}

/**
 * `POST /oauth/revoke` (RFC 7009): authenticates the client, then revokes the token if it is the
 * client's. An access token is revoked alone; a refresh token ends its connection with all its
 * tokens. An unknown token, or another client's, is answered the same way and changes nothing.
 */
export function revokeToken(ctx: NodeContext, request: ClientRequest): void {
  const body = parseBody(revocationRequestSchema, request.body);
  const client = authenticateClient(ctx, {
    authorization: request.authorization,
    clientId: body.client_id,
    clientSecret: body.client_secret,
  });
  const token = required(body.token, 'token');
  const store = oauthStoreOf(ctx.db);
  const tokenHash = hashSecret(token);
  ctx.db.transaction(() => {
    const row = store.getToken(tokenHash);
    if (!row) return;
    const connection = store.getConnection(row.connection_id);
    if (!connection || connection.client_id !== client.id) return;
    const now = new Date().toISOString();
    if (row.kind === 'refresh') store.revokeConnection(connection.id, now);
    else store.revokeToken(tokenHash, now);
  }).immediate();
}
