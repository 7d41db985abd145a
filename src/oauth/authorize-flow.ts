import { verifyPassword } from '../accounts/passwords.js';
import { planHasMcpAccess } from '../accounts/plans.js';
import type { NodeContext } from '../node-context.js';
import { nowIso } from '../store/ids.js';
import { oauthStoreOf, type PendingRequestRow } from '../store/oauth-store.js';
import { sameResource } from './access-tokens.js';
import { consentPage, messagePage, signInPage, type Page } from './authorize-pages.js';
import { findClient, isRegisteredRedirectUri, type OAuthClient } from './clients.js';
import { grantConnection } from './connections.js';
import { OAuthError, type OAuthErrorCode } from './oauth-error.js';
import { DEFAULT_SCOPES, formatScopes, parseScopes, storedScopes } from './oauth-scopes.js';
import { generateSecret, hashSecret, isoAfter, LIFETIMES_MS, SECRET_PREFIXES, secretMatches } from './oauth-secrets.js';
import { issuerOf, mcpResourceUrl, type OAuthScope } from './oauth-urls.js';

/** Failed sign-ins one authorization request allows before it stops accepting passwords. */
export const MAX_FAILED_SIGN_INS = 10;

/** How an authorization endpoint request is answered: a page, or a redirect back to the client. */
export type AuthorizeOutcome = { kind: 'page'; page: Page } | { kind: 'redirect'; location: string };

/** Query or form parameters as Fastify parses them (a repeated parameter becomes an array). */
export type RequestParams = Record<string, unknown>;

// A verifier of 43+ characters hashes to exactly 43 base64url characters.
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/** Checked when the email is unknown, so an unknown email takes as long as a wrong password. */
export const UNKNOWN_ACCOUNT_HASH = ['scrypt', 16384, 8, 1, Buffer.alloc(16).toString('base64'), Buffer.alloc(64).toString('base64')].join('$');

const page = (value: Page): AuthorizeOutcome => ({ kind: 'page', page: value });

/** A parameter given once, '' when absent; a repeated one is `undefined` (RFC 6749 3.1 forbids repeats). */
function single(params: RequestParams, name: string): string | undefined {
  const value = params[name];
  if (value === undefined) return '';
  return typeof value === 'string' ? value : undefined;
}

/** The redirect back to the client with `params`, plus `iss` (RFC 9207) and the client's `state`. */
function redirectBack(
  redirectUri: string,
  issuer: string,
  state: string | null,
  params: Record<string, string>,
): AuthorizeOutcome {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) url.searchParams.append(name, value);
  if (state !== null) url.searchParams.append('state', state);
  url.searchParams.append('iss', issuer);
  return { kind: 'redirect', location: url.href };
}

function redirectError(
  redirectUri: string,
  issuer: string,
  state: string | null,
  code: OAuthErrorCode,
  description: string,
): AuthorizeOutcome {
  return redirectBack(redirectUri, issuer, state, { error: code, error_description: description });
}

/**
 * `GET /oauth/authorize`. An unknown client or an unregistered redirect URI shows an error page and
 * never redirects (RFC 6749 4.1.2.1); any other problem redirects back with `error`. A valid request
 * starts a pending request (10 minutes) and shows the sign-in page.
 */
