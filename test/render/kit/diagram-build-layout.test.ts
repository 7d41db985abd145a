import { describe, expect, it } from 'vitest';
import { narratedTiming } from '../../../compositions/kit/diagrams/diagram-build-layout.js';

describe('narratedTiming', () => {
  it('draws each connector toward its node, arriving as the node enters', () => {
    const timing = narratedTiming([20, 60, 130], [{ from: 0, to: 1 }, { from: 1, to: 2 }], 15);
    expect(timing.nodeDelay).toEqual([20, 60, 130]);
    for (const [i, link] of timing.links.entries()) {
      const target = [60, 130][i]!;
      expect(link.start).toBeLessThan(target);
      expect(link.start + link.frames).toBeGreaterThanOrEqual(target);
      expect(link.start + link.frames).toBeLessThanOrEqual(target + 4);
    }
    expect(timing.settled).toBe(145);
  });

  it('never starts a connector before the node it leaves from, and draws a cycle back to the first once both are in', () => {
    const timing = narratedTiming([20, 24, 90], [{ from: 0, to: 1 }, { from: 1, to: 2 }, { from: 2, to: 0 }], 15);
    expect(timing.links[0]!.start).toBeGreaterThan(20);
    expect(timing.links[2]!.start).toBeGreaterThan(90);
    expect(timing.settled).toBeGreaterThanOrEqual(timing.links[2]!.start + timing.links[2]!.frames);
  });
});
