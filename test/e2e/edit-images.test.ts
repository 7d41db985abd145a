// Images in an edit request: an import placed in a scene shows there, an unplaced import becomes a
// new image scene, a style image's palette becomes the video's colours (every scene redrawn), an
// image that cannot be fetched is a 400 naming it that writes nothing; and a song named in the
// prompt is imported as the music through yt-dlp's search (a stand-in yt-dlp on PATH).
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFileServer, type FileServer } from '../helpers/file-server.js';
import { clickTrackWav } from '../helpers/click-track.js';
import { startE2eNode, type E2eNode } from './e2e-node.js';
import { meanDifference, sceneFrames } from './frame-compare.js';

const SIZE = { width: 256, height: 144 };
const PROMPT = 'Night trains in Europe. They leave after dinner and arrive by breakfast. Book a sleeper cabin today.';
/** The imported image's colour: a magenta no drawn scene of the kit is made of. */
const MAGENTA: [number, number, number] = [225, 25, 205];
const ORANGE: [number, number, number] = [232, 112, 26];
const NAVY: [number, number, number] = [27, 42, 74];

/** A PNG of horizontal bands, each colour its share of the rows, with a little noise. */
async function bandsPng(parts: [[number, number, number], number][], width = 320, height = 180): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let state = 3;
  const noise = () => ((state = (Math.imul(state, 1103515245) + 12345) >>> 0) >>> 24) % 9 - 4;
  let row = 0;
  for (const [colour, share] of parts) {
    const rows = Math.round(share * height);
    for (let y = row; y < Math.min(height, row + rows); y += 1) {
      for (let x = 0; x < width; x += 1) for (let c = 0; c < 3; c += 1) pixels[(y * width + x) * 3 + c] = Math.max(0, Math.min(255, colour[c]! + noise()));
    }
    row += rows;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).png().toBuffer();
}

let e2e: E2eNode;
let server: FileServer;
let base: string;
let sourceId: string;
const dir = mkdtempSync(path.join(tmpdir(), 'edit-images-'));

beforeAll(async () => {
  const files: Record<string, Buffer> = { '/magenta.png': await bandsPng([[MAGENTA, 1]]), '/style.png': await bandsPng([[ORANGE, 0.7], [NAVY, 0.3]]) };
  server = await startFileServer(files, 'image/png');
  base = server.url;
  e2e = await startE2eNode();
  const created = await e2e.request('POST', '/v1/videos', { prompt: PROMPT, duration: 8, dimensions: SIZE, narration: false, music: false, render: true });
  expect(created.status, JSON.stringify(created.body)).toBe(202);
  sourceId = created.body.id;
  const job = await e2e.waitFor(sourceId);
  expect(job.status, JSON.stringify(job.error)).toBe('completed');
}, 240_000);

