import { describe, expect, it } from 'vitest';
import { contentShare, longestStill, median, shrunkLuma, visiblyDiffers, type RgbFrame } from '../../src/render/quality/frame-measures.js';

/** A frame of one colour with rectangles of others drawn on it. */
function frame(width: number, height: number, field: [number, number, number], boxes: { x: number; y: number; w: number; h: number; color: [number, number, number] }[] = []): RgbFrame {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const box = boxes.findLast((b) => x >= b.x && x < b.x + b.w && y >= b.y && y < b.y + b.h);
      data.set(box ? box.color : field, (y * width + x) * 3);
    }
  }
  return { width, height, data };
}

describe('what a frame shows', () => {
  it('counts the pixels that differ from the plain field as content', () => {
    expect(contentShare(frame(160, 90, [245, 245, 240]))).toBe(0);
    // A panel over a quarter of the frame, a picture inside it.
    const share = contentShare(frame(160, 90, [245, 245, 240], [{ x: 0, y: 0, w: 80, h: 45, color: [30, 90, 200] }, { x: 10, y: 10, w: 20, h: 20, color: [250, 180, 20] }]));
    expect(share).toBeGreaterThan(0.24);
    expect(share).toBeLessThan(0.27);
  });

  it('takes the field to be the colour most of the edges share, so a dark pack reads the same and a panel over most of the frame is content', () => {
    const dark = frame(160, 90, [12, 18, 32], [{ x: 0, y: 0, w: 160, h: 30, color: [200, 60, 60] }]);
    expect(contentShare(dark)).toBeCloseTo(1 / 3, 2);
    // A chart panel inside the margins covering 70% of the frame, bars on it.
    const panel = frame(160, 90, [250, 248, 240], [{ x: 8, y: 5, w: 134, h: 77, color: [220, 230, 250] }, { x: 30, y: 40, w: 10, h: 40, color: [40, 80, 200] }]);
    expect(contentShare(panel)).toBeGreaterThan(0.65);
  });

  it('finds the longest stretch in which nothing visibly changes, a slow move ending it once it shows', () => {
    const still = frame(32, 18, [240, 240, 240], [{ x: 4, y: 4, w: 8, h: 8, color: [0, 0, 0] }]);
    const moved = frame(32, 18, [240, 240, 240], [{ x: 6, y: 4, w: 8, h: 8, color: [0, 0, 0] }]);
    const luma = (f: RgbFrame) => shrunkLuma(f, 1).data;
    expect(visiblyDiffers(luma(still), luma(still))).toBe(false);
    expect(visiblyDiffers(luma(still), luma(moved))).toBe(true);
    // 10 samples a second: 4 s still, then a change, then 1 s still.
    const frames = [...Array(40).fill(luma(still)), ...Array(10).fill(luma(moved))];
    expect(longestStill(frames, 10)).toEqual({ seconds: 4, from: 0 });
  });

  it('takes a median', () => {
    expect([median([]), median([0.3]), median([0.1, 0.5, 0.2]), median([0.1, 0.2, 0.3, 0.4])]).toEqual([0, 0.3, 0.2, 0.25]);
  });
});
