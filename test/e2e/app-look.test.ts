// The web app's own look, in a real headless Chromium against a listening node: the bundled Inter
// face is what the page is set in; the product's name and mark are at sign-in and in the header;
// the video and infographic lists show a real frame of each item (a placeholder before there is
// one); the MP4 player's poster is a frame of the video, not a blank one; every progress bar has a
// visible label that also names it; every select's options show whole at 1280 and 375 px and
// "model-5" stays on one line; no page scrolls sideways at either width.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAccountPassword, summarizeAccount } from '../../src/accounts/accounts.js';
import { PACKAGE_ROOT } from '../../src/package-root.js';
import { createAccountWithKey } from '../helpers/test-node.js';
import { launchAppBrowser, newAppContext, seriousViolations } from '../helpers/app-browser.js';
import { startE2eNode, type E2eNode } from './e2e-node.js';

const PASSWORD = 'correct horse battery';
const SMALL = { duration: 5, dimensions: { width: 320, height: 180 }, narration: false, music: false };
/** The widths the look must hold at: a phone, and a laptop. */
const LOOK_WIDTHS = [375, 1280] as const;

let e2e: E2eNode;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let email: string;
/** A rendered video: its thumbnail and poster come from its MP4. */
let renderedId: string;
/** A video canceled while queued: nothing to take a thumbnail from. */
let emptyId: string;
/** Another account's video. */
let strangerId: string;
let infographicId: string;

type Doc = {
  document: {
    scrollingElement: { scrollWidth: number };
    querySelectorAll(selector: string): ArrayLike<unknown>;
    createElement(name: string): { getContext(kind: '2d'): { font: string; measureText(text: string): { width: number } } };
    createRange(): { setStart(node: unknown, offset: number): void; setEnd(node: unknown, offset: number): void; getClientRects(): ArrayLike<{ top: number }> };
    createTreeWalker(root: unknown, filter: number): { nextNode(): { textContent: string | null } | null };
    body: unknown;
    fonts: { ready: Promise<unknown>; check(font: string): boolean; forEach(callback: (face: { family: string; status: string }) => void): void };
  };
  innerWidth: number;
  getComputedStyle(element: unknown): { fontWeight: string; fontSize: string; fontFamily: string; paddingLeft: string; paddingRight: string };
};

/** How far the page scrolls sideways: the document's width past the window's (0 when it fits). */
async function sidewaysOverflow(): Promise<number> {
  return page.evaluate(() => {
    const g = globalThis as unknown as Doc;
    return g.document.scrollingElement.scrollWidth - g.innerWidth;
  });
}

/**
 * Every select option (enabled, so it can be the one shown) whose text is wider than the closed
 * select's box for text (its inner width less padding and the arrow), and every field label
 * cut off; as "label: option" lines.
 */
async function cutOffLabels(): Promise<string[]> {
  return page.evaluate(() => {
    const g = globalThis as unknown as Doc;
    type Select = { id: string; clientWidth: number; options: ArrayLike<{ text: string; disabled: boolean }>; labels: ArrayLike<{ textContent: string | null }> };
    type Label = { textContent: string | null; scrollWidth: number; clientWidth: number };
    const canvas = g.document.createElement('canvas').getContext('2d');
    const problems: string[] = [];
    /** Chromium's select arrow and its gap take about this much of the box. */
    const ARROW = 22;
    for (const select of Array.from(g.document.querySelectorAll('select') as ArrayLike<Select>)) {
      const style = g.getComputedStyle(select);
      canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - ARROW;
      for (const option of Array.from(select.options)) {
        if (option.disabled) continue;
        const width = canvas.measureText(option.text).width;
        if (width > room) problems.push(`${select.labels[0]?.textContent ?? select.id}: "${option.text}" (${Math.round(width)} px in ${Math.round(room)} px)`);
      }
    }
    for (const label of Array.from(g.document.querySelectorAll('label') as ArrayLike<Label>)) {
      if (label.scrollWidth > label.clientWidth + 1) problems.push(`label "${label.textContent}" is cut off`);
    }
    return problems;
  });
}

