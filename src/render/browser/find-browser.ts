import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { accessSync, constants } from 'node:fs';
import { bundledBrowser, unpackBundledBrowser, type BundledBrowser } from './bundled-browser.js';

/** A browser the renderer can drive, and the Remotion chrome mode it needs. */
export interface BrowserInfo {
  executable: string;
  chromeMode: 'headless-shell' | 'chrome-for-testing';
  source: 'configured' | 'system-headless-shell' | 'bundled' | 'system-chromium';
  /** The bundled browser's compressed binary, to unpack into `executable` before first use. */
  unpackFrom?: string;
}

/** The value of `SERVICE_BROWSER_EXECUTABLE` that asks for the npm-shipped browser. */
export const BUNDLED = 'bundled';

/** Where to look; tests narrow it to pretend a machine lacks a browser. */
export interface BrowserSearch {
  headlessShellPaths?: readonly string[];
  chromiumPaths?: readonly string[];
  bundled?: BundledBrowser | undefined;
}

/** Debian's `chromium-headless-shell` binary, then its launcher on PATH. */
export const HEADLESS_SHELL_PATHS = ['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium-headless-shell'];
export const CHROMIUM_PATHS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/lib/chromium/chromium'];

/** The one line every browser failure ends with: what to install, or what to set. */
export const BROWSER_FIX =
  'install Debian\'s headless Chromium (`apt-get install chromium-headless-shell`; it brings the libraries Chromium needs) or set SERVICE_BROWSER_EXECUTABLE to a Chromium or chrome-headless-shell binary';

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function fromBundle(bundle: BundledBrowser): BrowserInfo {
  return {
    executable: bundle.executable,
    chromeMode: 'headless-shell',
    source: 'bundled',
    ...(executable(bundle.executable) ? {} : { unpackFrom: bundle.archive }),
  };
}

/**
 * Finds the browser to render with, in this order:
 * 1. `SERVICE_BROWSER_EXECUTABLE` (a path, or `bundled` for the npm-shipped one);
 * 2. the headless Chromium shipped in the `@sparticuz/chromium` npm package (Linux x64), so
 *    `npm install` alone can render; it renders about a fifth faster than Debian's headless shell
 *    on the 2-core reference machine (`bench/browser-speed.js`);
 * 3. Debian's `chromium-headless-shell`;
 * 4. a system Chromium (full browser, slower to drive).
 * Undefined when there is none.
 */
export function findBrowser(configured?: string, search: BrowserSearch = {}): BrowserInfo | undefined {
  const bundle = 'bundled' in search ? search.bundled : bundledBrowser();
  if (configured === BUNDLED) return bundle ? fromBundle(bundle) : undefined;
  if (configured) {
    return {
      executable: configured,
      chromeMode: /headless[-_]shell/.test(configured) ? 'headless-shell' : 'chrome-for-testing',
      source: 'configured',
    };
  }
  if (bundle) return fromBundle(bundle);
  const shell = (search.headlessShellPaths ?? HEADLESS_SHELL_PATHS).find(executable);
  if (shell) return { executable: shell, chromeMode: 'headless-shell', source: 'system-headless-shell' };
  const chromium = (search.chromiumPaths ?? CHROMIUM_PATHS).find(executable);
  if (chromium) return { executable: chromium, chromeMode: 'chrome-for-testing', source: 'system-chromium' };
  return undefined;
}

/** Why no browser was found, with the fix, in one line. */
export function noBrowserMessage(configured?: string): string {
  if (configured === BUNDLED) return `no bundled Chromium for ${process.platform}-${process.arch} (the npm package ships one for Linux x64 only): ${BROWSER_FIX}`;
  return `no Chromium found to render with: ${BROWSER_FIX}`;
}

/** A browser that does not start; `reason` says why, `message` adds {@link BROWSER_FIX}. */
export class BrowserStartError extends Error {
  constructor(readonly reason: string) {
    super(`${reason}: ${BROWSER_FIX}`);
    this.name = 'BrowserStartError';
  }
}

/**
 * One line saying why a browser could not start and what to do: a missing shared library
 * (a slim machine without Chromium's libraries), a binary that is not there, or Chromium's own
 * first error line.
 */
export function browserStartProblem(browser: Pick<BrowserInfo, 'executable'>, error: unknown): string {
  return new BrowserStartError(browserStartReason(browser, error)).message;
}

function browserStartReason(browser: Pick<BrowserInfo, 'executable'>, error: unknown): string {
  const text = error instanceof Error ? `${error.message}\n${(error as { stderr?: unknown }).stderr ?? ''}` : String(error);
  const library = /error while loading shared libraries: ([^\s:]+)/.exec(text)?.[1];
  const missing = /ENOENT|no such file/i.test(text) && !library;
  const reason = library
    ? `it needs ${library}, which this machine lacks`
    : missing
      ? 'the executable does not exist'
      : (text.split('\n').map((line) => line.trim()).find((line) => line.length > 0) ?? 'it did not start').slice(0, 200);
  return `Chromium at ${browser.executable} cannot start (${reason})`;
}

/** The browser's version line, or throws a {@link BrowserStartError} when it does not start. */
export function browserVersion(browser: Pick<BrowserInfo, 'executable'>): string {
  try {
    return execFileSync(browser.executable, ['--version'], { encoding: 'utf8', timeout: 15_000, stdio: ['ignore', 'pipe', 'pipe'] }).trim();
  } catch (error) {
    throw new BrowserStartError(browserStartReason(browser, error));
  }
}

/**
 * The browser renders will use, ready to start: found, unpacked when it is the bundled one, and
 * started once (`--version`) off the event loop. Throws a {@link BrowserStartError} (or an error
 * whose message is {@link noBrowserMessage}) naming what to install. For `serve`'s start-up
 * warning, `smoke`'s preflight and `doctor`.
 */
export async function prepareBrowser(configured?: string): Promise<BrowserInfo & { version: string }> {
  const browser = findBrowser(configured);
  if (!browser) throw new Error(noBrowserMessage(configured));
  try {
    if (browser.unpackFrom) await unpackBundledBrowser({ archive: browser.unpackFrom, executable: browser.executable });
    const { stdout } = await promisify(execFile)(browser.executable, ['--version'], { encoding: 'utf8', timeout: 15_000 });
    return { executable: browser.executable, chromeMode: browser.chromeMode, source: browser.source, version: stdout.trim() };
  } catch (error) {
    throw new BrowserStartError(browserStartReason(browser, error));
  }
}
