import { describe, expect, it } from 'vitest';
import { holdFrames } from '../../src/render/scene-code/test-render-scene.js';

/** The frames SceneFrame's transition takes at each end of a scene: half a second, at most a quarter of it. */
const transitionFrames = (duration: number, fps: number) => Math.max(1, Math.min(Math.round(fps * 0.5), Math.floor(duration / 4)));

describe('holdFrames', () => {
  it('samples a 5 s scene after its entrance and before its exit, at about 35%, 50% and 80%', () => {
    const { frames, middle } = holdFrames(150, 30);
    expect(frames).toEqual([52, 74, 119]);
    expect(middle).toBe(74);
  });

  it.each([
    [150, 30],
    [90, 30],
    [40, 30],
    [600, 60],
    [8, 30],
  ])('keeps every frame of a %i-frame scene at %i fps out of its fade-in and fade-out', (duration, fps) => {
    const edge = transitionFrames(duration, fps);
    const { frames, middle } = holdFrames(duration, fps);
    expect(frames).toContain(middle);
    for (const frame of frames) {
      expect(frame).toBeGreaterThanOrEqual(edge);
      expect(frame).toBeLessThanOrEqual(duration - 1 - edge);
    }
    expect(frames).not.toContain(0);
    expect(frames).not.toContain(duration - 1);
  });
});
