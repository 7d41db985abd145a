import { describe, expect, it } from 'vitest';
import { CORE_CASES } from './gallery/cases-core.js';
import { DATA_CASES } from './gallery/cases-data.js';
import { INFOGRAPHIC_CASES } from './gallery/cases-infographic.js';
import { MEDIA_CASES } from './gallery/cases-media.js';
import { renderGallery, type GalleryShot } from './gallery/gallery.js';

/** Every kit component, at every gallery size, audited in the page. GALLERY_ONLY=a,b narrows it while working on a component. */
const ONLY = process.env.GALLERY_ONLY?.split(',');
const CASES = [...CORE_CASES, ...DATA_CASES, ...INFOGRAPHIC_CASES, ...MEDIA_CASES].filter((entry) => !ONLY || ONLY.some((name) => entry.name.startsWith(name)));

function problems(shots: GalleryShot[], kinds: string[]): string[] {
  return shots.flatMap((shot) =>
    shot.audit.issues.filter((issue) => kinds.includes(issue.kind)).map((issue) => `${shot.name} ${shot.size.label} (${shot.pack}): ${issue.kind} ${issue.element}: ${issue.detail}`),
  );
}

describe('the scene kit gallery', () => {
  let shots: GalleryShot[] = [];

  it('renders every component at 16:9, 9:16, 1:1, 4:5, 1000x1000 and 1500x500', async () => {
    shots = await renderGallery(CASES);
    expect(shots).toHaveLength(CASES.length * 6);
    for (const shot of shots) expect(shot.audit.texts, `${shot.name} ${shot.size.label} shows text`).toBeGreaterThan(0);
  }, 600_000);

  it('keeps every text inside its box and unclipped', () => {
    expect(problems(shots, ['overflow', 'clipped'])).toEqual([]);
  });

  it('keeps every element on the canvas unless it is an intended bleed', () => {
    expect(problems(shots, ['off-canvas'])).toEqual([]);
  });

  it('gives every text element a contrast of at least 4.5:1', () => {
    expect(problems(shots, ['contrast'])).toEqual([]);
    for (const shot of shots) expect(shot.audit.minContrast).toBeGreaterThanOrEqual(4.5);
  });
});
