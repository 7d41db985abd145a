import { describe, expect, it } from 'vitest';
import { layoutFor } from '../../../compositions/kit/layout.js';
import { AFTER_SHARE, beforeAfterLayout } from '../../../compositions/kit/lists/before-after-layout.js';

/** Each canvas with a body box near a titled scene's (the content box less a heading). */
const BODIES = [layoutFor(1280, 720), layoutFor(720, 1280), layoutFor(1080, 1080), layoutFor(864, 1080)].map((canvas) => ({
  canvas,
  label: `${canvas.width}x${canvas.height}`,
  width: canvas.contentWidth,
  height: canvas.contentHeight * 0.75,
  floor: Math.ceil(Math.min(canvas.width, canvas.height) * 0.041),
}));

const area = (box: { width: number; height: number }) => box.width * box.height;

describe('beforeAfterLayout', () => {
  it('fills the body with the two panels, side by side on wide and square canvases and stacked on tall ones', () => {
    for (const body of BODIES) {
      const boxes = beforeAfterLayout(body.canvas, true, body.width, body.height, body.canvas.unit, body.floor);
      expect(boxes.across, body.label).toBe(body.canvas.ratio >= 0.95);
      expect((area(boxes.panels[0]!) + area(boxes.panels[1]!)) / (body.width * body.height), body.label).toBeGreaterThan(0.85);
      for (const panel of boxes.panels) {
        expect(panel.left, body.label).toBeGreaterThanOrEqual(0);
        expect(panel.top, body.label).toBeGreaterThanOrEqual(0);
        expect(panel.left + panel.width, body.label).toBeLessThanOrEqual(body.width + 0.5);
        expect(panel.top + panel.height, body.label).toBeLessThanOrEqual(body.height + 0.5);
      }
    }
  });

  it('makes "after", the emphasis, the larger panel, with the handle in the gap between them', () => {
    for (const body of BODIES) {
      const { panels, handle, across } = beforeAfterLayout(body.canvas, true, body.width, body.height, body.canvas.unit, body.floor);
      const [before, after] = [panels[0]!, panels[1]!];
      expect(area(after) / (area(before) + area(after)), body.label).toBeCloseTo(AFTER_SHARE, 2);
      if (across) {
        expect(handle.x, body.label).toBeGreaterThan(before.left + before.width);
        expect(handle.x, body.label).toBeLessThan(after.left);
      } else {
        expect(handle.y, body.label).toBeGreaterThan(before.top + before.height);
        expect(handle.y, body.label).toBeLessThan(after.top);
      }
    }
  });

  it('gives each picture a large share of its panel: over a third of its side with points, over half without', () => {
    for (const body of BODIES) {
      for (const pointed of [true, false]) {
        const boxes = beforeAfterLayout(body.canvas, pointed, body.width, body.height, body.canvas.unit, body.floor);
        const panel = boxes.panels[0]!;
        const side = boxes.pictureBeside ? panel.height : Math.min(panel.width, panel.height);
        expect(boxes.picture / side, `${body.label} pointed=${pointed}`).toBeGreaterThan(pointed ? 0.33 : 0.5);
      }
    }
  });
});
