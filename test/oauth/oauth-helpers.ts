import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { createAccount, type AccountSummary } from '../../src/accounts/accounts.js';
import type { NodeContext } from '../../src/node-context.js';

/** The public URL every OAuth test node uses, so issuer and resource are known. */
export const BASE_URL = 'https://video.example.test';
export const ISSUER = BASE_URL;
export const RESOURCE = `${BASE_URL}/mcp`;
export const REDIRECT_URI = 'http://127.0.0.1:33418/callback';
export const PASSWORD = 'correct horse battery';

/** A PKCE pair computed the way RFC 7636 describes. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

let counter = 0;
let addresses = 0;

/**
 * A new client address for each request the helpers send, so that tests running many flows stay
 * clear of the per-address limits (tested on their own).
 */
export function nextAddress(): string {
  addresses += 1;
  return `10.9.${Math.floor(addresses / 250) % 250}.${(addresses % 250) + 1}`;
}

/** An account on `plan` with a password (`null`: without one). */
export async function createPasswordAccount(ctx: NodeContext, plan = 'pro', password: string | null = PASSWORD): Promise<AccountSummary> {
  counter += 1;
  return createAccount(ctx, {
    name: `OAuth ${plan} ${counter}`,
    email: `oauth-${counter}-${Date.now()}@example.com`,
    plan,
    credits: 10,
    ...(password === null ? {} : { password }),
  });
}

/** A registered client: its response body. */
export interface TestClient {
  client_id: string;
  client_secret?: string;
  redirect_uris: string[];
  token_endpoint_auth_method: string;
}

/** Registers a client (public by default) and returns the response body. */
export async function registerClient(app: FastifyInstance, metadata: Record<string, unknown> = {}): Promise<TestClient> {
  const response = await app.inject({
    method: 'POST',
    url: '/oauth/register',
    remoteAddress: nextAddress(),
    payload: {
      client_name: 'Test Agent',
      redirect_uris: [REDIRECT_URI],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      ...metadata,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** The query of a valid authorization request; `overrides` with `undefined` drop a parameter. */
export function authorizeQuery(client: TestClient, challenge: string, overrides: Record<string, string | undefined> = {}): string {
  const params: Record<string, string | undefined> = {
    response_type: 'code',
    client_id: client.client_id,
    redirect_uri: client.redirect_uris[0],
    code_challenge: challenge,
    code_challenge_method: 'S256',
    scope: 'read write',
    state: 'state-123',
    resource: RESOURCE,
    ...overrides,
  };
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) search.append(name, value);
  return `/oauth/authorize?${search.toString()}`;
}

/** The value of a hidden form field in a page. */
export function hiddenField(html: string, name: string): string {
  const match = new RegExp(`<input type="hidden" name="${name}" value="([^"]*)">`).exec(html);
  if (!match) throw new Error(`no hidden field ${name} in page:\n${html}`);
  return match[1]!;
}

/** Posts a form to the authorization endpoint. */
export function postForm(app: FastifyInstance, url: string, fields: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
    remoteAddress: nextAddress(),
  });
}

/** Starts an authorization request and returns the sign-in page's request_id. */
export async function startAuthorization(app: FastifyInstance, client: TestClient, challenge: string, overrides: Record<string, string | undefined> = {}): Promise<string> {
  const response = await app.inject({ method: 'GET', url: authorizeQuery(client, challenge, overrides), remoteAddress: nextAddress() });
  expect(response.statusCode, response.body).toBe(200);
  return hiddenField(response.body, 'request_id');
}

/** Signs in on a pending request and returns the consent page's consent_token. */
export async function signIn(app: FastifyInstance, requestId: string, email: string, password = PASSWORD): Promise<string> {
  const response = await postForm(app, '/oauth/authorize', { request_id: requestId, action: 'sign_in', email, password });
  expect(response.statusCode, response.body).toBe(200);
  return hiddenField(response.body, 'consent_token');
}

/** Runs authorize → sign-in → approve and returns the code from the redirect. */
export async function authorize(
  app: FastifyInstance,
  client: TestClient,
  email: string,
  options: { challenge: string; overrides?: Record<string, string | undefined> },
): Promise<string> {
  const requestId = await startAuthorization(app, client, options.challenge, options.overrides);
  const consentToken = await signIn(app, requestId, email);
  const approved = await postForm(app, '/oauth/authorize', { request_id: requestId, consent_token: consentToken, action: 'approve' });
  expect(approved.statusCode, approved.body).toBe(302);
  const location = new URL(approved.headers.location as string);
  return location.searchParams.get('code')!;
}

/** Exchanges a code at the token endpoint (public client). */
export function exchangeCode(
  app: FastifyInstance,
  client: TestClient,
  code: string,
  verifier: string,
  extra: Record<string, string> = {},
) {
  return postForm(app, '/oauth/token', {
    grant_type: 'authorization_code',
    code,
    redirect_uri: client.redirect_uris[0]!,
    code_verifier: verifier,
    client_id: client.client_id,
    ...extra,
  });
}

/** Runs the whole flow for a public client and returns the token response. */
export async function obtainTokens(
  app: FastifyInstance,
  client: TestClient,
  email: string,
  scope = 'read write',
): Promise<{ access_token: string; refresh_token: string; scope: string; expires_in: number; token_type: string }> {
  const { verifier, challenge } = pkcePair();
  const code = await authorize(app, client, email, { challenge, overrides: { scope } });
  const response = await exchangeCode(app, client, code, verifier);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Refreshes with a public client. */
export function refresh(app: FastifyInstance, client: TestClient, refreshToken: string, extra: Record<string, string> = {}) {
  return postForm(app, '/oauth/token', {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: client.client_id,
    ...extra,
  });
}
