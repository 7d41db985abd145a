import { fork } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import path from 'node:path';
import { PACKAGE_ROOT } from '../../package-root.js';
import type { BundleWorkerMessage } from './bundle-protocol.js';
import { COMPOSITIONS_DIR } from './compositions-dir.js';

/** The compiled script that builds the bundle in a child process. */
export const BUNDLE_WORKER_SCRIPT = path.join(PACKAGE_ROOT, 'dist', 'render', 'bundle', 'bundle-worker.js');

/** How many nice levels below this process the bundle build runs (as the render workers do). */
const BUILD_NICENESS = 10;

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

/** Options of {@link ensureBundle}. */
export interface EnsureBundleOptions {
  /** Build progress, 0..100. */
  onProgress?: (percent: number) => void;
  /** The script that builds (tests pass a stand-in). @default BUNDLE_WORKER_SCRIPT */
  workerScript?: string;
}

/** The folder of the compositions bundle for the current kit version under `cacheDir`. */
function bundleDir(cacheDir: string): string {
  return path.join(cacheDir, 'bundles', kitVersion());
}

/** Whether the bundle for the current kit version is built, so {@link ensureBundle} returns at once. */
export function bundleIsBuilt(cacheDir: string): boolean {
  return existsSync(path.join(bundleDir(cacheDir), 'index.html'));
}

/**
 * The path of the compositions bundle for the current kit version, building it once with
 * @remotion/bundler (webpack) into `<cacheDir>/bundles/<version>` when it is not there yet. The
 * build runs in a child process at a lower priority: in the server's own thread webpack would hold
 * the event loop for seconds at a time while the first job prepares its scene kit.
 * A build goes to a temporary folder and is renamed into place, so a crash never leaves a half bundle.
 */
export async function ensureBundle(cacheDir: string, options: EnsureBundleOptions = {}): Promise<string> {
  const { onProgress, workerScript } = options;
  const target = bundleDir(cacheDir);
  if (bundleIsBuilt(cacheDir)) return target;
  let pending = building.get(target);
  if (!pending) {
    pending = build(target, workerScript ?? BUNDLE_WORKER_SCRIPT, onProgress).finally(() => building.delete(target));
    building.set(target, pending);
  }
  return pending;
}

/** Runs the bundle worker into `outDir`; rejects with its error (or the end of its stderr) when it fails. */
function buildInChild(script: string, outDir: string, onProgress?: (percent: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = fork(script, [outDir], { stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
    if (child.pid !== undefined) {
      try {
        setPriority(child.pid, Math.min(19, getPriority() + BUILD_NICENESS));
      } catch {
        // Refused: the build runs at the server's priority, still off its event loop.
      }
    }
    let stderr = '';
    let done = false;
    let failure: string | undefined;
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    child.on('message', (message: BundleWorkerMessage) => {
      if (message.type === 'progress') onProgress?.(message.percent);
      else if (message.type === 'done') done = true;
      else failure = message.message;
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (done && code === 0) return resolve();
      const detail = failure ?? (stderr.trim().split('\n').slice(-3).join(' ') || `exit ${signal ?? `code ${code}`}`);
      reject(new Error(`building the compositions bundle failed: ${detail}`));
    });
  });
}

async function build(target: string, script: string, onProgress?: (percent: number) => void): Promise<string> {
  const staging = `${target}.tmp-${process.pid}-${Date.now()}`;
  mkdirSync(path.dirname(target), { recursive: true });
  try {
    await buildInChild(script, staging, onProgress);
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
