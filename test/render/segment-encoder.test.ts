import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { requireFfmpeg } from '../../src/render/ffmpeg/run-ffmpeg.js';
import { decodeLuma } from '../../src/render/quality/ssim.js';
import { holdPlan, rangePlan, type HoldPlan } from '../../src/render/worker/hold-plan.js';
import { blendPixels, pictureRuns, SegmentEncoder } from '../../src/render/worker/segment-encoder.js';

const ffmpeg = requireFfmpeg();
const dir = mkdtempSync(path.join(tmpdir(), 'segment-encoder-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A grey JPEG of one level. */
function grey(level: number): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 36, channels: 3, background: { r: level, g: level, b: level } } }).jpeg({ quality: 95 }).toBuffer();
}

describe('SegmentEncoder', () => {
  it('writes the frames in timeline order whatever order they arrive in, each held picture repeated', async () => {
    const plan = holdPlan({ frames: 12, changed: [0, 3, 9], volatile: [] });
    const output = path.join(dir, 'held.mp4');
    const encoder = new SegmentEncoder(ffmpeg.ffmpeg, output, { width: 64, height: 36, fps: 30 }, plan);
    const levels: Record<number, number> = { 0: 40, 3: 130, 9: 220 };
    // Captured out of order, as parallel pages deliver them.
    for (const frame of [9, 3, 0]) encoder.add(frame, await grey(levels[frame]!));
    await encoder.finish();
    const seen: number[] = [];
    const count = await decodeLuma(ffmpeg, output, 64, 36, (_index, luma) => seen.push(luma[64 * 18 + 32]!));
    expect(count).toBe(12);
    plan.source.forEach((captured, frame) => expect(Math.abs(seen[frame]! - levels[captured]!), `frame ${frame}`).toBeLessThan(6));
  });

  /** Encodes a plan with a grey level per captured frame and returns each output frame's level. */
  async function encodeLevels(plan: HoldPlan, fps: number, name: string): Promise<{ seen: number[]; level: (frame: number) => number }> {
    const level = (frame: number) => 20 + ((frame * 37) % 220);
    const output = path.join(dir, name);
    const encoder = new SegmentEncoder(ffmpeg.ffmpeg, output, { width: 64, height: 36, fps }, plan);
    for (const frame of [...plan.capture].reverse()) encoder.add(frame, await grey(level(frame)));
    await encoder.finish();
    const seen: number[] = [];
    await decodeLuma(ffmpeg, output, 64, 36, (_index, luma) => seen.push(luma[64 * 18 + 32]!));
    return { seen, level };
  }

  it('writes each held picture once, lasting its run, and FFmpeg repeats it at every rate: exact frame counts, long holds and a final hold', async () => {
    for (const fps of [24, 25, 30, 60]) {
      const plan = holdPlan({ frames: 3 * fps + 7, changed: [1, 2, fps, 2 * fps + 1], volatile: [] });
      expect(pictureRuns(plan).map((run) => run.frames)).toEqual([1, 1, fps - 2, fps + 1, fps + 6]);
      const { seen, level } = await encodeLevels(plan, fps, `rate-${fps}.mp4`);
      expect(seen.length, `${fps} fps`).toBe(plan.source.length);
      plan.source.forEach((captured, frame) => expect(Math.abs(seen[frame]! - level(captured)), `${fps} fps frame ${frame}`).toBeLessThan(6));
    }
  });

  it('encodes a still scene (one picture held for every frame) and a frame range that starts inside a hold', async () => {
    const still = holdPlan({ frames: 90, changed: [], volatile: [] });
    expect((await encodeLevels(still, 30, 'still.mp4')).seen).toHaveLength(90);
    const range = rangePlan(holdPlan({ frames: 60, changed: [10, 40], volatile: [] }), 20, 50);
    const { seen, level } = await encodeLevels(range, 30, 'range.mp4');
    expect(seen).toHaveLength(30);
    range.source.forEach((captured, frame) => expect(Math.abs(seen[frame]! - level(captured)), `range frame ${frame}`).toBeLessThan(6));
  });

  it('makes a fade\'s frames by blending the held picture toward the fade\'s last capture, waiting for it to arrive', async () => {
    // Held at level 200 from frame 0, fading to level 40 on frame 9 (opacity 1, 1, 1, 1, .8, .6, .4, .2, .1, 0).
    const opacities = [1, 1, 1, 1, 0.8, 0.6, 0.4, 0.2, 0.1, 0];
    const plan = holdPlan({ frames: 10, changed: [0], volatile: [], fades: opacities.map((opacity, frame): [number, number] => [frame, opacity]) });
    expect(plan.capture).toEqual([0, 9]);
    const output = path.join(dir, 'fade.mp4');
    const encoder = new SegmentEncoder(ffmpeg.ffmpeg, output, { width: 64, height: 36, fps: 30 }, plan);
    // The fade's end arrives first: the blended runs wait for both pictures.
    encoder.add(9, await grey(40));
    encoder.add(0, await grey(200));
    await encoder.finish();
    const seen: number[] = [];
    await decodeLuma(ffmpeg, output, 64, 36, (_index, luma) => seen.push(luma[64 * 18 + 32]!));
    opacities.forEach((opacity, frame) => expect(Math.abs(seen[frame]! - (40 + 160 * opacity)), `frame ${frame}`).toBeLessThan(6));
  });

  it('blendPixels moves each byte the weight of the way, rounded, and refuses pictures of different sizes', () => {
    expect([...blendPixels(Buffer.from([0, 100, 255]), Buffer.from([100, 0, 255]), 0.25)]).toEqual([25, 75, 255]);
    expect(() => blendPixels(Buffer.alloc(3), Buffer.alloc(6), 0.5)).toThrow(/3 and 6 bytes/);
  });

  it('refuses to finish when a planned frame never arrived', async () => {
    const plan = holdPlan({ frames: 4, changed: [0, 2], volatile: [] });
    const encoder = new SegmentEncoder(ffmpeg.ffmpeg, path.join(dir, 'short.mp4'), { width: 64, height: 36, fps: 30 }, plan);
    encoder.add(0, await grey(90));
    await expect(encoder.finish()).rejects.toThrow(/2 frames were never captured/);
    encoder.abort();
  });
});
