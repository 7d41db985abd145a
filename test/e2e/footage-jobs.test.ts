// ai_video with a video model: a node started with --footage pointed at a fake of Gemini's
// long-running video API films each footage scene there, shows the clips in the MP4, and charges
// the seconds of footage made.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toMillicredits } from '../../src/accounts/credits.js';
import { footageMillicredits } from '../../src/pipeline/create/estimate-credits.js';
import type { ResolvedVideoOptions } from '../../src/pipeline/create/resolve-video-options.js';
import { createAiSdkFootageProvider } from '../../src/pipeline/providers/footage/ai-sdk-footage.js';
import { parseFootageSetting } from '../../src/pipeline/providers/footage/footage-config.js';
import { findFfmpeg, type FfmpegInfo } from '../../src/render/ffmpeg/find-ffmpeg.js';
import { runBinary } from '../../src/render/ffmpeg/run-ffmpeg.js';
import { startFakeVideoServer, type FakeVideoServer } from '../helpers/fake-video-server.js';
import { startE2eNode, type E2eNode } from './e2e-node.js';

const KEY = 'test-google-key';
const MODEL = 'veo-3.0-fast-generate-001';
const SIZE = { width: 320, height: 180 };
const PROMPT = 'How tides work. The moon pulls the oceans toward it. Two high tides pass each day.';
/** The fake clip's colour: a saturated green no drawn shot of the kit's packs is made of (see isClipColor). */
const CLIP_COLOR: [number, number, number] = [30, 210, 70];

/**
 * A real H.264 MP4 of the clip colour with fresh noise on every frame, made with the project's
 * FFmpeg from PNG frames (it has no lavfi). The noise keeps it from compressing to nothing: a real
 * clip is hundreds of kilobytes, far more than fits in a URL.
 */
