// More formats from the same render (issue 30): a job or an infographic renders as MP4, WebM, MOV
// or GIF, and WebM and MOV also transparent (no background, an alpha channel). Every format costs
// one plan render, and the download link names the format.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFfmpeg } from '../../src/render/ffmpeg/find-ffmpeg.js';
import { probeVideo, runBinary } from '../../src/render/ffmpeg/run-ffmpeg.js';
import { runService } from '../helpers/run-service.js';
import { E2E_CACHE_DIR, startE2eNode, type E2eNode } from './e2e-node.js';
import { startReceiver, type Delivery } from './webhook-receiver.js';

const ffmpeg = findFfmpeg()!;
const SIZE = { width: 320, height: 180 };
/** Re-renders at 24 fps: fewer frames for the transparent renders, which capture every one. */
const FPS = 24;
const CONTENT_TYPES: Record<string, string> = { mp4: 'video/mp4', webm: 'video/webm', mov: 'video/quicktime', gif: 'image/gif' };

let e2e: E2eNode;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let downloads: string;
let id: string;

type Render = { id: string; status: string; format: string; background?: string; dimensions: { width: number; height: number }; fps: number; download_url?: string; error?: string };

/** Downloads a link, checking the content type its format is served with. */
async function download(url: string, format: string): Promise<string> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe(CONTENT_TYPES[format]);
  const file = path.join(downloads, `${path.basename(new URL(url).pathname)}`);
  writeFileSync(file, Buffer.from(await response.arrayBuffer()));
  return file;
}

/** Queues a re-render and waits for it to end; answers the render entry of the poll response. */
async function renderAs(body: Record<string, unknown>): Promise<Render> {
  const queued = await e2e.request('POST', `/v1/videos/${id}/render`, { fps: FPS, ...body });
  expect(queued.status, JSON.stringify(queued.body)).toBe(202);
  const renderId = (queued.body.renders as Render[]).at(-1)!.id;
  const job = await e2e.waitFor(id, (poll) => (poll.renders as Render[]).some((render) => render.id === renderId && (render.status === 'completed' || render.status === 'failed')));
  const render = (job.renders as Render[]).find((item) => item.id === renderId)!;
  expect(render.status, render.error).toBe('completed');
  return render;
}

/** The account's plan renders used this month. */
async function rendersUsed(): Promise<number> {
  return (await e2e.request('GET', '/v1/account')).body.renders_used as number;
}

/** ffprobe's streams of a file. */
async function streamsOf(file: string): Promise<{ codec_type: string; codec_name: string; pix_fmt?: string; profile?: string; tags?: Record<string, string> }[]> {
  return (JSON.parse(await runBinary(ffmpeg.ffprobe, ['-v', 'error', '-show_streams', '-of', 'json', file])) as { streams: [] }).streams;
}

