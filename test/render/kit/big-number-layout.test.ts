import { describe, expect, it } from 'vitest';
import { bigNumberLayout, countedValue, figureText, stackTops, type Rect } from '../../../compositions/kit/data/big-number-layout.js';

const SIZES = [
  [1280, 720],
  [720, 1280],
  [1080, 1080],
  [864, 1080],
  [1500, 500],
] as const;

const area = (r: Rect) => r.width * r.height;
const inside = (inner: Rect, outer: Rect) => inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.width <= outer.x + outer.width && inner.y + inner.height <= outer.y + outer.height;
const overlaps = (a: Rect, b: Rect) => Math.min(a.x + a.width, b.x + b.width) > Math.max(a.x, b.x) && Math.min(a.y + a.height, b.y + b.height) > Math.max(a.y, b.y);

describe('bigNumberLayout', () => {
  it('gives the colour field at least half of every canvas, with or without a picture', () => {
    for (const [width, height] of SIZES) {
      for (const picture of [false, true]) {
        const { field } = bigNumberLayout({ width, height, picture });
        expect(area(field) / (width * height), `${width}x${height} picture=${picture}`).toBeGreaterThanOrEqual(0.5);
        expect(inside(field, { x: 0, y: 0, width, height })).toBe(true);
      }
    }
  });

  it('keeps the text column inside the field and the picture clear of it, on the canvas inside its margin', () => {
    for (const [width, height] of SIZES) {
      const layout = bigNumberLayout({ width, height, picture: true });
      expect(inside(layout.text, layout.field)).toBe(true);
      const picture = layout.picture!;
      expect(overlaps(picture, layout.field), `${width}x${height}`).toBe(false);
      expect(inside(picture, { x: layout.margin, y: layout.margin, width: width - 2 * layout.margin, height: height - 2 * layout.margin })).toBe(true);
      expect(picture.width).toBe(picture.height);
      // The picture is large: at least a tenth of the canvas.
      expect(area(picture) / (width * height)).toBeGreaterThan(0.1);
    }
  });

  it('splits a wide canvas side by side, stacks a tall or square one, and centres a card without a picture', () => {
    const wide = bigNumberLayout({ width: 1280, height: 720, picture: true });
    expect(wide.picture!.x).toBeGreaterThan(wide.field.x + wide.field.width);
    expect(wide.align).toBe('left');
    const tall = bigNumberLayout({ width: 720, height: 1280, picture: true });
    expect(tall.picture!.y + tall.picture!.height).toBeLessThan(tall.field.y);
    expect(tall.align).toBe('center');
    const card = bigNumberLayout({ width: 1080, height: 1080, picture: false });
    expect(card.picture).toBeUndefined();
    expect(card.bleeds).toBe(false);
    expect(card.field.x + card.field.width / 2).toBe(540);
    expect(card.field.y + card.field.height / 2).toBe(540);
  });

  it('keeps the text of a tall canvas clear of the bottom edge, where a phone shows its buttons', () => {
    for (const picture of [false, true]) {
      const { text, margin } = bigNumberLayout({ width: 720, height: 1280, picture });
      expect(1280 - (text.y + text.height)).toBeGreaterThanOrEqual(margin * 1.5);
    }
  });
});

describe('stackTops', () => {
  it('centres a stack of texts in its column, with the gaps between them', () => {
    expect(stackTops(100, 500, [100, 50, 30], [10, 10])).toEqual([250, 360, 420]);
  });

  it('starts a stack taller than its column at the column top', () => {
    expect(stackTops(20, 100, [80, 80], [10])).toEqual([20, 110]);
  });
});

describe('the counting figure', () => {
  it('rises from zero to exactly its value, each step at the figure\'s decimals', () => {
    expect(countedValue(48000, 0)).toBe(0);
    expect(countedValue(48000, 0.5)).toBe(24000);
    expect(countedValue(4.5, 0.333, 1)).toBe(1.5);
    expect(countedValue(48000, 1)).toBe(48000);
    expect(countedValue(48000, 1.4)).toBe(48000);
    expect(countedValue(48000, -0.2)).toBe(0);
  });

  it('never goes down as the count progresses', () => {
    let last = -Infinity;
    for (let p = 0; p <= 1.0001; p += 0.01) {
      const shown = countedValue(1234.5, p, 1);
      expect(shown).toBeGreaterThanOrEqual(last);
      last = shown;
    }
  });

  it('shows prefix, separated thousands, decimals and suffix', () => {
    expect(figureText(48000)).toBe('48,000');
    expect(figureText(4.5, '$', 'M', 1)).toBe('$4.5M');
    expect(figureText(40, '', '×')).toBe('40×');
    expect(figureText(-12, '$')).toBe('-$12');
  });
});