async function noisyGreenMp4(ffmpeg: FfmpegInfo, seconds: number): Promise<Uint8Array> {
  const dir = mkdtempSync(path.join(tmpdir(), 'green-mp4-'));
  const width = 320;
  const height = 180;
  const fps = 24;
  try {
    let state = 1;
    const noise = () => ((state = (Math.imul(state, 1103515245) + 12345) >>> 0) >>> 24) / 255 - 0.5;
    for (let frame = 0; frame < seconds * fps; frame += 1) {
      const pixels = Buffer.alloc(width * height * 3);
      for (let i = 0; i < pixels.length; i += 1) pixels[i] = Math.max(0, Math.min(255, Math.round(CLIP_COLOR[i % 3]! + noise() * 50)));
      await sharp(pixels, { raw: { width, height, channels: 3 } }).png({ compressionLevel: 1 }).toFile(path.join(dir, `${String(frame).padStart(4, '0')}.png`));
    }
    const output = path.join(dir, 'clip.mp4');
    await runBinary(ffmpeg.ffmpeg, ['-y', '-v', 'error', '-framerate', String(fps), '-i', path.join(dir, '%04d.png'), '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '18', '-pix_fmt', 'yuv420p', output]);
    return new Uint8Array(readFileSync(output));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

let fake: FakeVideoServer;
let e2e: E2eNode;
let ffmpeg: FfmpegInfo;
let clip: Uint8Array;
const framesDir = mkdtempSync(path.join(tmpdir(), 'footage-jobs-'));

beforeAll(async () => {
  ffmpeg = findFfmpeg()!;
  clip = await noisyGreenMp4(ffmpeg, 4);
  fake = await startFakeVideoServer({ apiKey: KEY });
  const env = { GOOGLE_GENERATIVE_AI_API_KEY: KEY };
  // The node's own provider, from the same setting --footage makes, polling fast for the test.
  const setting = parseFootageSetting(`google:${MODEL}`, { settingName: '--footage', baseUrl: fake.url, env });
  e2e = await startE2eNode({
    config: { footage: `google:${MODEL}`, footageBaseUrl: fake.url },
    env,
    runtime: { footage: createAiSdkFootageProvider(setting, { pollIntervalMs: 50, maxRetries: 0 }) },
  });
}, 120_000);

afterAll(async () => {
  await e2e?.close();
  await fake?.close();
  rmSync(framesDir, { recursive: true, force: true });
});

/** The mean colour of the middle of a frame (above the caption), at `second` into the MP4. */
async function colorAt(file: string, second: number, name: string): Promise<[number, number, number]> {
  const still = path.join(framesDir, `${name}-${second.toFixed(2)}.png`);
  mkdirSync(framesDir, { recursive: true });
  await runBinary(ffmpeg.ffmpeg, ['-y', '-v', 'error', '-ss', second.toFixed(3), '-i', file, '-frames:v', '1', still]);
  const { data, info } = await sharp(still).extract({ left: Math.round(SIZE.width * 0.3), top: Math.round(SIZE.height * 0.2), width: Math.round(SIZE.width * 0.4), height: Math.round(SIZE.height * 0.35) }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const total = [0, 0, 0];
  for (let i = 0; i < data.length; i += info.channels) for (let c = 0; c < 3; c += 1) total[c]! += data[i + c]!;
  const count = data.length / info.channels;
  return total.map((value) => value / count) as [number, number, number];
}

/** Takes `count` scripted answers off the fake's queue, so the next job starts from a known answer. */
async function drain(count: number): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    await fetch(`${fake.url}/models/${MODEL}:predictLongRunning`, { method: 'POST', headers: { 'x-goog-api-key': KEY, 'content-type': 'application/json' }, body: JSON.stringify({ instances: [{ prompt: 'drain' }] }) });
  }
}

/**
 * Whether a colour is the clip's saturated green under the shot's light, vignette and grain
 * (which lift and darken it by a few tens): green well above red and blue.
 */
function isClipColor([r, g, b]: [number, number, number]): boolean {
  return g > 170 && g - r > 100 && g - b > 80;
}

/** Seconds into the video at a quarter, half and three quarters of each scene (clear of its entrance and exit). */
function sceneTimes(scenes: { duration_seconds: number }[]): number[][] {
  let start = 0;
  return scenes.map((scene) => {
    const times = [0.25, 0.5, 0.75].map((share) => start + scene.duration_seconds * share);
    start += scene.duration_seconds;
    return times;
  });
}

describe('ai_video with a video model (--footage)', () => {
  it('films every footage scene with the model, shows its clip in the MP4 and charges the seconds made', async () => {
    expect(e2e.node.ctx.config.footage).toMatchObject({ provider: 'google', model: MODEL, baseUrl: fake.url });
    fake.enqueue(...Array.from({ length: 6 }, () => ({ video: clip })));
    const generated = () => fake.requests.filter((request) => request.method === 'POST' && request.path.endsWith(':predictLongRunning')).length;
    const before = generated();
    const created = await e2e.request('POST', '/v1/videos', { prompt: PROMPT, ai_video: 'full', duration: 6, dimensions: SIZE, narration: false, music: false, render: true });
    expect(created.status, JSON.stringify(created.body)).toBe(202);
    const job = await e2e.waitFor(created.body.id);
    expect(job.status, JSON.stringify(job.error)).toBe('completed');

    const scenes = e2e.node.ctx.videos.scenes(created.body.id);
    expect(scenes.length).toBeGreaterThanOrEqual(2);
    expect(scenes.every((scene) => scene.kind === 'footage')).toBe(true);
    expect(generated() - before).toBe(scenes.length);
    for (const scene of scenes) {
      const settings = JSON.parse(scene.settings);
      expect(settings.clipProvider).toBe(`google:${MODEL}`);
      expect(settings.clipSeconds).toBeCloseTo(scene.duration_seconds, 1);
      // Each clip is a plan asset under files/, too large to travel in a URL (see serveVideoAssets).
      const asset = JSON.parse(e2e.node.ctx.videos.get(created.body.id)!.plan!).assets[settings.clip];
      expect(statSync(path.join(e2e.node.ctx.filesDir, asset)).size).toBeGreaterThan(64 * 1024);
    }
    expect(job.warnings.filter((warning: { code: string }) => ['footage_fallback', 'footage_drawn'].includes(warning.code))).toEqual([]);
    expect(created.body.estimate_breakdown.map((part: { part: string }) => part.part)).toContain('ai_video');

    const mp4 = path.join(e2e.node.ctx.filesDir, e2e.node.ctx.videos.get(created.body.id)!.output_path!);
    for (const [index, times] of sceneTimes(scenes).entries()) {
      for (const second of times) {
        const color = await colorAt(mp4, second, `film-${index}`);
        expect(isClipColor(color), `scene ${index + 1} at ${second.toFixed(2)} s is rgb(${color.map(Math.round).join(', ')})`).toBe(true);
      }
    }

    const options = JSON.parse(e2e.node.ctx.videos.get(created.body.id)!.options) as ResolvedVideoOptions;
    const made = scenes.reduce((sum, scene) => sum + JSON.parse(scene.settings).clipSeconds, 0);
    const charge = e2e.node.ctx.ledger.entries(e2e.accountId).find((entry) => entry.reference === created.body.id && entry.kind === 'charge')!;
    const parts = JSON.parse(charge.parts!) as { part: string; credits: number }[];
    expect(toMillicredits(parts.find((part) => part.part === 'ai_video')!.credits)).toBe(footageMillicredits(options, made));
    expect(parts.reduce((sum, part) => sum + toMillicredits(part.credits), 0)).toBe(-charge.millicredits);
    expect(toMillicredits(job.credits_cost)).toBe(-charge.millicredits);
    await drain(6 - scenes.length);
  }, 300_000);

  it('a clip the model refuses leaves that scene its drawn shot and a warning; the job completes', async () => {
    const before = fake.requests.length;
    fake.enqueue({ operationError: 'The prompt was refused by the safety filter.' }, ...Array.from({ length: 5 }, () => ({ video: clip })));
    const created = await e2e.request('POST', '/v1/videos', { prompt: PROMPT, ai_video: 'full', duration: 6, dimensions: SIZE, narration: false, music: false, render: true });
    expect(created.status, JSON.stringify(created.body)).toBe(202);
    const job = await e2e.waitFor(created.body.id);
    expect(job.status, JSON.stringify(job.error)).toBe('completed');
    expect(fake.requests.length).toBeGreaterThan(before);

    const scenes = e2e.node.ctx.videos.scenes(created.body.id);
    const [refused, ...filmed] = scenes.map((scene) => JSON.parse(scene.settings));
    expect(refused.clip).toBeUndefined();
    expect(refused.clipError).toContain('refused');
    for (const settings of filmed) expect(settings.clipProvider).toBe(`google:${MODEL}`);
    const warnings = job.warnings.filter((warning: { code: string }) => warning.code === 'footage_fallback');
    expect(warnings).toHaveLength(1);
    expect(warnings[0].message).toMatch(/^Scene 1 keeps its drawn shot.*safety filter/);

    const mp4 = path.join(e2e.node.ctx.filesDir, e2e.node.ctx.videos.get(created.body.id)!.output_path!);
    const times = sceneTimes(scenes);
    for (const second of times[0]!) expect(isClipColor(await colorAt(mp4, second, 'drawn-0'))).toBe(false);
    for (const second of times[1]!) expect(isClipColor(await colorAt(mp4, second, 'drawn-1'))).toBe(true);

    // Only the seconds the model filmed are charged as film. This used to charge the drawn shot's
    // seconds as film too; nothing filmed it, so it is priced as a motion-graphics scene (the base).
    const options = JSON.parse(e2e.node.ctx.videos.get(created.body.id)!.options) as ResolvedVideoOptions & { estimate: { part: string; millicredits: number }[] };
    const made = filmed.reduce((sum, settings) => sum + settings.clipSeconds, 0);
    const charge = e2e.node.ctx.ledger.entries(e2e.accountId).find((entry) => entry.reference === created.body.id && entry.kind === 'charge')!;
    const parts = JSON.parse(charge.parts!) as { part: string; credits: number }[];
    expect(toMillicredits(parts.find((part) => part.part === 'ai_video')!.credits)).toBe(footageMillicredits(options, made));
    expect(toMillicredits(parts.find((part) => part.part === 'base')!.credits)).toBe(options.estimate.find((part) => part.part === 'base')!.millicredits);
    expect(parts.reduce((sum, part) => sum + toMillicredits(part.credits), 0)).toBe(-charge.millicredits);
    // A video model is configured: the job is not told its shots are drawn (the fallback says which one is).
    expect(job.warnings.map((warning: { code: string }) => warning.code)).not.toContain('footage_drawn');
  }, 300_000);
});