/** One frame at a time as RGBA pixels, decoded with the given decoder options. */
async function rgbaFrame(file: string, seconds: number, decoder: string[] = []): Promise<{ data: Buffer; width: number; height: number }> {
  const png = path.join(downloads, `${path.basename(file)}-${seconds}.png`);
  await runBinary(ffmpeg.ffmpeg, ['-y', '-v', 'error', ...decoder, '-ss', String(seconds), '-i', file, '-frames:v', '1', '-pix_fmt', 'rgba', png]);
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The alpha of every pixel of a frame. */
function alphas(frame: { data: Buffer }): number[] {
  const out: number[] = [];
  for (let i = 3; i < frame.data.length; i += 4) out.push(frame.data[i]!);
  return out;
}

/** A transparent frame: the background gone (corners alpha 0, most pixels clear) and the content there (some pixels fully opaque). */
function expectTransparentFrame(frame: { data: Buffer; width: number; height: number }): void {
  const alpha = alphas(frame);
  const at = (x: number, y: number) => alpha[y * frame.width + x]!;
  expect([at(0, 0), at(frame.width - 1, 0), at(0, frame.height - 1), at(frame.width - 1, frame.height - 1)]).toEqual([0, 0, 0, 0]);
  const clear = alpha.filter((value) => value === 0).length / alpha.length;
  const opaque = alpha.filter((value) => value === 255).length;
  expect(clear).toBeGreaterThan(0.3);
  expect(opaque).toBeGreaterThan(50);
}

beforeAll(async () => {
  downloads = mkdtempSync(path.join(tmpdir(), 'e2e-render-formats-'));
  receiver = await startReceiver();
  e2e = await startE2eNode();
  // A job made without a render: each format below is a render of its own, none of them becomes the original.
  const created = await e2e.request('POST', '/v1/videos', {
    prompt: 'Bees and flowers. A bee visits about 5,000 flowers a day.',
    duration: 5,
    dimensions: SIZE,
    narration: false,
    music: false,
    render: false,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(202);
  id = created.body.id;
  const job = await e2e.waitFor(id);
  expect(job.status, JSON.stringify(job.error)).toBe('completed');
});
afterAll(async () => {
  await e2e?.close();
  await receiver?.close();
  rmSync(downloads, { recursive: true, force: true });
});

describe('POST /v1/videos/{id}/render with a format', () => {
  it('refuses background transparent with mp4 or gif with 400, and changes nothing', async () => {
    const before = (await e2e.request('GET', `/v1/videos/${id}`)).body;
    const used = await rendersUsed();
    for (const format of ['mp4', 'gif']) {
      const refused = await e2e.request('POST', `/v1/videos/${id}/render`, { format, background: 'transparent' });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatchObject({ code: 'invalid_request', message: expect.stringContaining('webm or mov') });
    }
    // Not given a format, transparent means mp4: refused the same.
    expect((await e2e.request('POST', `/v1/videos/${id}/render`, { background: 'transparent' })).status).toBe(400);
    expect((await e2e.request('POST', `/v1/videos/${id}/render`, { format: 'avi' })).status).toBe(400);
    expect((await e2e.request('GET', `/v1/videos/${id}`)).body.renders ?? []).toEqual(before.renders ?? []);
    expect(await rendersUsed()).toBe(used);
  });

  it('renders a transparent WebM (VP9 with alpha) and MOV (ProRes 4444 with alpha) whose background pixels are clear and content opaque', async () => {
    const used = await rendersUsed();
    const webm = await renderAs({ format: 'webm', background: 'transparent' });
    expect(webm).toMatchObject({ format: 'webm', background: 'transparent', dimensions: SIZE, fps: FPS });
    expect(new URL(webm.download_url!).pathname).toMatch(/\.webm$/);
    expect(await rendersUsed()).toBe(used + 1);
    const webmFile = await download(webm.download_url!, 'webm');
    const [webmVideo] = await streamsOf(webmFile);
    // FFprobe's native VP9 decoder ignores the alpha plane (it reads yuv420p); the container marks it and libvpx decodes it.
    expect(webmVideo).toMatchObject({ codec_name: 'vp9', tags: expect.objectContaining({ alpha_mode: '1' }) });
    const decoded = await new Promise<string>((resolve) => execFile(ffmpeg.ffmpeg, ['-hide_banner', '-c:v', 'libvpx-vp9', '-i', webmFile, '-frames:v', '1', '-f', 'null', '-'], (_error, _stdout, stderr) => resolve(String(stderr))));
    expect(decoded).toMatch(/Video: vp9 \(libvpx-vp9\), yuva420p/);
    expect(await probeVideo(ffmpeg, webmFile)).toMatchObject({ width: SIZE.width, height: SIZE.height, fps: FPS });
    // The middle of the first scene's hold (the job's two scenes cut at 2.5 s, where the second is still coming in).
    expectTransparentFrame(await rgbaFrame(webmFile, 1.25, ['-c:v', 'libvpx-vp9']));

    const mov = await renderAs({ format: 'mov', background: 'transparent' });
    expect(mov).toMatchObject({ format: 'mov', background: 'transparent', dimensions: SIZE, fps: FPS });
    expect(new URL(mov.download_url!).pathname).toMatch(/\.mov$/);
    expect(await rendersUsed()).toBe(used + 2);
    const movFile = await download(mov.download_url!, 'mov');
    const [movVideo] = await streamsOf(movFile);
    // Profile 4 is 4444. Encoded yuva444p10le; FFmpeg's ProRes decoder reports 4444 streams at 12 bits (yuva444p12le).
    expect(movVideo).toMatchObject({ codec_name: 'prores', profile: '4', pix_fmt: expect.stringMatching(/^yuva444p1[02]le$/) });
    expectTransparentFrame(await rgbaFrame(movFile, 1.25));
  });

  it('renders opaque WebM, MOV and GIF of the right codec, size, rate and length, each for one plan render', async () => {
    const expected = { webm: { codec: 'vp9', fps: FPS }, mov: { codec: 'prores', fps: FPS }, gif: { codec: 'gif', fps: 12 } } as const;
    for (const format of ['webm', 'mov', 'gif'] as const) {
      const used = await rendersUsed();
      const render = await renderAs({ format });
      expect(render).toMatchObject({ format, dimensions: SIZE, fps: FPS });
      expect(render).not.toHaveProperty('background');
      expect(new URL(render.download_url!).pathname).toMatch(new RegExp(`/${render.id}\\.${format}$`));
      expect(await rendersUsed()).toBe(used + 1);
      const file = await download(render.download_url!, format);
      const probe = await probeVideo(ffmpeg, file);
      // A GIF is never scaled up: 320x180 is under its 480 px cap.
      expect(probe, format).toMatchObject({ codec: expected[format].codec, width: SIZE.width, height: SIZE.height, fps: expected[format].fps, hasAudio: false });
      expect(Math.abs(probe.durationSeconds - 5), format).toBeLessThanOrEqual(0.3);
      // Opaque: the corners show the style pack's background.
      const frame = await rgbaFrame(file, 2.5);
      expect(alphas(frame).every((alpha) => alpha === 255), format).toBe(true);
    }
  });

  it('keeps the GIF of a 10 s 640x360 clip at 480x270, 12 fps and under 2 MB', async () => {
    // Bound: this clip (a title and a picture over the pack's background, entrance and exit
    // transitions) measured 0.80 MB (1.02 MB with a 256-colour palette, 1.25 MB at 640 px, 1.14 MB
    // at 24 fps). 2 MB is what the GIF is for, under what chat apps and email show inline and small
    // for a README, with room for a busier style pack; a lost palette (a GIF of every colour
    // dithered anew each frame, several MB) fails it, and the size and rate are checked above.
    const created = await e2e.request('POST', '/v1/videos', { prompt: 'Bees and flowers. A bee visits about 5,000 flowers a day.', duration: 10, dimensions: { width: 640, height: 360 }, narration: false, music: false, render: false });
    expect(created.status).toBe(202);
    const job = await e2e.waitFor(created.body.id);
    expect(job.status, JSON.stringify(job.error)).toBe('completed');
    const queued = await e2e.request('POST', `/v1/videos/${job.id}/render`, { format: 'gif' });
    expect(queued.status).toBe(202);
    const done = await e2e.waitFor(job.id, (poll) => (poll.renders as Render[]).every((render) => render.status === 'completed' || render.status === 'failed'));
    const render = (done.renders as Render[])[0]!;
    expect(render).toMatchObject({ status: 'completed', format: 'gif', dimensions: { width: 640, height: 360 } });
    const file = await download(render.download_url!, 'gif');
    const probe = await probeVideo(ffmpeg, file);
    expect(probe).toMatchObject({ codec: 'gif', width: 480, height: 270, fps: 12 });
    expect(Math.abs(probe.durationSeconds - 10)).toBeLessThanOrEqual(0.3);
    const bytes = statSync(file).size;
    console.log(`GIF of a 10 s clip at 480x270, 12 fps: ${bytes} bytes`);
    expect(bytes).toBeLessThan(2 * 1024 * 1024);
  });
});

describe('the sound of a render in another format', () => {
  it('carries the job\'s narration as Opus in a WebM and as PCM in a transparent MOV', async () => {
    const created = await e2e.request('POST', '/v1/videos', { prompt: 'Our new office in pictures. Bright rooms and a big kitchen.', duration: 5, dimensions: SIZE, music: false, render: false });
    expect(created.status, JSON.stringify(created.body)).toBe(202);
    const job = await e2e.waitFor(created.body.id);
    expect(job.status, JSON.stringify(job.error)).toBe('completed');
    expect(job.audio).toMatchObject({ narration: true });
    const expected = { webm: { codec: 'opus', background: 'opaque' }, mov: { codec: 'pcm_s16le', background: 'transparent' } } as const;
    for (const format of ['webm', 'mov'] as const) {
      const queued = await e2e.request('POST', `/v1/videos/${job.id}/render`, { format, background: expected[format].background });
      expect(queued.status).toBe(202);
    }
    const done = await e2e.waitFor(job.id, (poll) => (poll.renders as Render[]).length === 2 && (poll.renders as Render[]).every((render) => render.status === 'completed' || render.status === 'failed'));
    for (const render of done.renders as Render[]) {
      expect(render.status, render.error).toBe('completed');
      const format = render.format as 'webm' | 'mov';
      const streams = await streamsOf(await download(render.download_url!, format));
      expect(streams.find((stream) => stream.codec_type === 'audio'), format).toMatchObject({ codec_name: expected[format].codec });
    }
  });
});

describe('service render --format', () => {
  it('writes a GIF named for its format, recorded among the job\'s renders for one plan render; transparent gif exits 1', async () => {
    const args = ['--data-dir', e2e.node.dataDir];
    const env = { env: { SERVICE_CACHE_DIR: E2E_CACHE_DIR } };
    const refused = await runService(['render', id, '--format', 'gif', '--background', 'transparent', '--json', ...args], env);
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stderr).error).toMatchObject({ code: 'invalid_request', message: expect.stringContaining('webm or mov') });

    const used = await rendersUsed();
    const out = path.join(downloads, 'cli.gif');
    const result = await runService(['render', id, '--format', 'gif', '--out', out, '--json', ...args], env);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ file: out, format: 'gif', codec: 'gif', width: SIZE.width, height: SIZE.height, fps: 12 });
    expect(await probeVideo(ffmpeg, out)).toMatchObject({ codec: 'gif', width: SIZE.width, height: SIZE.height });
    expect(await rendersUsed()).toBe(used + 1);
    const render = ((await e2e.request('GET', `/v1/videos/${id}`)).body.renders as Render[]).at(-1)!;
    expect(render).toMatchObject({ status: 'completed', format: 'gif' });
    expect(new URL(render.download_url!).pathname).toMatch(/\.gif$/);
  });
});

