import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiskSpace } from '../../../src/storage/disk-space.js';
import { createTestApp, createTestNode, type TestNode } from '../../helpers/test-node.js';

const MB = 1024 * 1024;

describe('GET /v1/health', () => {
  let node: TestNode;
  let app: FastifyInstance;
  /** What statfs reads of the data dir's disk (the e2e full-disk test fills a real tmpfs). */
  let free = 1000 * MB;
  beforeAll(async () => {
    node = createTestNode();
    node.ctx.disk = new DiskSpace(node.dataDir, 200 * MB, () => ({ freeBytes: free, totalBytes: 4000 * MB }));
    app = await createTestApp(node.ctx);
  });
  afterAll(async () => {
    await app.close();
    node.cleanup();
  });

  it('answers exactly { status: "ok" } on a healthy node (the spec)', async () => {
    free = 1000 * MB;
    const response = await app.inject({ method: 'GET', url: '/v1/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('says degraded, with a storage_full problem naming the free space and the fix, while the data dir has less than SERVICE_MIN_FREE_MB free', async () => {
    free = 50 * MB;
    const response = await app.inject({ method: 'GET', url: '/v1/health' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      status: 'degraded',
      problems: [{ code: 'storage_full', message: expect.stringContaining('50 MB free'), free_bytes: 50 * MB, min_free_bytes: 200 * MB }],
    });
    expect(body.problems[0].message).toContain(node.dataDir);
    expect(body.problems[0].message).toContain('free space there');
  });

  it('is ok again as soon as a reading sees space, after a write had failed for space', async () => {
    free = 0;
    node.ctx.disk.recordFull();
    expect((await app.inject({ method: 'GET', url: '/v1/health' })).json().status).toBe('degraded');
    free = 300 * MB;
    expect((await app.inject({ method: 'GET', url: '/v1/health' })).json()).toEqual({ status: 'ok' });
    expect(node.ctx.disk.failed).toBe(false);
  });

  it('reads the real data dir with statfs by default', async () => {
    const other = createTestNode({ minFreeMb: 0 });
    const otherApp = await createTestApp(other.ctx);
    try {
      expect((await otherApp.inject({ method: 'GET', url: '/v1/health' })).json()).toEqual({ status: 'ok' });
    } finally {
      await otherApp.close();
      other.cleanup();
    }
    const greedy = createTestNode({ minFreeMb: 1024 * 1024 * 1024 });
    const greedyApp = await createTestApp(greedy.ctx);
    try {
      const body = (await greedyApp.inject({ method: 'GET', url: '/v1/health' })).json();
      expect(body.status).toBe('degraded');
      expect(body.problems[0].free_bytes).toBeGreaterThan(0);
    } finally {
      await greedyApp.close();
      greedy.cleanup();
    }
  });
});
