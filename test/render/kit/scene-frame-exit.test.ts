import { describe, expect, it } from 'vitest';
import { exitOpacity } from '../../../compositions/kit/exit-fade.js';

describe('exitOpacity', () => {
  it('holds the content whole until the exit, fades it down, and shows the bare background on the last frame', () => {
    const opacities = Array.from({ length: 120 }, (_, frame) => exitOpacity(frame, 120, 10));
    expect(opacities.slice(0, 110).every((opacity) => opacity === 1)).toBe(true);
    const fade = opacities.slice(110);
    for (let i = 1; i < fade.length; i += 1) expect(fade[i]!).toBeLessThan(fade[i - 1]!);
    expect(fade[0]).toBe(1);
    expect(opacities[119]).toBe(0);
  });

  it('cuts to the background on the last frame when the exit is one frame', () => {
    expect([exitOpacity(8, 10, 1), exitOpacity(9, 10, 1)]).toEqual([1, 0]);
  });
});
