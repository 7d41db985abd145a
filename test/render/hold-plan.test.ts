import { describe, expect, it } from 'vitest';
import { captureAll, holdPlan, splitProbe } from '../../src/render/worker/hold-plan.js';

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
