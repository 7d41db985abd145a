// Links in an edit's prompt: a music link becomes the soundtrack (no scene redrawn), a clip link
// becomes a footage scene showing the clip, and a link that cannot be fetched is a 400 naming it
// that writes nothing. The links are served by a local server; the node allows loopback links.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readWav } from '../../src/pipeline/audio/wav.js';
import { findFfmpeg, type FfmpegInfo } from '../../src/render/ffmpeg/find-ffmpeg.js';
import { probeVideo, runBinary } from '../../src/render/ffmpeg/run-ffmpeg.js';
import { startFileServer, type FileServer } from '../helpers/file-server.js';
import { clickTrackWav } from '../helpers/click-track.js';
import { startE2eNode, type E2eNode } from './e2e-node.js';
import { meanDifference, sceneFrames } from './frame-compare.js';

const SIZE = { width: 256, height: 144 };
const PROMPT = 'Night trains in Europe. They leave after dinner and arrive by breakfast. Book a sleeper cabin today.';
/** The clip's colour: a saturated green no drawn scene of the kit is made of. */
const CLIP_COLOR: [number, number, number] = [30, 210, 70];

/** A real H.264 MP4 of the clip colour with noise on every frame, made with the project's FFmpeg from PNG frames (it has no lavfi). */
async function greenMp4(ffmpeg: FfmpegInfo, dir: string, seconds: number): Promise<Buffer> {
  const width = 320;
  const height = 180;
  const fps = 24;
  let state = 1;
  const noise = () => ((state = (Math.imul(state, 1103515245) + 12345) >>> 0) >>> 24) / 255 - 0.5;
  for (let frame = 0; frame < seconds * fps; frame += 1) {
    const pixels = Buffer.alloc(width * height * 3);
    for (let i = 0; i < pixels.length; i += 1) pixels[i] = Math.max(0, Math.min(255, Math.round(CLIP_COLOR[i % 3]! + noise() * 40)));
    await sharp(pixels, { raw: { width, height, channels: 3 } }).png({ compressionLevel: 1 }).toFile(path.join(dir, `${String(frame).padStart(4, '0')}.png`));
  }
  const output = path.join(dir, 'clip.mp4');
  await runBinary(ffmpeg.ffmpeg, ['-y', '-v', 'error', '-framerate', String(fps), '-i', path.join(dir, '%04d.png'), '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', output]);
  return readFileSync(output);
}

let e2e: E2eNode;
let server: FileServer;
let base: string;
let sourceId: string;
let ffmpeg: FfmpegInfo;
const dir = mkdtempSync(path.join(tmpdir(), 'edit-links-'));

