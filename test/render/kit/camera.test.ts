import { describe, expect, it } from 'vitest';
import { cameraAt, cameraInsideStage, cameraTransform, PUSH_IN, pushIn, type CameraShot } from '../../../compositions/kit/camera.js';

const shots: CameraShot[] = [
  { frame: 0, x: 960, y: 540, scale: 1 },
  { frame: 60, x: 600, y: 400, scale: 1.5 },
  { frame: 120, x: 1200, y: 700, scale: 1.2 },
];

/** The stage point drawn at frame pixel (px, py) through a transform from cameraTransform, origin at the element's centre. */
function frameOf(transform: string, width: number, height: number, x: number, y: number): [number, number] {
  const m = /translate\((-?[\d.]+)px, (-?[\d.]+)px\) scale\(([\d.]+)\)/.exec(transform);
  if (!m) throw new Error(`not a camera transform: ${transform}`);
  const [tx, ty, s] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return [width / 2 + tx + s * (x - width / 2), height / 2 + ty + s * (y - height / 2)];
}

describe('the kit camera', () => {
  it('holds each shot until the next and arrives at it moveFrames after its frame', () => {
    expect(cameraAt(shots, 0)).toEqual({ x: 960, y: 540, scale: 1 });
    expect(cameraAt(shots, 60)).toEqual({ x: 960, y: 540, scale: 1 });
    expect(cameraAt(shots, 78)).toEqual({ x: 600, y: 400, scale: 1.5 });
    expect(cameraAt(shots, 110)).toEqual({ x: 600, y: 400, scale: 1.5 });
    expect(cameraAt(shots, 500)).toEqual({ x: 1200, y: 700, scale: 1.2 });
    expect(cameraAt(shots, 90, { moveFrames: 40 }).x).toBeGreaterThan(600);
  });

  it('eases in and out: slow at both ends of a move, fastest in its middle, never a cut', () => {
    const xs = Array.from({ length: 20 }, (_, i) => cameraAt(shots, 60 + i).x);
    const steps = xs.slice(1).map((x, i) => Math.abs(x - xs[i]!));
    expect(steps[0]!).toBeLessThan(steps[8]!);
    expect(steps[17]!).toBeLessThan(steps[8]!);
    for (const step of steps) expect(step).toBeLessThan(60);
  });

  it('starts a move that interrupts another from where the camera stands', () => {
    const quick: CameraShot[] = [
      { frame: 0, x: 0, y: 0, scale: 1 },
      { frame: 10, x: 100, y: 0, scale: 2 },
      { frame: 15, x: 0, y: 0, scale: 1 },
    ];
    const before = cameraAt(quick, 15);
    const after = cameraAt(quick, 16);
    expect(before.x).toBeGreaterThan(0);
    expect(before.x).toBeLessThan(100);
    expect(Math.abs(after.x - before.x)).toBeLessThan(5);
    expect(cameraAt(quick, 40)).toEqual({ x: 0, y: 0, scale: 1 });
  });

  it('zooms by equal ratios, so a push reads as steady', () => {
    const zoom: CameraShot[] = [{ frame: 0, x: 0, y: 0, scale: 1 }, { frame: 0.0001, x: 0, y: 0, scale: 4 }];
    // Halfway through the eased move (eased progress one half), the scale is the geometric mean.
    expect(cameraAt(zoom, 9.0001, { moveFrames: 18 }).scale).toBeCloseTo(2, 5);
  });

  it('sorts its shots and stands at the first before it', () => {
    const reversed = [...shots].reverse();
    expect(cameraAt(reversed, 100)).toEqual(cameraAt(shots, 100));
    expect(cameraAt([{ frame: 30, x: 10, y: 20, scale: 2 }], 0)).toEqual({ x: 10, y: 20, scale: 2 });
  });

  it('draws the shot point at the frame centre, scaled, with translate and scale only', () => {
    for (const [w, h] of [[1920, 1080], [1080, 1920], [1080, 1080]] as const) {
      const camera = { x: w * 0.3, y: h * 0.7, scale: 1.4 };
      const t = cameraTransform(camera, w, h);
      expect(t).toMatch(/^translate\(-?[\d.]+px, -?[\d.]+px\) scale\([\d.]+\)$/);
      const [cx, cy] = frameOf(t, w, h, camera.x, camera.y);
      expect(cx).toBeCloseTo(w / 2, 2);
      expect(cy).toBeCloseTo(h / 2, 2);
      // A stage point 100 px right of it lands 140 frame px right of the centre.
      expect(frameOf(t, w, h, camera.x + 100, camera.y)[0]).toBeCloseTo(w / 2 + 140, 2);
    }
    expect(cameraTransform({ x: 960, y: 540, scale: 1 }, 1920, 1080)).toBe('translate(0px, 0px) scale(1)');
  });
});

describe('the scene push', () => {
  it('grows on every frame of a scene, eased, from 1 to 1 + PUSH_IN: no frame of a hold stands still', () => {
    for (const frames of [60, 150, 900]) {
      const scales = Array.from({ length: frames }, (_, frame) => pushIn(frame, frames));
      expect(scales[0]).toBe(1);
      expect(scales[frames - 1]).toBeCloseTo(1 + PUSH_IN, 9);
      for (let frame = 1; frame < frames; frame += 1) expect(scales[frame]!, `${frames} frames, frame ${frame}`).toBeGreaterThan(scales[frame - 1]!);
      // Eased: the middle grows faster than the ends.
      const step = (frame: number) => scales[frame + 1]! - scales[frame]!;
      expect(step(Math.floor(frames / 2))).toBeGreaterThan(3 * step(1));
    }
  });
});

describe('a camera inside the stage', () => {
  it('never shows past the stage\'s edge: scale at least 1, the centre at least half a frame in', () => {
    expect(cameraInsideStage({ x: 960, y: 540, scale: 0.8 }, 1920, 1080)).toEqual({ x: 960, y: 540, scale: 1 });
    expect(cameraInsideStage({ x: 100, y: 1000, scale: 2 }, 1920, 1080)).toEqual({ x: 480, y: 810, scale: 2 });
    expect(cameraInsideStage({ x: 1000, y: 500, scale: 2 }, 1920, 1080)).toEqual({ x: 1000, y: 500, scale: 2 });
  });
});
