import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { Queue } from 'bullmq';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeVideo, requireFfmpeg } from '../../src/render/ffmpeg/run-ffmpeg.js';
import { BIN, runService, startServe, type ServeProcess } from '../helpers/run-service.js';
import { HAS_REDIS_SERVER, startRedisServer, type RedisServer } from '../queue/redis-server.js';
import { startS3rver, type TestS3Server } from '../storage/s3rver-server.js';
import { E2E_CACHE_DIR } from './e2e-node.js';
import { startReceiver } from './webhook-receiver.js';

// A control node and two render workers on one machine: Debian's redis-server for the queue, s3rver
// for the bucket, `service serve --queue --store` and two `service worker` processes.
const PROMPT =
  'Our coffee subscription. Beans ship every two weeks. You pick the roast. You can pause anytime. Shipping is free on orders over $30. 4,000 people subscribe in 12 countries. The average subscriber stays for 14 months. Sign up at beans.example.com';

let redis: RedisServer;
let s3: TestS3Server;
let dataDir: string;
let env: Record<string, string>;
let node: ServeProcess | undefined;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
/** Every worker started, by name, with what it logged. */
const workers = new Map<string, { child: ChildProcessWithoutNullStreams; log: string }>();

/** Starts `service worker --name <name>` and resolves once it takes tasks. */
function startWorker(name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'worker', '--name', name], { env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env } });
    const entry = { child, log: '' };
    workers.set(name, entry);
    child.stderr.on('data', (chunk) => {
      entry.log += chunk;
      if (/taking segment tasks/.test(entry.log)) resolve();
    });
    child.on('exit', (code, signal) => reject(new Error(`worker ${name} exited with ${code ?? signal}: ${entry.log}`)));
  });
}

/** Every worker's log lines about one video job's render (its render key starts with the job id). */
function linesOf(id: string): { worker: string; line: string }[] {
  return [...workers.entries()].flatMap(([worker, entry]) => entry.log.split('\n').filter((line) => line.includes(`(${id}/`)).map((line) => ({ worker, line })));
}

/** Segment keys a log line names. */
function keysOf(line: string): string[] {
  return line.match(/segments\/[0-9a-f]+(?:\.part-\d+-\d+)?\.mp4/g) ?? [];
}

