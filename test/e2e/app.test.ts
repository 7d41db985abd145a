// The web app in a real headless Chromium against a listening node: sign in at an app_url, a video
// from the form with its status changing without reload, the live preview playing committed scenes
// while no MP4 exists, the MP4 download, a storyboard gate approved, an edit, an infographic colour
// changing its preview, an API key created and revoked; axe finds nothing serious on any page and
// every page is photographed at 375 and 1440 px; CSP, HttpOnly cookie and CSRF hold. The steps run
// in order in one browser page, signed in by the first; the jobs they need start in beforeAll.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAccountPassword, summarizeAccount } from '../../src/accounts/accounts.js';
import { PACKAGE_ROOT } from '../../src/package-root.js';
import { createAccountWithKey } from '../helpers/test-node.js';
import { launchAppBrowser, newAppContext, screenshots, seriousViolations } from '../helpers/app-browser.js';
import { startE2eNode, type E2eNode } from './e2e-node.js';

const SIZE = { width: 256, height: 144 };
const PASSWORD = 'correct horse battery';
const SMALL = { duration: 6, dimensions: SIZE, narration: false, music: false };
const STORY =
  'Meet Mara, a lighthouse keeper on a stormy island. Mara climbs the tower every night. Mara lights the lamp for the fishing boats. The boats come home safely before dawn.';

let e2e: E2eNode;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let email: string;
/** A rendered video of the signed-in account (download, edit). */
let renderedId: string;
/** A storyboard build of the signed-in account (the review gates). */
let storyboardId: string;
/** Another account's video. */
let strangerVideoId: string;
/** The video made from the form (no MP4: the live preview). */
let formVideoId: string;

/** Runs axe on the page as it stands and photographs it; a serious or critical violation fails the test. */
async function checkPage(name: string): Promise<void> {
  expect(await seriousViolations(page), `axe on ${name}`).toEqual([]);
  await screenshots(page, name);
}

/** One directive of a Content-Security-Policy, as sent. */
function directive(csp: string, name: string): string | undefined {
  return csp.split(';').map((part) => part.trim()).find((part) => part.startsWith(`${name} `));
}

/** The share of the image's pixels within `tolerance` of `rgb` on every channel. */
async function colourShare(png: Buffer, rgb: [number, number, number], tolerance = 40): Promise<number> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let hits = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    if (Math.abs(data[i]! - rgb[0]) <= tolerance && Math.abs(data[i + 1]! - rgb[1]) <= tolerance && Math.abs(data[i + 2]! - rgb[2]) <= tolerance) hits += 1;
  }
  return hits / (data.length / info.channels);
}

