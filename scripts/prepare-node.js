#!/usr/bin/env node
// Run by `npm install` (the `prepare` script, after the TypeScript build): makes what the first
// render would otherwise wait for. Unpacks the Chromium shipped in the @sparticuz/chromium npm
// package (when this machine can run it) and builds the compositions bundle into the package's
// cache, so `service serve`, `service smoke` and the first infographic generate start warm.
// A failure here is reported and does not fail the install: both are made again on first use.
import { findBrowser } from '../dist/render/browser/find-browser.js';
import { unpackBundledBrowser } from '../dist/render/browser/bundled-browser.js';
import { ensureBundle } from '../dist/render/bundle/ensure-bundle.js';
import { packageCacheDir } from '../dist/package-root.js';

const cacheDir = process.env.SERVICE_CACHE_DIR || packageCacheDir();
if (!cacheDir) {
  console.log('service: the package folder is read-only; the bundle is built on first use');
  process.exit(0);
}
const started = performance.now();
try {
  const browser = findBrowser(process.env.SERVICE_BROWSER_EXECUTABLE);
  if (browser?.unpackFrom) await unpackBundledBrowser({ archive: browser.unpackFrom, executable: browser.executable });
  const bundle = await ensureBundle(cacheDir);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`service: ready to render in ${seconds} s (browser: ${browser ? `${browser.source}, ${browser.executable}` : 'none found; `service doctor` says what to install'}; bundle: ${bundle})`);
} catch (error) {
  console.log(`service: could not prepare rendering ahead (${error instanceof Error ? error.message.split('\n')[0] : error}); it is done on first use`);
}
