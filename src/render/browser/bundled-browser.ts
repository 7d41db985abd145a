import { createReadStream, createWriteStream, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createBrotliDecompress } from 'node:zlib';
import { packageCacheDir } from '../../package-root.js';

const require = createRequire(import.meta.url);

/** The npm package whose tarball carries a headless Chromium (x64 Linux), brotli-compressed. */
export const BUNDLED_BROWSER_PACKAGE = '@sparticuz/chromium';

/** The headless Chromium shipped inside an npm package, and where it is (or will be) unpacked. */
export interface BundledBrowser {
  /** The package's version, which is its Chromium major (`147.0.0`). */
  version: string;
  /** The compressed binary inside the package. */
  archive: string;
  /** The unpacked executable; exists once {@link unpackBundledBrowser} has run. */
  executable: string;
}

/**
 * The browser shipped in `@sparticuz/chromium`, when this machine can run it (Linux x64) and the
 * package is installed. It is unpacked once into `node_modules/.cache/service/` (or the system
 * temp dir when the package folder is read-only), by `npm install` or on first use.
 */
export function bundledBrowser(): BundledBrowser | undefined {
  if (process.platform !== 'linux' || process.arch !== 'x64') return undefined;
  let root: string;
  try {
    root = path.resolve(path.dirname(require.resolve(BUNDLED_BROWSER_PACKAGE)), '..', '..');
  } catch {
    return undefined;
  }
  const archive = path.join(root, 'bin', 'chromium.br');
  if (!existsSync(archive)) return undefined;
  const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
  return { version, archive, executable: path.join(unpackRoot(), `chromium-${version}`, 'chrome-headless-shell') };
}

function unpackRoot(): string {
  return packageCacheDir() ?? path.join(tmpdir(), `service-browser-${process.getuid?.() ?? 'user'}`);
}

const unpacking = new Map<string, Promise<string>>();

/**
 * Unpacks the bundled browser when it is not unpacked yet (about 3 s, 190 MB on disk). Streams
 * into a temporary file renamed into place, so a crash or another process never sees half a
 * binary; callers in one process share one unpacking. Returns the executable.
 */
export async function unpackBundledBrowser(browser: Pick<BundledBrowser, 'archive' | 'executable'>): Promise<string> {
  if (existsSync(browser.executable)) return browser.executable;
  let pending = unpacking.get(browser.executable);
  if (!pending) {
    pending = unpack(browser).finally(() => unpacking.delete(browser.executable));
    unpacking.set(browser.executable, pending);
  }
  return pending;
}

async function unpack(browser: Pick<BundledBrowser, 'archive' | 'executable'>): Promise<string> {
  mkdirSync(path.dirname(browser.executable), { recursive: true });
  const partial = `${browser.executable}.${process.pid}-${randomUUID()}.partial`;
  try {
    await pipeline(createReadStream(browser.archive), createBrotliDecompress(), createWriteStream(partial, { mode: 0o755 }));
    renameSync(partial, browser.executable);
  } finally {
    rmSync(partial, { force: true });
  }
  return browser.executable;
}