beforeAll(async () => {
  const manifest = path.join(PACKAGE_ROOT, 'dist', 'app', 'manifest.json');
  if (!existsSync(manifest)) throw new Error(`the web app is not built (${manifest} is missing): run npm run build first`);
  e2e = await startE2eNode();
  await setAccountPassword(e2e.node.ctx, e2e.accountId, PASSWORD);
  email = summarizeAccount(e2e.node.ctx, e2e.accountId).email!;

  // The jobs the later steps need start now and run while the first steps are driven.
  const rendered = await e2e.request('POST', '/v1/videos', { prompt: 'How tides work. The moon pulls the sea. Twice a day the water rises.', ...SMALL, render: true });
  expect(rendered.status, JSON.stringify(rendered.body)).toBe(202);
  renderedId = rendered.body.id;
  const storyboard = await e2e.request('POST', '/v1/videos', { prompt: STORY, ai_video: 'full', storyboard: true, ...SMALL, render: false });
  expect(storyboard.status, JSON.stringify(storyboard.body)).toBe(202);
  storyboardId = storyboard.body.id;

  const stranger = await createAccountWithKey(e2e.node.ctx, 'ultimate', 50);
  const strangers = await fetch(`${e2e.baseUrl}/v1/videos`, {
    method: 'POST',
    headers: { authorization: `Bearer ${stranger.key.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ prompt: 'A stranger video about bees. They dance to share flowers.', ...SMALL, render: false }),
  });
  expect(strangers.status).toBe(202);
  strangerVideoId = ((await strangers.json()) as { id: string }).id;

  browser = await launchAppBrowser();
  context = await newAppContext(browser, e2e.baseUrl);
  page = await context.newPage();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await e2e?.close();
});

describe('the web app in a real browser', () => {
  it('sends a visitor at an app_url to sign-in and back; a wrong password is refused; another account\'s video is not found', async () => {
    await page.goto(`/app/videos/${renderedId}`);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/app/sign-in');
    expect(new URL(page.url()).searchParams.get('next')).toBe(`videos/${renderedId}`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await checkPage('sign-in');

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.locator('#sign-in-error').innerText()).toBe('That email and password do not match an account.');
    expect(await context.cookies()).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/app/sign-in');

    // By keyboard alone: Tab moves from the email to the password, Enter signs in.
    await page.getByLabel('Password').fill('');
    await page.getByLabel('Email').focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (globalThis as unknown as { document: { activeElement: { id: string; type: string } | null } }).document.activeElement?.type)).toBe('password');
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/app/videos/${renderedId}`);
    await page.getByText('How tides work', { exact: false }).first().waitFor();
    await checkPage('video');

    await page.goto(`/app/videos/${strangerVideoId}`);
    await expect.poll(() => page.getByRole('alert').first().innerText().catch(() => '')).toMatch(/not found/i);
    expect(await page.getByText('A stranger video about bees. They dance to share flowers.').count()).toBe(0);
    await checkPage('video-not-found');
  });

  it('creates a small video from the form; its page shows the status change without a reload', async () => {
    await page.goto('/app/videos/new');
    await page.getByRole('heading', { name: 'New video' }).waitFor();
    await page.getByLabel('Prompt').fill('Why the sky is blue. Sunlight scatters in the air. Blue light scatters most.');
    await page.getByLabel('Duration (seconds)').fill('6');
    await page.getByLabel('Narration', { exact: true }).selectOption('off');
    await page.getByLabel('Music').selectOption('off');
    await page.getByLabel(/^Render the MP4/).uncheck();
    await expect.poll(() => page.locator('.estimate-inline').innerText()).toMatch(/Estimate: [\d.]+ credits/);
    await checkPage('new-video');

    await page.getByRole('button', { name: 'Create video' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/app\/videos\/vid_/);
    formVideoId = new URL(page.url()).pathname.split('/').pop()!;
    await page.locator('.status-summary').waitFor();
    // A reload would drop this marker.
    await page.evaluate(() => ((globalThis as unknown as { unreloaded: boolean }).unreloaded = true));

    const seen: string[] = [];
    const deadline = Date.now() + 180_000;
    while (Date.now() < deadline) {
      const status = (await page.locator('.status-summary .badge').innerText()).trim();
      if (seen.at(-1) !== status) seen.push(status);
      if (['Completed', 'Failed', 'Canceled'].includes(status)) break;
      await page.waitForTimeout(100);
    }
    expect(seen.at(-1), JSON.stringify(seen)).toBe('Completed');
    expect(seen.length, JSON.stringify(seen)).toBeGreaterThan(1);
    expect(await page.evaluate(() => (globalThis as unknown as { unreloaded?: boolean }).unreloaded)).toBe(true);
    expect(new URL(page.url()).pathname).toBe(`/app/videos/${formVideoId}`);
    const job = await e2e.request('GET', `/v1/videos/${formVideoId}`);
    expect(job.body.status).toBe('completed');
  }, 200_000);

  it('plays the committed scenes in the live preview while no MP4 exists', async () => {
    const job = await e2e.request('GET', `/v1/videos/${formVideoId}`);
    expect(job.body.download_url).toBeUndefined();
    expect(job.body.progress.scenes_committed).toBeGreaterThan(0);
    await page.evaluate(() => {
      const frames: number[] = [];
      (globalThis as unknown as { previewFrames: number[] }).previewFrames = frames;
      const target = globalThis as unknown as { addEventListener(type: 'message', listener: (event: { data: { type?: string; frame?: number } | null }) => void): void };
      target.addEventListener('message', (event) => {
        if (event.data?.type === 'frame' && typeof event.data.frame === 'number') frames.push(event.data.frame);
      });
    });
    const frame = page.frameLocator('iframe[src*="player-frame"]');
    await frame.getByRole('button', { name: 'Play video' }).click({ timeout: 30_000 });
    await expect
      .poll(async () => new Set(await page.evaluate(() => (globalThis as unknown as { previewFrames: number[] }).previewFrames)).size, { timeout: 15_000 })
      .toBeGreaterThan(3);
    const frames = await page.evaluate(() => (globalThis as unknown as { previewFrames: number[] }).previewFrames);
    expect(Math.max(...frames)).toBeGreaterThan(Math.min(...frames));
    // The player's canvas moves too: two photographs of the frame a moment apart differ.
    const first = await page.locator('iframe[src*="player-frame"]').screenshot();
    await page.waitForTimeout(700);
    const second = await page.locator('iframe[src*="player-frame"]').screenshot();
    expect(first.equals(second)).toBe(false);
    expect(await page.locator('video.mp4').count()).toBe(0);
    const committed = job.body.progress.scenes_committed as number;
    const made = committed === job.body.scenes.length ? `All ${committed} scenes made` : `${committed} of ${job.body.scenes.length} scenes made`;
    expect(await page.locator('.preview-box .meta').innerText()).toContain(made);
    expect(await page.locator('.preview-box .meta').innerText()).not.toContain('Preview problem');
    expect((await e2e.request('GET', `/v1/videos/${formVideoId}`)).body.download_url).toBeUndefined();
    await checkPage('video-live-preview');
  }, 60_000);

  it('downloads the MP4 once rendered', async () => {
    const done = await e2e.waitFor(renderedId);
    expect(done.status, JSON.stringify(done.error)).toBe('completed');
    await page.goto(`/app/videos/${renderedId}`);
    const link = page.getByRole('link', { name: 'Download the MP4' });
    await link.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const bytes = readFileSync((await download.path())!);
    expect(bytes.length).toBeGreaterThan(1000);
    expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
    const href = await link.getAttribute('href');
    const type = await page.evaluate(async (url) => (await fetch(url!)).headers.get('content-type'), href);
    expect(type).toBe('video/mp4');
    await checkPage('video-rendered');
  }, 240_000);

  it('submits an edit and lands on the new job, linked to its source', async () => {
    await page.getByLabel('Describe the change').fill('change the text of scene 1 to Hello');
    await page.getByLabel('Render the MP4 when the edit is made').uncheck();
    await page.getByRole('button', { name: 'Make the edit' }).click();
    await expect.poll(() => new URL(page.url()).pathname).not.toBe(`/app/videos/${renderedId}`);
    const editId = new URL(page.url()).pathname.split('/').pop()!;
    expect(editId).toMatch(/^vid_/);
    const parent = page.getByRole('link', { name: 'the earlier video' });
    await parent.waitFor();
    await page.getByText('change the text of scene 1 to Hello').first().waitFor();
    expect((await e2e.request('GET', `/v1/videos/${editId}`)).body.parent_id).toBe(renderedId);
    await checkPage('video-edit');
    // The link (relative to the app's <base>) leads back to the source.
    expect(new URL(await parent.evaluate((anchor) => (anchor as unknown as { href: string }).href)).pathname).toBe(`/app/videos/${renderedId}`);
    await parent.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/app/videos/${renderedId}`);
    await page.getByRole('link', { name: 'Download the MP4' }).waitFor();
  }, 60_000);

  it('renders the video again at another size from its page, and lists both renders with a download each, the original marked', async () => {
    await page.goto(`/app/videos/${renderedId}`);
    await page.getByLabel('Width').fill('160');
    await page.getByLabel('Height').fill('160');
    await page.getByLabel('Frame rate').selectOption('24');
    await page.getByRole('button', { name: 'Render', exact: true }).click();
    const renders = page.getByRole('table', { name: 'The renders of this video, oldest first' });
    const again = renders.getByRole('row').filter({ hasText: '160×160' });
    await again.getByRole('link', { name: 'Download MP4' }).waitFor({ timeout: 120_000 });
    await expect.poll(() => again.textContent()).toContain('24 fps');
    const original = renders.getByRole('row').filter({ hasText: '(original)' });
    expect(await original.textContent()).toContain(`${SIZE.width}×${SIZE.height}`);
    await original.getByRole('link', { name: 'Download MP4' }).waitFor();
    // Another format: a transparent background is offered only for WebM and MOV; a GIF is listed with its own download.
    await page.getByLabel('Width').fill('');
    await page.getByLabel('Height').fill('');
    await page.getByLabel('Frame rate').selectOption('');
    await page.getByLabel('Format').selectOption('gif');
    expect(await page.getByLabel(/Transparent background/).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Render', exact: true }).click();
    const gif = renders.getByRole('row').filter({ hasText: 'GIF' });
    const link = gif.getByRole('link', { name: 'Download GIF' });
    await link.waitFor({ timeout: 120_000 });
    expect(await link.getAttribute('download')).toMatch(/\.gif$/);
    // A finished video offers a poster (and its captions, when it is narrated; this one is not).
    expect(await page.getByRole('link', { name: 'SRT' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'PNG' }).getAttribute('href')).toBe(`../v1/videos/${renderedId}/poster?format=png`);
    const poster = await page.evaluate(async (href) => (await fetch(href)).headers.get('content-type'), `../v1/videos/${renderedId}/poster?format=png`);
    expect(poster).toBe('image/png');
    // The page still plays the original, at the job's own size.
    expect((await e2e.request('GET', `/v1/videos/${renderedId}`)).body).toMatchObject({ dimensions: SIZE, fps: 30 });
    await checkPage('video-renders');
  }, 180_000);

  it('approves the cast sheets in the app and moves on to the storyboard', async () => {
    await e2e.waitFor(storyboardId, (job) => job.status === 'awaiting_approval' || ['completed', 'failed', 'canceled'].includes(job.status));
    await page.goto(`/app/videos/${storyboardId}`);
    await page.getByRole('heading', { name: 'Review the cast sheets (round 1)' }).waitFor();
    await page.locator('.review-gate img').first().waitFor();
    await checkPage('review-cast');
    await page.getByRole('button', { name: 'Approve the cast sheets' }).click();
    await page.getByRole('heading', { name: 'Review the storyboard (round 1)' }).waitFor({ timeout: 180_000 });
    await page.locator('.review-gate img').first().waitFor();
    expect((await e2e.request('GET', `/v1/videos/${storyboardId}`)).body.review).toMatchObject({ gate: 'storyboard', round: 1 });
    await checkPage('review-storyboard');
    await e2e.request('POST', `/v1/videos/${storyboardId}/cancel`, {});
  }, 240_000);

  it('changes an infographic colour and the preview follows', async () => {
    const generated = await e2e.request('POST', '/v1/infographics/generate', { prompt: 'How teams ship software. 62% of teams ship weekly. 48% ship daily. 35% ship on every merge.' });
    expect(generated.status, JSON.stringify(generated.body)).toBe(200);
    await page.goto(`/app/infographics/${generated.body.projectId}`);
    const colour = page.locator('form input[type=color]').first();
    await colour.waitFor();
    const preview = page.locator('iframe[src*="player-frame"]');
    await preview.waitFor();
    await page.waitForTimeout(1500);
    // The preview animates: the most green seen over a few photographs, before and after.
    const greenest = async () => {
      let most = 0;
      for (let i = 0; i < 5; i += 1) {
        most = Math.max(most, await colourShare(await preview.screenshot(), [0, 255, 0]));
        await page.waitForTimeout(300);
      }
      return most;
    };
    const before = await greenest();
    await colour.fill('#00ff00');
    expect(await colour.inputValue()).toBe('#00ff00');
    await expect.poll(greenest, { timeout: 15_000 }).toBeGreaterThan(before + 0.01);
    await checkPage('infographic');
  }, 120_000);

  it('creates an API key, shows it once with a copy button, and revokes it', async () => {
    await page.goto('/app/account');
    await page.getByLabel('Name (optional)').fill('CI key');
    await page.getByRole('button', { name: 'Create key' }).click();
    const once = page.locator('.once');
    await once.waitFor();
    expect(await once.locator('code.secret').first().innerText()).toMatch(/^mvk_/);
    expect(await page.getByRole('button', { name: 'Copy the API key' }).count()).toBe(1);
    await checkPage('account');

    await page.getByRole('button', { name: 'Revoke CI key' }).click();
    await page.getByRole('button', { name: 'Yes, revoke' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Revoke CI key' }).count()).toBe(0);
    await expect.poll(() => page.locator('li', { hasText: 'CI key' }).first().innerText()).toMatch(/Revoked/);
    const keys = (await e2e.request('GET', '/v1/api-keys')).body.api_keys as { name: string; revoked_at: string | null }[];
    expect(keys.find((key) => key.name === 'CI key')?.revoked_at).not.toBeNull();
  });

  it('lists videos and infographics without serious accessibility violations', async () => {
    await page.goto('/app/videos');
    await page.locator(`a[href*="${formVideoId}"]`).first().waitFor();
    await checkPage('videos');
    await page.goto('/app/infographics');
    await page.locator('.card-list a').first().waitFor();
    await checkPage('infographics');
  });

  it('sends a CSP without inline scripts, keeps the session cookie HttpOnly, and refuses a write without the CSRF token', async () => {
    const response = await page.goto('/app/account');
    const csp = response!.headers()['content-security-policy']!;
    expect(directive(csp, 'script-src')).toBe("script-src 'self'");
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    // The preview frame alone may evaluate code (scene code), and still runs no inline script.
    const frameCsp = (await page.request.get('/app/player-frame')).headers()['content-security-policy']!;
    expect(directive(frameCsp, 'script-src')).toBe("script-src 'self' 'unsafe-eval'");
    const cookie = (await context.cookies()).find((item) => item.name === 'service_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

    const answers = await page.evaluate(async (strangerId) => {
      const post = (headers: Record<string, string>) => fetch('/v1/api-keys', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ name: 'csrf probe' }) });
      const refused = await post({});
      const session = (await (await fetch('/app/api/session')).json()) as { csrf_token: string };
      const accepted = await post({ 'x-csrf-token': session.csrf_token });
      const strangers = await Promise.all([fetch(`/v1/videos/${strangerId}`), fetch(`/v1/videos/${strangerId}/preview`)]);
      return { stranger: strangers.map((answer) => answer.status), refused: { status: refused.status, body: (await refused.json()) as { error: { code: string } } }, accepted: accepted.status };
    }, strangerVideoId);
    expect(answers.stranger).toEqual([404, 404]);
    expect(answers.refused.status).toBe(403);
    expect(answers.refused.body.error.code).toBe('csrf_failed');
    expect(answers.accepted).toBe(201);
    const probes = ((await e2e.request('GET', '/v1/api-keys')).body.api_keys as { name: string }[]).filter((key) => key.name === 'csrf probe');
    expect(probes).toHaveLength(1);
  });

  it('signs out: the cookie is cleared and the app asks to sign in again', async () => {
    await page.goto('/app/videos');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/app/sign-in');
    expect((await context.cookies()).find((item) => item.name === 'service_session')).toBeUndefined();
    expect((await page.request.get('/app/api/session')).status()).toBe(401);
    await page.goto(`/app/videos/${renderedId}`);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/app/sign-in');
  });

  it('serves the videos list at /app and /app?…, signed out (sign-in comes back to the list) and signed in', async () => {
    await page.goto('/app');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/app/sign-in');
    expect(new URL(page.url()).searchParams.get('next')).toBeNull();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/app/videos');
    await page.getByRole('heading', { name: 'Videos', level: 1 }).waitFor();

    for (const url of ['/app', '/app?utm_source=mail', '/app/']) {
      await page.goto(url);
      await page.getByRole('heading', { name: 'Videos', level: 1 }).waitFor();
      expect(await page.getByRole('heading', { name: 'Not found' }).count(), url).toBe(0);
    }
    // Every link the app's navigation offers leads to a page of its own, never "Not found".
    await page.goto('/app');
    await page.getByRole('heading', { name: 'Videos', level: 1 }).waitFor();
    const hrefs = await page.locator('nav a[href]').evaluateAll((anchors) => anchors.map((anchor) => (anchor as unknown as { getAttribute(name: string): string | null }).getAttribute('href') ?? ''));
    expect(hrefs.length).toBeGreaterThan(2);
    for (const href of hrefs) {
      await page.goto(`/app/${href.replace(/^\/?(app\/)?/, '')}`);
      await page.locator('h1').first().waitFor();
      expect(await page.locator('h1').first().innerText(), href).not.toMatch(/not found/i);
    }
  });
});
