// What `serve` says while it prepares rendering: a line at the start and at the end of a bundle
// build or a browser unpack, and nothing when both are already there.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { BrowserInfo } from '../../src/render/browser/find-browser.js';

const browser = vi.hoisted(() => ({ found: undefined as BrowserInfo | undefined, fails: false }));

// The real bundle build takes a minute: this stand-in "builds" by writing the index the check looks for.
vi.mock('../../src/render/bundle/ensure-bundle.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/render/bundle/ensure-bundle.js')>();
  return {
    ...original,
    ensureBundle: vi.fn(async (cacheDir: string) => {
      const dir = path.join(cacheDir, 'bundles', original.kitVersion());
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, 'index.html'), '');
      return dir;
    }),
  };
});

vi.mock('../../src/render/browser/find-browser.js', () => ({
  findBrowser: () => browser.found,
  prepareBrowser: async () => {
    if (browser.fails) throw new Error('Chromium at /x cannot start (it needs libnss3.so, which this machine lacks): install it');
    return { ...browser.found, version: 'Chromium 147' };
  },
}));

const { warmUpRendering } = await import('../../src/cli/render-warmup.js');
const { kitVersion } = await import('../../src/render/bundle/ensure-bundle.js');

const logger = pino({ level: 'silent' });
let cacheDir: string;
let said: string[];
let warned: string[];
const output = { say: (line: string) => said.push(line), warn: (line: string) => warned.push(line) };

beforeEach(() => {
  cacheDir = mkdtempSync(path.join(tmpdir(), 'service-warmup-'));
  said = [];
  warned = [];
  browser.fails = false;
});
afterEach(() => rmSync(cacheDir, { recursive: true, force: true }));

it('a first start says that it builds the bundle and unpacks the browser, at once and when each is done', async () => {
  browser.found = { executable: '/x/chrome-headless-shell', chromeMode: 'headless-shell', source: 'bundled', unpackFrom: '/x/chromium.br' };
  const done = warmUpRendering({ cacheDir }, logger, output);
  expect(said).toEqual([
    'service: preparing the render bundle (first start with this kit; about a minute, renders wait for it) ...\n',
    'service: unpacking the bundled Chromium (first start, a few seconds) ...\n',
  ]);
  await done;
  expect(said.slice(2).sort()).toEqual([expect.stringMatching(/^service: Chromium ready in [\d.]+ s\n$/), expect.stringMatching(/^service: render bundle ready in [\d.]+ s\n$/)]);
  expect(warned).toEqual([]);
});

it('a warm start (bundle built, browser unpacked) prints nothing extra', async () => {
  mkdirSync(path.join(cacheDir, 'bundles', kitVersion()), { recursive: true });
  writeFileSync(path.join(cacheDir, 'bundles', kitVersion(), 'index.html'), '');
  browser.found = { executable: '/x/chrome-headless-shell', chromeMode: 'headless-shell', source: 'bundled' };
  await warmUpRendering({ cacheDir }, logger, output);
  expect(said).toEqual([]);
  expect(warned).toEqual([]);
});

it('a browser that cannot start is a warning at start, with what to do', async () => {
  mkdirSync(path.join(cacheDir, 'bundles', kitVersion()), { recursive: true });
  writeFileSync(path.join(cacheDir, 'bundles', kitVersion(), 'index.html'), '');
  browser.found = { executable: '/x', chromeMode: 'headless-shell', source: 'configured' };
  browser.fails = true;
  await warmUpRendering({ cacheDir, browserExecutable: '/x' }, logger, output);
  expect(said).toEqual([]);
  expect(warned).toEqual(['warning: renders will fail: Chromium at /x cannot start (it needs libnss3.so, which this machine lacks): install it\n']);
});
