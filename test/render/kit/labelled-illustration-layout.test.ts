import { describe, expect, it } from 'vitest';
import { anchorOf, defaultAnchors, labelledIllustrationLayout, packAlong, type CalloutBox } from '../../../compositions/kit/media/labelled-illustration-layout.js';

const overlaps = (a: CalloutBox, b: CalloutBox) => Math.min(a.left + a.width, b.left + b.width) - Math.max(a.left, b.left) > 0.5 && Math.min(a.top + a.height, b.top + b.height) - Math.max(a.top, b.top) > 0.5;
const within = (box: CalloutBox, width: number, height: number) => box.left >= -0.5 && box.top >= -0.5 && box.left + box.width <= width + 0.5 && box.top + box.height <= height + 0.5;

/** Body boxes of a 16:9, a square and a 9:16 scene under a heading, and their units. */
const BODIES = [
  { width: 1164, height: 430, u: 0.667 },
  { width: 907, height: 640, u: 1 },
  { width: 604, height: 900, u: 0.667 },
];

describe('labelledIllustrationLayout', () => {
  it('places every label inside the body, apart from each other and from the picture', () => {
    for (const body of BODIES) {
      for (const n of [2, 3, 4, 5, 6]) {
        const placed = labelledIllustrationLayout(body.width, body.height, defaultAnchors(n), () => 70 * body.u, body.u);
        expect(placed.fits, `${body.width}x${body.height} ${n}`).toBe(true);
        const labels = placed.callouts.map((callout) => callout.label);
        for (const label of labels) {
          expect(within(label, body.width, body.height)).toBe(true);
          expect(overlaps(label, placed.picture), `${body.width}x${body.height} ${n}`).toBe(false);
        }
        for (const [i, a] of labels.entries()) for (const b of labels.slice(i + 1)) expect(overlaps(a, b)).toBe(false);
      }
    }
  });

  it('puts labels in columns beside the picture on a wide body and in rows above and below it on a tall one', () => {
    const wide = labelledIllustrationLayout(1164, 430, defaultAnchors(4), () => 60, 0.667);
    expect(wide.columns).toBe(true);
    expect(new Set(wide.callouts.map((callout) => callout.side))).toEqual(new Set(['left', 'right']));
    const tall = labelledIllustrationLayout(604, 900, defaultAnchors(4), () => 60, 0.667);
    expect(tall.columns).toBe(false);
    expect(new Set(tall.callouts.map((callout) => callout.side))).toEqual(new Set(['top', 'bottom']));
  });

  it('draws the picture as the hero: as tall as a wide body, as wide as a tall one allows', () => {
    const wide = labelledIllustrationLayout(1164, 430, defaultAnchors(4), () => 60, 0.667);
    expect(wide.picture.height).toBeCloseTo(430);
    const tall = labelledIllustrationLayout(604, 900, defaultAnchors(4), () => 60, 0.667);
    expect(tall.picture.width).toBeGreaterThan(604 * 0.9);
  });

  it('puts a part on the side its point is on, and its label near its point\'s height', () => {
    const anchors = [{ x: 0.2, y: 0.2 }, { x: 0.8, y: 0.8 }, { x: 0.15, y: 0.75 }];
    const placed = labelledIllustrationLayout(1164, 430, anchors, () => 50, 0.667);
    expect(placed.callouts.map((callout) => callout.side)).toEqual(['left', 'right', 'left']);
    const [top, , low] = placed.callouts;
    expect(top!.label.top).toBeLessThan(low!.label.top);
    const centre = (callout: typeof top) => callout!.label.top + callout!.label.height / 2;
    expect(Math.abs(centre(low) - low!.anchor.y)).toBeLessThan(30);
  });

  it('starts every leader at its point and ends it at its label\'s inner edge', () => {
    const placed = labelledIllustrationLayout(1164, 430, defaultAnchors(4), () => 60, 0.667);
    for (const callout of placed.callouts) {
      expect(callout.leader[0]).toEqual(callout.anchor);
      const end = callout.leader.at(-1)!;
      if (callout.side === 'left') expect(end.x).toBeGreaterThanOrEqual(callout.label.left + callout.label.width);
      else expect(end.x).toBeLessThanOrEqual(callout.label.left);
    }
  });

  it('evens out the sides when every point lies on one half', () => {
    const anchors = [0.1, 0.2, 0.3, 0.4].map((y) => ({ x: 0.2, y: y * 2 }));
    const placed = labelledIllustrationLayout(1164, 430, anchors, () => 50, 0.667);
    const left = placed.callouts.filter((callout) => callout.side === 'left').length;
    expect(left).toBe(2);
  });

  it('says when the labels do not fit', () => {
    expect(labelledIllustrationLayout(1164, 430, defaultAnchors(6), () => 300, 0.667).fits).toBe(false);
  });
});

describe('packAlong', () => {
  it('keeps boxes at their wanted place when there is room', () => {
    expect(packAlong([50, 200], [40, 40], 400, 10)).toEqual({ starts: [30, 180], fits: true });
  });

  it('pushes crowded boxes apart and back inside the line', () => {
    const { starts, fits } = packAlong([380, 390, 395], [40, 40, 40], 400, 10);
    expect(fits).toBe(true);
    expect(starts.at(-1)! + 40).toBeLessThanOrEqual(400);
    expect(starts[1]! - starts[0]!).toBeGreaterThanOrEqual(50);
  });
});

describe('anchorOf', () => {
  it('keeps a point on the picture and refuses what is not one', () => {
    expect(anchorOf({ x: 1.4, y: -1 })).toEqual({ x: 0.96, y: 0.04 });
    expect(anchorOf({ x: 'left', y: 0.2 })).toBeUndefined();
    expect(anchorOf(undefined)).toBeUndefined();
  });
});
