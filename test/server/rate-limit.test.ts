import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { bearer, createAccountWithKey, createTestApp, createTestNode, type TestNode } from '../helpers/test-node.js';

describe('rate limits', () => {
  let node: TestNode;
  let app: FastifyInstance;
  let now: number;
  let keyA: string;
  let keyB: string;

  beforeEach(async () => {
    node = createTestNode();
    now = 1_000_000;
    app = await createTestApp(node.ctx, { rateLimit: { now: () => now } });
    keyA = (await createAccountWithKey(node.ctx)).key.key;
    keyB = (await createAccountWithKey(node.ctx)).key.key;
  });
  afterEach(async () => {
    await app.close();
    node.cleanup();
  });

  const get = (key: string, url = '/v1/models') => app.inject({ method: 'GET', url, headers: bearer(key) });
  const post = (key: string, url: string, payload: object = { prompt: 'Rate limits: each key gets 60 requests a minute and 5 creates.', duration: 15 }) =>
    app.inject({ method: 'POST', url, headers: bearer(key), payload });

  it('allows 60 requests a minute per key, refuses the 61st with 429, while another key still works', async () => {
    for (let i = 1; i <= 60; i += 1) {
      const response = await get(keyA);
      expect(response.statusCode).toBe(200);
      expect(response.headers['ratelimit-limit']).toBe('60');
      expect(response.headers['ratelimit-remaining']).toBe(String(60 - i));
      expect(Number(response.headers['ratelimit-reset'])).toBeGreaterThan(0);
    }
    const refused = await get(keyA);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: { code: 'rate_limited', message: expect.any(String), status: 429 } });
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.headers['ratelimit-remaining']).toBe('0');

    const other = await get(keyB);
    expect(other.statusCode).toBe(200);
    expect(other.headers['ratelimit-remaining']).toBe('59');
  });

  it('counts every endpoint together and opens again when the window resets', async () => {
    for (let i = 0; i < 30; i += 1) await get(keyA, '/v1/models');
    for (let i = 0; i < 30; i += 1) await get(keyA, '/v1/account');
    expect((await get(keyA, '/v1/voices')).statusCode).toBe(429);
    now += 45_000;
    const waiting = await get(keyA);
    expect(waiting.statusCode).toBe(429);
    expect(waiting.headers['retry-after']).toBe('15');
    now += 15_000;
    const reopened = await get(keyA);
    expect(reopened.statusCode).toBe(200);
    expect(reopened.headers['ratelimit-remaining']).toBe('59');
  });

  it('puts the headers on authenticated error responses too', async () => {
    const response = await app.inject({ method: 'DELETE', url: '/v1/api-keys/key_missing', headers: bearer(keyA) });
    expect(response.statusCode).toBe(404);
    expect(response.headers['ratelimit-limit']).toBe('60');
    expect(response.headers['ratelimit-remaining']).toBe('59');
  });

  // Only accepted creates use up the 5 (test/server/create-limit.test.ts has refusals, replays, races,
  // MCP, and the 10-a-minute generate, whose accepted answer needs a real render).
  it('limits POST /v1/videos to 5 a minute per key, on top of the 60', async () => {
    for (let i = 1; i <= 5; i += 1) {
      const response = await post(keyA, '/v1/videos');
      expect(response.statusCode).toBe(202);
      expect(response.headers['ratelimit-limit']).toBe('5');
      expect(response.headers['ratelimit-remaining']).toBe(String(5 - i));
    }
    const refused = await post(keyA, '/v1/videos');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('rate_limited');
    expect(refused.headers['retry-after']).toBeDefined();

    // Other endpoints still answer, and they count the POSTs against the 60.
    const other = await get(keyA);
    expect(other.statusCode).toBe(200);
    expect(other.headers['ratelimit-remaining']).toBe(String(60 - 7));
    // Another key has its own bucket.
    expect((await post(keyB, '/v1/videos')).statusCode).toBe(202);
  });
});
