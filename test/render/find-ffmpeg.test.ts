import { afterEach, describe, expect, it, vi } from 'vitest';
import { compositorPackageName, findFfmpeg } from '../../src/render/ffmpeg/find-ffmpeg.js';

describe('findFfmpeg', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  // A diagnostic report holds the event loop for tens of milliseconds; every render and every
  // create with audio looks FFmpeg up.
  it('reads the machine\'s libc from a diagnostic report once, not on every look-up', () => {
    const report = vi.spyOn(process.report!, 'getReport');
    const first = compositorPackageName();
    for (let i = 0; i < 5; i += 1) {
      expect(compositorPackageName()).toBe(first);
      findFfmpeg();
    }
    expect(report.mock.calls.length).toBeLessThanOrEqual(1);
    expect(first).toMatch(/^@remotion\/compositor-/);
  });
});
