// The video page's scene editor in a real headless Chromium: the strip of scene thumbnails, a scene's
// text changed in place and shown in the preview before anything is made, a picture chosen from the
// picture search, scenes moved and removed, all sent as edit operations; the new edit job redraws only
// the changed scene and keeps the others' code; edit and source link to each other. The sentence edit
// box is still there. Small renders: 320x180, no sound, no MP4.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAccountPassword, summarizeAccount } from '../../src/accounts/accounts.js';
import { PACKAGE_ROOT } from '../../src/package-root.js';
import { launchAppBrowser, newAppContext, screenshots, seriousViolations } from '../helpers/app-browser.js';
import { startE2eNode, type E2eNode } from './e2e-node.js';
import { meanDifference } from './frame-compare.js';

const PASSWORD = 'correct horse battery';
const PROMPT = 'How bees make honey. Foragers collect nectar from flowers. House bees fan the nectar dry. Wax caps seal the finished honey.';

/** An element's attributes, as the page's own code reads them (the test compiles without the DOM's types). */
interface Attributed {
  getAttribute(name: string): string | null;
}

let e2e: E2eNode;
let browser: Browser;
let page: Page;
let sourceId: string;
/** The source's scenes as built: id, title, compiled code. */
let sourceScenes: { id: string; title: string; compiled: string | null }[];
/** The edit job the editor made. */
let editId: string;

beforeAll(async () => {
  if (!existsSync(path.join(PACKAGE_ROOT, 'dist', 'app', 'manifest.json'))) throw new Error('the web app is not built: run npm run build first');
  e2e = await startE2eNode();
  await setAccountPassword(e2e.node.ctx, e2e.accountId, PASSWORD);
  const created = await e2e.request('POST', '/v1/videos', { prompt: PROMPT, duration: 12, dimensions: { width: 320, height: 180 }, narration: false, music: false, render: false });
  expect(created.status, JSON.stringify(created.body)).toBe(202);
  sourceId = created.body.id;
  const job = await e2e.waitFor(sourceId);
  expect(job.status, JSON.stringify(job.error)).toBe('completed');
  sourceScenes = e2e.node.ctx.videos.scenes(sourceId).map((scene) => ({ id: scene.id, title: scene.title, compiled: scene.compiled }));
  expect(sourceScenes.length).toBeGreaterThanOrEqual(3);

  browser = await launchAppBrowser();
  page = await (await newAppContext(browser, e2e.baseUrl)).newPage();
  await page.goto(`/app/videos/${sourceId}`);
  await page.getByLabel('Email').fill(summarizeAccount(e2e.node.ctx, e2e.accountId).email!);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === `/app/videos/${sourceId}`);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await e2e?.close();
});

