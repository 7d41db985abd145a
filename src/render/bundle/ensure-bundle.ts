import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { PACKAGE_ROOT } from '../../package-root.js';

/** The Remotion project's folder. */
export const COMPOSITIONS_DIR = path.join(PACKAGE_ROOT, 'compositions');

function listFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? listFiles(full) : [full];
    });
}

/**
 * The kit version: a hash of every file in compositions/ and the versions of the packages the
 * bundle contains. A bundle is rebuilt only when this changes.
 */
export function kitVersion(): string {
  // The kit does not change while the process runs: hash it once, not on every scene check.
  cachedVersion ??= computeKitVersion();
  return cachedVersion;
}

let cachedVersion: string | undefined;

function computeKitVersion(): string {
  const hash = createHash('sha256');
  for (const file of listFiles(COMPOSITIONS_DIR)) {
    hash.update(path.relative(COMPOSITIONS_DIR, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  const lock = JSON.parse(readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  hash.update(JSON.stringify(lock.dependencies));
  return hash.digest('hex').slice(0, 16);
}

const building = new Map<string, Promise<string>>();

/**
 * The path of the compositions bundle for the current kit version, building it once with
 * @remotion/bundler (webpack) into `<cacheDir>/bundles/<version>` when it is not there yet.
 * A build goes to a temporary folder and is renamed into place, so a crash never leaves a half bundle.
 */
export async function ensureBundle(cacheDir: string, onProgress?: (percent: number) => void): Promise<string> {
  const version = kitVersion();
  const target = path.join(cacheDir, 'bundles', version);
  if (existsSync(path.join(target, 'index.html'))) return target;
  let pending = building.get(target);
  if (!pending) {
    pending = build(target, onProgress).finally(() => building.delete(target));
    building.set(target, pending);
  }
  return pending;
}

async function build(target: string, onProgress?: (percent: number) => void): Promise<string> {
  const { bundle } = await import('@remotion/bundler');
  const staging = `${target}.tmp-${process.pid}-${Date.now()}`;
  mkdirSync(path.dirname(target), { recursive: true });
  try {
    await bundle({
      entryPoint: path.join(COMPOSITIONS_DIR, 'index.ts'),
      outDir: staging,
      enableCaching: false,
      onProgress: (percent) => onProgress?.(percent),
      webpackOverride: (config) => ({
        ...config,
        resolve: { ...config.resolve, alias: { ...(config.resolve?.alias ?? {}) } },
      }),
    });
    if (existsSync(path.join(target, 'index.html'))) {
      rmSync(staging, { recursive: true, force: true }); // another process won the race
    } else {
      rmSync(target, { recursive: true, force: true });
      renameSync(staging, target);
    }
    pruneOldBundles(target);
    return target;
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
}

/** Bundles of other kit versions untouched this long are removed when a new one is built. */
const OLD_BUNDLE_AGE_MS = 24 * 60 * 60 * 1000;

/** Removes bundles of earlier kit versions (about 35 MB each) that no process has built for a day. */
export function pruneOldBundles(current: string): void {
  const dir = path.dirname(current);
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (full === current || name.includes('.tmp-')) continue;
    try {
      if (Date.now() - statSync(full).mtimeMs > OLD_BUNDLE_AGE_MS) rmSync(full, { recursive: true, force: true });
    } catch {
      // Another process removed it first.
    }
  }
}
