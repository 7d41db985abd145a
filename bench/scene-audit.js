#!/usr/bin/env node
// What the in-page layout audit costs a scene's test render: the same stills rendered with the
// audit off (baseline) and on, in one invocation, for a text-heavy list scene at 1280x720.
// Prints seconds per still and the ratio; asserts nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { ensureBundle } from '../dist/render/bundle/ensure-bundle.js';
import { RenderPool } from '../dist/render/render-pool.js';
import { listSceneProps } from './list-scene.js';

const STILLS = Number(process.env.BENCH_STILLS ?? 24);
const dir = mkdtempSync(path.join(tmpdir(), 'service-bench-audit-'));
const cacheDir = process.env.SERVICE_CACHE_DIR ?? path.join(tmpdir(), 'service-bench-cache');
const pool = new RenderPool({ size: 1, frameConcurrency: 1 });
try {
  const serveUrl = await ensureBundle(cacheDir);
  const props = await listSceneProps(150);
  const frames = Array.from({ length: STILLS }, (_, i) => 30 + (i % 100));
  const run = async (audit) => {
    const started = performance.now();
    let audits = 0;
    await pool.run(
      { type: 'stills', serveUrl, inputProps: { ...props, audit }, frames, outputPaths: frames.map((_, i) => path.join(dir, `${audit ? 'a' : 'b'}-${i}.jpeg`)), imageFormat: 'jpeg' },
      { onAudit: () => (audits += 1) },
    );
    return { seconds: (performance.now() - started) / 1000, audits };
  };
  await run(false); // warm the browser and the page
  const baseline = await run(false);
  const audited = await run(true);
  console.log(`machine: ${availableParallelism()} cores, ${STILLS} stills of a 4-point list at 1280x720`);
  console.log(`baseline: stills without the audit   ${(baseline.seconds / STILLS).toFixed(3)} s per still`);
  console.log(`with the layout audit (${audited.audits} reports)  ${(audited.seconds / STILLS).toFixed(3)} s per still`);
  console.log(`ratio audit / baseline               ${(audited.seconds / baseline.seconds).toFixed(2)}x`);
} finally {
  await pool.close();
  rmSync(dir, { recursive: true, force: true });
}
