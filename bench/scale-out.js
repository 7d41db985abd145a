#!/usr/bin/env node
// Distributed rendering on one machine, in one run: Debian's redis-server for the queue, s3rver
// for the bucket, a control side rendering a fixed 30 s 1280x720 six-scene video through the queue,
// and `service worker` processes: first one worker, then two (new scene texts each time, so nothing
// is reused). On a 2-core machine the two workers share the cores, so it also prints what scales
// to a larger farm: the per-task queue overhead (50 no-op tasks through BullMQ) and the transfer
// of one segment to and from the bucket. Prints figures; asserts nothing. Needs redis-server.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { createServer } from 'node:net';
import path from 'node:path';
import { resolveConfig } from '../dist/config/resolve-config.js';
import { openNode } from '../dist/node-context.js';
import { kitTemplate } from '../dist/pipeline/providers/embedded/embedded-scene-writer.js';
import { resolveTheme } from '../dist/pipeline/theme/resolve-theme.js';
import { renderScenesMp4 } from '../dist/pipeline/videos/render-job.js';
import { SegmentQueue } from '../dist/queue/segment-queue.js';
import { startSegmentWorker } from '../dist/queue/segment-worker.js';
import { ensureBundle } from '../dist/render/bundle/ensure-bundle.js';
import { RenderPool } from '../dist/render/render-pool.js';
import { compileScene } from '../dist/render/scene-code/compile-scene.js';
import { S3Store } from '../dist/storage/s3-store.js';

const REDIS_SERVER = '/usr/bin/redis-server';
if (!existsSync(REDIS_SERVER)) {
  console.error('bench/scale-out.js needs Debian\'s redis-server: apt-get install redis-server');
  process.exit(1);
}
const BIN = path.resolve('bin/service.js');
const WIDTH = 1280;
const HEIGHT = 720;
const FPS = 30;
const seconds = (started) => (performance.now() - started) / 1000;

function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function startRedis(dir) {
  const port = await freePort();
  const child = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--maxmemory-policy', 'noeviction'], { stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise((resolve) => child.stdout.on('data', (chunk) => String(chunk).includes('Ready to accept') && resolve()));
  return { url: `redis://127.0.0.1:${port}`, child };
}

