import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../../src/accounts/api-keys.js';
import { bearer, createTestApp, createTestNode, snapshotDatabase, type TestNode } from '../../helpers/test-node.js';
import { fakeAppDist, passwordAccount, signIn } from './app-helpers.js';

const PROMPT = 'How bees make honey: foragers collect nectar, house bees fan it dry, wax caps seal it.';

describe('REST API with the app session cookie', () => {
  let node: TestNode;
  let app: FastifyInstance;
  let dist: string;
  beforeAll(async () => {
    node = createTestNode();
    dist = fakeAppDist();
    app = await createTestApp(node.ctx, { app: { distDir: dist } });
  });
  afterAll(async () => {
    await app.close();
    node.cleanup();
    rmSync(dist, { recursive: true, force: true });
  });

  it('authenticates GET /v1/account by the cookie alone, as the session\'s account with no key', async () => {
    const account = await passwordAccount(node.ctx);
    const browser = await signIn(app, account.email);
    const response = await app.inject({ method: 'GET', url: '/v1/account', headers: { cookie: browser.cookie } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: account.id, balance: 100, key_id: null });
    expect(response.headers['ratelimit-limit']).toBeDefined();
  });

  it('refuses a change without or with a wrong x-csrf-token with 403 csrf_failed and changes nothing; with it the change is made', async () => {
    const account = await passwordAccount(node.ctx);
    const browser = await signIn(app, account.email);
    const before = snapshotDatabase(node.ctx);
    const create = (headers: Record<string, string>) =>
      app.inject({ method: 'POST', url: '/v1/api-keys', headers: { cookie: browser.cookie, ...headers }, payload: { name: 'from the app' } });
    const missing = await create({});
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toEqual({ error: { code: 'csrf_failed', message: expect.stringContaining('x-csrf-token'), status: 403 } });
    const wrong = await create({ 'x-csrf-token': 'A'.repeat(43) });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.code).toBe('csrf_failed');
    expect(snapshotDatabase(node.ctx)).toEqual(before);

    const made = await create({ 'x-csrf-token': browser.csrf });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ name: 'from the app', key: expect.stringMatching(/^mvk_/) });
    const revoke = (headers: Record<string, string>) =>
      app.inject({ method: 'DELETE', url: `/v1/api-keys/${made.json().id}`, headers: { cookie: browser.cookie, ...headers } });
    expect((await revoke({})).statusCode).toBe(403);
    expect((await revoke({ 'x-csrf-token': browser.csrf })).statusCode).toBe(200);
  });

  it('does not take another session\'s CSRF token', async () => {
    const account = await passwordAccount(node.ctx);
    const first = await signIn(app, account.email);
    const second = await signIn(app, account.email);
    const response = await app.inject({ method: 'POST', url: '/v1/api-keys', headers: { cookie: first.cookie, 'x-csrf-token': second.csrf }, payload: {} });
    expect(response.statusCode).toBe(403);
  });

  it('creates and reads the account\'s own video by cookie; another account\'s video is 404', async () => {
    const mine = await passwordAccount(node.ctx);
    const theirs = await passwordAccount(node.ctx);
    const browser = await signIn(app, mine.email);
    const created = await app.inject({ method: 'POST', url: '/v1/videos', headers: { cookie: browser.cookie, 'x-csrf-token': browser.csrf }, payload: { prompt: PROMPT } });
    expect(created.statusCode, created.body).toBe(202);
    const own = await app.inject({ method: 'GET', url: `/v1/videos/${created.json().id}`, headers: { cookie: browser.cookie } });
    expect(own.statusCode).toBe(200);

    const otherKey = createApiKey(node.ctx, { accountId: theirs.id }).key;
    const other = await app.inject({ method: 'POST', url: '/v1/videos', headers: bearer(otherKey), payload: { prompt: PROMPT } });
    expect(other.statusCode, other.body).toBe(202);
    const peek = await app.inject({ method: 'GET', url: `/v1/videos/${other.json().id}`, headers: { cookie: browser.cookie } });
    expect(peek.statusCode).toBe(404);
    expect(peek.json().error.code).toBe('not_found');
    const cancel = await app.inject({ method: 'POST', url: `/v1/videos/${other.json().id}/cancel`, headers: { cookie: browser.cookie, 'x-csrf-token': browser.csrf } });
    expect(cancel.statusCode).toBe(404);
  });

  it('refuses a webhook_url from the app (no API key signs its events) with 400', async () => {
    const account = await passwordAccount(node.ctx);
    const browser = await signIn(app, account.email);
    const response = await app.inject({
      method: 'POST',
      url: '/v1/videos',
      headers: { cookie: browser.cookie, 'x-csrf-token': browser.csrf },
      payload: { prompt: PROMPT, webhook_url: 'https://hooks.example.com/x' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/^webhook_url:/);
  });

  it('lets an Authorization header win over the cookie: a bad key is 401 and a good key needs no CSRF token', async () => {
    const account = await passwordAccount(node.ctx);
    const browser = await signIn(app, account.email);
    const badKey = await app.inject({ method: 'GET', url: '/v1/account', headers: { cookie: browser.cookie, authorization: 'Bearer mvk_nope' } });
    expect(badKey.statusCode).toBe(401);
    const key = createApiKey(node.ctx, { accountId: account.id });
    const keyed = await app.inject({ method: 'POST', url: '/v1/api-keys', headers: { cookie: browser.cookie, ...bearer(key.key) }, payload: {} });
    expect(keyed.statusCode).toBe(201);
    const who = await app.inject({ method: 'GET', url: '/v1/account', headers: { cookie: browser.cookie, ...bearer(key.key) } });
    expect(who.json().key_id).toBe(key.id);
  });

  it('answers an unknown or signed-out cookie with the usual 401', async () => {
    const response = await app.inject({ method: 'GET', url: '/v1/account', headers: { cookie: `theme=dark; service_session=${'B'.repeat(43)}` } });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('unauthorized');
  });

  it('does not authenticate /mcp by the cookie', async () => {
    const mcpNode = createTestNode({ publicUrl: 'https://video.example.test' });
    const mcpApp = await createTestApp(mcpNode.ctx);
    try {
      const account = await passwordAccount(mcpNode.ctx);
      const browser = await signIn(mcpApp, account.email);
      const response = await mcpApp.inject({
        method: 'POST',
        url: '/mcp',
        headers: { host: 'video.example.test', cookie: browser.cookie, 'x-csrf-token': browser.csrf, accept: 'application/json, text/event-stream', 'content-type': 'application/json' },
        payload: { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } },
      });
      expect(response.statusCode).toBe(401);
      expect(String(response.headers['www-authenticate'])).toMatch(/^Bearer /);
    } finally {
      await mcpApp.close();
      mcpNode.cleanup();
    }
  });

  it('counts every session of an account against one rate limit', async () => {
    const account = await passwordAccount(node.ctx);
    const first = await signIn(app, account.email);
    const second = await signIn(app, account.email);
    const remaining = async (cookie: string) =>
      Number((await app.inject({ method: 'GET', url: '/v1/account', headers: { cookie } })).headers['ratelimit-remaining']);
    const a = await remaining(first.cookie);
    const b = await remaining(second.cookie);
    expect(b).toBe(a - 1);
  });

  it('lets a plan without API access use the app (the plan gate is on API keys)', async () => {
    const account = await passwordAccount(node.ctx, 'free');
    const browser = await signIn(app, account.email);
    expect((await app.inject({ method: 'GET', url: '/v1/account', headers: { cookie: browser.cookie } })).statusCode).toBe(200);
    const key = createApiKey(node.ctx, { accountId: account.id }).key;
    expect((await app.inject({ method: 'GET', url: '/v1/account', headers: bearer(key) })).statusCode).toBe(403);
  });
});
