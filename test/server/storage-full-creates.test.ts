import Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRuntime, type NodeRuntime } from '../../src/node-runtime.js';
import { DiskSpace } from '../../src/storage/disk-space.js';
import { bearer, createAccountWithKey, createTestApp, createTestNode, snapshotDatabase, type TestNode } from '../helpers/test-node.js';

const MB = 1024 * 1024;

describe('creates on a full disk', () => {
  let node: TestNode;
  let app: FastifyInstance;
  let runtime: NodeRuntime;
  let url: string;
  let key: string;
  let free = 1000 * MB;
  beforeAll(async () => {
    node = createTestNode();
    node.ctx.disk = new DiskSpace(node.dataDir, 200 * MB, () => ({ freeBytes: free, totalBytes: 4000 * MB }));
    let clock = 0;
    runtime = startRuntime(node.ctx, { resume: false });
    app = await createTestApp(node.ctx, { services: runtime, rateLimit: { now: () => (clock += 61_000) } });
    url = await app.listen({ host: '127.0.0.1', port: 0 });
    key = (await createAccountWithKey(node.ctx, 'ultimate', 500)).key.key;
  });
  afterAll(async () => {
    await app.close();
    await runtime.stop();
    node.cleanup();
  });

  const rest = (method: string, route: string, body: unknown) =>
    app.inject({ method: method as 'POST', url: route, headers: { ...bearer(key), 'content-type': 'application/json' }, payload: JSON.stringify(body) });

  it.each([
    ['POST /v1/videos', '/v1/videos', { prompt: 'How tides work. The moon pulls the oceans.', duration: 10 }],
    ['POST /v1/videos/{id}/edit', '/v1/videos/vid_missing/edit', { prompt: 'make it blue' }],
    ['POST /v1/infographics/generate', '/v1/infographics/generate', { prompt: 'Sales grew 20% in 2024' }],
    ['POST /v1/infographics/{id}/render', '/v1/infographics/ig_missing/render', { versionId: 'v1' }],
  ])('refuses %s with 503 storage_full, writing nothing', async (_name, route, body) => {
    free = 20 * MB;
    const before = snapshotDatabase(node.ctx);
    const response = await rest('POST', route, body);
    expect(response.statusCode).toBe(503);
    expect(response.json().error).toMatchObject({ code: 'storage_full', status: 503, message: expect.stringContaining('20 MB free') });
    expect(snapshotDatabase(node.ctx)).toEqual(before);
  });

  it('refuses the MCP create_video tool with the same code', async () => {
    free = 20 * MB;
    const before = snapshotDatabase(node.ctx);
    const response = await fetch(`${url}/mcp`, {
      method: 'POST',
      headers: { ...bearer(key), 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'create_video', arguments: { prompt: 'How tides work. The moon pulls the oceans.', duration: 10 } } }),
    });
    const answer = (await response.json()) as { result: { isError: boolean; content: { text: string }[] } };
    expect(answer.result.isError).toBe(true);
    expect(JSON.parse(answer.result.content[0]!.text).error).toMatchObject({ code: 'storage_full', status: 503 });
    expect(snapshotDatabase(node.ctx)).toEqual(before);
  });

  it('takes the create once the disk has space again', async () => {
    free = 1000 * MB;
    const response = await rest('POST', '/v1/videos', { prompt: 'How tides work. The moon pulls the oceans.', duration: 10 });
    expect(response.statusCode).toBe(202);
  });

  it('answers 503 storage_full, not a 500, when the database refuses a write for space (SQLITE_FULL) past the free-space check, over REST and MCP', async () => {
    free = 1000 * MB;
    const insert = node.ctx.videos.insert.bind(node.ctx.videos);
    node.ctx.videos.insert = () => {
      throw new Database.SqliteError('database or disk is full', 'SQLITE_FULL');
    };
    try {
      const before = snapshotDatabase(node.ctx);
      const response = await rest('POST', '/v1/videos', { prompt: 'How tides work. The moon pulls the oceans.', duration: 10 });
      expect(response.statusCode).toBe(503);
      expect(response.json().error).toMatchObject({ code: 'storage_full', status: 503 });
      const answer = (await (
        await fetch(`${url}/mcp`, {
          method: 'POST',
          headers: { ...bearer(key), 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'create_video', arguments: { prompt: 'How tides work. The moon pulls the oceans.', duration: 10 } } }),
        })
      ).json()) as { result: { isError: boolean; content: { text: string }[] } };
      expect(answer.result.isError).toBe(true);
      expect(JSON.parse(answer.result.content[0]!.text).error).toMatchObject({ code: 'storage_full', status: 503 });
      expect(snapshotDatabase(node.ctx)).toEqual(before);
    } finally {
      node.ctx.videos.insert = insert;
    }
  });
});