describe('the scene editor on the video page', () => {
  it('shows the scenes as a strip, one data-scene element per scene, each with its frame', async () => {
    const strip = page.locator('.scene-strip [data-scene]');
    await expect.poll(() => strip.count(), { timeout: 60_000 }).toBe(sourceScenes.length);
    expect(await strip.evaluateAll((items) => items.map((item) => (item as unknown as Attributed).getAttribute('data-scene')))).toEqual(sourceScenes.map((_, i) => String(i + 1)));
    // Each thumbnail is that scene's still of GET /frames: nearer to it than to any other scene's.
    await expect.poll(() => page.locator('.scene-strip [data-scene] img').count(), { timeout: 60_000 }).toBe(sourceScenes.length);
    const frames = (await e2e.request('GET', `/v1/videos/${sourceId}/frames?max_frames=12`)).body.frames as { scene_id: string; data: string }[];
    const pixels = (base64: string) => sharp(Buffer.from(base64, 'base64')).resize(128, 72).raw().toBuffer();
    const stills = await Promise.all(sourceScenes.map((scene) => pixels(frames.find((frame) => frame.scene_id === scene.id)!.data)));
    for (const i of sourceScenes.keys()) {
      const src = (await page.locator(`.scene-strip [data-scene="${i + 1}"] img`).getAttribute('src'))!;
      expect(src).toMatch(/^data:image\/jpeg;base64,/);
      const shown = await pixels(src.slice(src.indexOf(',') + 1));
      const differences = stills.map((still) => meanDifference(shown, still));
      expect(differences.indexOf(Math.min(...differences)), `scene ${i + 1}: ${differences.join(', ')}`).toBe(i);
    }
    // The sentence edit box stays beside it.
    await page.getByLabel('Describe the change').waitFor();
  }, 90_000);

  it('edits a clicked scene\'s text in place and shows it in the preview before anything is made', async () => {
    await page.locator('[data-scene="1"] .scene-thumb').click();
    const editor = page.locator('.scene-editor');
    await editor.getByRole('heading', { name: 'Scene 1' }).waitFor();
    // Its texts, picture, colours and length are inputs.
    const text = editor.locator('input[type="text"]').first();
    expect(await text.inputValue()).toBe(sourceScenes[0]!.title);
    await editor.getByLabel('Length (seconds)').waitFor();
    await editor.getByLabel('Text colour').waitFor();
    await editor.getByLabel('Primary colour').waitFor();
    await text.fill('Sweet honey');
    // The preview plays the draft: its first scene shows the new words (the kit may set them word by word).
    const preview = page.frameLocator('iframe[title="Preview of your changes"]');
    await expect.poll(async () => (await preview.locator('body').textContent({ timeout: 5_000 }).catch(() => ''))?.replace(/\s+/g, ' '), { timeout: 30_000 }).toContain('Sweet');
    expect(await page.locator('[data-scene="1"]').innerText()).toContain('changed');
    // Nothing is made until the edit is.
    expect((await e2e.request('GET', `/v1/videos?parent_id=${sourceId}`)).body.videos).toEqual([]);
  }, 60_000);

  it('replaces the scene\'s picture with one of the picture search\'s candidates', async () => {
    const editor = page.locator('.scene-editor');
    await editor.getByRole('searchbox').fill('honey jar');
    await editor.getByRole('button', { name: 'Search pictures' }).click();
    const candidates = editor.locator('.picture-candidates button');
    await expect.poll(() => candidates.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const name = (await candidates.first().innerText()).trim();
    await candidates.first().click();
    await editor.getByText(`New picture: ${name}`).waitFor();
  }, 30_000);

  it('moves and removes scenes from the strip, then makes the edit as operations: a new job that redraws only the changed scene', async () => {
    const last = sourceScenes.length;
    await page.getByRole('button', { name: 'Remove scene 2' }).click();
    // The last scene moved to the start, a place at a time.
    for (let i = 0; i < last - 2; i += 1) await page.getByRole('button', { name: `Move scene ${last} earlier` }).click();
    const expected = [last, ...Array.from({ length: last - 1 }, (_, i) => i + 1).filter((number) => number !== 2)];
    expect(await page.locator('.scene-strip [data-scene]').evaluateAll((items) => items.map((item) => Number((item as unknown as Attributed).getAttribute('data-scene'))))).toEqual(expected);
    await page.getByText('Scene 2 (').waitFor();
    expect(await seriousViolations(page), 'axe on the scene editor').toEqual([]);
    await screenshots(page, 'video-scene-editor');

    await page.getByLabel('Render the MP4 when these changes are made').uncheck();
    await page.getByRole('button', { name: 'Make these changes' }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).not.toBe(`/app/videos/${sourceId}`);
    editId = new URL(page.url()).pathname.split('/').pop()!;
    const job = await e2e.waitFor(editId);
    expect(job.status, JSON.stringify(job.error)).toBe('completed');
    // Scene 1, retexted and with a new picture, is the one redrawn, now second.
    expect(job).toMatchObject({ parent_id: sourceId, edit: { read_by: 'operations', regenerated: [1] } });
    expect(job.edit.changes).toEqual(expect.arrayContaining([expect.stringContaining('"Sweet honey"'), 'remove scene 2', `move scene ${last} at the start`]));

    const scenes = e2e.node.ctx.videos.scenes(editId);
    expect(scenes.map((scene) => scene.title)).toEqual(expected.map((number) => (number === 1 ? 'Sweet honey' : sourceScenes[number - 1]!.title)));
    expect(JSON.parse(scenes[1]!.settings).picture).toMatch(/^[a-z-]+:[a-z0-9-]+$/);
    expect(scenes[1]!.reused_from).toBeNull();
    // The scenes the editor did not touch (only moved) keep their code.
    for (const [i, number] of expected.entries()) {
      if (number === 1) continue;
      expect(scenes[i]!.reused_from, `scene ${number}`).toBe(sourceScenes[number - 1]!.id);
      expect(scenes[i]!.compiled, `scene ${number}`).toBe(sourceScenes[number - 1]!.compiled);
    }
  }, 240_000);

  it('links the edit and its source both ways: the edit shows its source and changes, the source lists its edits', async () => {
    await page.goto(`/app/videos/${editId}`);
    const parent = page.getByRole('link', { name: 'the earlier video' });
    await parent.waitFor();
    await page.locator('.edit-changes').getByText('remove scene 2').waitFor();
    await parent.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/app/videos/${sourceId}`);
    const edits = page.getByRole('region', { name: 'Edits of this video' });
    await edits.waitFor({ timeout: 15_000 });
    const link = edits.locator(`[data-edit="${editId}"] a`);
    expect(new URL(await link.evaluate((anchor) => (anchor as unknown as { href: string }).href)).pathname).toBe(`/app/videos/${editId}`);
    expect(await seriousViolations(page), 'axe on the source with its edits').toEqual([]);

    // In the videos list the edit says what it edits (its source, by prompt, as a link) and what it changed.
    await page.goto('/app/videos');
    const note = page.locator('tr', { has: page.locator(`a[href$="videos/${editId}"]`) }).locator('.edit-of');
    await note.waitFor({ timeout: 15_000 });
    expect(await note.innerText()).toMatch(/^Edit of “How bees make honey\..*”: .*remove scene 2/);
    expect(new URL(await note.locator('a').evaluate((anchor) => (anchor as unknown as { href: string }).href)).pathname).toBe(`/app/videos/${sourceId}`);
  }, 60_000);
});
