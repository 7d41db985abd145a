// What `npm install` prepares (the `prepare` script), so the first render, smoke and infographic
// generate on a fresh node do not wait for a bundle build or a browser unpack.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config/resolve-config.js';
import { packageCacheDir, PACKAGE_ROOT } from '../../src/package-root.js';
import { findBrowser } from '../../src/render/browser/find-browser.js';
import { kitVersion } from '../../src/render/bundle/ensure-bundle.js';

const cacheDir = mkdtempSync(path.join(tmpdir(), 'service-prepare-'));
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

it('the install step builds the compositions bundle for this kit version and unpacks the bundled browser', async () => {
  const { stdout } = await promisify(execFile)(process.execPath, [path.join(PACKAGE_ROOT, 'scripts', 'prepare-node.js')], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', SERVICE_CACHE_DIR: cacheDir },
    timeout: 180_000,
  });
  expect(stdout).toMatch(/^service: ready to render in [\d.]+ s/);
  expect(existsSync(path.join(cacheDir, 'bundles', kitVersion(), 'index.html'))).toBe(true);
  const browser = findBrowser();
  if (browser?.source === 'bundled') expect(existsSync(browser.executable)).toBe(true);
}, 200_000);

it('every data dir renders with the bundle the install built: the default cache is the package\'s own', () => {
  expect(resolveConfig({ dataDir: path.join(cacheDir, 'a') }).cacheDir).toBe(packageCacheDir());
  expect(resolveConfig({ dataDir: path.join(cacheDir, 'b') }).cacheDir).toBe(packageCacheDir());
  expect(resolveConfig({ dataDir: path.join(cacheDir, 'c'), cacheDir: path.join(cacheDir, 'mine') }).cacheDir).toBe(path.join(cacheDir, 'mine'));
});