beforeAll(async () => {
  ffmpeg = findFfmpeg()!;
  clickTrackWav(path.join(dir, 'music.wav'), { seconds: 12 });
  const files: Record<string, Buffer> = { '/music.wav': readFileSync(path.join(dir, 'music.wav')), '/clip.mp4': await greenMp4(ffmpeg, dir, 4) };
  server = await startFileServer(files, 'application/octet-stream');
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

/** The mean colour of the middle half of a 128x72 RGB frame. */
function middleColor(frame: Buffer): [number, number, number] {
  const total = [0, 0, 0];
  let count = 0;
  for (let y = 18; y < 54; y += 1) {
    for (let x = 32; x < 96; x += 1) {
      for (let c = 0; c < 3; c += 1) total[c]! += frame[(y * 128 + x) * 3 + c]!;
      count += 1;
    }
  }
  return total.map((value) => value / count) as [number, number, number];
}

describe('POST /v1/videos/{id}/edit with links in the prompt', () => {
  it('makes a music link the soundtrack: the score stays off, the sound is mixed again, no scene is redrawn and nothing is charged', async () => {
    const url = `${base}/music.wav`;
    const edited = await e2e.request('POST', `/v1/videos/${sourceId}/edit`, { prompt: `use the music at ${url}`, render: true });
    expect(edited.status, JSON.stringify(edited.body)).toBe(202);
    expect(edited.body).toMatchObject({ status: 'queued', estimated_credits: 0, estimate_breakdown: [] });
    const job = await e2e.waitFor(edited.body.id);
    expect(job.status, JSON.stringify(job.error)).toBe('completed');
    const count = e2e.node.ctx.videos.scenes(sourceId).length;
    expect(job.edit).toMatchObject({ regenerated: [], remixed_audio: true, changes: [`the soundtrack is the music from ${url}`] });
    expect(job.edit.reused).toHaveLength(count);
    expect(job.credits_cost ?? 0).toBe(0);

    const row = e2e.node.ctx.videos.get(edited.body.id)!;
    const audio = JSON.parse(row.plan!).audio;
    expect(audio.music).toBe(false);
    expect(audio.clientMusic.path).toMatch(new RegExp(`^videos/${edited.body.id}/`));
    expect(audio.clientMusic.bpm).toBeGreaterThan(100);
    expect(existsSync(path.join(e2e.node.ctx.filesDir, audio.clientMusic.path))).toBe(true);
    expect(row.soundtrack_path).toBeTruthy();
    expect(row.soundtrack_path).not.toBe(e2e.node.ctx.videos.get(sourceId)!.soundtrack_path);
    // The source was silent; the edit's MP4 carries the track.
    const output = path.join(e2e.node.ctx.filesDir, row.output_path!);
    expect((await probeVideo(ffmpeg, path.join(e2e.node.ctx.filesDir, e2e.node.ctx.videos.get(sourceId)!.output_path!))).hasAudio).toBe(false);
    expect((await probeVideo(ffmpeg, output)).hasAudio).toBe(true);
    const decoded = path.join(dir, 'edited-audio.wav');
    await runBinary(ffmpeg.ffmpeg, ['-y', '-v', 'error', '-i', output, '-vn', '-ac', '1', '-ar', '22050', '-c:a', 'pcm_s16le', '-f', 'wav', decoded]);
    const wav = readWav(decoded);
    const rms = Math.sqrt(wav.samples.reduce((sum, sample) => sum + sample * sample, 0) / wav.samples.length);
    expect(rms).toBeGreaterThan(0.01);

    const [old, now] = await Promise.all([sceneFrames(e2e, sourceId), sceneFrames(e2e, edited.body.id)]);
    expect(now).toHaveLength(old.length);
    for (let i = 0; i < old.length; i++) expect(meanDifference(old[i]!, now[i]!), `scene ${i + 1}`).toBeLessThan(0.5);
  }, 240_000);

  it('shows a clip link in the scene its clause names: a footage scene with the conformed clip, redrawn and charged as one scene', async () => {
    const url = `${base}/clip.mp4`;
    const edited = await e2e.request('POST', `/v1/videos/${sourceId}/edit`, { prompt: `use the clip ${url} in scene 2`, render: true });
    expect(edited.status, JSON.stringify(edited.body)).toBe(202);
    expect(edited.body).toMatchObject({ estimated_credits: 0.5, estimate_breakdown: [{ part: 'edit_scenes', credits: 0.5 }] });
    const job = await e2e.waitFor(edited.body.id);
    expect(job.status, JSON.stringify(job.error)).toBe('completed');
    expect(job.edit).toMatchObject({ regenerated: [1], changes: [`scene 2 shows the clip from ${url}`] });
    expect(job.credits_cost).toBe(0.5);

    const sourceScene = e2e.node.ctx.videos.scenes(sourceId)[1]!;
    const scene = e2e.node.ctx.videos.scenes(edited.body.id)[1]!;
    expect(scene.kind).toBe('footage');
    expect(scene.duration_seconds).toBe(sourceScene.duration_seconds);
    const settings = JSON.parse(scene.settings);
    expect(settings).toMatchObject({ clip: 'link-clip-1', clipProvider: 'import', description: sourceScene.title });
    expect(settings.clipSeconds).toBeCloseTo(Math.min(4, sourceScene.duration_seconds), 1);
    const clipFile = JSON.parse(e2e.node.ctx.videos.get(edited.body.id)!.plan!).assets['link-clip-1'];
    expect(clipFile).toMatch(new RegExp(`^videos/${edited.body.id}/inputs/`));
    const clip = await probeVideo(ffmpeg, path.join(e2e.node.ctx.filesDir, clipFile));
    expect({ width: clip.width, height: clip.height, hasAudio: clip.hasAudio }).toEqual({ ...SIZE, hasAudio: false });

    // Scene 2 shows the clip's green; the other scenes are the source's pictures.
    const [old, now] = await Promise.all([sceneFrames(e2e, sourceId), sceneFrames(e2e, edited.body.id)]);
    const [r, g, b] = middleColor(now[1]!);
    expect(g, `scene 2 is ${[r, g, b].map(Math.round).join(', ')}`).toBeGreaterThan(r + 60);
    expect(g).toBeGreaterThan(b + 60);
    for (let i = 0; i < old.length; i++) if (i !== 1) expect(meanDifference(old[i]!, now[i]!), `scene ${i + 1}`).toBeLessThan(0.5);
  }, 240_000);

  it('adds a link that holds video and names no scene as a new footage scene at the end, as long as the clip', async () => {
    const url = `${base}/clip.mp4`;
    const count = e2e.node.ctx.videos.scenes(sourceId).length;
    const edited = await e2e.request('POST', `/v1/videos/${sourceId}/edit`, { prompt: `add ${url} and make the title say "All aboard"` });
    expect(edited.status, JSON.stringify(edited.body)).toBe(202);
    expect(edited.body.estimated_credits).toBe(1);
    const job = await e2e.waitFor(edited.body.id);
    expect(job.status, JSON.stringify(job.error)).toBe('completed');
    expect(job.edit.regenerated).toEqual([0, count]);
    expect(job.edit.changes).toContain(`a new scene ${count + 1} shows the clip from ${url}`);
    const scenes = e2e.node.ctx.videos.scenes(edited.body.id);
    expect(scenes).toHaveLength(count + 1);
    expect(scenes[count]).toMatchObject({ kind: 'footage', duration_seconds: 4 });
    expect(JSON.parse(scenes[count]!.settings)).toMatchObject({ clip: 'link-clip-1', clipSeconds: 4, clipProvider: 'import' });
    expect(JSON.parse(scenes[0]!.settings).title).toBe('All aboard');
    expect(e2e.node.ctx.videos.get(edited.body.id)!.duration_seconds).toBeCloseTo(e2e.node.ctx.videos.get(sourceId)!.duration_seconds + 4, 5);
  }, 120_000);

  it('imports a social-site music link with yt-dlp, within the daily cap, charging the import', async () => {
    // A stand-in yt-dlp on PATH: it "downloads" the local track to the file name it is given.
    const bin = path.join(dir, 'bin');
    mkdirSync(bin, { recursive: true });
    writeFileSync(
      path.join(bin, 'yt-dlp'),
      `#!/bin/sh\nwhile [ $# -gt 0 ]; do if [ "$1" = "-o" ]; then shift; out="$1"; fi; shift; done\nfile=$(echo "$out" | sed 's/%(ext)s/wav/')\ncp '${path.join(dir, 'music.wav')}' "$file"\necho "$file"\n`,
    );
    chmodSync(path.join(bin, 'yt-dlp'), 0o755);
    const savedPath = process.env.PATH;
    process.env.PATH = `${bin}${path.delimiter}${savedPath}`;
    try {
      const url = 'https://www.youtube.com/watch?v=night-train';
      const edited = await e2e.request('POST', `/v1/videos/${sourceId}/edit`, { prompt: `use the song ${url}` });
      expect(edited.status, JSON.stringify(edited.body)).toBe(202);
      expect(edited.body).toMatchObject({ estimated_credits: 2, estimate_breakdown: [{ part: 'social_imports', credits: 2 }] });
      const imports = e2e.node.ctx.db.prepare('SELECT url FROM social_imports WHERE video_id = ?').pluck().all(edited.body.id);
      expect(imports).toEqual([url]);
      const job = await e2e.waitFor(edited.body.id);
      expect(job.status, JSON.stringify(job.error)).toBe('completed');
      expect(job.credits_cost).toBe(2);
      expect(JSON.parse(e2e.node.ctx.videos.get(edited.body.id)!.plan!).audio.clientMusic.bpm).toBeGreaterThan(100);

      // The day's cap counts create's and edit's imports alike.
      const insert = e2e.node.ctx.db.prepare('INSERT INTO social_imports (account_id, video_id, url, created_at) VALUES (?, ?, ?, ?)');
      for (let i = 0; i < 9; i += 1) insert.run(e2e.accountId, sourceId, url, new Date().toISOString());
      const capped = await e2e.request('POST', `/v1/videos/${sourceId}/edit`, { prompt: `use the song ${url}` });
      expect(capped.status).toBe(429);
      expect(capped.body.error.code).toBe('rate_limited');

      process.env.PATH = path.join(dir, 'no-such-dir');
      const missing = await e2e.request('POST', `/v1/videos/${sourceId}/edit`, { prompt: `use the song ${url}` });
      expect(missing.status).toBe(400);
      expect(missing.body.error.message).toMatch(/yt-dlp/);
    } finally {
      process.env.PATH = savedPath;
    }
  }, 120_000);

  it('refuses a link it cannot fetch, or one that says not what it is for, with a 400 naming it; nothing is written or charged', async () => {
    const jobs = () => e2e.node.ctx.db.prepare('SELECT COUNT(*) FROM videos').pluck().get() as number;
    const dirs = () => readdirSync(path.join(e2e.node.ctx.filesDir, 'videos')).sort();
    const before = { jobs: jobs(), dirs: dirs(), balance: (await e2e.request('GET', '/v1/account')).body.balance as number };

    const missing = `${base}/gone.mp4`;
    const unreachable = await e2e.request('POST', `/v1/videos/${sourceId}/edit`, { prompt: `use the clip ${missing} in scene 2` });
    expect(unreachable.status).toBe(400);
    expect(unreachable.body.error.code).toBe('invalid_request');
    expect(unreachable.body.error.message).toContain(missing);

    const unclear = await e2e.request('POST', `/v1/videos/${sourceId}/edit`, { prompt: `add ${base}/music.wav` });
    expect(unclear.status).toBe(400);
    expect(unclear.body.error.message).toContain(`${base}/music.wav`);
    expect(unclear.body.error.message).toMatch(/use the music <url>/);

    const noScene = await e2e.request('POST', `/v1/videos/${sourceId}/edit`, { prompt: `use the clip ${base}/clip.mp4 in scene 9` });
    expect(noScene.status).toBe(400);
    expect(noScene.body.error.message).toMatch(/scene 9 does not exist/);

    expect(jobs()).toBe(before.jobs);
    expect(dirs()).toEqual(before.dirs);
    expect((await e2e.request('GET', '/v1/account')).body.balance).toBe(before.balance);
  }, 60_000);
});