async function until<T>(what: string, probe: () => T | undefined | false, timeoutMs = 120_000): Promise<T> {
  for (const started = Date.now(); Date.now() - started < timeoutMs; await new Promise((resolve) => setTimeout(resolve, 100))) {
    const value = probe();
    if (value) return value;
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function untilAsync<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 60_000): Promise<T> {
  for (const started = Date.now(); Date.now() - started < timeoutMs; await new Promise((resolve) => setTimeout(resolve, 100))) {
    const value = await probe();
    if (value) return value;
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Polls a job until it ends, every 2 s (the key's plan allows 60 requests a minute). */
async function finished(id: string, key: string, timeoutMs = 240_000): Promise<Record<string, any>> {
  let job: Record<string, any> = {};
  for (const started = Date.now(); Date.now() - started < timeoutMs; await new Promise((resolve) => setTimeout(resolve, 2000))) {
    const answer = await api('GET', `/v1/videos/${id}`, key);
    if (answer.status === 429) continue;
    job = answer.body;
    if (['completed', 'failed', 'canceled'].includes(job.status)) return job;
  }
  throw new Error(`job ${id} still ${job.status} after ${timeoutMs} ms`);
}

/** The control node; its bucket lets clients download directly (presigned links). */
function serveNode(): Promise<ServeProcess> {
  return startServe(['--allow-private-urls'], { ...env, SERVICE_DATA_DIR: dataDir, SERVICE_LOG_LEVEL: 'warn', SERVICE_STORE_PRESIGN: '1' });
}

/** The owner's key, printed by the node's first start. */
let ownerKey: string;

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
    receiver = await startReceiver();
    await Promise.all([startWorker('worker-a'), startWorker('worker-b')]);
    node = await serveNode();
    ownerKey = /API key:\s+(mvk_\S+)/.exec(node.stdout())![1]!;
  }, 180_000);

  afterAll(async () => {
    for (const child of [...[...workers.values()].map((entry) => entry.child), ...(node ? [node.child] : [])]) child.kill('SIGKILL');
    await Promise.all([redis?.stop(), s3?.close(), receiver?.close()]);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('renders a multi-scene job with its segments spread over both workers, recorded on the job, into a valid MP4', async () => {
    const key = ownerKey;
    const created = await api('POST', '/v1/videos', key, { prompt: PROMPT, dimensions: { width: 320, height: 180 }, duration: 36, render: true, narration: false, music: false });
    expect(created.status, JSON.stringify(created.body)).toBe(202);
    // The job itself runs as a BullMQ job of the node's `video-jobs` queue.
    const jobs = new Queue('video-jobs', { connection: { url: redis.url }, prefix: 'service' });
    const queued = await untilAsync('the job in the video-jobs queue', async () => (await jobs.getJobs(['waiting', 'active'])).find((entry) => entry.data.id === created.body.id));
    expect(queued.id).toMatch(new RegExp(`^${created.body.id}\\.`));
    const job = await finished(created.body.id as string, key);
    expect(job.status, JSON.stringify(job.error ?? job)).toBe('completed');
    expect(await jobs.getJobCounts('waiting', 'active', 'failed')).toEqual({ waiting: 0, active: 0, failed: 0 });
    await jobs.close();
    // A title, the points, the figures (in one grid) and the close.
    expect(job.scenes.length).toBeGreaterThanOrEqual(4);
    // Each scene's segment was rendered by a worker, and both took part.
    expect(job.segment_workers.map((entry: { scene_id: string }) => entry.scene_id).sort()).toEqual(job.scenes.map((scene: { id: string }) => scene.id).sort());
    expect(new Set(job.segment_workers.map((entry: { worker: string }) => entry.worker))).toEqual(new Set(['worker-a', 'worker-b']));

    // The node's signed link redirects to a short-lived presigned link of the bucket's copy.
    const download = await fetch(job.download_url);
    expect(download.status).toBe(200);
    expect(download.redirected).toBe(true);
    expect(download.url.startsWith(`${s3.endpoint}/renders/e2e/videos/${job.id}/`)).toBe(true);
    const file = path.join(dataDir, 'downloaded.mp4');
    writeFileSync(file, Buffer.from(await download.arrayBuffer()));
    const probe = await probeVideo(requireFfmpeg(), file);
    expect(probe).toMatchObject({ codec: 'h264', width: 320, height: 180, fps: 30 });
    expect(probe.durationSeconds).toBeCloseTo(job.duration_seconds, 0);
  }, 300_000);
  it('service doctor checks the queue and the bucket for real, and says what is wrong', async () => {
    const ok = await runService(['doctor', '--json', '--data-dir', dataDir], { env });
    const checks = JSON.parse(ok.stdout).checks as { name: string; status: string; detail: string }[];
    expect(checks.find((check) => check.name === 'queue')).toMatchObject({ status: 'ok', detail: expect.stringMatching(/Redis 7\..*; 2 render workers connected$/) });
    expect(checks.find((check) => check.name === 'store')).toMatchObject({ status: 'ok' });
    const broken = await runService(['doctor', '--json', '--data-dir', dataDir], { env: { ...env, SERVICE_QUEUE: 'redis://127.0.0.1:1', SERVICE_STORE: 's3://missing-bucket/e2e' } });
    const failed = JSON.parse(broken.stdout).checks as { name: string; status: string; detail: string; fix?: string }[];
    expect(failed.find((check) => check.name === 'queue')).toMatchObject({ status: 'fail', detail: expect.stringMatching(/refused/), fix: expect.stringContaining('SERVICE_QUEUE') });
    expect(failed.find((check) => check.name === 'store')).toMatchObject({ status: 'fail', detail: expect.stringMatching(/missing-bucket/) });
    expect(broken.code).toBe(1);
  }, 120_000);

  /**
   * A job big enough that each segment takes a few seconds to render (1280x720). Each test names
   * another product, so no segment is already in the bucket from an earlier test.
   */
  async function createLongJob(product: string, duration = 36): Promise<string> {
    const created = await api('POST', '/v1/videos', ownerKey, { prompt: PROMPT.replaceAll('coffee', product).replaceAll('Beans', `${product[0]!.toUpperCase()}${product.slice(1)}`), dimensions: { width: 1280, height: 720 }, duration, render: true, narration: false, music: false, webhook_url: receiver.url });
    expect(created.status, JSON.stringify(created.body)).toBe(202);
    return created.body.id as string;
  }

  it('a worker SIGKILLed mid-segment: its task is taken over by the other worker, the job completes once, one webhook, one charge', async () => {
    const id = await createLongJob('tea');
    const { worker: victim, line } = await until('a worker rendering a segment of the job', () => linesOf(id).find((entry) => / rendering segments\//.test(entry.line)));
    const [killedKey] = keysOf(line);
    workers.get(victim)!.child.kill('SIGKILL');
    const survivor = [...workers.keys()].find((name) => name !== victim && workers.get(name)!.child.exitCode === null && workers.get(name)!.child.signalCode === null)!;
    const job = await finished(id, ownerKey);
    expect(job.status, JSON.stringify(job.error ?? job)).toBe('completed');
    // The killed task was rendered again, by the survivor (BullMQ's stalled-job recovery).
    expect(workers.get(survivor)!.log).toContain(`rendered ${killedKey}`);
    expect(job.segment_workers.find((entry: { worker: string }) => entry.worker === survivor)).toBeDefined();
    await until('the completed webhook', () => receiver.deliveries.some((delivery) => delivery.json.data.videoId === id), 20_000);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(receiver.deliveries.filter((delivery) => delivery.json.data.videoId === id).map((delivery) => delivery.json.event)).toEqual(['video.completed']);
    const db = new Database(path.join(dataDir, 'service.db'), { readonly: true });
    try {
      expect(db.prepare("SELECT COUNT(*) FROM ledger_entries WHERE reference = ? AND kind = 'charge'").pluck().get(id)).toBe(1);
    } finally {
      db.close();
    }
    await startWorker(`${victim}-again`);
  }, 300_000);

  it('the control node SIGKILLed mid-render and restarted: the job completes and no uploaded segment is rendered twice', async () => {
    const id = await createLongJob('cocoa');
    await until('a segment of the job uploaded', () => linesOf(id).some((entry) => / rendered segments\//.test(entry.line))).catch(async (error) => {
      const state = (await api('GET', `/v1/videos/${id}`, ownerKey)).body;
      throw new Error(`${(error as Error).message}; job ${JSON.stringify({ status: state.status, phase_detail: state.phase_detail })}; workers:\n${[...workers.entries()].map(([name, entry]) => `${name}: ${entry.log.slice(-1500)}`).join('\n')}`);
    });
    node!.child.kill('SIGKILL');
    await new Promise((resolve) => node!.child.once('exit', resolve));
    const uploaded = new Set(linesOf(id).filter((entry) => / rendered /.test(entry.line)).flatMap((entry) => keysOf(entry.line)));
    node = await serveNode();
    const job = await finished(id, ownerKey);
    expect(job.status, JSON.stringify(job.error ?? job)).toBe('completed');
    const renders = linesOf(id).filter((entry) => / rendering /.test(entry.line)).flatMap((entry) => keysOf(entry.line));
    for (const key of uploaded) expect(renders.filter((rendered) => rendered === key), `${key} rendered`).toHaveLength(1);
  }, 300_000);

  it('cancel during a distributed render stops the workers\' tasks within seconds', async () => {
    const id = await createLongJob('matcha', 60);
    await until('a worker rendering a segment of the job', () => linesOf(id).find((entry) => / rendering segments\//.test(entry.line)));
    const canceledAt = Date.now();
    expect((await api('POST', `/v1/videos/${id}/cancel`, ownerKey)).status).toBe(200);
    await until('the workers to stop the job\'s tasks', () => linesOf(id).some((entry) => / canceled segments\//.test(entry.line)), 15_000);
    expect(Date.now() - canceledAt).toBeLessThan(15_000);
    const job = await finished(id, ownerKey, 30_000);
    expect(job.status).toBe('canceled');
    // No task of the job starts after the cancel has been seen.
    const linesAtCancel = linesOf(id).length;
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(linesOf(id).slice(linesAtCancel).filter((entry) => / rendering /.test(entry.line))).toEqual([]);
  }, 300_000);
});
