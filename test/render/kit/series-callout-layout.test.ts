import { describe, expect, it } from 'vitest';
import { calloutGeometry, growthCallout, resolveCallout } from '../../../compositions/kit/data/series-callout-layout.js';

describe('growthCallout', () => {
  it('calls out a series that at least doubles from its first to its last value as N×', () => {
    expect(growthCallout([1200, 5000, 18000, 48000])).toEqual({ text: '40×', from: 0, to: 3 });
    expect(growthCallout([125, 168, 192, 347, 452])).toEqual({ text: '3.6×', from: 0, to: 4 });
    expect(growthCallout([10, 30])).toEqual({ text: '3×', from: 0, to: 1 });
    expect(growthCallout([4, 8])).toEqual({ text: '2×', from: 0, to: 1 });
  });

  it('calls out nothing for a series that less than doubles, falls, starts at or under zero, or has one point', () => {
    expect(growthCallout([10, 19.9])).toBeUndefined();
    expect(growthCallout([420, 310, 40])).toBeUndefined();
    expect(growthCallout([0, 50])).toBeUndefined();
    expect(growthCallout([-5, 50])).toBeUndefined();
    expect(growthCallout([10, -50])).toBeUndefined();
    expect(growthCallout([10])).toBeUndefined();
    expect(growthCallout([])).toBeUndefined();
  });
});

describe('resolveCallout', () => {
  const values = [3, 5, 4, 6, 9];

  it('spans the first and last points by default', () => {
    expect(resolveCallout({ text: '+38%' }, values)).toEqual({ text: '+38%', from: 0, to: 4 });
  });

  it('keeps the points the caller names, clamped into the series and in order', () => {
    expect(resolveCallout({ text: '2×', from: 1, to: 3 }, values)).toEqual({ text: '2×', from: 1, to: 3 });
    expect(resolveCallout({ text: 'peak', from: 4, to: 1 }, values)).toEqual({ text: 'peak', from: 1, to: 4 });
    expect(resolveCallout({ text: 'all', from: -3, to: 99 }, values)).toEqual({ text: 'all', from: 0, to: 4 });
  });

  it('draws none for a blank text, a single point, or two indices on the same point', () => {
    expect(resolveCallout({ text: '  ' }, values)).toBeUndefined();
    expect(resolveCallout({ text: '40×' }, [5])).toBeUndefined();
    expect(resolveCallout({ text: 'x', from: 2, to: 2 }, values)).toBeUndefined();
  });

  it('falls back to the series\' growth without a callout', () => {
    expect(resolveCallout(undefined, [1200, 48000])).toEqual({ text: '40×', from: 0, to: 1 });
    expect(resolveCallout(undefined, values)).toEqual({ text: '3×', from: 0, to: 4 });
    expect(resolveCallout(undefined, [9, 3])).toBeUndefined();
  });
});

describe('calloutGeometry', () => {
  it('runs up from the first point, across at the level and down onto the second, with the badge centred on it', () => {
    const geo = calloutGeometry({ x: 100, top: 400 }, { x: 700, top: 150 }, 60, 200, 80, 1000, 10, 20);
    expect(geo.path).toBe('M 100 390 L 100 60 L 700 60 L 700 140');
    expect(geo.badge).toEqual({ left: 300, top: 20 });
    expect(geo.length).toBe(330 + 600 + 80);
    // The arrowhead's tip sits on the bracket's end over the second point.
    expect(geo.head).toContain('L 700 140');
  });

  it('keeps the badge in the chart\'s box and never drops a bracket end above its level', () => {
    const geo = calloutGeometry({ x: 20, top: 50 }, { x: 120, top: 300 }, 80, 300, 60, 500, 10, 20);
    expect(geo.badge.left).toBe(0);
    expect(geo.path.startsWith('M 20 80 L 20 80')).toBe(true);
    expect(calloutGeometry({ x: 400, top: 300 }, { x: 480, top: 300 }, 80, 300, 60, 500, 10, 20).badge.left).toBe(200);
  });
});
