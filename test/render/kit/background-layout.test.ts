import { describe, expect, it } from 'vitest';
import { BACKGROUND_VARIANTS, backgroundVariant, bandAlpha } from '../../../compositions/kit/background-layout.js';

describe('a scene background\'s arrangement', () => {
  it('is the same for a seed every time, and neighbouring scenes of a video (their seeds) get several arrangements', () => {
    expect(backgroundVariant('stat-saved each year')).toEqual(backgroundVariant('stat-saved each year'));
    const seeds = ['title-How solar power reaches your home', 'list-How it works', 'chart-Solar capacity worldwide', 'stat-saved by a home system each year', 'steps-Going solar', 'cta-Get a quote today'];
    const used = new Set(seeds.map((seed) => backgroundVariant(seed).index));
    expect(used.size).toBeGreaterThanOrEqual(3);
  });

  it('uses every arrangement over many seeds, and no two arrangements share their glows or their band', () => {
    const used = new Set(Array.from({ length: 200 }, (_, i) => backgroundVariant(`scene-${i}`).index));
    expect(used.size).toBe(BACKGROUND_VARIANTS.length);
    const glows = new Set(BACKGROUND_VARIANTS.map((v) => JSON.stringify(v.glows)));
    const bands = new Set(BACKGROUND_VARIANTS.map((v) => v.band.angle));
    expect(glows.size).toBe(BACKGROUND_VARIANTS.length);
    expect(bands.size).toBe(BACKGROUND_VARIANTS.length);
    for (const { glows: pair } of BACKGROUND_VARIANTS) for (const glow of pair) for (const value of [glow.x, glow.y]) expect(value).toBeGreaterThanOrEqual(0), expect(value).toBeLessThanOrEqual(100);
  });

  it('keeps the band fainter than the glows it sits among', () => {
    for (const tint of [0.09, 0.15, 0.3]) {
      expect(bandAlpha(tint)).toBeLessThan(tint);
      expect(bandAlpha(tint)).toBeLessThanOrEqual(0.1);
    }
    expect(bandAlpha(0)).toBe(0);
  });
});
