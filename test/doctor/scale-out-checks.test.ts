import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config/resolve-config.js';
import { scaleOutChecks } from '../../src/doctor/run-checks.js';
import { startSegmentWorker } from '../../src/queue/segment-worker.js';
import { HAS_REDIS_SERVER, startRedisServer, type RedisServer } from '../queue/redis-server.js';

describe.skipIf(!HAS_REDIS_SERVER)('service doctor with --queue', () => {
  let redis: RedisServer;
  let dataDir: string;
  beforeAll(async () => {
    redis = await startRedisServer();
    dataDir = mkdtempSync(path.join(tmpdir(), 'doctor-queue-'));
  });
  afterAll(async () => {
    await redis?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('counts the connected render workers, and warns when there is none', async () => {
    const config = { ...resolveConfig({ dataDir }, {}), queueUrl: redis.url };
    const alone = await scaleOutChecks(redis.url, config);
    expect(alone.find((check) => check.name === 'queue')).toMatchObject({
      status: 'warn',
      detail: expect.stringMatching(/^PONG from Redis .*; 0 render workers connected$/),
      fix: expect.stringContaining('service worker'),
    });
    const worker = startSegmentWorker({ url: redis.url, name: 'box-2', process: async () => ({ segmentKeys: [], capturedFrames: 0, heldFrames: 0 }) });
    try {
      // The worker names its connection once it has subscribed to cancels.
      for (let tries = 0; tries < 50; tries += 1) {
        const checks = await scaleOutChecks(redis.url, config);
        const queue = checks.find((check) => check.name === 'queue')!;
        if (queue.status === 'ok') {
          expect(queue.detail).toMatch(/; 1 render worker connected$/);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error('the doctor never saw the worker');
    } finally {
      await worker.close();
    }
  }, 60_000);
});
