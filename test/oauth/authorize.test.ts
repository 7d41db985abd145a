import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticateAccessToken } from '../../src/oauth/access-tokens.js';
import { listConnections } from '../../src/oauth/connections.js';
import { newId } from '../../src/store/ids.js';
import { oauthStoreOf } from '../../src/store/oauth-store.js';
import { createTestApp, createTestNode, snapshotDatabase, type TestNode } from '../helpers/test-node.js';
import {
  authorize,
  authorizeQuery,
  BASE_URL,
  createPasswordAccount,
  exchangeCode,
  hiddenField,
  ISSUER,
  nextAddress,
  PASSWORD,
  pkcePair,
  postForm,
  registerClient,
  RESOURCE,
  signIn,
  startAuthorization,
  type TestClient,
} from './oauth-helpers.js';

describe('OAuth authorization flow', () => {
  let node: TestNode;
  let app: FastifyInstance;
  let client: TestClient;
  let email: string;
  const get = (url: string) => app.inject({ method: 'GET', url, remoteAddress: nextAddress() });

  beforeAll(async () => {
    node = createTestNode({ publicUrl: BASE_URL });
    app = await createTestApp(node.ctx);
    client = await registerClient(app);
    email = (await createPasswordAccount(node.ctx, 'pro')).email;
  });
  afterAll(async () => {
    await app.close();
    node.cleanup();
  });

  it('goes from authorize through sign-in and consent to a code and tokens', async () => {
    const { verifier, challenge } = pkcePair();
    const start = await get(authorizeQuery(client, challenge));
    expect(start.statusCode).toBe(200);
    expect(start.headers).toMatchObject({
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'x-frame-options': 'DENY',
    });
    expect(start.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(start.body).toContain('Test Agent');
    expect(start.body).toMatch(/<form method="post" action="\/oauth\/authorize">/);
    for (const field of ['name="email"', 'name="password"', 'name="request_id"', 'name="action" value="sign_in"']) {
      expect(start.body).toContain(field);
    }
    expect(start.body).not.toMatch(/<(script|img|link)\b/);
    const requestId = hiddenField(start.body, 'request_id');

    const consent = await postForm(app, '/oauth/authorize', { request_id: requestId, action: 'sign_in', email, password: PASSWORD });
    expect(consent.statusCode).toBe(200);
    expect(consent.headers['x-frame-options']).toBe('DENY');
    expect(consent.body).toContain('Test Agent');
    expect(consent.body).toContain('see your videos, brand kits, and credit balance');
    expect(consent.body).toContain('create, render, edit and cancel videos, which spends credits');
    expect(consent.body).toContain('name="action" value="approve"');
    expect(consent.body).toContain('name="action" value="deny"');
    const consentToken = hiddenField(consent.body, 'consent_token');

    const approved = await postForm(app, '/oauth/authorize', { request_id: requestId, consent_token: consentToken, action: 'approve' });
    expect(approved.statusCode).toBe(302);
    const location = new URL(approved.headers.location as string);
    expect(`${location.origin}${location.pathname}`).toBe(client.redirect_uris[0]);
    expect(location.searchParams.get('state')).toBe('state-123');
    expect(location.searchParams.get('iss')).toBe(ISSUER);
    const code = location.searchParams.get('code')!;
    expect(code).toMatch(/^mvac_[A-Za-z0-9_-]{43}$/);

    const token = await exchangeCode(app, client, code, verifier);
    expect(token.statusCode).toBe(200);
    expect(token.headers['cache-control']).toBe('no-store');
    const body = token.json();
    expect(body).toEqual({
      access_token: expect.stringMatching(/^mvat_/),
      token_type: 'Bearer',
      expires_in: 3600,
      refresh_token: expect.stringMatching(/^mvrt_/),
      scope: 'read write',
    });
    const principal = authenticateAccessToken(node.ctx, body.access_token, RESOURCE);
    expect(principal).toMatchObject({ clientId: client.client_id, clientName: 'Test Agent', scopes: ['read', 'write'] });
    expect(principal.account.email).toBe(email);

    // Only hashes are stored: no code, token, request id or consent token appears in the database.
    const stored = JSON.stringify(snapshotDatabase(node.ctx));
    for (const secret of [code, body.access_token, body.refresh_token, requestId, consentToken]) expect(stored).not.toContain(secret);
  });

  it('shows an error page and never redirects for an unknown client_id', async () => {
    const before = snapshotDatabase(node.ctx);
    const response = await get(authorizeQuery({ ...client, client_id: 'cli_unknown' }, pkcePair().challenge));
    expect(response.statusCode).toBe(400);
    expect(response.headers.location).toBeUndefined();
    expect(response.headers['content-type']).toContain('text/html');
    expect(snapshotDatabase(node.ctx)).toEqual(before);
  });

  it.each([
    ['another URI', 'https://evil.example/callback'],
    ['the URI with an extra path', 'http://127.0.0.1:33418/callback/extra'],
    ['localhost instead of 127.0.0.1', 'http://localhost:33418/callback'],
    ['no redirect_uri', undefined],
  ])('shows an error page and never redirects for %s', async (_name, redirectUri) => {
    const before = snapshotDatabase(node.ctx);
    const response = await get(authorizeQuery(client, pkcePair().challenge, { redirect_uri: redirectUri, response_type: 'token' }));
    expect(response.statusCode).toBe(400);
    expect(response.headers.location).toBeUndefined();
    expect(response.body).toContain('redirect');
    expect(snapshotDatabase(node.ctx)).toEqual(before);
  });

  it('shows an error page and never redirects for a redirect_uri with a control character, even one stored before registration refused them', async () => {
    // A client registered by an older node, whose stored URI ends with a NUL.
    const stored = 'http://127.0.0.1:33418/callback\u0000';
    const legacy: TestClient = { client_id: newId('cli'), redirect_uris: [stored], token_endpoint_auth_method: 'none' };
    oauthStoreOf(node.ctx.db).insertClient({
      id: legacy.client_id,
      secret_hash: null,
      client_name: 'Legacy Agent',
      redirect_uris: JSON.stringify([stored]),
      token_endpoint_auth_method: 'none',
      grant_types: JSON.stringify(['authorization_code', 'refresh_token']),
      metadata: '{}',
      created_at: new Date().toISOString(),
    });
    for (const [asker, redirectUri] of [
      [legacy, stored],
      [client, `${client.redirect_uris[0]}\u0000`],
      [client, `${client.redirect_uris[0]}\u0085`],
    ] as const) {
      const before = snapshotDatabase(node.ctx);
      const response = await get(authorizeQuery(asker, pkcePair().challenge, { redirect_uri: redirectUri }));
      expect(response.statusCode, JSON.stringify(redirectUri)).toBe(400);
      expect(response.headers.location).toBeUndefined();
      expect(response.body).toContain('redirect');
      expect(snapshotDatabase(node.ctx)).toEqual(before);
    }
  });

  it('lets a loopback IP redirect use another port (RFC 8252 7.3)', async () => {
    const response = await get(authorizeQuery(client, pkcePair().challenge, { redirect_uri: 'http://127.0.0.1:50123/callback' }));
    expect(response.statusCode).toBe(200);
  });

  it.each([
    ['response_type token', { response_type: 'token' }, 'unsupported_response_type'],
    ['no code_challenge', { code_challenge: undefined }, 'invalid_request'],
    ['no code_challenge_method', { code_challenge_method: undefined }, 'invalid_request'],
    ['the plain PKCE method', { code_challenge_method: 'plain' }, 'invalid_request'],
    ['a malformed code_challenge', { code_challenge: 'short' }, 'invalid_request'],
    ['an unknown scope', { scope: 'read admin' }, 'invalid_scope'],
    ['another resource', { resource: 'https://other.example/mcp' }, 'invalid_target'],
    ['the REST API as resource', { resource: `${BASE_URL}/v1` }, 'invalid_target'],
  ])('redirects back with an error for %s, storing nothing', async (_name, overrides, error) => {
    const before = snapshotDatabase(node.ctx);
    const response = await get(authorizeQuery(client, pkcePair().challenge, overrides));
    expect(response.statusCode).toBe(302);
    const location = new URL(response.headers.location as string);
    expect(`${location.origin}${location.pathname}`).toBe(client.redirect_uris[0]);
    expect(location.searchParams.get('error')).toBe(error);
    expect(location.searchParams.get('error_description')).toBeTruthy();
    expect(location.searchParams.get('state')).toBe('state-123');
    expect(location.searchParams.get('iss')).toBe(ISSUER);
    expect(location.searchParams.get('code')).toBeNull();
    expect(snapshotDatabase(node.ctx)).toEqual(before);
  });

  it('grants read and write bound to the MCP endpoint when scope and resource are absent', async () => {
    const { verifier, challenge } = pkcePair();
    const code = await authorize(app, client, email, { challenge, overrides: { scope: undefined, resource: undefined } });
    const body = (await exchangeCode(app, client, code, verifier)).json();
    expect(body.scope).toBe('read write');
    expect(authenticateAccessToken(node.ctx, body.access_token, RESOURCE).scopes).toEqual(['read', 'write']);
  });

  it('accepts the resource with a trailing slash', async () => {
    const response = await get(authorizeQuery(client, pkcePair().challenge, { resource: `${RESOURCE}/` }));
    expect(response.statusCode).toBe(200);
  });

  it('re-shows the sign-in page with 401 for a wrong password, counting only the failure', async () => {
    const requestId = await startAuthorization(app, client, pkcePair().challenge);
    const before = snapshotDatabase(node.ctx);
    const response = await postForm(app, '/oauth/authorize', { request_id: requestId, action: 'sign_in', email, password: 'wrong password' });
    expect(response.statusCode).toBe(401);
    expect(response.body).toContain('do not match');
    expect(response.body).toContain('name="password"');
    expect(hiddenField(response.body, 'request_id')).toBe(requestId);
    expect(response.body).not.toContain('consent_token');
    const after = snapshotDatabase(node.ctx);
    const pending = (rows: unknown[]) => rows as { failed_sign_ins: number }[];
    expect(pending(after.oauth_pending_requests!).map((row) => row.failed_sign_ins).reduce((a, b) => a + b)).toBe(
      pending(before.oauth_pending_requests!).map((row) => row.failed_sign_ins).reduce((a, b) => a + b) + 1,
    );
    expect({ ...after, oauth_pending_requests: [] }).toEqual({ ...before, oauth_pending_requests: [] });
  });

  it('answers an unknown email like a wrong password', async () => {
    const requestId = await startAuthorization(app, client, pkcePair().challenge);
    const response = await postForm(app, '/oauth/authorize', {
      request_id: requestId,
      action: 'sign_in',
      email: 'nobody@example.com',
      password: PASSWORD,
    });
    expect(response.statusCode).toBe(401);
    expect(response.body).toContain('do not match');
  });

  it('stops accepting passwords after 10 failed sign-ins on one request', async () => {
    const requestId = await startAuthorization(app, client, pkcePair().challenge);
    for (let i = 0; i < 10; i++) {
      const response = await postForm(app, '/oauth/authorize', { request_id: requestId, action: 'sign_in', email, password: `wrong ${i}` });
      expect(response.statusCode).toBe(401);
    }
    const before = snapshotDatabase(node.ctx);
    const response = await postForm(app, '/oauth/authorize', { request_id: requestId, action: 'sign_in', email, password: PASSWORD });
    expect(response.statusCode).toBe(429);
    expect(response.body).not.toContain('consent_token');
    expect(snapshotDatabase(node.ctx)).toEqual(before);
  });

  it('explains that an account without a password cannot sign in', async () => {
    const account = await createPasswordAccount(node.ctx, 'pro', null);
    const requestId = await startAuthorization(app, client, pkcePair().challenge);
    const before = snapshotDatabase(node.ctx);
    const response = await postForm(app, '/oauth/authorize', { request_id: requestId, action: 'sign_in', email: account.email, password: PASSWORD });
    expect(response.statusCode).toBe(403);
    expect(response.body).toContain('no password');
    expect(response.body).toContain('service accounts password');
    expect(snapshotDatabase(node.ctx)).toEqual(before);
  });

  it('explains that the free plan has no MCP access, and grants nothing', async () => {
    const account = await createPasswordAccount(node.ctx, 'free');
    const requestId = await startAuthorization(app, client, pkcePair().challenge);
    const before = snapshotDatabase(node.ctx);
    const response = await postForm(app, '/oauth/authorize', { request_id: requestId, action: 'sign_in', email: account.email, password: PASSWORD });
    expect(response.statusCode).toBe(403);
    expect(response.body).toContain('free plan');
    expect(response.body).not.toContain('consent_token');
    expect(snapshotDatabase(node.ctx)).toEqual(before);
  });

  it('redirects with access_denied when the user denies, granting nothing', async () => {
    const requestId = await startAuthorization(app, client, pkcePair().challenge);
    const consentToken = await signIn(app, requestId, email);
    const connections = listConnections(node.ctx).length;
    const codes = snapshotDatabase(node.ctx).oauth_codes!.length;
    const response = await postForm(app, '/oauth/authorize', { request_id: requestId, consent_token: consentToken, action: 'deny' });
    expect(response.statusCode).toBe(302);
    const location = new URL(response.headers.location as string);
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe('state-123');
    expect(location.searchParams.get('iss')).toBe(ISSUER);
    expect(location.searchParams.get('code')).toBeNull();
    expect(listConnections(node.ctx)).toHaveLength(connections);
    expect(snapshotDatabase(node.ctx).oauth_codes).toHaveLength(codes);
  });

  it('uses a pending request once: a second approve shows the expired page', async () => {
    const requestId = await startAuthorization(app, client, pkcePair().challenge);
    const consentToken = await signIn(app, requestId, email);
    const first = await postForm(app, '/oauth/authorize', { request_id: requestId, consent_token: consentToken, action: 'approve' });
    expect(first.statusCode).toBe(302);
    const before = snapshotDatabase(node.ctx);
    const second = await postForm(app, '/oauth/authorize', { request_id: requestId, consent_token: consentToken, action: 'approve' });
    expect(second.statusCode).toBe(400);
    expect(second.headers.location).toBeUndefined();
    expect(snapshotDatabase(node.ctx)).toEqual(before);
  });

  it.each([
    ['a wrong consent_token', 'mvxx_wrong'],
    ['no consent_token', undefined],
  ])('refuses an approval with %s, changing nothing', async (_name, token) => {
    const requestId = await startAuthorization(app, client, pkcePair().challenge);
    await signIn(app, requestId, email);
    const before = snapshotDatabase(node.ctx);
    const fields: Record<string, string> = { request_id: requestId, action: 'approve' };
    if (token) fields.consent_token = token;
    const response = await postForm(app, '/oauth/authorize', fields);
    expect(response.statusCode).toBe(400);
    expect(response.headers.location).toBeUndefined();
    expect(snapshotDatabase(node.ctx)).toEqual(before);
  });

  it('refuses an approval before sign-in', async () => {
    const requestId = await startAuthorization(app, client, pkcePair().challenge);
    const response = await postForm(app, '/oauth/authorize', { request_id: requestId, consent_token: 'x', action: 'approve' });
    expect(response.statusCode).toBe(400);
  });

  it('shows the expired page for an unknown or expired request_id', async () => {
    const unknown = await postForm(app, '/oauth/authorize', { request_id: 'nope', action: 'sign_in', email, password: PASSWORD });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('expired');

    const requestId = await startAuthorization(app, client, pkcePair().challenge);
    node.ctx.db.prepare('UPDATE oauth_pending_requests SET expires_at = ?').run(new Date(Date.now() - 1000).toISOString());
    const before = snapshotDatabase(node.ctx);
    const expired = await postForm(app, '/oauth/authorize', { request_id: requestId, action: 'sign_in', email, password: PASSWORD });
    expect(expired.statusCode).toBe(400);
    expect(expired.body).toContain('expired');
    expect(snapshotDatabase(node.ctx)).toEqual(before);
  });

  it('escapes the client name in the pages', async () => {
    const sneaky = await registerClient(app, { client_name: '<script>alert(1)</script>' });
    const response = await get(authorizeQuery(sneaky, pkcePair().challenge));
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('<script>');
    expect(response.body).toContain('&#60;script&#62;');
  });

  it('reuses the active connection when the same client is approved again, updating its scopes', async () => {
    const other = await registerClient(app, { client_name: 'Reconnecting Agent' });
    const account = await createPasswordAccount(node.ctx, 'basic');
    const first = pkcePair();
    await authorize(app, other, account.email, { challenge: first.challenge, overrides: { scope: 'read write' } });
    const second = pkcePair();
    const code = await authorize(app, other, account.email, { challenge: second.challenge, overrides: { scope: 'read' } });
    const connections = listConnections(node.ctx, account.id);
    expect(connections).toHaveLength(1);
    expect(connections[0]).toMatchObject({ client_id: other.client_id, client_name: 'Reconnecting Agent', scopes: ['read'] });
    const body = (await exchangeCode(app, other, code, second.verifier)).json();
    expect(body.scope).toBe('read');
  });
});

describe('OAuth authorization endpoint limits', () => {
  it('answers 429 after 60 authorization requests a minute from one address', async () => {
    const node = createTestNode({ publicUrl: BASE_URL });
    const app = await createTestApp(node.ctx);
    try {
      const client = await registerClient(app);
      const url = authorizeQuery(client, pkcePair().challenge);
      for (let i = 0; i < 60; i++) expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
      const before = snapshotDatabase(node.ctx);
      const refused = await app.inject({ method: 'GET', url });
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      expect(snapshotDatabase(node.ctx)).toEqual(before);
    } finally {
      await app.close();
      node.cleanup();
    }
  });
});