const work = mkdtempSync(path.join(tmpdir(), 'service-bench-scale-'));
const redis = await startRedis(work);
const S3rver = createRequire(import.meta.url)('s3rver');
const s3server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: path.join(work, 's3'), configureBuckets: [{ name: 'renders', configs: [] }] });
const { port: s3port } = await s3server.run();
const awsEnv = { AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${s3port}`, AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };
const store = new S3Store({ bucket: 'renders', prefix: 'bench', endpoint: awsEnv.AWS_ENDPOINT_URL_S3, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
const ctx = openNode(resolveConfig({ dataDir: path.join(work, 'control'), cacheDir: process.env.SERVICE_CACHE_DIR, logLevel: 'silent' }, {}));
const serveUrl = await ensureBundle(ctx.config.cacheDir);
const children = [redis.child];

/** Starts `service worker` processes and resolves once each takes tasks. */
async function startWorkers(count, run) {
  return Promise.all(
    Array.from({ length: count }, (_, index) => new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [BIN, 'worker', '--name', `w${run}-${index + 1}`], { env: { PATH: process.env.PATH, HOME: process.env.HOME, SERVICE_CACHE_DIR: ctx.config.cacheDir, SERVICE_QUEUE: redis.url, SERVICE_STORE: 's3://renders/bench', ...awsEnv } });
      children.push(child);
      let log = '';
      child.stderr.on('data', (chunk) => {
        log += chunk;
        if (log.includes('taking segment tasks')) resolve(child);
      });
      child.on('exit', (code) => reject(new Error(`worker exited ${code}: ${log}`)));
    })),
  );
}

async function scenes(run) {
  const theme = resolveTheme({ prompt: 'solar', animationStyle: 'corporate-clean' });
  const kinds = [
    ['title', { title: `How solar power reaches your home (${run})`, subtitle: 'From sunlight to the socket' }],
    ['bullets', { heading: `How it works (${run})`, items: ['Panels make direct current', 'An inverter makes it alternating', 'The meter counts the rest'] }],
    ['chart', { chart: 'bar', title: `Solar capacity (${run})`, labels: ['2010', '2015', '2020', '2022'], values: [40, 230, 710, 1200], unit: 'GW' }],
    ['stat', { value: 1500, prefix: '$', suffix: '', decimals: 0, label: `saved each year (${run})` }],
    ['steps', { heading: `Going solar (${run})`, steps: ['Check your roof', 'Get three quotes', 'Book the install'] }],
    ['cta', { message: `Get a quote today (${run})`, action: 'solar.example.com' }],
  ];
  return Promise.all(kinds.map(async ([kind, settings], index) => ({ sceneId: `s${index}`, inputProps: { code: (await compileScene(kitTemplate(kind))).code, theme, settings, assets: {}, width: WIDTH, height: HEIGHT, fps: FPS, durationInFrames: 5 * FPS } })));
}

/** One long scene: a bar chart held on screen for `secondsLong` seconds. */
async function longScene(run, secondsLong) {
  const theme = resolveTheme({ prompt: 'solar', animationStyle: 'corporate-clean' });
  const settings = { chart: 'bar', title: `Solar capacity by year (${run})`, labels: ['2010', '2015', '2020', '2022'], values: [40, 230, 710, 1200], unit: 'GW' };
  return [{ sceneId: 'long', inputProps: { code: (await compileScene(kitTemplate('chart'))).code, theme, settings, assets: {}, width: WIDTH, height: HEIGHT, fps: FPS, durationInFrames: secondsLong * FPS } }];
}

async function timedRender(workerCount, run, sceneList) {
  const workers = await startWorkers(workerCount, run);
  const queue = new SegmentQueue({ url: redis.url });
  const pool = new RenderPool({ remote: { queue, store } });
  const started = performance.now();
  const result = await renderScenesMp4(ctx, pool, { scenes: sceneList ?? (await scenes(run)), shape: { width: WIDTH, height: HEIGHT, fps: FPS }, relativePath: `videos/run${run}/out.mp4`, cacheDir: ctx.config.cacheDir });
  const elapsed = seconds(started);
  await pool.close();
  await queue.close();
  for (const worker of workers) worker.kill('SIGTERM');
  return { elapsed, result };
}

console.log(`machine: ${availableParallelism()} cores (${cpus()[0]?.model ?? 'unknown cpu'}), Node ${process.versions.node}`);
try {
  const frames = 6 * 5 * FPS;
  const one = await timedRender(1, 1);
  const two = await timedRender(2, 2);
  console.log(`video: 30 s at ${WIDTH}x${HEIGHT}, ${frames} frames, 6 scenes, one task per scene`);
  console.log(`one worker    ${one.elapsed.toFixed(1).padStart(6)} s   ${(frames / one.elapsed).toFixed(1)} frames/s`);
  console.log(`two workers   ${two.elapsed.toFixed(1).padStart(6)} s   ${(frames / two.elapsed).toFixed(1)} frames/s   (${(one.elapsed / two.elapsed).toFixed(2)}x; they share ${availableParallelism()} cores here)`);

  // One long scene on two workers: whole (one task) against split into frame ranges (one per idle worker: two).
  const longSeconds = 16;
  process.env.SERVICE_SEGMENT_RANGE_SECONDS = String(longSeconds);
  const whole = await timedRender(2, 3, await longScene(3, longSeconds));
  process.env.SERVICE_SEGMENT_RANGE_SECONDS = '4';
  const split = await timedRender(2, 4, await longScene(4, longSeconds));
  delete process.env.SERVICE_SEGMENT_RANGE_SECONDS;
  const longFrames = longSeconds * FPS;
  console.log(`one ${longSeconds} s scene, two workers, one task        ${whole.elapsed.toFixed(1).padStart(6)} s   ${(longFrames / whole.elapsed).toFixed(1)} frames/s`);
  console.log(`the same split into 2 frame ranges                ${split.elapsed.toFixed(1).padStart(6)} s   ${(longFrames / split.elapsed).toFixed(1)} frames/s   (${(whole.elapsed / split.elapsed).toFixed(2)}x; workers ${Object.values(split.result.workers ?? {}).join(' ')})`);

  // Queue overhead: 50 no-op tasks through BullMQ, one in-process worker.
  const queue = new SegmentQueue({ url: redis.url, prefix: 'overhead' });
  const noop = startSegmentWorker({ url: redis.url, prefix: 'overhead', name: 'noop', process: async () => ({ segmentKeys: [], capturedFrames: 0, heldFrames: 0 }) });
  const tasks = Array.from({ length: 50 }, (_, batch) => ({ videoKey: 'overhead/1', batch, kitVersion: 'x', shape: { width: 1, height: 1, fps: 1 }, scenes: [{ sceneId: `s${batch}`, propsKey: `p${batch}`, segmentKey: `k${batch}`, frames: 1 }] }));
  const queueStarted = performance.now();
  await queue.render(tasks);
  const perTaskMs = (performance.now() - queueStarted) / tasks.length;
  await noop.close();
  await queue.close();

  // Transfer: one of the segments up to the bucket and back.
  const segmentsDir = path.join(ctx.filesDir, 'segments');
  const { readdirSync } = await import('node:fs');
  const segment = path.join(segmentsDir, readdirSync(segmentsDir).find((name) => name.endsWith('.mp4')));
  const bytes = statSync(segment).size;
  const upStarted = performance.now();
  await store.putFile('bench-transfer/segment.mp4', segment, 'video/mp4');
  const upMs = performance.now() - upStarted;
  const downStarted = performance.now();
  await store.getFile('bench-transfer/segment.mp4', path.join(work, 'back.mp4'));
  const downMs = performance.now() - downStarted;
  if (!readFileSync(path.join(work, 'back.mp4')).equals(readFileSync(segment))) throw new Error('the segment came back different');
  console.log(`queue overhead per task (50 no-op tasks, add to result)   ${perTaskMs.toFixed(1)} ms`);
  console.log(`one segment (${(bytes / 1e6).toFixed(2)} MB) to the bucket and back           ${upMs.toFixed(0)} ms up, ${downMs.toFixed(0)} ms down`);
} finally {
  for (const child of children) child.kill('SIGKILL');
  await s3server.close();
  ctx.close();
  rmSync(work, { recursive: true, force: true });
}
