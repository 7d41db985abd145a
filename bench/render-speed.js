#!/usr/bin/env node
// Render speed against stock Remotion, in one run on one machine. A fixed 30 s 1920x1080 six-scene
// explainer (title, list, bar chart, counter, steps, call to action; a drifting gradient background)
// is rendered twice: once as stock Remotion would (one `renderMedia` of the scenes in one
// composition: headless shell, concurrency = cores, default encoder settings), and once through the
// node's own render path (segments, held frames). Prints both frames/s, the ratio, the share of
// frames captured and held, and the SSIM of the node's MP4 against the stock one. Then the whole
// job at 1280x720 (create to completed, narration and music on) against the video's length.
// Asserts nothing. BENCH_PART=render|job runs one half.
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { renderMedia, selectComposition } from '@remotion/renderer';
import { createAccount } from '../dist/accounts/accounts.js';
import { resolveConfig } from '../dist/config/resolve-config.js';
import { openNode } from '../dist/node-context.js';
import { startRuntime } from '../dist/node-runtime.js';
import { kitTemplate } from '../dist/pipeline/providers/embedded/embedded-scene-writer.js';
import { resolveTheme } from '../dist/pipeline/theme/resolve-theme.js';
import { createVideo } from '../dist/pipeline/videos/create-video.js';
import { renderScenesMp4 } from '../dist/pipeline/videos/render-job.js';
import { findBrowser } from '../dist/render/browser/find-browser.js';
import { ensureBundle } from '../dist/render/bundle/ensure-bundle.js';
import { requireFfmpeg } from '../dist/render/ffmpeg/run-ffmpeg.js';
import { videoSsim } from '../dist/render/quality/ssim.js';
import { RenderPool } from '../dist/render/render-pool.js';
import { compileScene } from '../dist/render/scene-code/compile-scene.js';

const WIDTH = Number(process.env.BENCH_WIDTH ?? 1920);
const HEIGHT = Number(process.env.BENCH_HEIGHT ?? 1080);
const FPS = 30;
const PART = process.env.BENCH_PART ?? 'all';
/** Every SSIM_EVERY-th frame is compared (all of them would hold two decoded videos in memory). */
const SSIM_EVERY = 3;

/** The explainer: six kit scenes of five seconds. */
const SCENES = [
  ['title', { title: 'How solar power reaches your home', subtitle: 'From sunlight to the socket' }],
  ['bullets', { heading: 'How it works', items: ['Panels turn sunlight into direct current', 'An inverter makes it alternating current', 'The meter counts what goes back to the grid'] }],
  ['chart', { chart: 'bar', title: 'Solar capacity worldwide', labels: ['2010', '2015', '2020', '2022'], values: [40, 230, 710, 1200], unit: 'GW' }],
  ['stat', { value: 1500, prefix: '$', suffix: '', decimals: 0, label: 'saved by a home system each year' }],
  ['steps', { heading: 'Going solar', steps: ['Check your roof', 'Get three quotes', 'Book the install'] }],
  ['cta', { message: 'Get a quote today', action: 'solar.example.com' }],
];
const SCENE_SECONDS = 5;

const dataDir = mkdtempSync(path.join(tmpdir(), 'service-bench-render-'));
const ctx = openNode(resolveConfig({ dataDir, cacheDir: process.env.SERVICE_CACHE_DIR, logLevel: 'silent' }, {}));
const cores = availableParallelism();
const seconds = (started) => (performance.now() - started) / 1000;
const pad = (value, width = 7) => String(value).padStart(width);

console.log(`machine: ${cores} cores (${cpus()[0]?.model ?? 'unknown cpu'}), Node ${process.versions.node}`);
try {
  const serveUrl = await ensureBundle(ctx.config.cacheDir);
  const ffmpeg = requireFfmpeg(ctx.config.ffmpegPath);
  if (PART !== 'job') await renderPart(serveUrl, ffmpeg);
  if (PART !== 'render') await jobPart();
} finally {
  ctx.close();
  rmSync(dataDir, { recursive: true, force: true });
}

