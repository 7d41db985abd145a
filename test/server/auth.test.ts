import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { revokeApiKey } from '../../src/accounts/api-keys.js';
import { bearer, createAccountWithKey, createTestApp, createTestNode, type TestNode } from '../helpers/test-node.js';

describe('auth', () => {
  let node: TestNode;
  let app: FastifyInstance;
  beforeAll(async () => {
    node = createTestNode();
    app = await createTestApp(node.ctx);
  });
  afterAll(async () => {
    await app.close();
    node.cleanup();
  });

  it('serves GET /v1/health without a key', async () => {
    const response = await app.inject({ method: 'GET', url: '/v1/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it.each([
    ['no header', {}],
    ['another scheme', { authorization: 'Basic dXNlcjpwYXNz' }],
    ['a bare key without Bearer', { authorization: 'mvk_' + 'a'.repeat(43) }],
    ['a malformed key', { authorization: 'Bearer not-a-key' }],
    ['a key of the right form that does not exist', { authorization: 'Bearer mvk_' + 'A'.repeat(43) }],
  ])('answers 401 unauthorized for %s', async (_name, headers) => {
    const response = await app.inject({ method: 'GET', url: '/v1/models', headers });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: { code: 'unauthorized', message: expect.any(String), status: 401 } });
  });

  it('refuses a revoked key from the next request on', async () => {
    const { key } = await createAccountWithKey(node.ctx);
    expect((await app.inject({ method: 'GET', url: '/v1/models', headers: bearer(key.key) })).statusCode).toBe(200);
    revokeApiKey(node.ctx, key.id);
    const response = await app.inject({ method: 'GET', url: '/v1/models', headers: bearer(key.key) });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toMatchObject({ code: 'unauthorized', message: 'API key has been revoked' });
  });

  it('refuses a key revoked over the API on its next request', async () => {
    const { key } = await createAccountWithKey(node.ctx);
    const revoke = await app.inject({ method: 'DELETE', url: `/v1/api-keys/${key.id}`, headers: bearer(key.key) });
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json().revoked_at).toEqual(expect.any(String));
    const response = await app.inject({ method: 'GET', url: '/v1/account', headers: bearer(key.key) });
    expect(response.statusCode).toBe(401);
  });

  it.each(['free', 'basic', 'pro', 'appsumo_tier_1', 'appsumo_tier_4'])(
    'answers 403 forbidden on plan %s, which has no API access',
    async (plan) => {
      const { key } = await createAccountWithKey(node.ctx, plan);
      const response = await app.inject({ method: 'GET', url: '/v1/models', headers: bearer(key.key) });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: { code: 'forbidden', message: expect.stringContaining(plan), status: 403 } });
    },
  );

  it.each(['creator', 'ultimate', 'appsumo_tier_5', 'appsumo_tier_12'])('lets plan %s use the API', async (plan) => {
    const { key } = await createAccountWithKey(node.ctx, plan);
    const response = await app.inject({ method: 'GET', url: '/v1/account', headers: bearer(key.key) });
    expect(response.statusCode).toBe(200);
    expect(response.json().plan).toBe(plan);
  });

  it('answers 404 not_found for another account\'s resource, same as a missing one', async () => {
    const owner = await createAccountWithKey(node.ctx);
    const other = await createAccountWithKey(node.ctx);
    const foreign = await app.inject({ method: 'DELETE', url: `/v1/api-keys/${owner.key.id}`, headers: bearer(other.key.key) });
    const missing = await app.inject({ method: 'DELETE', url: '/v1/api-keys/key_doesnotexist', headers: bearer(other.key.key) });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('not_found');
    expect(missing.statusCode).toBe(404);
    // The owner's key still works: the foreign request changed nothing.
    expect((await app.inject({ method: 'GET', url: '/v1/account', headers: bearer(owner.key.key) })).statusCode).toBe(200);
  });

  it('scopes brand kits to the calling account', async () => {
    const a = await createAccountWithKey(node.ctx);
    const b = await createAccountWithKey(node.ctx);
    const { createBrandKit } = await import('../../src/catalog/brand-kits.js');
    await createBrandKit(node.ctx, {
      accountId: a.account.id, name: 'Acme', primary: '#112233', secondary: '#445566', accent: '#778899',
      headingFont: 'Inter', bodyFont: 'Inter',
    });
    const seenByA = await app.inject({ method: 'GET', url: '/v1/brand-kits', headers: bearer(a.key.key) });
    const seenByB = await app.inject({ method: 'GET', url: '/v1/brand-kits', headers: bearer(b.key.key) });
    expect(seenByA.json().brand_kits).toHaveLength(1);
    expect(seenByB.json().brand_kits).toEqual([]);
  });

  it('gives every response a request id', async () => {
    const response = await app.inject({ method: 'GET', url: '/v1/health' });
    expect(response.headers['x-request-id']).toMatch(/^req_[0-9a-f]{16}$/);
  });
});
