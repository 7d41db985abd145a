import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createAccountWithKey, createTestApp, createTestNode, snapshotDatabase, type TestNode } from '../helpers/test-node.js';

const KEY = 'sk-ant-account-secret-9876';

let node: TestNode;
let app: FastifyInstance;
let auth: { authorization: string };

beforeEach(async () => {
  node = createTestNode({ llm: 'anthropic:claude-test' }, { ANTHROPIC_API_KEY: 'node-env-key' });
  app = await createTestApp(node.ctx);
  auth = bearer((await createAccountWithKey(node.ctx)).key.key);
});
afterEach(async () => {
  await app.close();
  node.cleanup();
});

const put = (provider: string, body: unknown, headers = auth) =>
  app.inject({ method: 'PUT', url: `/v1/account/provider-keys/${provider}`, headers, payload: body as object });

describe('PUT /v1/account/provider-keys/{provider}', () => {
  it('stores the key and answers its hint and what it covers, never the key', async () => {
    const response = await put('anthropic', { api_key: KEY });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain(KEY);
    expect(response.json()).toMatchObject({ provider: 'anthropic', hint: '…9876', created_at: expect.any(String) });
    expect(response.json().covers).toContainEqual({ model: 'model-5', parts: ['language_model', 'enhance_prompt'] });
  });

  it('refuses bad keys and providers with 400 invalid_request, writing nothing and never echoing the key', async () => {
    const before = snapshotDatabase(node.ctx);
    const cases: [string, unknown, RegExp][] = [
      ['anthropic', { api_key: '' }, /api_key: must not be empty/],
      ['anthropic', { api_key: 'short' }, /8 to 512/],
      ['anthropic', { api_key: 'has spaces inside it' }, /whitespace/],
      ['anthropic', { api_key: 'k'.repeat(513) }, /8 to 512/],
      ['anthropic', {}, /api_key/],
      ['anthropic', { api_key: KEY, extra: 1 }, /extra/],
      ['local', { api_key: KEY }, /operator's own model files.*openai, anthropic, google, elevenlabs/],
      ['openai-compatible', { api_key: KEY }, /operator's own servers/],
      ['mistral', { api_key: KEY }, /unknown provider "mistral".*openai, anthropic, google, elevenlabs/],
    ];
    for (const [provider, body, message] of cases) {
      const response = await put(provider, body);
      expect(response.statusCode, provider + JSON.stringify(body)).toBe(400);
      expect(response.json().error.code).toBe('invalid_request');
      expect(response.json().error.message).toMatch(message);
      expect(response.body).not.toContain(KEY);
      expect(response.body).not.toContain('has spaces inside it');
    }
    expect(snapshotDatabase(node.ctx)).toEqual(before);
  });

  it('needs an API key', async () => {
    const response = await put('anthropic', { api_key: KEY }, {} as never);
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /v1/account/provider-keys', () => {
  it('lists only the calling account\'s keys, by hint, with covers or a note', async () => {
    await put('anthropic', { api_key: KEY });
    await put('openai', { api_key: 'sk-openai-key-0000' });
    const other = bearer((await createAccountWithKey(node.ctx)).key.key);
    const mine = await app.inject({ method: 'GET', url: '/v1/account/provider-keys', headers: auth });
    expect(mine.statusCode).toBe(200);
    expect(mine.body).not.toContain(KEY);
    expect(mine.body).not.toContain('sk-openai-key-0000');
    const keys = mine.json().provider_keys;
    expect(keys.map((key: { provider: string; hint: string }) => [key.provider, key.hint])).toEqual([
      ['anthropic', '…9876'],
      ['openai', '…0000'],
    ]);
    expect(keys[1]).toMatchObject({ covers: [], note: expect.stringMatching(/anthropic:claude-test.*an openai key covers nothing here/) });
    const theirs = await app.inject({ method: 'GET', url: '/v1/account/provider-keys', headers: other });
    expect(theirs.json()).toEqual({ provider_keys: [] });
  });
});

describe('DELETE /v1/account/provider-keys/{provider}', () => {
  it('removes the key with 204, then answers 404 not_found', async () => {
    await put('anthropic', { api_key: KEY });
    const removed = await app.inject({ method: 'DELETE', url: '/v1/account/provider-keys/anthropic', headers: auth });
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    const again = await app.inject({ method: 'DELETE', url: '/v1/account/provider-keys/anthropic', headers: auth });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.code).toBe('not_found');
    const list = await app.inject({ method: 'GET', url: '/v1/account/provider-keys', headers: auth });
    expect(list.json()).toEqual({ provider_keys: [] });
  });
});
