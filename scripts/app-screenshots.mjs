#!/usr/bin/env node
// Screenshots of the web app for the docs: each page at 1280 px wide, and the video page at 375 px.
//
//   npm run build
//   node scripts/app-screenshots.mjs [--out docs/app]
//
// It makes a temporary data dir with one account (a password to sign in with, an API key), starts
// `service serve` on it on a free loopback port, makes one small video with the embedded defaults
// (640x360, 5 s, rendered) and one infographic through the REST API, waits for the video to finish,
// then signs in with the bundled Chromium (playwright-core, as the app tests drive it) and
// photographs: sign-in, videos, new-video, video (and video-375), infographics, infographic, account.
// The data dir is removed afterwards; the bundle cache is the package's own, so nothing is rebuilt.
import { execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { findBrowser } = await import(path.join(root, 'dist', 'render', 'browser', 'find-browser.js'));
const { packageCacheDir } = await import(path.join(root, 'dist', 'package-root.js'));

const args = process.argv.slice(2);
const outArg = args.indexOf('--out');
const outDir = path.resolve(root, outArg >= 0 ? args[outArg + 1] : 'docs/app');
const EMAIL = 'ada@example.com';
const PASSWORD = 'screenshots only';
const bin = path.join(root, 'bin', 'service.js');

/** Runs a `service` command on the data dir; `input` goes to its stdin. */
function service(dataDir, argv, input) {
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, [bin, ...argv, '--data-dir', dataDir], { cwd: root }, (error, stdout, stderr) =>
      error ? reject(new Error(`service ${argv.join(' ')} failed: ${stderr || error.message}`)) : resolve(stdout),
    );
    if (input !== undefined) child.stdin.end(input);
  });
}

/** A free loopback port. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const dataDir = mkdtempSync(path.join(tmpdir(), 'service-app-screenshots-'));
let serve;
let browser;
try {
  const account = JSON.parse(await service(dataDir, ['accounts', 'create', '--name', 'Ada Lovelace', '--email', EMAIL, '--plan', 'ultimate', '--credits', '500', '--password-stdin', '--json'], PASSWORD));
  const key = JSON.parse(await service(dataDir, ['keys', 'create', '--account', account.id, '--name', 'screenshots', '--json']));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const cacheDir = packageCacheDir() ?? path.join(dataDir, 'cache');
  serve = spawn(process.execPath, [bin, 'serve', '--port', String(port), '--data-dir', dataDir, '--cache-dir', cacheDir, '--log-level', 'error'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  const api = async (method, route, body) => {
    const response = await fetch(base + route, {
      method,
      headers: { authorization: `Bearer ${key.key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const answer = await response.json();
    if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${JSON.stringify(answer)}`);
    return answer;
  };
  for (let tries = 0; ; tries += 1) {
    try {
      if ((await fetch(`${base}/v1/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (tries > 200) throw new Error('service serve did not start');
    await sleep(250);
  }

  const video = await api('POST', '/v1/videos', {
    prompt: 'How a heat pump warms a house. It pulls heat from the cold outside air. A compressor squeezes it hotter. The warm air flows through every room.',
    duration: 5,
    dimensions: { width: 640, height: 360 },
    render: true,
  });
  const infographic = await api('POST', '/v1/infographics/generate', { prompt: 'How teams ship software. 62% of teams ship weekly. 48% ship daily. 35% ship on every merge.' });
  for (let started = Date.now(); ; ) {
    const job = await api('GET', `/v1/videos/${video.id}`);
    if (job.status === 'completed') break;
    if (job.status === 'failed' || job.status === 'canceled') throw new Error(`the video ${job.status}: ${JSON.stringify(job.error)}`);
    if (Date.now() - started > 600_000) throw new Error(`the video is still ${job.status} after 10 minutes`);
    await sleep(1000);
  }

  const found = findBrowser(process.env.SERVICE_BROWSER_EXECUTABLE);
  if (!found) throw new Error('no Chromium found: run npm install or set SERVICE_BROWSER_EXECUTABLE');
  browser = await chromium.launch({ executablePath: found.executable, args: ['--no-sandbox'] });
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  mkdirSync(outDir, { recursive: true });
  const shoot = async (name, ready) => {
    await ready();
    await page.evaluate(() => document.fonts.ready);
    // Images (thumbnails, the poster) finish loading before the picture is taken.
    await page.waitForFunction(() => [...document.images].every((image) => image.complete));
    await sleep(500);
    await page.screenshot({ path: path.join(outDir, `${name}.png`), fullPage: true });
    process.stdout.write(`wrote ${path.relative(root, path.join(outDir, `${name}.png`))}\n`);
  };

  await page.goto('/app/sign-in');
  await shoot('sign-in', () => page.getByRole('heading', { name: 'Sign in' }).waitFor());
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/app\/videos$/);
  await shoot('videos', () => page.locator('.list-table img').first().waitFor());
  await page.goto('/app/videos/new');
  await shoot('new-video', () => page.locator('.estimate').waitFor());
  await page.goto(`/app/videos/${video.id}`);
  // The player shows its poster and no loading spinner once it has the MP4's metadata.
  const playerReady = async () => {
    await page.locator('video.mp4').waitFor();
    await page.waitForFunction(() => document.querySelector('video.mp4')?.readyState >= 2);
    // Chromium draws a loading spinner over the poster while it is still fetching (NETWORK_LOADING).
    await page.waitForFunction(() => document.querySelector('video.mp4')?.networkState !== 2, undefined, { timeout: 10_000 }).catch(() => undefined);
    await sleep(1000);
  };
  await shoot('video', playerReady);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await shoot('video-375', playerReady);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/app/infographics');
  await shoot('infographics', () => page.locator('.thumb-list img').first().waitFor());
  await page.goto(`/app/infographics/${infographic.projectId}`);
  await shoot('infographic', () => page.getByRole('heading', { name: 'Settings' }).waitFor());
  await page.goto('/app/account');
  await shoot('account', () => page.getByRole('heading', { name: 'Account' }).waitFor());
} finally {
  await browser?.close();
  if (serve && serve.exitCode === null) {
    serve.kill('SIGTERM');
    await new Promise((resolve) => serve.once('exit', resolve));
  }
  rmSync(dataDir, { recursive: true, force: true });
}
