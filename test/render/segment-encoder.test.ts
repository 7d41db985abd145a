import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { requireFfmpeg } from '../../src/render/ffmpeg/run-ffmpeg.js';
import { decodeLuma } from '../../src/render/quality/ssim.js';
import { holdPlan } from '../../src/render/worker/hold-plan.js';
import { SegmentEncoder } from '../../src/render/worker/segment-encoder.js';

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

  it('refuses to finish when a planned frame never arrived', async () => {
    const plan = holdPlan({ frames: 4, changed: [0, 2], volatile: [] });
    const encoder = new SegmentEncoder(ffmpeg.ffmpeg, path.join(dir, 'short.mp4'), { width: 64, height: 36, fps: 30 }, plan);
    encoder.add(0, await grey(90));
    await expect(encoder.finish()).rejects.toThrow(/2 frames were never captured/);
    encoder.abort();
  });
});
