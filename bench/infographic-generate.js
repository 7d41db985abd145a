#!/usr/bin/env node
// How long a synchronous infographic generate takes (plan, settings, scene code, test render of
// three frames with the layout audit), against a baseline in the same run: the bare test render
// of the same scene code and settings (no planning, no database, no request checks). Measured
// idle, and again while a long routine render holds the only regular worker (the generate then
// takes the pool's spare worker). Prints seconds and ratios; asserts nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { createAccount } from '../dist/accounts/accounts.js';
import { resolveConfig } from '../dist/config/resolve-config.js';
import { openNode } from '../dist/node-context.js';
import { startRuntime } from '../dist/node-runtime.js';
import { generateInfographic } from '../dist/pipeline/infographics/generate-infographic.js';
import { EmbeddedSceneWriter } from '../dist/pipeline/providers/embedded/embedded-scene-writer.js';
import { ensureBundle } from '../dist/render/bundle/ensure-bundle.js';
import { compileScene } from '../dist/render/scene-code/compile-scene.js';
import { requireFfmpeg } from '../dist/render/ffmpeg/run-ffmpeg.js';
import { testRenderScene } from '../dist/render/scene-code/test-render-scene.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PROMPT = 'How teams ship software. 62% of teams ship weekly. 48% of teams ship daily. 35% of teams ship on every merge.';
const dataDir = mkdtempSync(path.join(tmpdir(), 'service-bench-infographic-'));
const ctx = openNode(resolveConfig({ dataDir, cacheDir: process.env.SERVICE_CACHE_DIR, logLevel: 'silent' }, {}));
const runtime = startRuntime(ctx, { resume: false });
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const seconds = async (run) => {
  const started = performance.now();
  const result = await run();
  return { seconds: (performance.now() - started) / 1000, result };
};
try {
  const serveUrl = await ensureBundle(ctx.config.cacheDir);
  const account = await createAccount(ctx, { name: 'Bench', email: 'bench@example.com', plan: 'ultimate', credits: 1000 });
  const principal = { account: ctx.accounts.get(account.id), key: null };
  const services = { pool: runtime.pool, cacheDir: ctx.config.cacheDir };
  const generate = () => generateInfographic(ctx, principal, { prompt: PROMPT }, services);

  const cold = await seconds(generate);
  const version = cold.result.body.version;
  const source = await new EmbeddedSceneWriter().writeScene({ scene: { kind: 'infographic' }, position: 0, sceneCount: 1 });
  const props = { theme: JSON.parse(ctx.infographics.getVersion(version.versionId).theme), settings: version.settings, assets: {}, width: 1280, height: 720, fps: 30, durationInFrames: 450 };
  const dir = mkdtempSync(path.join(tmpdir(), 'service-bench-stills-'));
  const baseline = [];
  const warm = [];
  for (let i = 0; i < RUNS; i += 1) {
    baseline.push((await seconds(() => testRenderScene(runtime.pool, ctx.config.cacheDir, source, props, dir, { name: `b${i}` }))).seconds);
    warm.push((await seconds(generate)).seconds);
  }

  // Busy: a 20 s 1280x720 render holds the only regular worker while generates run.
  const { code } = await compileScene(await new EmbeddedSceneWriter().writeScene({ scene: { kind: 'title' }, position: 0, sceneCount: 1 }));
  const long = runtime.pool.run({ type: 'segment', ffmpeg: requireFfmpeg().ffmpeg, serveUrl, inputProps: { ...props, code, settings: { title: 'A long render' }, durationInFrames: 600 }, outputPath: path.join(dir, 'long.mp4') });
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const busy = [];
  for (let i = 0; i < 3; i += 1) busy.push((await seconds(generate)).seconds);
  const longSeconds = (await seconds(() => long)).seconds;
  rmSync(dir, { recursive: true, force: true });

  const b = median(baseline);
  console.log(`machine: ${availableParallelism()} cores; infographic 1280x720, 15 s, ${version.settings.visual} of ${Object.keys(version.settings).filter((k) => /^item\d+Label$/.test(k)).length} items`);
  console.log(`baseline: bare test render (3 stills, audited)   median ${b.toFixed(2)} s of ${RUNS}`);
  console.log(`generate, first (starts the browser)             ${cold.seconds.toFixed(2)} s`);
  console.log(`generate, warm                                   median ${median(warm).toFixed(2)} s of ${RUNS}   ratio ${(median(warm) / b).toFixed(2)}x`);
  console.log(`generate while a 20 s render runs (spare worker) median ${median(busy).toFixed(2)} s of 3      ratio ${(median(busy) / b).toFixed(2)}x (the render had ${longSeconds.toFixed(1)} s left)`);
} finally {
  await runtime.stop();
  ctx.close();
  rmSync(dataDir, { recursive: true, force: true });
}
