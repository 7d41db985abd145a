import { describe, expect, it } from 'vitest';
import { searchVisuals, visualSvg } from '../../../src/catalog/visuals/index.js';

function expectStandaloneSvg(svg: string | undefined): void {
  expect(svg).toBeDefined();
  expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]* viewBox="[\d.]+ [\d.]+ [\d.]+ [\d.]+"[^>]*>/);
  expect(svg).toMatch(/<\/svg>$/);
  // Every opened element is closed (or self-closed): the markup is well formed.
  const opened = (svg!.match(/<[a-zA-Z][^>]*[^/]>/g) ?? []).length;
  const closed = (svg!.match(/<\/[a-zA-Z][^>]*>/g) ?? []).length;
  expect(opened).toBe(closed);
}

describe('visualSvg', () => {
  it('renders a search match of every kind as standalone SVG with a viewBox', () => {
    for (const [query, kind] of [['bread', 'illustration'], ['house', 'icon'], ['Germany', 'flag']] as const) {
      const [match] = searchVisuals(query, { language: 'en', kinds: [kind] });
      expectStandaloneSvg(visualSvg(match!.id));
    }
  });

  it('sizes the picture and colours a line icon', () => {
    const svg = visualSvg('lucide:house', { size: 48, color: '#ff0000' });
    expect(svg).toContain('width="48"');
    expect(svg).toContain('height="48"');
    expect(svg).toContain('stroke="#ff0000"');
    expect(svg).not.toContain('currentColor');
  });

  it('gives flags unique ids so that two pictures can share a page', () => {
    const first = visualSvg('circle-flags:de')!;
    const second = visualSvg('circle-flags:de')!;
    const id = (svg: string) => /id="([^"]+)"/.exec(svg)?.[1];
    expect(id(first)).toBeDefined();
    expect(id(first)).not.toBe(id(second));
  });

  it('returns undefined for an unknown id', () => {
    expect(visualSvg('lucide:no-such-icon')).toBeUndefined();
    expect(visualSvg('no-such-set:house')).toBeUndefined();
    expect(visualSvg('house')).toBeUndefined();
  });
});
