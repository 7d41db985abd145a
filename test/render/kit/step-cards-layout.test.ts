import { describe, expect, it } from 'vitest';
import { layoutFor } from '../../../compositions/kit/layout.js';
import { FIELD_SHARE, flyToSlot, stepCardsLayout, stepFallbackFrames, type StepBox } from '../../../compositions/kit/lists/step-cards-layout.js';

const CANVASES = [layoutFor(1280, 720), layoutFor(720, 1280), layoutFor(1080, 1080), layoutFor(864, 1080), layoutFor(1500, 500)];

const overlaps = (a: StepBox, b: StepBox) => Math.min(a.left + a.width, b.left + b.width) - Math.max(a.left, b.left) > 0.5 && Math.min(a.top + a.height, b.top + b.height) - Math.max(a.top, b.top) > 0.5;
const inside = (box: StepBox, canvas: { width: number; height: number; margin: number }) =>
  box.left >= canvas.margin - 0.5 && box.top >= canvas.margin - 0.5 && box.left + box.width <= canvas.width - canvas.margin + 0.5 && box.top + box.height <= canvas.height - canvas.margin + 0.5;

describe('stepCardsLayout', () => {
  it('makes the hero card own over half of the content box on every canvas, with or without a heading', () => {
    for (const canvas of CANVASES) {
      for (const steps of [2, 4, 6]) {
        for (const headed of [true, false]) {
          const { hero } = stepCardsLayout(canvas, steps, headed);
          expect(hero.width * hero.height, `${canvas.width}x${canvas.height} ${steps} steps`).toBeGreaterThan(0.5 * canvas.contentWidth * canvas.contentHeight);
        }
      }
    }
  });

  it('keeps the heading, the hero and every small card inside the margins and apart', () => {
    for (const canvas of CANVASES) {
      for (const steps of [2, 3, 5, 6]) {
        const { heading, hero, slots } = stepCardsLayout(canvas, steps, true);
        const boxes = [heading!, hero, ...slots];
        for (const box of boxes) expect(inside(box, canvas), `${canvas.width}x${canvas.height}`).toBe(true);
        for (const [i, a] of boxes.entries()) for (const b of boxes.slice(i + 1)) expect(overlaps(a, b), `${canvas.width}x${canvas.height} ${steps}`).toBe(false);
      }
    }
  });

  it('puts the heading and the row beside the hero on wide canvases and above it on square and tall ones', () => {
    const wide = stepCardsLayout(layoutFor(1280, 720), 4, true);
    expect(wide.beside).toBe(true);
    expect(wide.heading!.left + wide.heading!.width).toBeLessThan(wide.hero.left);
    const tall = stepCardsLayout(layoutFor(720, 1280), 4, true);
    expect(tall.beside).toBe(false);
    expect(tall.slots[0]!.top).toBeGreaterThan(tall.heading!.top + tall.heading!.height);
    expect(tall.hero.top).toBeGreaterThan(tall.slots[0]!.top + tall.slots[0]!.height);
  });

  it('gives one small card per step, two to six, the same size each, in reading order', () => {
    for (const steps of [1, 2, 4, 6, 9]) {
      const { slots } = stepCardsLayout(layoutFor(1080, 1080), steps, true);
      expect(slots).toHaveLength(Math.max(2, Math.min(6, steps)));
      expect(new Set(slots.map((slot) => slot.width)).size).toBe(1);
      for (let i = 1; i < slots.length; i += 1) expect(slots[i]!.left > slots[i - 1]!.left || slots[i]!.top > slots[i - 1]!.top).toBe(true);
    }
  });

  it('gives the picture field the larger part of the hero card at 16:9, 9:16, 1:1 and 4:5 (on a banner, a square at least)', () => {
    const banner = stepCardsLayout(layoutFor(1500, 500), 4, true);
    expect(banner.field.width).toBeGreaterThanOrEqual(banner.field.height);
    for (const canvas of CANVASES.filter((entry) => entry.ratio < 2)) {
      const { hero, field } = stepCardsLayout(canvas, 4, true);
      expect(FIELD_SHARE).toBeGreaterThan(0.55);
      expect((field.width * field.height) / (hero.width * hero.height), `${canvas.width}x${canvas.height}`).toBeGreaterThan(0.55);
    }
  });

  it('sets the picture field above the caption on a tall card and beside it on a banner', () => {
    const tall = stepCardsLayout(layoutFor(720, 1280), 4, true);
    expect(tall.fieldBeside).toBe(false);
    expect(tall.caption.top).toBeGreaterThanOrEqual(tall.field.height);
    expect(tall.field.height).toBeGreaterThan(tall.hero.height * 0.5);
    const banner = stepCardsLayout(layoutFor(1500, 500), 4, true);
    expect(banner.fieldBeside).toBe(true);
    expect(banner.caption.left).toBeGreaterThanOrEqual(banner.field.width);
  });
});

describe('stepFallbackFrames', () => {
  it('spreads the steps so the last has a second and a half before the end', () => {
    const frames = stepFallbackFrames(5, 300, 30, 18);
    expect(frames[0]).toBe(18);
    expect(frames.at(-1)!).toBeLessThanOrEqual(300 - 45);
    const gaps = frames.slice(1).map((frame, i) => frame - frames[i]!);
    expect(Math.max(...gaps) - Math.min(...gaps)).toBeLessThanOrEqual(1);
  });

  it('keeps steps at least 12 frames apart in a short scene', () => {
    const frames = stepFallbackFrames(6, 60, 30, 10);
    for (let i = 1; i < frames.length; i += 1) expect(frames[i]! - frames[i - 1]!).toBeGreaterThanOrEqual(12);
  });
});

describe('flyToSlot', () => {
  const hero = { left: 500, top: 60, width: 700, height: 600 };
  const slot = { left: 60, top: 500, width: 120, height: 120 };

  it('leaves the card in place at 0 and lands it on the slot, scaled to fit it, at 1', () => {
    expect(flyToSlot(hero, slot, 0)).toEqual({ x: 0, y: 0, scale: 1 });
    const end = flyToSlot(hero, slot, 1);
    const scale = 120 / 700;
    expect(end.scale).toBeCloseTo(scale);
    expect(hero.left + end.x).toBeCloseTo(slot.left);
    // Centred on the slot vertically: the card keeps its shape.
    expect(hero.top + end.y + (hero.height * scale) / 2).toBeCloseTo(slot.top + slot.height / 2);
  });

  it('clamps its progress', () => {
    expect(flyToSlot(hero, slot, 2)).toEqual(flyToSlot(hero, slot, 1));
    expect(flyToSlot(hero, slot, -1)).toEqual(flyToSlot(hero, slot, 0));
  });
});
