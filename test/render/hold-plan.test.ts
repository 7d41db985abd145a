import { describe, expect, it } from 'vitest';
import { cameraMove, cameraStepPx, cameraWarp, captureAll, holdPlan, rangePlan, splitProbe, warpCovers } from '../../src/render/worker/hold-plan.js';

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

describe('camera moves over a hold', () => {
  const size = { width: 100, height: 50 };
  /** A push in about the frame's centre: scale s drawn as p -> s * p + (1 - s) * centre. */
  const push = (frame: number, scale: number): [number, number, number, number] => [frame, scale, (1 - scale) * 50, (1 - scale) * 25];

  it('holds a frame whose only change is the camera, moved by the camera\'s difference', () => {
    // 2% a frame moves the 100 px frame's corners a pixel a frame: each frame is a step.
    const cameras = Array.from({ length: 10 }, (_, frame) => push(frame, 1 + frame * 0.02));
    const plan = holdPlan({ frames: 10, changed: [0, 6], volatile: [], cameras }, size);
    expect(plan.capture).toEqual([0, 6]);
    expect(plan.source).toEqual([0, 0, 0, 0, 0, 0, 6, 6, 6, 6]);
    expect(plan.warp![0]).toBeNull();
    expect(plan.warp![6]).toBeNull();
    // Frame 3 is frame 0's picture pushed in by 6%, about the centre (pixel centres: (49.5, 24.5)).
    const warp = plan.warp![3]!;
    expect(warp.scale).toBeCloseTo(1.06, 9);
    expect(warp.scale * 49.5 + warp.x).toBeCloseTo(49.5, 9);
    expect(warp.scale * 24.5 + warp.y).toBeCloseTo(24.5, 9);
  });

  it('moves a held picture in steps of CAMERA_STEP of the short side: a slow push repeats the last moved picture until the corners have moved that far', () => {
    // A 1080p frame pushed in about its centre by 1/4800 a frame: the corners move a fifth of a
    // pixel a frame, a step (0.75 px) every fourth frame.
    const hd = { width: 1920, height: 1080 };
    const at = (scale: number) => ({ scale, x: (1 - scale) * 960, y: (1 - scale) * 540 });
    const cameras = Array.from({ length: 12 }, (_, frame): [number, number, number, number] => {
      const pose = at(1 + frame / 4800);
      return [frame, pose.scale, pose.x, pose.y];
    });
    const plan = holdPlan({ frames: 12, changed: [0], volatile: [], cameras }, hd);
    expect(plan.capture).toEqual([0]);
    const steps = plan.warp!.map((warp) => (warp === null ? 0 : Math.round((warp.scale - 1) * 4800)));
    expect(steps).toEqual([0, 0, 0, 0, 4, 4, 4, 4, 8, 8, 8, 8]);
    for (let frame = 1; frame < 12; frame += 1) {
      // No frame lags its own camera by a step or more.
      expect(cameraMove(at(1 + steps[frame]! / 4800), at(1 + frame / 4800), hd)).toBeLessThan(cameraStepPx(hd));
    }
    expect(cameraStepPx(hd)).toBeCloseTo(0.75, 9);
    // A quarter-size frame steps at a quarter of the pixels: the same share of the picture.
    expect(cameraStepPx({ width: 480, height: 270 })).toBeCloseTo(0.1875, 9);
  });

  it('cameraMove is the largest move of a frame corner between two cameras', () => {
    expect(cameraMove({ scale: 1, x: 0, y: 0 }, { scale: 1, x: 3, y: -4 }, size)).toBe(4);
    // A 2% push about the centre moves the corners by 1 px along x (half of 100 px times 2%) and 0.5 along y.
    expect(cameraMove({ scale: 1, x: 0, y: 0 }, { scale: 1.02, x: -1, y: -0.5 }, size)).toBeCloseTo(1, 9);
  });

  it('captures a frame the held picture does not cover (a pull out, a pan past its edge) and one whose camera is not reported', () => {
    const cameras: [number, number, number, number][] = [push(0, 1.1), push(1, 1.05), [2, 1.05, -2.5 - 10, -1.25], [3, 1.05, -2.5 - 10, -1.25]];
    const plan = holdPlan({ frames: 5, changed: [0], volatile: [], cameras }, size);
    // 1 pulls out from 0; 2 pans 10 px left of 1 (1's picture has no stage right of its edge); 4 has no camera.
    // Without the frame's size no move can be checked, so every move is captured.
    expect(plan.capture).toEqual([0, 1, 2, 4]);
    expect(plan.source).toEqual([0, 1, 2, 2, 4]);
    expect(holdPlan({ frames: 3, changed: [0], volatile: [], cameras: [push(0, 1), push(1, 1.02)] }).capture).toEqual([0, 1, 2]);
  });

  it('cameraWarp maps a stage point drawn through one camera to where the other draws it, and warpCovers a push in but not a pull out', () => {
    const [from, to] = [{ scale: 1.2, x: -10, y: -5 }, { scale: 1.5, x: -25, y: -12.5 }];
    const warp = cameraWarp(from, to)!;
    for (const p of [0, 10, 37.5]) {
      // The pixel whose centre shows stage point p through `from` lands on the pixel showing it through `to`.
      const i = from.scale * p + from.x - 0.5;
      expect(warp.scale * i + warp.x).toBeCloseTo(to.scale * p + to.x - 0.5, 9);
    }
    expect(cameraWarp(from, from)).toBeNull();
    expect(warpCovers(cameraWarp(from, to)!, 100, 50)).toBe(true);
    expect(warpCovers(cameraWarp(to, from)!, 100, 50)).toBe(false);
  });

  it('splits a probe\'s cameras with its scenes and cuts a plan to a range, moving from the range\'s first frame', () => {
    const cameras = Array.from({ length: 20 }, (_, frame) => push(frame, 1 + frame * 0.01));
    const [first, second] = splitProbe({ frames: 20, changed: [0, 10], volatile: [], cameras }, [10, 10]);
    expect(first!.cameras).toHaveLength(10);
    expect(second!.cameras![0]).toEqual([0, ...cameras[10]!.slice(1)]);
    const whole = holdPlan({ frames: 20, changed: [0], volatile: [], cameras }, size);
    expect(whole.capture).toEqual([0]);
    const part = rangePlan(whole, 12, 16, size);
    expect(part.capture).toEqual([12]);
    expect(part.source).toEqual([12, 12, 12, 12]);
    expect(part.warp![0]).toBeNull();
    expect(part.warp![2]!.scale).toBeCloseTo(1.14 / 1.12, 9);
  });
});