async function renderPart(serveUrl, ffmpeg) {
  const theme = resolveTheme({ prompt: 'solar', animationStyle: 'corporate-clean' });
  const scenes = [];
  for (const [kind, settings] of SCENES) {
    const { code } = await compileScene(kitTemplate(kind));
    scenes.push({ code, theme, settings, assets: {}, durationInFrames: SCENE_SECONDS * FPS });
  }
  const frames = scenes.reduce((sum, scene) => sum + scene.durationInFrames, 0);
  const browser = findBrowser(ctx.config.browserExecutable);
  console.log(`video: ${frames / FPS} s at ${WIDTH}x${HEIGHT}, ${FPS} fps = ${frames} frames, ${scenes.length} scenes; browser ${browser.executable}`);

  // Stock: the scenes in one composition, one renderMedia, stock settings.
  const stockFile = path.join(dataDir, 'stock.mp4');
  const inputProps = { ...scenes[0], scenes, width: WIDTH, height: HEIGHT, fps: FPS, durationInFrames: frames };
  const stockStarted = performance.now();
  const browserOptions = { browserExecutable: browser.executable, chromeMode: browser.chromeMode, logLevel: 'error' };
  const composition = await selectComposition({ serveUrl, id: 'timeline', inputProps, ...browserOptions });
  await renderMedia({ serveUrl, composition, inputProps, codec: 'h264', outputLocation: stockFile, concurrency: cores, ...browserOptions });
  const stockSeconds = seconds(stockStarted);

  // The node: its render path, from a cold pool (workers and browsers started inside the timing).
  const pool = new RenderPool({ size: ctx.config.renderWorkers, browserExecutable: ctx.config.browserExecutable });
  let captured = 0;
  let held = 0;
  const nodeStarted = performance.now();
  try {
    await renderScenesMp4(ctx, pool, {
      scenes: scenes.map((scene, index) => ({ sceneId: `s${index}`, inputProps: { code: scene.code, theme, settings: scene.settings, assets: {}, width: WIDTH, height: HEIGHT, fps: FPS, durationInFrames: scene.durationInFrames } })),
      shape: { width: WIDTH, height: HEIGHT, fps: FPS },
      relativePath: 'node.mp4',
      cacheDir: ctx.config.cacheDir,
      onProgress: (_progress, _rendered, _total, detail) => {
        if (detail) ({ captured, held } = detail);
      },
    });
  } finally {
    await pool.close();
  }
  const nodeSeconds = seconds(nodeStarted);

  const scores = await videoSsim(ffmpeg, stockFile, path.join(ctx.filesDir, 'node.mp4'), WIDTH, HEIGHT, Array.from({ length: Math.ceil(frames / SSIM_EVERY) }, (_, i) => i * SSIM_EVERY));
  const mean = scores.reduce((sum, score) => sum + score.ssim, 0) / scores.length;
  const worst = scores.reduce((low, score) => (score.ssim < low.ssim ? score : low), scores[0]);

  console.log(`stock Remotion renderMedia          ${pad(stockSeconds.toFixed(1))} s   ${pad((frames / stockSeconds).toFixed(1), 6)} frames/s`);
  console.log(`the node's render path              ${pad(nodeSeconds.toFixed(1))} s   ${pad((frames / nodeSeconds).toFixed(1), 6)} frames/s`);
  console.log(`ratio node / stock (frames/s)       ${pad((stockSeconds / nodeSeconds).toFixed(2))}x`);
  if (captured + held > 0) console.log(`frames captured / held              ${pad(captured)} / ${held}   (${((100 * captured) / (captured + held)).toFixed(0)}% captured)`);
  console.log(`SSIM node vs stock (every ${SSIM_EVERY}rd frame)  mean ${mean.toFixed(4)}, lowest ${worst.ssim.toFixed(4)} at frame ${worst.frame} (${scores.length} frames)`);
}

async function jobPart() {
  const runtime = startRuntime(ctx, { resume: false });
  try {
    const account = await createAccount(ctx, { name: 'Bench', email: 'bench@example.com', plan: 'ultimate', credits: 1000 });
    const prompt =
      'Explain how solar power reaches your home. Panels turn sunlight into direct current. An inverter changes it to alternating current. The meter counts what you send back to the grid. A home system saves about 1,500 dollars a year. Get a quote today.';
    const started = performance.now();
    const answer = await createVideo(ctx, { account: ctx.accounts.get(account.id), key: null }, { prompt, dimensions: { width: 1280, height: 720 }, duration: 30, render: true, narration: true, music: true }, { enqueue: (id) => runtime.engine.enqueue(id) });
    await runtime.engine.idle();
    const jobSeconds = seconds(started);
    const job = ctx.videos.get(answer.body.id);
    if (job.status !== 'completed') throw new Error(`bench job ended ${job.status}: ${job.error_message}`);
    const length = job.duration_seconds ?? 30;
    console.log(`whole job at 1280x720 (narration and music on): ${job.scenes_committed} scenes, ${length.toFixed(1)} s of video`);
    console.log(`create -> completed                 ${pad(jobSeconds.toFixed(1))} s   ${pad((jobSeconds / length).toFixed(2), 6)}x real time`);
  } finally {
    await runtime.stop();
  }
}