export function startAuthorization(ctx: NodeContext, query: RequestParams, baseUrl: string): AuthorizeOutcome {
  const issuer = issuerOf(baseUrl);
  const clientId = single(query, 'client_id');
  const client = clientId ? findClient(ctx, clientId) : undefined;
  if (!client) {
    return page(
      messagePage(400, 'Unknown app', 'The app that sent you here is not registered with this server (its client_id is missing or unknown). Go back to the app and connect again.'),
    );
  }
  const redirectUri = single(query, 'redirect_uri');
  if (!redirectUri || !isRegisteredRedirectUri(client, redirectUri)) {
    return page(
      messagePage(400, 'Invalid redirect address', `The address ${client.displayName} asked to return to (redirect_uri) is missing or is not one it registered, so this request cannot continue.`),
    );
  }
  const rawState = single(query, 'state');
  const state = rawState ? rawState : null;
  const fail = (code: OAuthErrorCode, description: string) => redirectError(redirectUri, issuer, state, code, description);
  if (rawState === undefined) return fail('invalid_request', 'state was given more than once');

  const responseType = single(query, 'response_type');
  if (responseType !== 'code') return fail('unsupported_response_type', 'response_type must be code');
  const method = single(query, 'code_challenge_method');
  const challenge = single(query, 'code_challenge');
  if (method !== 'S256') return fail('invalid_request', 'PKCE is required: send code_challenge_method=S256');
  if (!challenge || !S256_CHALLENGE.test(challenge)) {
    return fail('invalid_request', 'PKCE is required: code_challenge must be the 43-character base64url SHA-256 of the code verifier');
  }

  const scopeParam = single(query, 'scope');
  if (scopeParam === undefined) return fail('invalid_scope', 'scope was given more than once');
  let scopes: OAuthScope[];
  try {
    const allowed = client.scope ? storedScopes(client.scope) : [...DEFAULT_SCOPES];
    scopes = parseScopes(scopeParam) ?? allowed;
    const beyond = scopes.filter((scope) => !allowed.includes(scope));
    if (beyond.length > 0) return fail('invalid_scope', `this client registered scope "${client.scope}", not ${beyond.join(', ')}`);
  } catch (error) {
    if (error instanceof OAuthError) return fail(error.code, error.message);
    throw error;
  }

  const resourceParam = single(query, 'resource');
  const resource = mcpResourceUrl(baseUrl);
  if (resourceParam === undefined) return fail('invalid_target', 'only one resource may be requested');
  if (resourceParam && !sameResource(resourceParam, resource)) {
    return fail('invalid_target', `resource must be this server's MCP endpoint ${resource}`);
  }

  const requestId = generateSecret();
  const now = new Date();
  const store = oauthStoreOf(ctx.db);
  ctx.db.transaction(() => {
    store.purgeExpiredPending(now.toISOString());
    store.insertPending({
      id: hashSecret(requestId),
      client_id: client.id,
      redirect_uri: redirectUri,
      state,
      code_challenge: challenge,
      scopes: formatScopes(scopes),
      resource,
      account_id: null,
      consent_token_hash: null,
      failed_sign_ins: 0,
      created_at: now.toISOString(),
      expires_at: isoAfter(now, LIFETIMES_MS.pendingRequest),
    });
  })();
  return page(signInPage({ requestId, clientName: client.displayName, issuer }));
}

const EXPIRED = messagePage(
  400,
  'This sign-in has expired',
  'This sign-in request has expired or was already used. Go back to the app and connect again.',
);

/**
 * `POST /oauth/authorize`: the sign-in form (`action=sign_in`) and the consent form
 * (`action=approve` or `deny`) of a pending request.
 */
export async function continueAuthorization(ctx: NodeContext, form: RequestParams, baseUrl: string): Promise<AuthorizeOutcome> {
  const requestId = single(form, 'request_id');
  const store = oauthStoreOf(ctx.db);
  const pending = requestId ? store.getPending(hashSecret(requestId)) : undefined;
  if (!requestId || !pending || pending.expires_at <= nowIso()) return page(EXPIRED);
  const client = findClient(ctx, pending.client_id);
  if (!client) return page(EXPIRED);

  const action = single(form, 'action');
  if (action === 'sign_in') return signIn(ctx, pending, requestId, client, form, baseUrl);
  if (action === 'approve' || action === 'deny') return decide(ctx, pending, client, action, form, baseUrl);
  return page(messagePage(400, 'Unknown action', 'The form was sent with an unknown action. Go back to the app and connect again.'));
}