describe('POST /v1/infographics/{id}/render with a format', () => {
  it('renders a WebM whose render.completed url serves that WebM', async () => {
    const generated = await e2e.request('POST', '/v1/infographics/generate', { prompt: 'How teams ship software. 62% of teams ship weekly. 48% ship daily.', dimensions: SIZE, duration: 2, webhookUrl: receiver.url });
    expect(generated.status, JSON.stringify(generated.body)).toBe(200);
    const { projectId, versionId } = generated.body;
    expect((await e2e.request('POST', `/v1/infographics/${projectId}/render`, { versionId, format: 'gif', background: 'transparent' })).status).toBe(400);
    const queued = await e2e.request('POST', `/v1/infographics/${projectId}/render`, { versionId, format: 'webm' });
    expect(queued.status, JSON.stringify(queued.body)).toBe(202);
    const renderId = queued.body.renderId as string;
    const deadline = Date.now() + 120_000;
    let delivery: Delivery | undefined;
    while (!(delivery = receiver.deliveries.find((item) => item.json.data.renderId === renderId))) {
      if (Date.now() > deadline) throw new Error(`no webhook for render ${renderId}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(delivery.json).toMatchObject({ event: 'render.completed', data: { renderId, format: 'webm', dimensions: SIZE } });
    const url = delivery.json.data.url as string;
    expect(new URL(url).pathname).toMatch(/\.webm$/);
    const probe = await probeVideo(ffmpeg, await download(url, 'webm'));
    expect(probe).toMatchObject({ codec: 'vp9', width: SIZE.width, height: SIZE.height, fps: 30 });
    expect((await e2e.request('GET', `/v1/infographics/${projectId}/renders/${renderId}`)).body).toMatchObject({ renderId, status: 'completed', format: 'webm' });
  });
});
