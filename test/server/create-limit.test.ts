import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { storeIdempotentAnswer } from '../../src/pipeline/idempotency.js';
import { generateInfographicBody } from '../../src/pipeline/infographics/infographic-schema.js';
import { RenderPool } from '../../src/render/render-pool.js';
import { toolError } from '../mcp/mcp-helpers.js';
import { bearer, createAccountWithKey, createTestApp, createTestNode, type TestNode } from '../helpers/test-node.js';

const VALID = { prompt: 'Rivers and the towns along them: mills, bridges and harbours.', duration: 15 };
/** Refused by the schema, before the handler runs. */
const TYPO = { prompt: 'A short film about rivers', durration: 15 };

describe('the create limit counts accepted creates only', () => {
  let node: TestNode;
  let app: FastifyInstance;
  let key: string;
  let accountId: string;

  beforeEach(async () => {
    node = createTestNode({ allowPrivateUrls: true });
    app = await createTestApp(node.ctx, { services: { pool: new RenderPool(), cacheDir: node.dataDir } });
    const made = await createAccountWithKey(node.ctx, 'ultimate', 500);
    key = made.key.key;
    accountId = made.account.id;
  });
  afterEach(async () => {
    await app.close();
    node.cleanup();
  });

  const create = (payload: object, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/v1/videos', headers: { ...bearer(key), ...headers }, payload });
  const get = () => app.inject({ method: 'GET', url: '/v1/models', headers: bearer(key) });

  it('answers 202 to a valid POST /v1/videos after six 400s in the same minute', async () => {
    for (let i = 0; i < 6; i += 1) {
      const refused = await create(TYPO);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.code).toBe('invalid_request');
      // The headers tell the truth once the refusal gave its create back: all 5 are left.
      expect(refused.headers['ratelimit-limit']).toBe('5');
      expect(refused.headers['ratelimit-remaining']).toBe('5');
    }
    const accepted = await create(VALID);
    expect(accepted.statusCode, accepted.body).toBe(202);
    expect(accepted.headers['ratelimit-limit']).toBe('5');
    expect(accepted.headers['ratelimit-remaining']).toBe('4');
  });

  it('gives back the create of a request the handler refuses (unknown brand kit: 400, low balance: 402)', async () => {
    for (let i = 0; i < 6; i += 1) {
      expect((await create({ ...VALID, brand_kit_id: 'bk_missing' })).statusCode).toBe(400);
    }
    const poor = await createAccountWithKey(node.ctx, 'ultimate', 1);
    for (let i = 0; i < 6; i += 1) {
      const refused = await app.inject({ method: 'POST', url: '/v1/videos', headers: bearer(poor.key.key), payload: VALID });
      expect(refused.json().error.code).toBe('insufficient_credits');
    }
    expect((await create(VALID)).statusCode).toBe(202);
  });

  it('refuses the 6th accepted create in a minute with 429', async () => {
    for (let i = 1; i <= 5; i += 1) {
      const accepted = await create(VALID);
      expect(accepted.statusCode).toBe(202);
      expect(accepted.headers['ratelimit-remaining']).toBe(String(5 - i));
    }
    const sixth = await create(VALID);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error).toMatchObject({ code: 'rate_limited', status: 429 });
    expect(sixth.json().error.message).toContain('rate limit of 5 video creates (POST /v1/videos, MCP create_video) per minute');
    expect(sixth.headers['retry-after']).toMatch(/^\d+$/);
  });

  it('counts edits in a window of their own: with the 5 creates spent, an edit still reaches its handler', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push((await create({ ...VALID, prompt: `${VALID.prompt}, part ${i}` })).json().id);
    expect((await create(VALID)).statusCode).toBe(429);
    // The job is still queued, so the edit is refused by its rule (409), not by the create limit (429).
    const edit = await app.inject({ method: 'POST', url: `/v1/videos/${ids[0]}/edit`, headers: bearer(key), payload: { prompt: 'remove the last scene' } });
    expect(edit.json().error.code, edit.body).toBe('not_editable');
    expect(edit.headers['ratelimit-limit']).toBe('20');
    expect(edit.headers['ratelimit-remaining']).toBe('20');
  });

  it('counts refused creates against the 60 a minute of every request', async () => {
    for (let i = 0; i < 6; i += 1) await create(TYPO);
    expect((await get()).headers['ratelimit-remaining']).toBe(String(60 - 7));
    for (let i = 7; i < 60; i += 1) expect((await create(TYPO)).statusCode).toBe(400);
    const refused = await create(VALID);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toContain('60 requests (all endpoints) per minute');
    expect(refused.headers['ratelimit-limit']).toBe('60');
  });

  it('does not count an idempotent replay, which creates nothing', async () => {
    const first = await create(VALID, { 'idempotency-key': 'order-1' });
    expect(first.statusCode).toBe(202);
    for (let i = 0; i < 6; i += 1) {
      const replay = await create(VALID, { 'idempotency-key': 'order-1' });
      expect(replay.statusCode).toBe(202);
      expect(replay.json().id).toBe(first.json().id);
      expect(replay.headers['ratelimit-remaining']).toBe('4');
    }
    for (let i = 0; i < 4; i += 1) expect((await create({ ...VALID, prompt: `${VALID.prompt}, part ${i}` })).statusCode).toBe(202);
    expect((await create({ ...VALID, prompt: 'One too many: a sixth job, refused.' })).statusCode).toBe(429);
  });

  it('lets only one of two concurrent valid creates through when one create is left', async () => {
    for (let i = 0; i < 4; i += 1) expect((await create(VALID)).statusCode).toBe(202);
    const answers = await Promise.all([create(VALID), create(VALID)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([202, 429]);
    expect(node.ctx.db.prepare('SELECT COUNT(*) FROM videos WHERE account_id = ?').pluck().get(accountId)).toBe(5);
  });

  it('holds the last create while a request runs and frees it when that request is refused', async () => {
    let answerImage: (() => void) | undefined;
    let imageRequested: () => void = () => undefined;
    const requested = new Promise<void>((resolve) => (imageRequested = resolve));
    const slowServer: Server = createServer((_request, response) => {
      answerImage = () => response.writeHead(404).end();
      imageRequested();
    });
    await new Promise<void>((resolve) => slowServer.listen(0, '127.0.0.1', resolve));
    try {
      const image = `http://127.0.0.1:${(slowServer.address() as AddressInfo).port}/missing.png`;
      for (let i = 0; i < 4; i += 1) expect((await create(VALID)).statusCode).toBe(202);
      const slow = create({ ...VALID, images: [{ url: image }] });
      await requested;
      // The last create is held by the running request, so another cannot take it meanwhile.
      const meanwhile = await create(VALID);
      expect(meanwhile.statusCode).toBe(429);
      answerImage!();
      const refused = await slow;
      expect(refused.statusCode).toBe(400);
      expect(refused.headers['ratelimit-remaining']).toBe('1');
      expect((await create(VALID)).statusCode).toBe(202);
      expect((await create(VALID)).statusCode).toBe(429);
    } finally {
      slowServer.closeAllConnections();
      await new Promise((resolve) => slowServer.close(resolve));
    }
  });

  it('counts refused POST /v1/infographics/generate against the 60 but not against its 10', async () => {
    for (let i = 0; i < 12; i += 1) {
      const refused = await app.inject({
        method: 'POST',
        url: '/v1/infographics/generate',
        headers: bearer(key),
        payload: { prompt: 'Rate limits', dimensions: { width: 3, height: 3 } },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.headers['ratelimit-limit']).toBe('10');
      expect(refused.headers['ratelimit-remaining']).toBe('10');
    }
    expect((await get()).headers['ratelimit-remaining']).toBe(String(60 - 13));
  });

  it('does not count replays of an infographic generate', async () => {
    const raw = { prompt: 'How teams ship: 62% weekly, 48% daily' };
    const stored = { projectId: 'ifg_earlier', versionId: 'ifv_earlier', status: 'ready' };
    // An earlier generate with this key (its real render is covered end to end).
    node.ctx.db.transaction(() =>
      storeIdempotentAnswer(node.ctx, { accountId, route: 'POST /v1/infographics/generate', key: 'ig-1' }, generateInfographicBody.parse(raw), { statusCode: 200, body: stored }),
    )();
    for (let i = 0; i < 12; i += 1) {
      const replay = await app.inject({ method: 'POST', url: '/v1/infographics/generate', headers: { ...bearer(key), 'idempotency-key': 'ig-1' }, payload: raw });
      expect(replay.statusCode, replay.body).toBe(200);
      expect(replay.json()).toEqual(stored);
      expect(replay.headers['ratelimit-limit']).toBe('10');
      expect(replay.headers['ratelimit-remaining']).toBe('10');
    }
  });
});

describe('create_video over MCP follows the same rule', () => {
  let node: TestNode;
  let app: FastifyInstance;
  let client: Client;

  beforeEach(async () => {
    node = createTestNode();
    app = await createTestApp(node.ctx);
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const made = await createAccountWithKey(node.ctx, 'ultimate', 500);
    client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers: bearer(made.key.key) } }));
  });
  afterEach(async () => {
    await client.close();
    await app.close();
    node.cleanup();
  });

  it('creates after six refused create_video calls, and refuses the 6th accepted one', async () => {
    for (let i = 0; i < 6; i += 1) {
      const refused = toolError(await client.callTool({ name: 'create_video', arguments: { ...VALID, brand_kit_id: 'bk_missing' } }));
      expect(refused).toMatchObject({ code: 'invalid_request', status: 400 });
    }
    for (let i = 0; i < 5; i += 1) {
      const created = await client.callTool({ name: 'create_video', arguments: { ...VALID, prompt: `${VALID.prompt}, part ${i}` } });
      expect(created.isError, JSON.stringify(created.content)).toBeFalsy();
    }
    const sixth = toolError(await client.callTool({ name: 'create_video', arguments: VALID }));
    expect(sixth).toMatchObject({ code: 'rate_limited', status: 429 });
  });
});