async function signIn(
  ctx: NodeContext,
  pending: PendingRequestRow,
  requestId: string,
  client: OAuthClient,
  form: RequestParams,
  baseUrl: string,
): Promise<AuthorizeOutcome> {
  const issuer = issuerOf(baseUrl);
  const store = oauthStoreOf(ctx.db);
  const email = single(form, 'email')?.trim() ?? '';
  const password = single(form, 'password') ?? '';
  const again = (error: string, status: number) =>
    page(signInPage({ requestId, clientName: client.displayName, issuer, email, error }, status));

  if (pending.failed_sign_ins >= MAX_FAILED_SIGN_INS) {
    return page(
      messagePage(429, 'Too many attempts', `This sign-in request allowed ${MAX_FAILED_SIGN_INS} wrong passwords and is now closed. Go back to the app and connect again.`),
    );
  }
  if (!email || !password) return again('Enter your email and password.', 400);

  const account = ctx.accounts.findByEmail(email.toLowerCase());
  if (account && account.password_hash === null) {
    return page(
      messagePage(403, 'This account has no password', 'Signing in to connect an app needs a password, and this account has none yet. The server operator can set one with:', 'service accounts password <account id> --password-stdin'),
    );
  }
  const valid = await verifyPassword(password, account?.password_hash ?? UNKNOWN_ACCOUNT_HASH);
  if (!account || !valid) {
    store.countFailedSignIn(pending.id);
    return again('That email and password do not match an account.', 401);
  }
  if (!planHasMcpAccess(account.plan)) {
    return page(
      messagePage(403, 'Your plan does not include app connections', `Connecting apps such as ${client.displayName} (MCP access) needs a paid plan; this account is on the free plan. Upgrade the plan, then connect again.`),
    );
  }

  const consentToken = generateSecret();
  store.setSignedIn(pending.id, account.id, hashSecret(consentToken));
  return page(
    consentPage({
      requestId,
      consentToken,
      clientName: client.displayName,
      clientId: client.id,
      accountEmail: account.email,
      scopes: storedScopes(pending.scopes),
      redirectUri: pending.redirect_uri,
    }),
  );
}

function decide(
  ctx: NodeContext,
  pending: PendingRequestRow,
  client: OAuthClient,
  action: 'approve' | 'deny',
  form: RequestParams,
  baseUrl: string,
): AuthorizeOutcome {
  const issuer = issuerOf(baseUrl);
  const store = oauthStoreOf(ctx.db);
  const consentToken = single(form, 'consent_token');
  if (!pending.account_id || !pending.consent_token_hash || !consentToken || !secretMatches(consentToken, pending.consent_token_hash)) {
    return page(messagePage(400, 'Sign in first', 'This answer does not belong to a signed-in request. Go back to the app and connect again.'));
  }
  if (action === 'deny') {
    if (!store.deletePending(pending.id)) return page(EXPIRED);
    return redirectError(pending.redirect_uri, issuer, pending.state, 'access_denied', 'the account owner denied access');
  }

  const account = ctx.accounts.get(pending.account_id);
  if (!account || !planHasMcpAccess(account.plan)) {
    return page(messagePage(403, 'Your plan does not include app connections', 'Connecting apps (MCP access) needs a paid plan.'));
  }
  // The person may narrow the request to read only on the consent page; never widen it.
  const granted: OAuthScope[] = single(form, 'read_only') === 'on' ? ['read'] : storedScopes(pending.scopes);
  const code = generateSecret(SECRET_PREFIXES.authorizationCode);
  const now = new Date();
  const issued = ctx.db.transaction(() => {
    if (!store.deletePending(pending.id)) return false;
    const connectionId = grantConnection(
      ctx,
      { clientId: client.id, accountId: account.id, scopes: granted, resource: pending.resource },
      now.toISOString(),
    );
    store.purgeCodes(new Date(now.getTime() - LIFETIMES_MS.retention).toISOString());
    store.insertCode({
      code_hash: hashSecret(code),
      client_id: client.id,
      connection_id: connectionId,
      redirect_uri: pending.redirect_uri,
      code_challenge: pending.code_challenge,
      scopes: formatScopes(granted),
      resource: pending.resource,
      created_at: now.toISOString(),
      expires_at: isoAfter(now, LIFETIMES_MS.authorizationCode),
      used_at: null,
    });
    return true;
  }).immediate();
  if (!issued) return page(EXPIRED);
  return redirectBack(pending.redirect_uri, issuer, pending.state, { code });
}
