#!/usr/bin/env node
// Seconds from create to completed for a 30 s 1280x720 video through the whole job path, and
// frames rendered per second, against a baseline in the same run: the same 900 frames rendered
// as one plain Remotion render of a single scene, every frame captured (no planning, no scene
// checks, no held frames, no segments, no concat). Prints figures, ratios and the machine's core
// count; asserts nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { createAccount } from '../dist/accounts/accounts.js';
import { resolveConfig } from '../dist/config/resolve-config.js';
import { openNode } from '../dist/node-context.js';
import { startRuntime } from '../dist/node-runtime.js';
import { createVideo } from '../dist/pipeline/videos/create-video.js';
import { EmbeddedSceneWriter } from '../dist/pipeline/providers/embedded/embedded-scene-writer.js';
import { resolveTheme } from '../dist/pipeline/theme/resolve-theme.js';
import { ensureBundle } from '../dist/render/bundle/ensure-bundle.js';
import { requireFfmpeg } from '../dist/render/ffmpeg/run-ffmpeg.js';
import { compileScene } from '../dist/render/scene-code/compile-scene.js';

const WIDTH = Number(process.env.BENCH_WIDTH ?? 1280);
const HEIGHT = Number(process.env.BENCH_HEIGHT ?? 720);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const PROMPT =
  'How coffee gets from farm to cup. Cherries are picked, dried and hulled. Beans are roasted at about 200 degrees. Grinding and brewing release the flavor. 2.25 billion cups are drunk every day. Find a local roaster.';

const dataDir = mkdtempSync(path.join(tmpdir(), 'service-bench-video-'));
const ctx = openNode(resolveConfig({ dataDir, cacheDir: process.env.SERVICE_CACHE_DIR, logLevel: 'silent' }, {}));
const runtime = startRuntime(ctx, { resume: false });
try {
  const bundleStarted = performance.now();
  const serveUrl = await ensureBundle(ctx.config.cacheDir);
  const bundleSeconds = (performance.now() - bundleStarted) / 1000;

  // Baseline: one scene, one plain render of the same length and size.
  const { code } = await compileScene(await new EmbeddedSceneWriter().writeScene({ scene: { kind: 'title' }, position: 0, sceneCount: 1 }));
  const frames = Math.round(SECONDS * 30);
  const baselineStarted = performance.now();
  await runtime.pool.run({
    type: 'segment',
    ffmpeg: requireFfmpeg().ffmpeg,
    captureAll: true,
    serveUrl,
    inputProps: { code, theme: resolveTheme({ prompt: PROMPT }), settings: { title: 'How coffee gets from farm to cup', subtitle: 'A baseline scene' }, assets: {}, width: WIDTH, height: HEIGHT, fps: 30, durationInFrames: frames },
    outputPath: path.join(dataDir, 'baseline.mp4'),
  });
  const baselineSeconds = (performance.now() - baselineStarted) / 1000;

  // The job path: create -> plan -> scenes (written, checked, test-rendered) -> render -> completed.
  const account = await createAccount(ctx, { name: 'Bench', email: 'bench@example.com', plan: 'ultimate', credits: 1000 });
  const started = performance.now();
  const answer = await createVideo(ctx, { account: ctx.accounts.get(account.id), key: null }, { prompt: PROMPT, dimensions: { width: WIDTH, height: HEIGHT }, duration: SECONDS, render: true }, { enqueue: (id) => runtime.engine.enqueue(id) });
  await runtime.engine.idle();
  const jobSeconds = (performance.now() - started) / 1000;
  const job = ctx.videos.get(answer.body.id);
  if (job.status !== 'completed') throw new Error(`bench job ended ${job.status}: ${job.error_message}`);

  console.log(`machine: ${availableParallelism()} cores (${cpus()[0]?.model ?? 'unknown cpu'}), Node ${process.versions.node}`);
  console.log(`video: ${SECONDS} s at ${WIDTH}x${HEIGHT}, 30 fps = ${frames} frames; ${job.scenes_committed} scenes`);
  console.log(`bundle (cached after the first run)       ${bundleSeconds.toFixed(1).padStart(7)} s`);
  console.log(`baseline: one plain render of ${frames} frames ${baselineSeconds.toFixed(1).padStart(7)} s   ${(frames / baselineSeconds).toFixed(1)} frames/s`);
  console.log(`job: create -> completed                  ${jobSeconds.toFixed(1).padStart(7)} s   ${(frames / jobSeconds).toFixed(1)} frames/s overall`);
  console.log(`ratio job / baseline                      ${(jobSeconds / baselineSeconds).toFixed(2).padStart(7)}x`);
} finally {
  await runtime.stop();
  ctx.close();
  rmSync(dataDir, { recursive: true, force: true });
}
