import { describe, expect, it } from 'vitest';
import { CORE_CASES, PICTURE_CASES } from './gallery/cases-core.js';
import { DATA_CASES } from './gallery/cases-data.js';
import { DIAGRAMS_CASES } from './gallery/cases-diagrams.js';
import { LISTS_CASES } from './gallery/cases-lists.js';
import { MAPS_CASES } from './gallery/cases-maps.js';
import { MOCKUPS_CASES } from './gallery/cases-mockups.js';
import { INFOGRAPHIC_CASES } from './gallery/cases-infographic.js';
import { MEDIA_CASES } from './gallery/cases-media.js';
import { renderGallery, type GalleryShot } from './gallery/gallery.js';

/** Every kit component, at every gallery size, audited in the page. GALLERY_ONLY=a,b narrows it while working on a component. */
const ONLY = process.env.GALLERY_ONLY?.split(',');
const CASES = [...CORE_CASES, ...DATA_CASES, ...INFOGRAPHIC_CASES, ...MEDIA_CASES, ...PICTURE_CASES, ...DIAGRAMS_CASES, ...LISTS_CASES, ...MAPS_CASES, ...MOCKUPS_CASES].filter((entry) => !ONLY || ONLY.some((name) => entry.name.startsWith(name)));

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

  // Frames look designed at every shape: the type is sized to the canvas, the content spreads over
  // it (not a small block in a corner), and a scene with room to spare shows a visual beside its text.
  it('sizes the largest text to the canvas: at least 5% of its shorter side (54 px at 1080p)', () => {
    const small = shots.filter((shot) => !/^(image-|infographic)/.test(shot.name) && shot.audit.largestText < 0.05);
    expect(small.map((shot) => `${shot.name} ${shot.size.label}: ${shot.audit.largestText}`)).toEqual([]);
  });

  it('spreads the content over at least a fifth of the canvas, unless one large line is the whole scene (or a logo, centered by design)', () => {
    const cramped = shots.filter((shot) => !shot.name.startsWith('logo-reveal') && shot.audit.content.width * shot.audit.content.height < 0.2 && shot.audit.largestText < 0.2);
    expect(cramped.map((shot) => `${shot.name} ${shot.size.label}: ${shot.audit.content.width}x${shot.audit.content.height}`)).toEqual([]);
  });

  it('puts a visual beside a short list or a figure where the canvas has room: wide and tall canvases', () => {
    const bare = shots.filter(
      (shot) => ['bullet-list-short', 'bullet-list-two', 'step-list', 'stat-counter', 'bullet-list-picture'].includes(shot.name) && ['16x9', '9x16', '1500x500'].includes(shot.size.label) && shot.audit.visualArea < 0.04,
    );
    expect(bare.map((shot) => `${shot.name} ${shot.size.label}: ${shot.audit.visualArea}`)).toEqual([]);
  });

  it('gives a headline with a hero picture (title card, kinetic headline) a picture of at least a tenth of the canvas beside or above its headline, at every size', () => {
    const heroes = (name: string) => name.startsWith('title-picture') || name === 'kinetic-picture';
    const small = shots.filter((shot) => heroes(shot.name) && shot.audit.visualArea < 0.1);
    expect(shots.some((shot) => heroes(shot.name))).toBe(!ONLY || ONLY.some((name) => heroes(name)));
    expect(small.map((shot) => `${shot.name} ${shot.size.label}: ${shot.audit.visualArea}`)).toEqual([]);
  });

  it('gives every text element a contrast of at least 4.5:1', () => {
    expect(problems(shots, ['contrast'])).toEqual([]);
    for (const shot of shots) expect(shot.audit.minContrast).toBeGreaterThanOrEqual(4.5);
  });
});

