import { describe, expect, it } from 'vitest';
import { layoutFor } from '../../../compositions/kit/layout.js';
import { FALLBACK_ICON, iconFor } from '../../../compositions/kit/data/icons.js';
import { statGridLayout, statGridPictures as picturesOf, type StatGridNeeds } from '../../../compositions/kit/data/stat-grid-layout.js';

/** The grid's kind of picture with the kit's own icon finder. */
const statGridPictures = (stats: { label: string; picture?: string }[]) => picturesOf(stats, (label) => iconFor(label) !== FALLBACK_ICON);

/** The body box a titled stat grid gets on each canvas, near enough: the content box less a heading. */
const BODIES = [layoutFor(1280, 720), layoutFor(720, 1280), layoutFor(1080, 1080), layoutFor(864, 1080)].map((canvas) => ({
  label: `${canvas.width}x${canvas.height}`,
  width: canvas.contentWidth,
  height: canvas.contentHeight * 0.72,
  u: canvas.unit,
  floor: Math.ceil(Math.min(canvas.width, canvas.height) * 0.041),
  ratio: canvas.ratio,
}));

const needs = (floor: number, extra: Partial<StatGridNeeds> = {}): StatGridNeeds => ({ figureChars: 5, labelChars: 18, wordChars: 10, floor, pictured: true, ...extra });

describe('statGridLayout', () => {
  it('fills the body: the tiles cover at least 70% of it on every canvas, for two to four figures', () => {
    for (const body of BODIES) {
      for (const n of [2, 3, 4]) {
        const boxes = statGridLayout(n, needs(body.floor), body.width, body.height, body.u);
        const gridW = boxes.cellW * boxes.columns + boxes.gap * (boxes.columns - 1);
        const gridH = boxes.cellH * boxes.rows + boxes.gap * (boxes.rows - 1);
        expect(gridW, `${body.label} ${n}`).toBeLessThanOrEqual(body.width + 0.5);
        expect(gridH, `${body.label} ${n}`).toBeLessThanOrEqual(body.height + 0.5);
        expect((boxes.cellW * boxes.cellH * n) / (body.width * body.height), `${body.label} ${n}`).toBeGreaterThanOrEqual(0.7);
      }
    }
  });

  it('sets the figures side by side on 16:9, in a column on 9:16 and two by two for four on square and 4:5 canvases', () => {
    const [wide, tall, square, portrait] = BODIES;
    const arrangement = (body: (typeof BODIES)[number], n: number) => {
      const boxes = statGridLayout(n, needs(body.floor), body.width, body.height, body.u);
      return [boxes.columns, boxes.rows];
    };
    expect(arrangement(wide!, 3)).toEqual([3, 1]);
    expect(arrangement(tall!, 3)).toEqual([1, 3]);
    expect(arrangement(square!, 4)).toEqual([2, 2]);
    expect(arrangement(portrait!, 4)).toEqual([2, 2]);
  });

  it('sets the figure larger than body type and gives the label at least its lines at the floor', () => {
    for (const body of BODIES) {
      const boxes = statGridLayout(3, needs(body.floor), body.width, body.height, body.u);
      expect(boxes.figureH, body.label).toBeGreaterThanOrEqual(body.floor * 1.3);
      expect(boxes.labelH, body.label).toBeGreaterThanOrEqual(body.floor * 1.2);
      expect(boxes.textW, body.label).toBeGreaterThan(10 * body.floor * 0.68);
    }
  });

  it('gives a picture room only when the grid shows pictures, and the figure at least as large without one', () => {
    for (const body of BODIES) {
      const pictured = statGridLayout(3, needs(body.floor), body.width, body.height, body.u);
      const bare = statGridLayout(3, needs(body.floor, { pictured: false }), body.width, body.height, body.u);
      expect(pictured.picture, body.label).toBeGreaterThan(0);
      expect(bare.picture, body.label).toBe(0);
      // The figure's size: its height, or the width its five characters need.
      const figure = (boxes: typeof bare) => Math.min(boxes.figureH, boxes.textW / (5 * 0.62));
      expect(figure(bare), body.label).toBeGreaterThanOrEqual(figure(pictured));
    }
  });
});

describe('statGridPictures', () => {
  it('shows illustrations only when every figure has its own', () => {
    expect(statGridPictures([{ label: 'volunteer hours', picture: 'a.svg' }, { label: 'trees planted', picture: 'b.svg' }])).toBe('pictures');
  });

  it('never mixes a colour illustration with a line icon: a grid where some figures lack a picture shows none', () => {
    // "hours" suggests a clock icon: with the other tile's illustration that would be two kinds in one grid.
    expect(statGridPictures([{ label: 'volunteer hours' }, { label: 'trees planted', picture: 'b.svg' }])).toBe('none');
  });

  it('shows line icons when no figure has a picture and every label suggests one, and none when one does not', () => {
    expect(statGridPictures([{ label: 'hours of sleep' }, { label: 'glasses of water' }])).toBe('icons');
    expect(statGridPictures([{ label: 'hours of sleep' }, { label: 'serious accidents so far' }])).toBe('none');
    expect(statGridPictures([])).toBe('none');
  });
});
