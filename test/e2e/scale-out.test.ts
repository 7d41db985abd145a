import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeVideo, requireFfmpeg } from '../../src/render/ffmpeg/run-ffmpeg.js';
import { BIN, startServe, type ServeProcess } from '../helpers/run-service.js';
import { HAS_REDIS_SERVER, startRedisServer, type RedisServer } from '../queue/redis-server.js';
import { startS3rver, type TestS3Server } from '../storage/s3rver-server.js';
import { E2E_CACHE_DIR } from './e2e-node.js';

// A control node and two render workers on one machine: Debian's redis-server for the queue, s3rver
// for the bucket, `service serve --queue --store` and two `service worker` processes.
const PROMPT =
  'Our coffee subscription. Beans ship every two weeks. You pick the roast. You can pause anytime. Shipping is free on orders over $30. 4,000 people subscribe in 12 countries. The average subscriber stays for 14 months. Sign up at beans.example.com';

let redis: RedisServer;
let s3: TestS3Server;
let dataDir: string;
let env: Record<string, string>;
let node: ServeProcess | undefined;
const workers: ChildProcessWithoutNullStreams[] = [];

/** Starts `service worker --name <name>` and resolves once it takes tasks. */
function startWorker(name: string): Promise<{ child: ChildProcessWithoutNullStreams; stderr: () => string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'worker', '--name', name], { env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env } });
    workers.push(child);
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      if (/taking segment tasks/.test(stderr)) resolve({ child, stderr: () => stderr });
    });
    child.on('exit', (code) => reject(new Error(`worker ${name} exited with ${code}: ${stderr}`)));
  });
}

async function api(method: string, route: string, key: string, body?: unknown): Promise<{ status: number; body: Record<string, any> }> {
  const response = await fetch(`${node!.url}${route}`, { method, headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { body: JSON.stringify(body) } : {}) });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

describe.skipIf(!HAS_REDIS_SERVER)('scale-out: a control node and two render workers through Redis and an S3 bucket', () => {
  beforeAll(async () => {
    [redis, s3] = await Promise.all([startRedisServer(), startS3rver('renders')]);
    dataDir = mkdtempSync(path.join(tmpdir(), 'service-scale-out-'));
    env = {
      SERVICE_CACHE_DIR: E2E_CACHE_DIR,
      SERVICE_QUEUE: redis.url,
      SERVICE_STORE: 's3://renders/e2e',
      AWS_ENDPOINT_URL_S3: s3.endpoint,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: s3.credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
    };
    await Promise.all([startWorker('worker-a'), startWorker('worker-b')]);
    node = await startServe([], { ...env, SERVICE_DATA_DIR: dataDir, SERVICE_LOG_LEVEL: 'warn' });
  }, 180_000);

  afterAll(async () => {
    for (const child of [...workers, ...(node ? [node.child] : [])]) child.kill('SIGKILL');
    await Promise.all([redis?.stop(), s3?.close()]);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('renders a 6-scene job with its segments spread over both workers, recorded on the job, into a valid MP4', async () => {
    const key = /API key:\s+(mvk_\S+)/.exec(node!.stdout())![1]!;
    const created = await api('POST', '/v1/videos', key, { prompt: PROMPT, dimensions: { width: 320, height: 180 }, duration: 36, render: true, narration: false, music: false });
    expect(created.status, JSON.stringify(created.body)).toBe(202);
    let job: Record<string, any> = {};
    for (const started = Date.now(); Date.now() - started < 240_000; await new Promise((resolve) => setTimeout(resolve, 500))) {
      job = (await api('GET', `/v1/videos/${created.body.id}`, key)).body;
      if (['completed', 'failed', 'canceled'].includes(job.status)) break;
    }
    expect(job.status, JSON.stringify(job.error ?? job)).toBe('completed');
    expect(job.scenes).toHaveLength(6);
    // Each scene's segment was rendered by a worker, and both took part.
    expect(job.segment_workers.map((entry: { scene_id: string }) => entry.scene_id).sort()).toEqual(job.scenes.map((scene: { id: string }) => scene.id).sort());
    expect(new Set(job.segment_workers.map((entry: { worker: string }) => entry.worker))).toEqual(new Set(['worker-a', 'worker-b']));

    const download = await fetch(job.download_url);
    expect(download.status).toBe(200);
    const file = path.join(dataDir, 'downloaded.mp4');
    writeFileSync(file, Buffer.from(await download.arrayBuffer()));
    const probe = await probeVideo(requireFfmpeg(), file);
    expect(probe).toMatchObject({ codec: 'h264', width: 320, height: 180, fps: 30 });
    expect(probe.durationSeconds).toBeCloseTo(job.duration_seconds, 0);
  }, 300_000);
});
