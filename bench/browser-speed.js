#!/usr/bin/env node
// Which headless browser renders faster here: the same segment (a 10 s 1280x720 list scene,
// 300 frames) and the same 12 stills, rendered with Debian's chromium-headless-shell (baseline)
// and with the Chromium shipped in the @sparticuz/chromium npm package, alternating, in one
// invocation. Prints seconds, frames per second and the ratio; asserts nothing. The browser the
// node prefers when both are present follows from these figures (src/render/browser/find-browser.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { BUNDLED, browserVersion, findBrowser } from '../dist/render/browser/find-browser.js';
import { unpackBundledBrowser } from '../dist/render/browser/bundled-browser.js';
import { ensureBundle } from '../dist/render/bundle/ensure-bundle.js';
import { RenderPool } from '../dist/render/render-pool.js';
import { requireFfmpeg } from '../dist/render/ffmpeg/run-ffmpeg.js';
import { listSceneProps } from './list-scene.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const FRAMES = 300;
const dir = mkdtempSync(path.join(tmpdir(), 'service-bench-browser-'));
const system = findBrowser(undefined, { bundled: undefined });
const bundled = findBrowser(BUNDLED);
if (system?.source !== 'system-headless-shell' || !bundled) {
  console.log('needs both Debian\'s chromium-headless-shell and the bundled Chromium (Linux x64); skipping');
  process.exit(0);
}
const unpackStarted = performance.now();
if (bundled.unpackFrom) await unpackBundledBrowser({ archive: bundled.unpackFrom, executable: bundled.executable });
const unpackSeconds = (performance.now() - unpackStarted) / 1000;

const serveUrl = await ensureBundle(process.env.SERVICE_CACHE_DIR ?? path.join(tmpdir(), 'service-bench-cache'));
const inputProps = await listSceneProps(FRAMES);

const browsers = [
  { name: `Debian headless shell (${browserVersion(system)})`, executable: system.executable, totals: { segment: 0, stills: 0 } },
  { name: `bundled @sparticuz/chromium (${browserVersion({ ...bundled, unpackFrom: undefined })})`, executable: BUNDLED, totals: { segment: 0, stills: 0 } },
];
const pools = browsers.map((browser) => new RenderPool({ size: 1, browserExecutable: browser.executable }));
try {
  for (const [index, pool] of pools.entries()) {
    // Warm each browser and page once (launch, bundle load, fonts).
    await pool.run({ type: 'stills', serveUrl, inputProps, frames: [0], outputPaths: [path.join(dir, `warm-${index}.jpeg`)], imageFormat: 'jpeg' });
  }
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [index, pool] of pools.entries()) {
      const totals = browsers[index].totals;
      let started = performance.now();
      await pool.run({ type: 'segment', ffmpeg: requireFfmpeg().ffmpeg, serveUrl, inputProps, outputPath: path.join(dir, `segment-${index}-${round}.mp4`) });
      totals.segment += (performance.now() - started) / 1000;
      const frames = Array.from({ length: 12 }, (_, i) => i * 25);
      started = performance.now();
      await pool.run({ type: 'stills', serveUrl, inputProps, frames, outputPaths: frames.map((f) => path.join(dir, `still-${index}-${round}-${f}.jpeg`)), imageFormat: 'jpeg' });
      totals.stills += (performance.now() - started) / 1000;
    }
  }
  const [baseline, candidate] = browsers;
  console.log(`machine: ${availableParallelism()} cores (${cpus()[0]?.model ?? 'unknown cpu'}), ${ROUNDS} rounds alternating`);
  console.log(`bundled browser unpacked in ${unpackSeconds.toFixed(1)} s (0 when already unpacked)`);
  for (const browser of browsers) {
    const segment = browser.totals.segment / ROUNDS;
    console.log(`${browser.name.padEnd(58)} segment ${segment.toFixed(2)} s (${(FRAMES / segment).toFixed(1)} frames/s), 12 stills ${(browser.totals.stills / ROUNDS).toFixed(2)} s`);
  }
  console.log(`ratio bundled / Debian: segment ${(candidate.totals.segment / baseline.totals.segment).toFixed(2)}x, stills ${(candidate.totals.stills / baseline.totals.stills).toFixed(2)}x`);
} finally {
  await Promise.all(pools.map((pool) => pool.close()));
  rmSync(dir, { recursive: true, force: true });
}