/** The number of lines each on-screen "model-5" takes (1 each when none wraps). */
async function modelNameLines(): Promise<number[]> {
  return page.evaluate(() => {
    const g = globalThis as unknown as Doc;
    const walker = g.document.createTreeWalker(g.document.body, 4 /* NodeFilter.SHOW_TEXT */);
    const lines: number[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let at = text.indexOf('model-5'); at >= 0; at = text.indexOf('model-5', at + 1)) {
        const range = g.document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + 'model-5'.length);
        const tops = new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.top)));
        if (tops.size > 0) lines.push(tops.size);
      }
    }
    return lines;
  });
}

/** A still's spread of values over all channels: a blank (one-colour) frame is near 0. */
async function spread(image: Buffer): Promise<number> {
  const stats = await sharp(image).stats();
  return Math.max(...stats.channels.map((channel) => channel.stdev));
}

/** Fetches a URL from the page (with its session cookie): status, type and bytes. */
async function fetchInPage(url: string, headers: Record<string, string> = {}): Promise<{ status: number; type: string | null; etag: string | null; bytes: Buffer }> {
  const answer = await page.evaluate(
    async ({ url: target, headers: sent }) => {
      const response = await fetch(target, { headers: sent });
      const bytes = Array.from(new Uint8Array(await response.arrayBuffer()));
      return { status: response.status, type: response.headers.get('content-type'), etag: response.headers.get('etag'), bytes };
    },
    { url, headers },
  );
  return { ...answer, bytes: Buffer.from(answer.bytes) };
}

