#!/usr/bin/env node
// What an edit costs against the video it edits, in one run: a 6-scene job is built and rendered,
// then edited ("change the text of scene 1 to …"). The edit job remakes only that scene and reuses
// the other segments, so its render should take a fraction of the source's. Prints the source's and
// the edit's times (whole job, and the rendering phase alone, timed by polling the job's status every
// 50 ms) and their ratios; asserts nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { createAccount } from '../dist/accounts/accounts.js';
import { resolveConfig } from '../dist/config/resolve-config.js';
import { openNode } from '../dist/node-context.js';
import { startRuntime } from '../dist/node-runtime.js';
import { createEdit } from '../dist/pipeline/edit/create-edit.js';
import { createVideo } from '../dist/pipeline/videos/create-video.js';
import { ensureBundle } from '../dist/render/bundle/ensure-bundle.js';

const WIDTH = Number(process.env.BENCH_WIDTH ?? 1280);
const HEIGHT = Number(process.env.BENCH_HEIGHT ?? 720);
const PROMPT =
  'Our coffee subscription. Beans ship every two weeks. You pick the roast. You can pause anytime. Shipping is free on orders over $30. 4,000 people subscribe in 12 countries. The average subscriber stays for 14 months. Sign up at beans.example.com';

const dataDir = mkdtempSync(path.join(tmpdir(), 'service-bench-edit-'));
const ctx = openNode(resolveConfig({ dataDir, cacheDir: process.env.SERVICE_CACHE_DIR, logLevel: 'silent' }, {}));
const runtime = startRuntime(ctx, { resume: false });

/** Runs a queued job to its end, timing the whole job and its rendering phase. */
async function timed(id) {
  const started = performance.now();
  let renderStarted;
  for (;;) {
    const row = ctx.videos.get(id);
    if (row.status === 'rendering' && renderStarted === undefined) renderStarted = performance.now();
    if (row.status === 'completed' || row.status === 'failed' || row.status === 'canceled') {
      if (row.status !== 'completed') throw new Error(`bench job ${id} ended ${row.status}: ${row.error_message}`);
      const ended = performance.now();
      return { total: (ended - started) / 1000, render: (ended - (renderStarted ?? ended)) / 1000, scenes: row.scenes_committed };
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

try {
  await ensureBundle(ctx.config.cacheDir);
  const account = await createAccount(ctx, { name: 'Bench', email: 'bench@example.com', plan: 'ultimate', credits: 1000 });
  const principal = { account: ctx.accounts.get(account.id), key: null };
  const enqueue = (id) => runtime.engine.enqueue(id);
  const source = await createVideo(ctx, principal, { prompt: PROMPT, dimensions: { width: WIDTH, height: HEIGHT }, duration: 36, render: true }, { enqueue });
  const first = await timed(source.body.id);
  const edit = await createEdit(ctx, principal, source.body.id, { prompt: 'change the text of scene 1 to Fresh beans, every two weeks', render: true }, { enqueue });
  const second = await timed(edit.body.id);
  const reused = JSON.parse(ctx.videos.get(edit.body.id).options).edit.reused.length;

  console.log(`machine: ${availableParallelism()} cores (${cpus()[0]?.model ?? 'unknown cpu'}), Node ${process.versions.node}`);
  console.log(`video: 36 s at ${WIDTH}x${HEIGHT}, ${first.scenes} scenes; the edit changes scene 1's text and reuses ${reused} scenes`);
  console.log(`source job: create -> completed   ${first.total.toFixed(1).padStart(7)} s   rendering ${first.render.toFixed(1).padStart(6)} s`);
  console.log(`edit job:   create -> completed   ${second.total.toFixed(1).padStart(7)} s   rendering ${second.render.toFixed(1).padStart(6)} s`);
  console.log(`ratio edit / source               ${(second.total / first.total).toFixed(2).padStart(7)}x     rendering ${(second.render / first.render).toFixed(2).padStart(5)}x`);
} finally {
  await runtime.stop();
  ctx.close();
  rmSync(dataDir, { recursive: true, force: true });
}
