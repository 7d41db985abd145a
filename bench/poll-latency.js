#!/usr/bin/env node
// Latency of `GET /v1/videos/{id}` through the real listening server on loopback while the same
// process works a video job (1280x720, 20 s by default), per phase of the job, against the idle
// baseline measured first in the same run (the job queued, the engine not yet started). Pollers run
// in a worker thread, so a blocked server event loop shows as latency rather than delaying the
// clock that measures it. Also prints, per phase, its length, the server thread's event-loop delay
// (perf_hooks.monitorEventLoopDelay) and its longest garbage-collection pause. Prints figures and
// ratios; asserts nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { createAccount } from '../dist/accounts/accounts.js';
import { createApiKey } from '../dist/accounts/api-keys.js';
import { resolveConfig } from '../dist/config/resolve-config.js';
import { openNode } from '../dist/node-context.js';
import { startRuntime } from '../dist/node-runtime.js';
import { createVideo } from '../dist/pipeline/videos/create-video.js';
import { ensureBundle } from '../dist/render/bundle/ensure-bundle.js';
import { buildApp } from '../dist/server/app.js';

const WIDTH = Number(process.env.BENCH_WIDTH ?? 1280);
const HEIGHT = Number(process.env.BENCH_HEIGHT ?? 720);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const POLLERS = Number(process.env.BENCH_POLLERS ?? 20);
/** Polls per second of each poller. */
const RATE = Number(process.env.BENCH_POLL_RATE ?? 5);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 8);
/** `warm`: the compositions bundle is built before the job; `cold`: the job builds it while generating, as a first job after an install or a kit change does. */
const KIT = process.env.BENCH_KIT ?? 'warm';
const PROMPT =
  'How coffee gets from farm to cup. Cherries are picked, dried and hulled. Beans are roasted at about 200 degrees. Grinding and brewing release the flavor. 2.25 billion cups are drunk every day. Find a local roaster.';
const PHASES = ['idle', 'planning', 'generating', 'finishing', 'rendering'];