afterAll(async () => {
  await e2e?.close();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The share of a frame's pixels within reach of a colour. */
function shareNear(frame: Buffer, colour: [number, number, number]): number {
  let near = 0;
  for (let i = 0; i < frame.length; i += 3) if (Math.hypot(frame[i]! - colour[0], frame[i + 1]! - colour[1], frame[i + 2]! - colour[2]) < 60) near += 1;
  return near / (frame.length / 3);
}

const hexDistance = (hex: string, colour: [number, number, number]) => Math.hypot(...[1, 3, 5].map((at, i) => parseInt(hex.slice(at, at + 2), 16) - colour[i]!));

describe('POST /v1/videos/{id}/edit with images', () => {
  it('shows an import the instruction places in scene 2 there; the other scenes are the source\'s', async () => {
    const edited = await e2e.request('POST', `/v1/videos/${sourceId}/edit`, { prompt: 'use the new image in scene 2', images: [{ url: `${base}/magenta.png` }], render: true });
    expect(edited.status, JSON.stringify(edited.body)).toBe(202);
    expect(edited.body).toMatchObject({ estimated_credits: 0.5, estimate_breakdown: [{ part: 'edit_scenes', credits: 0.5 }] });
    const job = await e2e.waitFor(edited.body.id);
    expect(job.status, JSON.stringify(job.error)).toBe('completed');
    expect(job.edit.regenerated).toEqual([1]);
    expect(job.credits_cost).toBe(0.5);

    const scene = e2e.node.ctx.videos.scenes(edited.body.id)[1]!;
    expect(scene.kind).toBe('image');
    expect(JSON.parse(scene.settings)).toMatchObject({ image: 'edit-image-0', mode: 'ken-burns' });
    const asset = JSON.parse(e2e.node.ctx.videos.get(edited.body.id)!.plan!).assets['edit-image-0'];
    expect(asset).toMatch(new RegExp(`^videos/${edited.body.id}/assets/`));
    expect(existsSync(path.join(e2e.node.ctx.filesDir, asset))).toBe(true);

    const [old, now] = await Promise.all([sceneFrames(e2e, sourceId), sceneFrames(e2e, edited.body.id)]);
    expect(now).toHaveLength(old.length);
    expect(shareNear(old[1]!, MAGENTA)).toBeLessThan(0.05);
    expect(shareNear(now[1]!, MAGENTA), 'scene 2 shows the magenta image').toBeGreaterThan(0.3);
    for (let i = 0; i < old.length; i++) if (i !== 1) expect(meanDifference(old[i]!, now[i]!), `scene ${i + 1}`).toBeLessThan(0.5);
  }, 240_000);

  it('adds an import the instruction does not place as a new 4 s image scene at the end (before a closing call to action)', async () => {
    const sourceScenes = e2e.node.ctx.videos.scenes(sourceId);
    const count = sourceScenes.length;
    const at = sourceScenes[count - 1]!.kind === 'cta' ? count - 1 : count;
    const edited = await e2e.request('POST', `/v1/videos/${sourceId}/edit`, { prompt: 'add the new image', images: [{ url: `${base}/magenta.png`, context: 'Our sleeper cabin' }] });
    expect(edited.status, JSON.stringify(edited.body)).toBe(202);
    expect(edited.body.estimated_credits).toBe(0.5);
    const job = await e2e.waitFor(edited.body.id);
    expect(job.status, JSON.stringify(job.error)).toBe('completed');
    expect(job.edit.regenerated).toEqual([at]);
    expect(job.edit.changes).toEqual([`a new scene ${at + 1} shows images[0] (Our sleeper cabin)`]);
    const scenes = e2e.node.ctx.videos.scenes(edited.body.id);
    expect(scenes).toHaveLength(count + 1);
    expect(scenes[at]).toMatchObject({ kind: 'image', duration_seconds: 4, title: 'Our sleeper cabin' });
    expect(JSON.parse(scenes[at]!.settings)).toEqual({ image: 'edit-image-0', mode: 'ken-burns', heading: 'Our sleeper cabin' });
    expect(e2e.node.ctx.videos.get(edited.body.id)!.duration_seconds).toBeCloseTo(e2e.node.ctx.videos.get(sourceId)!.duration_seconds + 4, 5);
  }, 120_000);

  it('takes a style image\'s dominant colour as the primary: every scene redrawn and charged', async () => {
    const count = e2e.node.ctx.videos.scenes(sourceId).length;
    const edited = await e2e.request('POST', `/v1/videos/${sourceId}/edit`, { prompt: 'use the colours of the image', images: [{ url: `${base}/style.png`, role: 'style' }] });
    expect(edited.status, JSON.stringify(edited.body)).toBe(202);
    expect(edited.body.estimated_credits).toBe(0.5 * count);
    const job = await e2e.waitFor(edited.body.id);
    expect(job.status, JSON.stringify(job.error)).toBe('completed');
    expect(job.edit.regenerated).toEqual([...Array(count).keys()]);
    expect(job.edit.reused).toEqual([]);
    expect(job.edit.changes).toHaveLength(1);
    expect(job.edit.changes[0]).toMatch(/^colours taken from images\[0\]: #[0-9A-F]{6}, #[0-9A-F]{6}, #[0-9A-F]{6}$/);
    expect(job.credits_cost).toBe(0.5 * count);
    const palette = JSON.parse(e2e.node.ctx.videos.get(edited.body.id)!.plan!).theme.palette;
    expect(hexDistance(palette.primary, ORANGE), palette.primary).toBeLessThan(15);
    expect(hexDistance(palette.secondary, NAVY), palette.secondary).toBeLessThan(15);
    expect(JSON.parse(e2e.node.ctx.videos.get(sourceId)!.plan!).theme.palette.primary).not.toBe(palette.primary);
    // Every scene was written again: none carries the source's segment over.
    expect(e2e.node.ctx.videos.scenes(edited.body.id).every((scene) => scene.reused_from === null && scene.committed_at)).toBe(true);
  }, 120_000);

  it('refuses an image it cannot fetch, or an instruction that misuses the images, with a 400; nothing is written or charged', async () => {
    const jobs = () => e2e.node.ctx.db.prepare('SELECT COUNT(*) FROM videos').pluck().get() as number;
    const dirs = () => readdirSync(path.join(e2e.node.ctx.filesDir, 'videos')).sort();
    const before = { jobs: jobs(), dirs: dirs(), balance: (await e2e.request('GET', '/v1/account')).body.balance as number };

    const unreachable = await e2e.request('POST', `/v1/videos/${sourceId}/edit`, { prompt: 'add the new image', images: [{ url: `${base}/gone.png` }] });
    expect(unreachable.status).toBe(400);
    expect(unreachable.body.error.code).toBe('invalid_request');
    expect(unreachable.body.error.message).toMatch(/^images\[0\]: /);

    // Without a language model, a reference image is used where the instruction names it; an instruction the grammar cannot read is refused before anything is fetched.
    const unread = await e2e.request('POST', `/v1/videos/${sourceId}/edit`, { prompt: 'make it look nice', images: [{ url: `${base}/magenta.png`, role: 'reference' }] });
    expect(unread.status).toBe(400);
    expect(unread.body.error.message).toMatch(/An image sent with the edit/);

    const styleOnly = await e2e.request('POST', `/v1/videos/${sourceId}/edit`, { prompt: 'put image 1 in scene 2', images: [{ url: `${base}/style.png`, role: 'style' }] });
    expect(styleOnly.status, JSON.stringify(styleOnly.body)).toBe(400);
    expect(styleOnly.body.error.message).toMatch(/images\[0\] has role "style"/);

    expect(jobs()).toBe(before.jobs);
    expect(dirs()).toEqual(before.dirs);
    expect((await e2e.request('GET', '/v1/account')).body.balance).toBe(before.balance);
  }, 60_000);

  it('imports a song named in the prompt through yt-dlp\'s search as the music, charging the import', async () => {
    clickTrackWav(path.join(dir, 'music.wav'), { seconds: 12 });
    const bin = path.join(dir, 'bin');
    mkdirSync(bin, { recursive: true });
    // A stand-in yt-dlp: records what it was asked for and "downloads" the local track to the file name it is given.
    writeFileSync(
      path.join(bin, 'yt-dlp'),
      `#!/bin/sh\nprintf '%s\\n' "$@" > '${path.join(dir, 'yt-dlp-args')}'\nwhile [ $# -gt 0 ]; do if [ "$1" = "-o" ]; then shift; out="$1"; fi; shift; done\nfile=$(echo "$out" | sed 's/%(ext)s/wav/')\ncp '${path.join(dir, 'music.wav')}' "$file"\necho "$file"\n`,
    );
    chmodSync(path.join(bin, 'yt-dlp'), 0o755);
    const savedPath = process.env.PATH;
    process.env.PATH = `${bin}${path.delimiter}${savedPath}`;
    try {
      const edited = await e2e.request('POST', `/v1/videos/${sourceId}/edit`, { prompt: "use the song 'Blue Monday' by New Order as the music" });
      expect(edited.status, JSON.stringify(edited.body)).toBe(202);
      expect(edited.body).toMatchObject({ estimated_credits: 2, estimate_breakdown: [{ part: 'social_imports', credits: 2 }] });
      expect(readFileSync(path.join(dir, 'yt-dlp-args'), 'utf8').split('\n')).toContain('ytsearch1:New Order Blue Monday');
      const imports = e2e.node.ctx.db.prepare('SELECT url FROM social_imports WHERE video_id = ?').pluck().all(edited.body.id);
      expect(imports).toEqual(['ytsearch1:New Order Blue Monday']);
      const job = await e2e.waitFor(edited.body.id);
      expect(job.status, JSON.stringify(job.error)).toBe('completed');
      expect(job.credits_cost).toBe(2);
      expect(job.edit).toMatchObject({ regenerated: [], remixed_audio: true, changes: ['the soundtrack is the song "Blue Monday" by New Order (yt-dlp\'s first search result)'] });
      const audio = JSON.parse(e2e.node.ctx.videos.get(edited.body.id)!.plan!).audio;
      expect(audio.clientMusic.bpm).toBeGreaterThan(100);
      expect(existsSync(path.join(e2e.node.ctx.filesDir, audio.clientMusic.path))).toBe(true);

      process.env.PATH = path.join(dir, 'no-such-dir');
      const missing = await e2e.request('POST', `/v1/videos/${sourceId}/edit`, { prompt: "use the song 'Blue Monday' by New Order as the music" });
      expect(missing.status).toBe(400);
      expect(missing.body.error.message).toMatch(/a song can only be named when this node has yt-dlp.*use the music <url>/);
    } finally {
      process.env.PATH = savedPath;
    }
  }, 120_000);
});
