import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledBrowser, unpackBundledBrowser } from '../../src/render/browser/bundled-browser.js';
import { BROWSER_FIX, BrowserStartError, BUNDLED, browserStartProblem, findBrowser, noBrowserMessage, prepareBrowser } from '../../src/render/browser/find-browser.js';

let dir: string;
let fakeShell: string;
let brokenShell: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'service-find-browser-'));
  fakeShell = path.join(dir, 'chromium-headless-shell');
  writeFileSync(fakeShell, '#!/bin/sh\necho "Chromium 999.0.0.0"\n');
  chmodSync(fakeShell, 0o755);
  // What a slim machine without Chromium's libraries prints when the loader gives up.
  brokenShell = path.join(dir, 'broken-headless-shell');
  writeFileSync(brokenShell, '#!/bin/sh\necho "$0: error while loading shared libraries: libnss3.so: cannot open shared object file: No such file or directory" >&2\nexit 127\n');
  chmodSync(brokenShell, 0o755);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const bundle = () => ({ version: '1.0.0', archive: path.join(dir, 'chromium.br'), executable: path.join(dir, 'unpacked', 'chrome-headless-shell') });

describe('findBrowser', () => {
  it('takes the npm-shipped browser when the machine has none, to be unpacked before first use', () => {
    const found = findBrowser(undefined, { headlessShellPaths: [], chromiumPaths: [], bundled: bundle() });
    expect(found).toEqual({ executable: bundle().executable, chromeMode: 'headless-shell', source: 'bundled', unpackFrom: bundle().archive });
  });

  it('prefers the bundled headless shell over a system one (faster here: bench/browser-speed.js), and a system headless shell over full Chromium', () => {
    expect(findBrowser(undefined, { headlessShellPaths: [fakeShell], chromiumPaths: [], bundled: bundle() })?.source).toBe('bundled');
    expect(findBrowser(undefined, { headlessShellPaths: [fakeShell], chromiumPaths: [fakeShell], bundled: undefined })).toMatchObject({ source: 'system-headless-shell', executable: fakeShell, chromeMode: 'headless-shell' });
    expect(findBrowser(undefined, { headlessShellPaths: [], chromiumPaths: [fakeShell], bundled: undefined })).toMatchObject({ source: 'system-chromium', chromeMode: 'chrome-for-testing' });
  });

  it('honours a configured path, or `bundled` for the npm-shipped one', () => {
    expect(findBrowser('/opt/chrome-headless-shell', { bundled: bundle() })).toMatchObject({ source: 'configured', chromeMode: 'headless-shell' });
    expect(findBrowser(BUNDLED, { headlessShellPaths: [fakeShell], bundled: bundle() })?.source).toBe('bundled');
    expect(findBrowser(BUNDLED, { bundled: undefined })).toBeUndefined();
  });

  it('finds nothing on a machine without any, and says in one line what to install', () => {
    expect(findBrowser(undefined, { headlessShellPaths: [], chromiumPaths: [], bundled: undefined })).toBeUndefined();
    const message = noBrowserMessage();
    expect(message).not.toContain('\n');
    expect(message).toContain('apt-get install chromium-headless-shell');
    expect(message).toContain('SERVICE_BROWSER_EXECUTABLE');
  });

  it('finds the bundled browser of the installed npm package on Linux x64', () => {
    const shipped = bundledBrowser();
    if (process.platform !== 'linux' || process.arch !== 'x64') return expect(shipped).toBeUndefined();
    expect(shipped?.archive).toMatch(/@sparticuz\/chromium\/bin\/chromium\.br$/);
    expect(existsSync(shipped!.archive)).toBe(true);
    expect(shipped?.executable).toContain(`chromium-${shipped?.version}`);
  });
});

describe('unpackBundledBrowser', () => {
  it('unpacks the brotli archive once into an executable file, and concurrent callers share the result', async () => {
    const content = Buffer.from('#!/bin/sh\necho "Chromium 1.0"\n'.repeat(1000));
    writeFileSync(bundle().archive, brotliCompressSync(content));
    const paths = await Promise.all([unpackBundledBrowser(bundle()), unpackBundledBrowser(bundle())]);
    expect(paths).toEqual([bundle().executable, bundle().executable]);
    expect(readFileSync(bundle().executable)).toEqual(content);
    expect(statSync(bundle().executable).mode & 0o111).not.toBe(0);
    // No partial file is left beside it.
    expect(readdirSync(path.dirname(bundle().executable))).toEqual(['chrome-headless-shell']);
  });
});

describe('browser start problems', () => {
  it('names the missing library and what to install, in one line', () => {
    const line = browserStartProblem({ executable: '/x/chrome' }, new Error('Command failed: /x/chrome --version\n/x/chrome: error while loading shared libraries: libnss3.so: cannot open shared object file'));
    expect(line).toBe(`Chromium at /x/chrome cannot start (it needs libnss3.so, which this machine lacks): ${BROWSER_FIX}`);
  });

  it('prepareBrowser starts the browser once and refuses one that cannot start, saying why', async () => {
    await expect(prepareBrowser(fakeShell)).resolves.toMatchObject({ version: 'Chromium 999.0.0.0', source: 'configured' });
    const error = await prepareBrowser(brokenShell).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BrowserStartError);
    expect((error as BrowserStartError).reason).toBe(`Chromium at ${brokenShell} cannot start (it needs libnss3.so, which this machine lacks)`);
    expect((error as Error).message).toContain('apt-get install chromium-headless-shell');
    const missing = await prepareBrowser(path.join(dir, 'nope')).catch((caught: unknown) => caught as Error);
    expect((missing as Error).message).toContain('the executable does not exist');
  });
});