// The pollers: each sends one GET, waits for the answer, then waits for its next tick.
const POLLER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, authorization, pollers, rate } = workerData;
let running = true;
const samples = [];
parentPort.on('message', (message) => { if (message === 'stop') running = false; });
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
async function poller(offset) {
  const period = 1000 / rate;
  await sleep(offset);
  let next = performance.now();
  while (running) {
    const started = performance.now();
    const response = await fetch(url, { headers: { authorization } });
    const body = await response.json();
    const ms = performance.now() - started;
    if (response.status !== 200) throw new Error('poll answered ' + response.status + ': ' + JSON.stringify(body));
    samples.push([body.status === 'processing' ? body.phase : body.status, ms]);
    next += period;
    await sleep(Math.max(0, next - performance.now()));
  }
}
Promise.all(Array.from({ length: pollers }, (_, i) => poller((i * 1000) / rate / pollers))).then(
  () => parentPort.postMessage({ samples }),
  (error) => parentPort.postMessage({ error: String(error && error.stack || error) }),
);
`;

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const phaseOf = (status, phase) => (status === 'queued' ? 'idle' : status === 'processing' ? phase : status);

const dataDir = mkdtempSync(path.join(tmpdir(), 'service-bench-poll-'));
// A warm bundle is kept between runs (building it takes a minute); a cold one starts from nothing.
const cacheDir = KIT === 'cold' ? mkdtempSync(path.join(tmpdir(), 'service-bench-cold-')) : (process.env.SERVICE_CACHE_DIR ?? path.join(tmpdir(), 'service-bench-cache'));
const ctx = openNode(resolveConfig({ dataDir, cacheDir, logLevel: 'silent' }, {}));
const runtime = startRuntime(ctx, { resume: false });
// The limiter stays in the path, but each request lands in a new window so the pollers are not refused.
let clock = 0;
let app;
try {
  app = await buildApp({ ctx, services: runtime, rateLimit: { now: () => (clock += 61_000) } });
  if (KIT === 'warm') await ensureBundle(cacheDir);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${app.server.address().port}`;
  const account = await createAccount(ctx, { name: 'Bench', email: 'bench@example.com', plan: 'ultimate', credits: 1000 });
  const { key } = createApiKey(ctx, { accountId: account.id });
  // Queued but not yet given to the engine: the idle baseline polls this job.
  const answer = await createVideo(
    ctx,
    { account: ctx.accounts.get(account.id), key: null },
    { prompt: PROMPT, dimensions: { width: WIDTH, height: HEIGHT }, duration: SECONDS, render: true },
    { enqueue: () => undefined },
  );
  const id = answer.body.id;

  // The server thread's event-loop delay and garbage-collection pauses, per phase.
  const loop = {};
  let current = 'idle';
  let phaseStarted = performance.now();
  const gc = {};
  const gcWatch = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gc[current] = Math.max(gc[current] ?? 0, entry.duration);
  });
  gcWatch.observe({ entryTypes: ['gc'] });
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const phaseWatch = setInterval(() => {
    const row = ctx.videos.get(id);
    const now = phaseOf(row.status, row.phase);
    if (now === current) return;
    loop[current] = { p99: histogram.percentile(99) / 1e6, max: histogram.max / 1e6, seconds: (performance.now() - phaseStarted) / 1000 };
    histogram.reset();
    phaseStarted = performance.now();
    current = now;
  }, 50);

  const worker = new Worker(POLLER_SOURCE, {
    eval: true,
    workerData: { url: `${base}/v1/videos/${id}`, authorization: `Bearer ${key}`, pollers: POLLERS, rate: RATE },
  });
  const result = new Promise((resolve, reject) => {
    worker.once('message', (message) => (message.error ? reject(new Error(message.error)) : resolve(message.samples)));
    worker.once('error', reject);
  });

  await sleep(IDLE_SECONDS * 1000);
  const started = performance.now();
  runtime.engine.enqueue(id);
  await runtime.engine.idle();
  const jobSeconds = (performance.now() - started) / 1000;
  await sleep(500);
  worker.postMessage('stop');
  const samples = await result;
  await worker.terminate();
  clearInterval(phaseWatch);
  histogram.disable();
  gcWatch.disconnect();

  const job = ctx.videos.get(id);
  if (job.status !== 'completed') throw new Error(`bench job ended ${job.status}: ${job.error_message}`);
  const byPhase = new Map();
  for (const [phase, ms] of samples) byPhase.set(phaseOf(phase, phase), [...(byPhase.get(phaseOf(phase, phase)) ?? []), ms]);
  const stats = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    return { n: sorted.length, p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), p99: percentile(sorted, 0.99), max: sorted[sorted.length - 1] };
  };
  const idle = stats(byPhase.get('idle') ?? [0]);

  console.log(`machine: ${availableParallelism()} cores (${cpus()[0]?.model ?? 'unknown cpu'}), Node ${process.versions.node}`);
  console.log(`job: ${SECONDS} s at ${WIDTH}x${HEIGHT}, ${job.scenes_committed} scenes, create -> completed ${jobSeconds.toFixed(1)} s, bundle ${KIT}`);
  console.log(`${POLLERS} pollers x ${RATE}/s of GET /v1/videos/{id}, loopback; latency in ms; event loop = the server thread's delay`);
  console.log(`${'phase'.padEnd(11)} ${'s'.padStart(5)} ${'polls'.padStart(6)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'p99'.padStart(7)} ${'max'.padStart(7)}  p99/idle  loop p99  loop max  gc max`);
  for (const phase of PHASES) {
    const values = byPhase.get(phase);
    if (!values) continue;
    const s = stats(values);
    const l = loop[phase];
    const cell = (value, width) => (value === undefined ? '-' : value.toFixed(1)).padStart(width);
    console.log(
      `${phase.padEnd(11)} ${cell(l?.seconds, 5)} ${String(s.n).padStart(6)} ${cell(s.p50, 7)} ${cell(s.p95, 7)} ${cell(s.p99, 7)} ${cell(s.max, 7)}  ${(s.p99 / idle.p99).toFixed(2).padStart(7)}x ${cell(l?.p99, 8)} ${cell(l?.max, 8)} ${cell(gc[phase], 7)}`,
    );
  }
} finally {
  await app?.close();
  await runtime.stop();
  ctx.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (KIT === 'cold') rmSync(cacheDir, { recursive: true, force: true });
}
