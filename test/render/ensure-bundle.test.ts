import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureBundle, kitVersion } from '../../src/render/bundle/ensure-bundle.js';

const STAND_IN = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'stand-in-bundler.mjs');

describe('ensureBundle', () => {
  let cacheDir: string | undefined;
  afterEach(() => {
    delete process.env.STAND_IN_BUNDLER_FAIL;
    if (cacheDir) rmSync(cacheDir, { recursive: true, force: true });
  });

  // Webpack in the server's thread held the event loop for seconds while a first job prepared its
  // scene kit (and while serve built the bundle after it started listening).
  it('builds in a child process below the server\'s priority, then moves the bundle into place whole', async () => {
    cacheDir = mkdtempSync(path.join(tmpdir(), 'bundle-test-'));
    const progress: number[] = [];
    const target = await ensureBundle(cacheDir, { workerScript: STAND_IN, onProgress: (percent) => progress.push(percent) });
    expect(target).toBe(path.join(cacheDir, 'bundles', kitVersion()));
    const builtBy = JSON.parse(readFileSync(path.join(target, 'index.html'), 'utf8')) as { pid: number; nice: number };
    expect(builtBy.pid).not.toBe(process.pid);
    expect(builtBy.nice).toBe(Math.min(19, getPriority() + 10));
    expect(builtBy.nice).toBeGreaterThan(getPriority());
    expect(progress).toEqual([50]);
    expect(readdirSync(path.join(cacheDir, 'bundles'))).toEqual([kitVersion()]);
    // Built once: the next call finds it.
    expect(await ensureBundle(cacheDir, { workerScript: STAND_IN })).toBe(target);
  });

  it('rejects with the builder\'s error and leaves no half bundle', async () => {
    cacheDir = mkdtempSync(path.join(tmpdir(), 'bundle-test-'));
    process.env.STAND_IN_BUNDLER_FAIL = 'Module not found: compositions/missing.tsx';
    await expect(ensureBundle(cacheDir, { workerScript: STAND_IN })).rejects.toThrow(
      'building the compositions bundle failed: Module not found: compositions/missing.tsx',
    );
    expect(readdirSync(path.join(cacheDir, 'bundles'))).toEqual([]);
    expect(existsSync(path.join(cacheDir, 'bundles', kitVersion()))).toBe(false);
  });
});
