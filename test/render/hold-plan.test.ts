import { describe, expect, it } from 'vitest';
import { captureAll, holdPlan, rangePlan, splitProbe } from '../../src/render/worker/hold-plan.js';

describe('holdPlan', () => {
  it('captures the frames that change and holds the last one captured for the rest', () => {
    const plan = holdPlan({ frames: 10, changed: [0, 1, 2, 7, 8], volatile: [] });
    expect(plan.capture).toEqual([0, 1, 2, 7, 8]);
    expect(plan.source).toEqual([0, 1, 2, 2, 2, 2, 2, 7, 8, 8]);
  });

  it('always captures frame 0 and the frames showing moving media', () => {
    const plan = holdPlan({ frames: 6, changed: [3], volatile: [4, 5] });
    expect(plan.capture).toEqual([0, 3, 4, 5]);
    expect(plan.source).toEqual([0, 0, 0, 3, 4, 5]);
  });

  it('capturing everything maps each frame to itself', () => {
    expect(captureAll(4)).toEqual({ capture: [0, 1, 2, 3], source: [0, 1, 2, 3] });
  });
});

describe('splitProbe', () => {
  it('cuts a timeline probe into scene probes counted from each scene start', () => {
    const scenes = splitProbe({ frames: 10, changed: [0, 1, 4, 5, 9], volatile: [6] }, [4, 6]);
    expect(scenes).toEqual([
      { frames: 4, changed: [0, 1], volatile: [] },
      { frames: 6, changed: [0, 1, 5], volatile: [2] },
    ]);
    // Each scene starts with a captured frame, even when the timeline did not change there.
    expect(holdPlan(splitProbe({ frames: 6, changed: [0], volatile: [] }, [3, 3])[1]!).capture).toEqual([0]);
  });
});

describe('rangePlan', () => {
  // Captured 0, 1, 2, 7, 8; frames 3-6 hold 2, frame 9 holds 8.
  const plan = holdPlan({ frames: 10, changed: [0, 1, 2, 7, 8], volatile: [] });

  it('captures the range\'s first frame when it falls inside a hold, and holds it instead of the frame before the range', () => {
    const part = rangePlan(plan, 4, 9);
    expect(part.capture).toEqual([4, 7, 8]);
    expect(part.source).toEqual([4, 4, 4, 7, 8]);
  });

  it('keeps the whole plan\'s captures and holds inside the range, counted from the scene\'s start', () => {
    expect(rangePlan(plan, 1, 4)).toEqual({ capture: [1, 2], source: [1, 2, 2] });
    expect(rangePlan(plan, 7, 10)).toEqual({ capture: [7, 8], source: [7, 8, 8] });
    expect(rangePlan(plan, 0, 10)).toEqual(plan);
  });

  it('ranges that cover the scene play every frame once and never hold a frame before their start', () => {
    const probe = { frames: 30, changed: [0, 3, 4, 5, 17, 29], volatile: [11] };
    const whole = holdPlan(probe);
    const ranges: [number, number][] = [[0, 8], [8, 12], [12, 18], [18, 30]];
    const parts = ranges.map(([from, to]) => rangePlan(whole, from, to));
    expect(parts.flatMap((part) => part.source)).toHaveLength(30);
    for (const [index, [from, to]] of ranges.entries()) {
      const part = parts[index]!;
      expect(part.source).toHaveLength(to - from);
      expect(part.capture[0]).toBe(from);
      expect(Math.min(...part.source)).toBe(from);
      expect(part.capture.every((frame) => frame >= from && frame < to)).toBe(true);
      // Every output frame shows a captured frame of its own range.
      expect(part.source.every((frame) => part.capture.includes(frame))).toBe(true);
    }
    // Apart from the ranges' first frames, the parts capture what the whole plan captures.
    const extra = parts.flatMap((part) => part.capture).filter((frame) => !whole.capture.includes(frame));
    expect(extra).toEqual([8, 12, 18]);
  });

  it('cuts a capture-everything plan to the range', () => {
    expect(rangePlan(captureAll(6), 2, 5)).toEqual({ capture: [2, 3, 4], source: [2, 3, 4] });
  });

  it('refuses a range outside the scene or empty, naming it', () => {
    expect(() => rangePlan(plan, 5, 11)).toThrow('frame range [5, 11) is not inside the scene\'s 10 frames');
    expect(() => rangePlan(plan, 4, 4)).toThrow(/frame range \[4, 4\)/);
    expect(() => rangePlan(plan, -1, 3)).toThrow(/frame range/);
    expect(() => rangePlan(plan, 1.5, 3)).toThrow(/whole numbers/);
  });
});
