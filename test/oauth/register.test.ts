import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestNode, snapshotDatabase, type TestNode } from '../helpers/test-node.js';
import { BASE_URL, REDIRECT_URI } from './oauth-helpers.js';

describe('POST /oauth/register', () => {
  let node: TestNode;
  let app: FastifyInstance;
  beforeAll(async () => {
    node = createTestNode({ publicUrl: BASE_URL });
    app = await createTestApp(node.ctx);
  });
  afterAll(async () => {
    await app.close();
    node.cleanup();
  });

  // A new address per request keeps these cases clear of the per-address registration limit.
  let address = 0;
  const remoteAddress = () => `10.1.0.${++address}`;
  const register = (payload: unknown) =>
    app.inject({ method: 'POST', url: '/oauth/register', payload: payload as object, remoteAddress: remoteAddress() });

  it('registers a public client without a secret', async () => {
    const response = await register({
      client_name: 'Claude',
      redirect_uris: ['https://claude.ai/api/mcp/auth_callback'],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      scope: 'read write',
    });
    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(body).toEqual({
      client_id: expect.stringMatching(/^cli_[0-9a-z]{20}$/),
      client_id_issued_at: expect.any(Number),
      client_name: 'Claude',
      redirect_uris: ['https://claude.ai/api/mcp/auth_callback'],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      scope: 'read write',
    });
    expect(Math.abs(body.client_id_issued_at - Date.now() / 1000)).toBeLessThan(60);
  });

  it('gives a client that names no method a client_secret_basic secret (the RFC 7591 default), stored only hashed', async () => {
    const response = await register({ redirect_uris: [REDIRECT_URI] });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      token_endpoint_auth_method: 'client_secret_basic',
      client_secret: expect.stringMatching(/^mvcs_[A-Za-z0-9_-]{43}$/),
      client_secret_expires_at: 0,
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
    });
    const row = node.ctx.db.prepare('SELECT * FROM oauth_clients WHERE id = ?').get(body.client_id) as Record<string, string>;
    expect(JSON.stringify(row)).not.toContain(body.client_secret);
    expect(row.secret_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('registers a client_secret_post client with a secret', async () => {
    const response = await register({ redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: 'client_secret_post' });
    expect(response.statusCode).toBe(201);
    expect(response.json().client_secret).toMatch(/^mvcs_/);
  });

  it.each([
    'https://app.example.com/callback',
    'https://app.example.com/callback?tenant=1',
    'http://localhost:8976/oauth/callback',
    'http://127.0.0.1/callback',
    'http://[::1]:5000/cb',
    'cursor://anysphere.cursor-retrieval/oauth/user-mcp/callback',
    'com.example.app:/oauth2redirect',
  ])('accepts the redirect URI %s', async (uri) => {
    expect((await register({ redirect_uris: [uri], token_endpoint_auth_method: 'none' })).statusCode).toBe(201);
  });

  it.each([
    ['no redirect_uris', {}],
    ['an empty list', { redirect_uris: [] }],
    ['plain http to a public host', { redirect_uris: ['http://app.example.com/callback'] }],
    ['a fragment', { redirect_uris: ['https://app.example.com/callback#frag'] }],
    ['javascript:', { redirect_uris: ['javascript:alert(1)'] }],
    ['data:', { redirect_uris: ['data:text/html,hi'] }],
    ['file:', { redirect_uris: ['file:///etc/passwd'] }],
    ['a relative URI', { redirect_uris: ['/callback'] }],
    ['credentials in the URI', { redirect_uris: ['https://user:pass@app.example.com/cb'] }],
    ['one bad URI among good ones', { redirect_uris: [REDIRECT_URI, 'http://evil.example/cb'] }],
  ])('refuses %s with 400 invalid_redirect_uri and stores nothing', async (_name, payload) => {
    const before = snapshotDatabase(node.ctx);
    const response = await register({ token_endpoint_auth_method: 'none', ...payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'invalid_redirect_uri', error_description: expect.any(String) });
    expect(snapshotDatabase(node.ctx)).toEqual(before);
  });

  it.each([
    ['a trailing NUL', 'http://127.0.0.1/cb\u0000'],
    ['a leading NUL', '\u0000https://app.example.com/cb'],
    ['a NUL inside the path', 'https://app.example.com/c\u0000b'],
    ['a C0 control (U+0001) in the path', 'https://app.example.com/cb\u0001'],
    ['a C0 control (U+001B ESC) in the query', 'https://app.example.com/cb?x=\u001b[31m'],
    ['a tab inside the host', 'https://app.exa\tmple.com/cb'],
    ['DEL (U+007F)', 'https://app.example.com/cb\u007f'],
    ['a C1 control (U+0085 NEL)', 'https://app.example.com/cb\u0085'],
    ['a C1 control (U+009B CSI)', 'cursor://anysphere.cursor-retrieval/cb\u009b'],
  ])('refuses a redirect URI with %s with 400 invalid_redirect_uri and stores nothing', async (_name, uri) => {
    const before = snapshotDatabase(node.ctx);
    const response = await register({ token_endpoint_auth_method: 'none', redirect_uris: [uri] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'invalid_redirect_uri', error_description: expect.stringContaining('control characters') });
    expect(snapshotDatabase(node.ctx)).toEqual(before);
  });

  it.each([
    ['an unknown auth method', { token_endpoint_auth_method: 'private_key_jwt' }],
    ['an unsupported grant type', { grant_types: ['authorization_code', 'client_credentials'] }],
    ['grant types without authorization_code', { grant_types: ['refresh_token'] }],
    ['response type token', { response_types: ['token'] }],
    ['an unknown scope', { scope: 'read admin' }],
    ['a client_uri that is not http(s)', { client_uri: 'javascript:alert(1)' }],
    ['a client_name that is too long', { client_name: 'x'.repeat(201) }],
  ])('refuses %s with 400 invalid_client_metadata and stores nothing', async (_name, payload) => {
    const before = snapshotDatabase(node.ctx);
    const response = await register({ redirect_uris: [REDIRECT_URI], ...payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'invalid_client_metadata', error_description: expect.any(String) });
    expect(snapshotDatabase(node.ctx)).toEqual(before);
  });

  it('refuses a body that is not a JSON object', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/oauth/register',
      headers: { 'content-type': 'application/json' },
      payload: '[1,2]',
      remoteAddress: remoteAddress(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('invalid_client_metadata');
  });

  it('refuses a form body: registration is JSON', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/oauth/register',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `redirect_uris=${encodeURIComponent(REDIRECT_URI)}`,
      remoteAddress: remoteAddress(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('invalid_client_metadata');
  });
});

describe('POST /oauth/register rate limit', () => {
  it('answers 429 after 20 registrations a minute from one address, storing nothing more', async () => {
    const node = createTestNode({ publicUrl: BASE_URL });
    const app = await createTestApp(node.ctx);
    try {
      for (let i = 0; i < 20; i++) {
        const response = await app.inject({ method: 'POST', url: '/oauth/register', payload: { redirect_uris: [REDIRECT_URI] } });
        expect(response.statusCode).toBe(201);
      }
      const before = snapshotDatabase(node.ctx);
      const refused = await app.inject({ method: 'POST', url: '/oauth/register', payload: { redirect_uris: [REDIRECT_URI] } });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ error: 'rate_limited', error_description: expect.any(String) });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(snapshotDatabase(node.ctx)).toEqual(before);
      // Another address is not affected.
      const other = await app.inject({
        method: 'POST',
        url: '/oauth/register',
        payload: { redirect_uris: [REDIRECT_URI] },
        remoteAddress: '10.0.0.7',
      });
      expect(other.statusCode).toBe(201);
    } finally {
      await app.close();
      node.cleanup();
    }
  });
});
