import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedFootageProvider } from '../../src/pipeline/providers/footage/embedded-footage.js';
import type { FootageClip, FootageProvider, FootageRequest } from '../../src/pipeline/providers/footage/footage-provider.js';
import { findFfmpeg, type FfmpegInfo } from '../../src/render/ffmpeg/find-ffmpeg.js';
import { probeVideo, runBinary } from '../../src/render/ffmpeg/run-ffmpeg.js';
import { RenderPool } from '../../src/render/render-pool.js';
import { E2E_CACHE_DIR } from './e2e-node.js';

// Two tiny clips (2 s at 320x180, 30 fps) rendered by the real workers: one drawn from its
// description, one from an attached still.
const WIDTH = 320;
const HEIGHT = 180;
const FPS = 30;
const SECONDS = 2;

interface Picture {
  data: Buffer;
  width: number;
}

/** Mean absolute difference per channel (0..255) over a region, the whole picture by default. */
function meanDifference(a: Picture, b: Picture, height: number): number {
  let sum = 0;
  for (let i = 0; i < a.data.length; i += 1) sum += Math.abs(a.data[i]! - b.data[i]!);
  return sum / (a.width * height * 3);
}

/** Mean of each channel over a region given in shares of the picture. */
function meanColor(picture: Picture, height: number, region: { left: number; right: number; top: number; bottom: number }): [number, number, number] {
  const total = [0, 0, 0];
  let count = 0;
  for (let y = Math.floor(region.top * height); y < Math.floor(region.bottom * height); y += 1) {
    for (let x = Math.floor(region.left * picture.width); x < Math.floor(region.right * picture.width); x += 1) {
      const i = (y * picture.width + x) * 3;
      for (let c = 0; c < 3; c += 1) total[c]! += picture.data[i + c]!;
      count += 1;
    }
  }
  return total.map((value) => value / count) as [number, number, number];
}

describe('createEmbeddedFootageProvider', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'footage-provider-'));
  let pool: RenderPool;
  let provider: FootageProvider;
  let ffmpeg: FfmpegInfo;

  beforeAll(() => {
    pool = new RenderPool({ size: 1, frameConcurrency: 2 });
    provider = createEmbeddedFootageProvider({ pool, cacheDir: E2E_CACHE_DIR });
    ffmpeg = findFfmpeg()!;
  });

  afterAll(async () => {
    await pool?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Every frame of a clip, decoded. */
  async function framesOf(clip: FootageClip, name: string): Promise<Picture[]> {
    const framesDir = path.join(dir, `${name}-frames`);
    mkdirSync(framesDir, { recursive: true });
    await runBinary(ffmpeg.ffmpeg, ['-v', 'error', '-i', clip.path, '-c:v', 'png', path.join(framesDir, '%03d.png')]);
    const files = readdirSync(framesDir).sort();
    return Promise.all(
      files.map(async (file) => {
        const { data, info } = await sharp(path.join(framesDir, file)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
        return { data, width: info.width };
      }),
    );
  }

  /** Checks the clip's size, rate and length with ffprobe and that no two consecutive frames are the same. */
  async function expectMovingClip(clip: FootageClip, name: string): Promise<Picture[]> {
    expect(clip.provider).toBe('embedded');
    expect(clip.seconds).toBe(SECONDS);
    const probe = await probeVideo(ffmpeg, clip.path);
    expect(probe).toMatchObject({ codec: 'h264', width: WIDTH, height: HEIGHT, fps: FPS });
    expect(probe.durationSeconds).toBeCloseTo(SECONDS, 2);
    const frames = await framesOf(clip, name);
    expect(frames).toHaveLength(SECONDS * FPS);
    const still: string[] = [];
    for (let frame = 1; frame < frames.length; frame += 1) {
      const difference = meanDifference(frames[frame - 1]!, frames[frame]!, HEIGHT);
      if (difference < 0.5) still.push(`frames ${frame - 1}→${frame}: ${difference.toFixed(2)}`);
    }
    expect(still).toEqual([]);
    return frames;
  }

  const request = (overrides: Partial<FootageRequest> = {}): FootageRequest => ({
    description: 'A rocket launch at dawn for a startup',
    seconds: SECONDS,
    width: WIDTH,
    height: HEIGHT,
    fps: FPS,
    seed: 'shot-1',
    dir: path.join(dir, 'clips'),
    ...overrides,
  });

  it('draws a moving shot from the description at the requested size, rate and length', async () => {
    const clip = await provider.makeClip(request());
    expect(path.dirname(clip.path)).toBe(path.join(dir, 'clips'));
    await expectMovingClip(clip, 'drawn');
  });

  it('animates the reference still when one is given', async () => {
    // Red on the left, blue on the right: no drawn shot looks like it.
    const still = path.join(dir, 'still.png');
    const pixels = Buffer.alloc(640 * 360 * 3);
    for (let i = 0; i < 640 * 360; i += 1) {
      const left = i % 640 < 320;
      pixels.set(left ? [224, 32, 32] : [32, 64, 224], i * 3);
    }
    writeFileSync(still, await sharp(pixels, { raw: { width: 640, height: 360, channels: 3 } }).png().toBuffer());
    const clip = await provider.makeClip(request({ description: 'A split flag waving', references: [{ path: still, mimeType: 'image/png' }] }));
    const frames = await expectMovingClip(clip, 'still');
    const middle = frames[SECONDS * FPS / 2]!;
    const [leftR, , leftB] = meanColor(middle, HEIGHT, { left: 0.15, right: 0.35, top: 0.35, bottom: 0.65 });
    const [rightR, , rightB] = meanColor(middle, HEIGHT, { left: 0.65, right: 0.85, top: 0.35, bottom: 0.65 });
    expect(leftR - leftB).toBeGreaterThan(60);
    expect(rightB - rightR).toBeGreaterThan(60);
  });

  it('refuses an odd size with invalid_request before rendering anything', async () => {
    await expect(provider.makeClip(request({ width: 321 }))).rejects.toMatchObject({ code: 'invalid_request' });
  });
});
