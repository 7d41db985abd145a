import { describe, expect, it } from 'vitest';
import { MIN_PAGE_HOLD_SECONDS, pageRanges, pageWindows } from '../../../compositions/kit/page-windows.js';

describe('a paged body', () => {
  it('splits its items into pages as even as they come, the earlier the longer', () => {
    expect(pageRanges(12, 2)).toEqual([
      [0, 6],
      [6, 12],
    ]);
    expect(pageRanges(7, 2)).toEqual([
      [0, 4],
      [4, 7],
    ]);
    expect(pageRanges(8, 3)).toEqual([
      [0, 3],
      [3, 6],
      [6, 8],
    ]);
    expect(pageRanges(2, 3)).toEqual([
      [0, 1],
      [1, 2],
    ]);
  });

  it('gives every page the same hold after its entrance, the windows covering the scene end to end', () => {
    const windows = pageWindows(2, { duration: 360, fps: 30, exit: 10, firstSettle: 80, laterSettle: 40 })!;
    expect(windows[0]!.from).toBe(0);
    expect(windows[1]!.from).toBe(windows[0]!.durationInFrames);
    expect(windows[1]!.from + windows[1]!.durationInFrames).toBe(360);
    // Each page's hold: the first after 80 frames and before its 8 leaving frames, the last after 40 until the 10-frame exit.
    const firstHold = windows[0]!.durationInFrames - 80 - 8;
    const lastHold = windows[1]!.durationInFrames - 40 - 10;
    expect(Math.abs(firstHold - lastHold)).toBeLessThanOrEqual(1);
    expect(firstHold).toBeGreaterThanOrEqual(MIN_PAGE_HOLD_SECONDS * 30);
  });

  it('does not page a scene too short for each page to hold two seconds', () => {
    expect(pageWindows(2, { duration: 150, fps: 30, exit: 10, firstSettle: 80, laterSettle: 40 })).toBeUndefined();
    expect(pageWindows(3, { duration: 360, fps: 30, exit: 10, firstSettle: 80, laterSettle: 40 })).toBeUndefined();
    expect(pageWindows(2, { duration: 300, fps: 30, exit: 10, firstSettle: 60, laterSettle: 30 })).toHaveLength(2);
  });
});