beforeAll(async () => {
  const manifest = path.join(PACKAGE_ROOT, 'dist', 'app', 'manifest.json');
  if (!existsSync(manifest)) throw new Error(`the web app is not built (${manifest} is missing): run npm run build first`);
  e2e = await startE2eNode();
  await setAccountPassword(e2e.node.ctx, e2e.accountId, PASSWORD);
  email = summarizeAccount(e2e.node.ctx, e2e.accountId).email!;
  const rendered = await e2e.request('POST', '/v1/videos', { prompt: 'How tides work. The moon pulls the sea. Twice a day the water rises.', ...SMALL, render: true });
  expect(rendered.status, JSON.stringify(rendered.body)).toBe(202);
  renderedId = rendered.body.id;
  // The engine works one job at a time: this one is still queued, and a queued job cancels at once.
  const empty = await e2e.request('POST', '/v1/videos', { prompt: 'Why leaves fall. Days get shorter. Trees seal each leaf off.', ...SMALL, render: false });
  emptyId = empty.body.id;
  expect((await e2e.request('POST', `/v1/videos/${emptyId}/cancel`, {})).body.status).toBe('canceled');
  const stranger = await createAccountWithKey(e2e.node.ctx, 'ultimate', 50);
  const strangers = await fetch(`${e2e.baseUrl}/v1/videos`, {
    method: 'POST',
    headers: { authorization: `Bearer ${stranger.key.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ prompt: 'A stranger video about bees. They dance to share flowers.', ...SMALL, render: false }),
  });
  strangerId = ((await strangers.json()) as { id: string }).id;
  const generated = await e2e.request('POST', '/v1/infographics/generate', { prompt: 'How teams ship software. 62% of teams ship weekly. 48% ship daily. 35% ship on every merge.' });
  expect(generated.status, JSON.stringify(generated.body)).toBe(200);
  infographicId = generated.body.projectId;
  const done = await e2e.waitFor(renderedId);
  expect(done.status, JSON.stringify(done.error)).toBe('completed');

  browser = await launchAppBrowser();
  context = await newAppContext(browser, e2e.baseUrl);
  page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await e2e?.close();
});

describe('the web app looks like a product', () => {
  it('sets the page in the bundled Inter face, with the product\'s name and mark at sign-in', async () => {
    await page.goto('/app/sign-in');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.evaluate(() => (globalThis as unknown as Doc).document.fonts.ready);
    const font = await page.evaluate(() => {
      const g = globalThis as unknown as Doc;
      const faces: { family: string; status: string }[] = [];
      g.document.fonts.forEach((face) => faces.push({ family: face.family.replace(/["']/g, ''), status: face.status }));
      return { family: g.getComputedStyle(g.document.body).fontFamily, faces, check: g.document.fonts.check('16px Inter') };
    });
    expect(font.family.split(',')[0]!.trim().replace(/["']/g, '')).toBe('Inter');
    expect(font.faces.filter((face) => face.family === 'Inter' && face.status === 'loaded').length).toBeGreaterThan(0);
    expect(font.check).toBe(true);
    // The face comes from the app's own files, not the machine's.
    const woff2 = await page.evaluate(() => (performance.getEntriesByType('resource') as { name: string }[]).map((entry) => entry.name).filter((name) => /inter-latin-\d+-normal-.*\.woff2$/.test(name)));
    expect(woff2.length).toBeGreaterThan(0);

    const brand = page.locator('.sign-in-brand');
    expect(await brand.locator('.brand-name').innerText()).toBe('service');
    expect(await brand.locator('svg.brand-mark').isVisible()).toBe(true);
    expect(await page.title()).toBe('Sign in · service');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/app/videos');
    const header = page.locator('header.site-header');
    expect(await header.getByRole('link', { name: 'service' }).isVisible()).toBe(true);
    expect(await header.locator('svg.brand-mark').isVisible()).toBe(true);
  }, 60_000);

  it('shows a real frame of each listed video and infographic, and a placeholder where there is none yet', async () => {
    await page.goto('/app/videos');
    const row = page.locator('tr', { has: page.locator(`a[href*="${renderedId}"]`) });
    const image = row.locator('.thumb img');
    await image.waitFor();
    await expect.poll(() => image.evaluate((element) => (element as unknown as { complete: boolean; naturalWidth: number }).complete && (element as unknown as { naturalWidth: number }).naturalWidth), { timeout: 30_000 }).toBe(320);
    const emptyRow = page.locator('tr', { has: page.locator(`a[href*="${emptyId}"]`) });
    await emptyRow.locator('.thumb-empty[data-placeholder]').waitFor({ timeout: 15_000 });
    expect(await seriousViolations(page)).toEqual([]);

    const url = `/app/api/videos/${renderedId}/thumbnail`;
    const first = await fetchInPage(url);
    expect(first.status).toBe(200);
    expect(first.type).toBe('image/jpeg');
    const meta = await sharp(first.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 320, 180]);
    expect(await spread(first.bytes)).toBeGreaterThan(20);
    // Stored: asked again it is the same bytes, and a browser holding it gets 304.
    expect((await fetchInPage(url)).bytes.equals(first.bytes)).toBe(true);
    expect((await fetchInPage(url, { 'if-none-match': first.etag! })).status).toBe(304);
    expect((await fetchInPage(`/app/api/videos/${emptyId}/thumbnail`)).status).toBe(404);
    expect((await fetchInPage(`/app/api/videos/${strangerId}/thumbnail`)).status).toBe(404);
    expect((await fetch(`${e2e.baseUrl}${url}`)).status).toBe(401);

    await page.goto('/app/infographics');
    const card = page.locator('.thumb-list li', { has: page.locator(`a[href*="${infographicId}"]`) });
    const still = card.locator('.thumb img');
    await still.waitFor();
    await expect.poll(() => still.evaluate((element) => (element as unknown as { naturalWidth: number }).naturalWidth), { timeout: 30_000 }).toBeGreaterThan(0);
    const infographic = await fetchInPage(`/app/api/infographics/${infographicId}/thumbnail`);
    expect(infographic.type).toBe('image/jpeg');
    expect(await spread(infographic.bytes)).toBeGreaterThan(20);
    expect(await seriousViolations(page)).toEqual([]);
  }, 120_000);

  it('gives the MP4 player a real frame of the video as its poster', async () => {
    await page.goto(`/app/videos/${renderedId}`);
    const player = page.locator('video.mp4');
    await player.waitFor();
    const poster = await player.getAttribute('poster');
    expect(poster).toBe(`../v1/videos/${renderedId}/poster`);
    const still = await fetchInPage(poster!);
    expect(still.status).toBe(200);
    expect(still.type).toBe('image/jpeg');
    const meta = await sharp(still.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([320, 180]);
    expect(await spread(still.bytes)).toBeGreaterThan(20);
  }, 60_000);

  it('labels every progress bar with what it measures, seen and named', async () => {
    await page.goto(`/app/videos/${renderedId}`);
    await page.locator('.video-status').waitFor();
    const bars = page.getByRole('progressbar');
    await expect.poll(() => bars.count()).toBe(2);
    const names: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const bar = bars.nth(i);
      const label = await bar.evaluate((element) => {
        const labels = (element as unknown as { labels: ArrayLike<{ innerText: string; getBoundingClientRect(): { width: number; height: number } }> }).labels;
        const first = labels[0];
        return first === undefined ? undefined : { text: first.innerText.replace(/\s+/g, ' ').trim(), size: first.getBoundingClientRect() };
      });
      expect(label, `progress bar ${i} has a <label>`).toBeDefined();
      expect(label!.size.width * label!.size.height).toBeGreaterThan(0);
      names.push(label!.text);
      expect(await page.getByRole('progressbar', { name: label!.text }).count()).toBe(1);
    }
    expect(names[0]).toMatch(/^Scenes made \d+ of \d+$/);
    expect(names[1]).toMatch(/^Rendering (\d+% \(\d+ of \d+ frames\)|done|not started)$/);
  }, 60_000);

  for (const width of LOOK_WIDTHS) {
    it(`shows every option whole and never scrolls sideways at ${width} px`, async () => {
      await page.setViewportSize({ width, height: 800 });
      try {
        await page.context().clearCookies();
        await page.goto('/app/sign-in');
        await page.getByRole('heading', { name: 'Sign in' }).waitFor();
        expect(await sidewaysOverflow(), `sign-in at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
        await page.getByLabel('Email').fill(email);
        await page.getByLabel('Password').fill(PASSWORD);
        await page.getByRole('button', { name: 'Sign in' }).click();
        await expect.poll(() => new URL(page.url()).pathname).toBe('/app/videos');
        const pages: [string, string, () => Promise<unknown>][] = [
          ['videos', '/app/videos', () => page.locator('.list-table').waitFor()],
          ['new video', '/app/videos/new', () => page.locator('select').nth(5).waitFor()],
          ['video', `/app/videos/${renderedId}`, () => page.locator('video.mp4').waitFor()],
          ['infographics', '/app/infographics', () => page.locator('.thumb-list').waitFor()],
          ['infographic', `/app/infographics/${infographicId}`, () => page.getByRole('heading', { name: 'Settings' }).waitFor()],
          ['account', '/app/account', () => page.getByRole('heading', { name: 'API keys' }).waitFor()],
        ];
        for (const [name, url, ready] of pages) {
          await page.goto(url);
          await ready();
          await page.evaluate(() => (globalThis as unknown as Doc).document.fonts.ready);
          expect(await sidewaysOverflow(), `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
          expect(await cutOffLabels(), `${name} at ${width} px`).toEqual([]);
          if (width === 1280 && (name === 'videos' || name === 'video')) {
            const lines = await modelNameLines();
            expect(lines.length, `${name} shows model-5`).toBeGreaterThan(0);
            expect(lines, `model-5 on one line on ${name}`).toEqual(lines.map(() => 1));
          }
        }
        // The new-video form's options are checked with their catalogs loaded (styles, voices).
        await page.goto('/app/videos/new');
        await expect.poll(() => page.locator('select').first().locator('option').count()).toBeGreaterThan(1);
        await expect.poll(() => page.getByLabel('Style', { exact: true }).locator('option').count()).toBeGreaterThan(1);
        await expect.poll(() => page.getByLabel('Voice', { exact: true }).locator('option').count()).toBeGreaterThan(1);
        expect(await cutOffLabels(), `new video with its catalogs at ${width} px`).toEqual([]);
      } finally {
        await page.setViewportSize({ width: 1280, height: 800 });
      }
    }, 120_000);
  }
});
