import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFfmpeg } from '../../src/render/ffmpeg/find-ffmpeg.js';
import { runBinary } from '../../src/render/ffmpeg/run-ffmpeg.js';
import { startE2eNode, type E2eNode } from './e2e-node.js';

const CSV = 'Region,Revenue ($)\nNorth,120\nSouth,95\nEast,143\nWest,80\nCentral,110\n';
const PRIMARY = { r: 0xe1, g: 0x1d, b: 0x48 };

/** Runs of pixels near `color` along each row of an image: how many separate runs each row crosses. */
async function runsPerRow(file: string, color: { r: number; g: number; b: number }): Promise<number[]> {
  const { data, info } = await sharp(file).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const near = (i: number) => Math.abs(data[i]! - color.r) + Math.abs(data[i + 1]! - color.g) + Math.abs(data[i + 2]! - color.b) < 60;
  const counts: number[] = [];
  for (let y = 0; y < info.height; y += 1) {
    let runs = 0;
    let length = 0;
    for (let x = 0; x <= info.width; x += 1) {
      if (x < info.width && near((y * info.width + x) * 3)) length += 1;
      else {
        if (length >= 4) runs += 1;
        length = 0;
      }
    }
    counts.push(runs);
  }
  return counts;
}

/** Runs along each column, for bars laid out horizontally. */
async function runsPerColumn(file: string, color: { r: number; g: number; b: number }): Promise<number[]> {
  const rotated = `${file}.rotated.png`;
  await sharp(file).rotate(90).toFile(rotated);
  return runsPerRow(rotated, color);
}

