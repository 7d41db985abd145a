import { describe, expect, it } from 'vitest';
import { LISTS_CASES } from './gallery/cases-lists.js';
import { renderGallery } from './gallery/gallery.js';

// The "after" card of a before/after is revealed by a wipe. Its points are light ink on the card's
// colour: over a part of the card the wipe has not reached they would stand on the bare background,
// and the scene's layout audit (the check every drafted scene passes) would refuse the scene, which
// then shows its title alone. Every frame through the wipe must pass the audit.
describe('before/after while its wipe runs', () => {
  it('passes the layout audit on every sampled frame of the reveal, at 1:1 and 9:16', async () => {
    const cases = LISTS_CASES.filter((entry) => entry.name === 'before-after-desk').map((entry) => ({ ...entry, pack: 'playful-pop' }));
    expect(cases).toHaveLength(1);
    const problems: string[] = [];
    for (const frame of [20, 30, 40, 50, 60, 70, 80]) {
      const shots = await renderGallery(cases, [{ label: '1x1', width: 1080, height: 1080 }, { label: '9x16', width: 720, height: 1280 }], frame, { durationInFrames: 240, out: `/tmp/before-after-wipe-${frame}` });
      for (const shot of shots) for (const issue of shot.audit.issues) problems.push(`frame ${frame} ${shot.size.label}: ${JSON.stringify(issue)}`);
    }
    expect(problems).toEqual([]);
  }, 600_000);
});