describe('a fade over a hold', () => {
  // Frames 0-3 enter, 4-9 hold, 10-13 fade out to nothing on the last frame (SceneFrame's exit).
  const fades: [number, number][] = Array.from({ length: 14 }, (_, frame) => [frame, frame < 10 ? 1 : [0.75, 0.5, 0.2, 0][frame - 10]!]);
  const probe = { frames: 14, changed: [0, 1, 2, 3], volatile: [], fades };

  it('captures the hold and the fade\'s last frame, and blends the frames between by their opacity', () => {
    const plan = holdPlan(probe);
    expect(plan.capture).toEqual([0, 1, 2, 3, 13]);
    expect(plan.source.slice(9)).toEqual([3, 3, 3, 3, 13]);
    expect(plan.blend!.slice(0, 10).every((blend) => blend === null)).toBe(true);
    expect(plan.blend!.slice(10)).toEqual([{ target: 13, weight: 0.25 }, { target: 13, weight: 0.5 }, { target: 13, weight: 0.8 }, null]);
    expect(plan.fade).toEqual(fades.map(([, opacity]) => opacity));
  });

  it('blends from the latest capture when the markup changes during the fade, toward the end of its own stretch', () => {
    // A caption word changes at frame 11: the stretches are 3-10 (ending at opacity 0.75) and 11-13.
    const plan = holdPlan({ ...probe, changed: [0, 1, 2, 3, 11] });
    expect(plan.capture).toEqual([0, 1, 2, 3, 10, 11, 13]);
    expect(plan.blend![12]).toEqual({ target: 13, weight: (0.5 - 0.2) / 0.5 });
    expect(plan.blend![10]).toBeNull();
  });

  it('captures every fading frame whose camera differs from the fade\'s end (a camera still moving while it fades)', () => {
    const cameras: [number, number, number, number][] = Array.from({ length: 14 }, (_, frame) => [frame, 1 + frame / 1000, 0, 0]);
    const plan = holdPlan({ ...probe, cameras }, { width: 320, height: 180 });
    for (const frame of [10, 11, 12, 13]) expect(plan.capture).toContain(frame);
    expect(plan.blend!.every((blend) => blend === null)).toBe(true);
  });

  it('draws a blended frame through its own camera when the camera settled before the fade', () => {
    // The push moves until frame 9 and rests through the fade: the held picture is moved to the fade's camera exactly.
    const cameras: [number, number, number, number][] = Array.from({ length: 14 }, (_, frame) => [frame, 1 + Math.min(frame, 9) / 10_000, 0, 0]);
    const plan = holdPlan({ ...probe, cameras }, { width: 320, height: 180 });
    expect(plan.capture).toEqual([0, 1, 2, 3, 13]);
    expect(plan.warp![11]).toEqual(cameraWarp({ scale: 1 + 3 / 10_000, x: 0, y: 0 }, { scale: 1 + 9 / 10_000, x: 0, y: 0 }));
    expect(plan.blend![11]).toEqual({ target: 13, weight: 0.5 });
  });

  it('cuts a fading plan to a range: a fade whose end lies past the range blends toward the range\'s last frame', () => {
    const plan = rangePlan(holdPlan(probe), 5, 12);
    expect(plan.capture).toEqual([5, 11]);
    expect(plan.source).toEqual([5, 5, 5, 5, 5, 5, 11]);
    expect(plan.blend![5]).toEqual({ target: 11, weight: 0.25 / 0.5 });
  });

  it('cuts a fading plan to a range that reaches the fade\'s end: it captures what the whole plan captures there, not the frame before that end', () => {
    const whole = holdPlan(probe);
    const plan = rangePlan(whole, 5, 14);
    expect(plan.capture).toEqual([5, 13]);
    expect(plan.capture.slice(1)).toEqual(whole.capture.filter((frame) => frame > 5));
    expect(plan.blend!.slice(5)).toEqual(whole.blend!.slice(10));
  });

  it('splits a probe\'s fades with its scenes', () => {
    const [, second] = splitProbe({ frames: 8, changed: [0, 4], volatile: [], fades: [[2, 0.5], [3, 0], [6, 0.5], [7, 0]] }, [4, 4]);
    expect(second!.fades).toEqual([[2, 0.5], [3, 0]]);
  });
});