/** Serves fixed files on a loopback port (a 404 for anything else); returns the server and its base URL. */
async function serveFiles(files: Record<string, [type: string, body: Buffer | string]>): Promise<{ server: Server; base: string }> {
  const server = createServer((request, response) => {
    const file = files[request.url ?? ''];
    if (file) response.writeHead(200, { 'content-type': file[0] }).end(file[1]);
    else response.writeHead(404, { 'content-type': 'text/plain' }).end('missing');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** The most frequent non-zero value. */
function mode(values: number[]): number {
  const tally = new Map<number, number>();
  for (const value of values) if (value > 0) tally.set(value, (tally.get(value) ?? 0) + 1);
  return [...tally.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
}

describe('the look of a job: documents, brand and fonts', () => {
  let e2e: E2eNode;
  let server: Server;
  let dir: string;
  let job: Record<string, any>;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'look-'));
    let base: string;
    ({ server, base } = await serveFiles({ '/sales.csv': ['text/csv', CSV] }));
    e2e = await startE2eNode();
    const created = await e2e.request('POST', '/v1/videos', {
      prompt: 'Revenue by region this quarter',
      duration: 10,
      dimensions: { width: 640, height: 360 },
      animation_style: 'plain',
      render: true,
      narration: false,
      music: false,
      documents: [{ url: `${base}/sales.csv`, mime_type: 'text/csv', file_name: 'sales.csv' }],
      brand_settings: { primary_color: '#E11D48', heading_font: 'Playfair Display', body_font: 'lora', brand_name: 'Acme' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(202);
    job = await e2e.waitFor(created.body.id);
    expect(job.status, JSON.stringify(job)).toBe('completed');
  });

  afterAll(async () => {
    await e2e?.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  });

  it("charts the CSV: the committed scene's labels and values are the file's, with their source", () => {
    const scenes = e2e.node.ctx.videos.scenes(job.id);
    const chart = scenes.find((scene) => scene.kind === 'chart');
    expect(chart, scenes.map((scene) => scene.kind).join(', ')).toBeDefined();
    expect(chart!.writer).toBe('embedded');
    const settings = JSON.parse(chart!.settings);
    expect(settings.labels).toEqual(['North', 'South', 'East', 'West', 'Central']);
    expect(settings.values).toEqual([120, 95, 143, 80, 110]);
    expect(settings.chart).toBe('bar');
    expect(settings.sourceRef).toMatchObject({ field: 'documents[0]', fileName: 'sales.csv', labelColumn: 'Region', valueColumn: 'Revenue ($)', rows: [1, 2, 3, 4, 5] });
    expect(settings.source).toBe('Source: sales.csv, rows 1–5');
  });

  it('draws one bar per CSV row, in the brand primary color, on the rendered frame', async () => {
    const scenes = e2e.node.ctx.videos.scenes(job.id);
    const index = scenes.findIndex((scene) => scene.kind === 'chart');
    const start = scenes.slice(0, index).reduce((sum, scene) => sum + scene.duration_seconds, 0);
    // Late in the scene: the bars have grown, the exit has not begun.
    const at = start + scenes[index]!.duration_seconds - 0.7;
    const frame = path.join(dir, 'chart.png');
    const ffmpeg = findFfmpeg()!;
    await runBinary(ffmpeg.ffmpeg, ['-v', 'error', '-ss', at.toFixed(3), '-i', path.join(e2e.node.ctx.filesDir, e2e.node.ctx.videos.get(job.id)!.output_path!), '-frames:v', '1', '-y', frame]);
    const bars = Math.max(mode(await runsPerRow(frame, PRIMARY)), mode(await runsPerColumn(frame, PRIMARY)));
    expect(bars).toBe(5);
  });

  it('shows the brand primary color and draws text in the brand fonts', () => {
    const plan = JSON.parse(e2e.node.ctx.videos.get(job.id)!.plan!);
    expect(plan.theme.palette.primary).toBe('#E11D48');
    expect(plan.theme.fonts).toEqual({ heading: 'Playfair Display', body: 'Lora' });
    // The in-page audit of each scene's test render records the fonts text was actually drawn in.
    const fonts = new Set(e2e.node.ctx.videos.scenes(job.id).flatMap((scene) => (JSON.parse(scene.audit ?? '{"fonts":[]}') as { fonts: string[] }).fonts));
    expect([...fonts].sort()).toEqual(['Lora', 'Playfair Display']);
  });

  it('paints the brand primary in the frames', async () => {
    const frames = await e2e.request('GET', `/v1/videos/${job.id}/frames?max_frames=3`);
    expect(frames.status).toBe(200);
    let primaryPixels = 0;
    for (const frame of frames.body.frames as { data: string }[]) {
      const { data } = await sharp(Buffer.from(frame.data, 'base64')).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      for (let i = 0; i < data.length; i += 3) {
        if (Math.abs(data[i]! - PRIMARY.r) + Math.abs(data[i + 1]! - PRIMARY.g) + Math.abs(data[i + 2]! - PRIMARY.b) < 60) primaryPixels += 1;
      }
    }
    expect(primaryPixels).toBeGreaterThan(500);
  });
});

describe('the look of a job: images', () => {
  const HERO = { r: 0x7f, g: 0xff, b: 0x00 };
  let e2e: E2eNode;
  let server: Server;
  let job: Record<string, any>;

  beforeAll(async () => {
    // A chartreuse hero photo (wide JPEG), a WebP product shot and an SVG logo.
    const hero = await sharp({ create: { width: 1600, height: 900, channels: 3, background: HERO } }).jpeg().toBuffer();
    const product = await sharp({ create: { width: 600, height: 900, channels: 4, background: { r: 30, g: 60, b: 200, alpha: 1 } } }).webp().toBuffer();
    const logo = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="240" height="80" viewBox="0 0 240 80"><rect width="240" height="80" rx="16" fill="#111827"/><circle cx="40" cy="40" r="22" fill="#F59E0B"/></svg>');
    let base: string;
    ({ server, base } = await serveFiles({ '/hero.jpg': ['image/jpeg', hero], '/bottle.webp': ['image/webp', product], '/logo.svg': ['image/svg+xml', logo] }));
    e2e = await startE2eNode();
    const created = await e2e.request('POST', '/v1/videos', {
      prompt: 'Meet Aurora, the refillable water bottle. Recycled glass, a steel cap and a lifetime refill promise. Order yours today.',
      duration: 12,
      dimensions: { width: 640, height: 360 },
      render: true,
      narration: false,
      music: false,
      images: [
        { url: `${base}/hero.jpg`, context: 'hero shot of a spring meadow' },
        { url: `${base}/bottle.webp`, context: 'product photo of the Aurora bottle' },
        { url: `${base}/logo.svg`, context: 'our logo' },
      ],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(202);
    job = await e2e.waitFor(created.body.id);
    expect(job.status, JSON.stringify(job)).toBe('completed');
  });

  afterAll(async () => {
    await e2e?.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('uses each image where its context says: hero opens, product shown whole, logo closes', () => {
    const plan = JSON.parse(e2e.node.ctx.videos.get(job.id)!.plan!);
    expect(plan.images).toEqual([
      { name: 'image-0', field: 'images[0]', role: 'hero' },
      { name: 'image-1', field: 'images[1]', role: 'product' },
      { name: 'image-2', field: 'images[2]', role: 'logo' },
    ]);
    const scenes = e2e.node.ctx.videos.scenes(job.id);
    const settings = scenes.map((scene) => ({ kind: scene.kind, writer: scene.writer, ...JSON.parse(scene.settings) }));
    expect(settings[0]).toMatchObject({ kind: 'image', writer: 'embedded', image: 'image-0', mode: 'ken-burns' });
    expect(settings.find((scene) => scene.image === 'image-1')).toMatchObject({ kind: 'image', writer: 'embedded', mode: 'contain' });
    expect(settings.at(-1)).toMatchObject({ kind: 'cta', writer: 'embedded', logo: 'image-2' });
    // Every scene passed its in-page layout audit with the real images in it.
    for (const scene of scenes) expect(JSON.parse(scene.audit!).issues).toEqual([]);
  });

  it('copies the images into the job, upright and in their own ratio', async () => {
    const plan = JSON.parse(e2e.node.ctx.videos.get(job.id)!.plan!);
    const hero = await sharp(path.join(e2e.node.ctx.filesDir, plan.assets['image-0'])).metadata();
    expect(hero.width! / hero.height!).toBeCloseTo(16 / 9, 2);
    expect(plan.assets['image-2']).toMatch(/\.svg$/);
  });

  it('shows the hero photo in the opening frames', async () => {
    const frames = await e2e.request('GET', `/v1/videos/${job.id}/frames?max_frames=12`);
    const first = (frames.body.frames as { data: string; scene_id: string }[]).find((frame) => frame.scene_id === e2e.node.ctx.videos.scenes(job.id)[0]!.id)!;
    const { data } = await sharp(Buffer.from(first.data, 'base64')).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    let heroPixels = 0;
    for (let i = 0; i < data.length; i += 3) if (Math.abs(data[i]! - HERO.r) + Math.abs(data[i + 1]! - HERO.g) + Math.abs(data[i + 2]! - HERO.b) < 60) heroPixels += 1;
    // Most of the frame is the photo (a caption panel covers part of it).
    expect(heroPixels / (data.length / 3)).toBeGreaterThan(0.4);
  });
});
