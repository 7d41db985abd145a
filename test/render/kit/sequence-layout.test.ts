import { describe, expect, it } from 'vitest';
import { cameraAt } from '../../../compositions/kit/camera.js';
import { headerStick, sequenceLayout, sequenceShots, sequenceSpacing } from '../../../compositions/kit/diagrams/sequence-layout.js';

const handshake = [
  { from: 0, to: 1 },
  { from: 1, to: 0 },
  { from: 0, to: 1 },
];
const sizes = (count: number, width = 120) => ({ header: 160, label: 40, labelWidths: Array.from({ length: count }, () => width) });

describe('sequenceLayout', () => {
  it('gives each actor an equal column with its card on top and its lifeline under it', () => {
    const plan = sequenceLayout({ width: 600, height: 900, u: 1 }, 3, handshake, sizes(3))!;
    expect(plan.actors.map((actor) => actor.x)).toEqual([100, 300, 500]);
    for (const { card, x } of plan.actors) {
      expect(card.left + card.width / 2).toBeCloseTo(x);
      expect(card.top).toBe(0);
      expect(card.height).toBe(160);
      expect(card.width).toBeLessThan(200);
    }
    expect(plan.lifeline.top).toBe(160);
    expect(plan.lifeline.bottom).toBe(plan.height);
    expect(plan.height).toBeLessThanOrEqual(900);
  });

  it('draws the messages in order, top to bottom, each arrow from its sender to its receiver under its label', () => {
    const plan = sequenceLayout({ width: 600, height: 900, u: 1 }, 2, handshake, sizes(3))!;
    const ys = plan.messages.map((m) => m.y);
    expect([...ys].sort((a, b) => a - b)).toEqual(ys);
    expect(new Set(ys).size).toBe(3);
    expect(plan.messages.map((m) => [m.x1, m.x2])).toEqual([
      [150, 450],
      [450, 150],
      [150, 450],
    ]);
    const y = Number(plan.messages[1]!.y.toFixed(2));
    expect(plan.messages[1]!.d).toBe(`M 450 ${y} L 150 ${y}`);
    for (const m of plan.messages) {
      expect(m.label.top + m.label.height).toBeLessThan(m.y);
      expect(m.label.top).toBeGreaterThan(plan.lifeline.top);
      // Centred over its arrow.
      expect(m.label.left + m.label.width / 2).toBeCloseTo(300);
    }
    // Rows do not overlap: each label starts under the previous arrow.
    for (let k = 1; k < plan.messages.length; k += 1) expect(plan.messages[k]!.label.top).toBeGreaterThan(plan.messages[k - 1]!.y);
  });

  it('spreads the rows over the room but no more than 2.4 times their need', () => {
    const { pad, arrow } = sequenceSpacing(1);
    const need = 40 + pad + arrow;
    const roomy = sequenceLayout({ width: 600, height: 3000, u: 1 }, 2, handshake, sizes(3))!;
    expect(roomy.row).toBeCloseTo(need * 2.4);
    const tight = sequenceLayout({ width: 600, height: 160 + 18 + 28 + need * 3.5, u: 1 }, 2, handshake, sizes(3))!;
    expect(tight.row).toBeCloseTo(need * (3.5 / 3));
  });

  it('gives up when the rows do not fit, or a message names an actor that is not there', () => {
    expect(sequenceLayout({ width: 600, height: 300, u: 1 }, 2, handshake, sizes(3))).toBeUndefined();
    expect(sequenceLayout({ width: 600, height: 900, u: 1 }, 2, [{ from: 0, to: 2 }], sizes(1))).toBeUndefined();
    expect(sequenceLayout({ width: 600, height: 900, u: 1 }, 2, [{ from: -1, to: 0 }], sizes(1))).toBeUndefined();
  });

  it('keeps a label wider than its arrow inside the box, and loops a message to the same actor out and back', () => {
    const plan = sequenceLayout({ width: 600, height: 900, u: 1 }, 3, [{ from: 0, to: 1 }, { from: 2, to: 2 }], { header: 160, label: 40, labelWidths: [560, 150] })!;
    const [wide, self] = plan.messages;
    expect(wide!.label.left).toBeGreaterThanOrEqual(0);
    expect(wide!.label.left + wide!.label.width).toBeLessThanOrEqual(600);
    expect(self!.loop).toBeDefined();
    // The last column's loop turns left, staying in the box.
    expect(self!.loop!.x).toBeLessThan(self!.x1);
    expect(self!.loop!.y2).toBeGreaterThan(self!.y);
    expect(self!.label.left + self!.label.width).toBeLessThanOrEqual(600);
  });
});

describe('sequenceLayout in two tiers', () => {
  it('sets alternate cards a row lower, wider than their column, without overlapping, each lifeline under its own card', () => {
    const plan = sequenceLayout({ width: 600, height: 1200, u: 1 }, 4, handshake, { ...sizes(3), tiers: 2, cardWidth: 220 })!;
    const cards = plan.actors.map((actor) => actor.card);
    expect(cards.map((card) => card.top)).toEqual([0, 160 + 18 * 0.6, 0, 160 + 18 * 0.6]);
    expect(cards[0]!.width).toBe(220);
    expect(cards[0]!.width).toBeGreaterThan(600 / 4);
    // Cards in one row keep apart; every card stays in the box.
    expect(cards[0]!.left + cards[0]!.width).toBeLessThanOrEqual(cards[2]!.left);
    expect(cards[1]!.left + cards[1]!.width).toBeLessThanOrEqual(cards[3]!.left);
    for (const card of cards) expect(card.left).toBeGreaterThanOrEqual(0);
    for (const card of cards) expect(card.left + card.width).toBeLessThanOrEqual(600);
    expect(plan.lifeline.top).toBeCloseTo(160 * 2 + 18 * 0.6);
    expect(plan.messages[0]!.label.top).toBeGreaterThan(plan.lifeline.top);
  });
});

describe('sequenceShots', () => {
  const frame = { width: 1080, height: 1920 };
  const plan = sequenceLayout({ width: 900, height: 1400, u: 1 }, 2, handshake, sizes(3))!;
  const offset = { x: 90, y: 400 };

  it('leans toward each message as it enters and settles back on the whole diagram after the last', () => {
    const shots = sequenceShots(plan, [40, 60, 80], frame, frame.height, offset, { margin: 86 });
    expect(shots.map((shot) => shot.frame)).toEqual([0, 40, 60, 80, 125]);
    expect(shots[0]).toEqual({ frame: 0, x: 540, y: 960, scale: 1 });
    expect(shots[4]).toEqual({ frame: 125, x: 540, y: 960, scale: 1 });
    for (const [k, shot] of shots.slice(1, 4).entries()) {
      expect(shot.scale).toBeGreaterThan(1);
      // Toward the message, as far as the push keeps what lies inside the margin on the canvas.
      const reach = 86 + (frame.height / 2 - 43) / shot.scale;
      expect(shot.y).toBeCloseTo(Math.max(frame.height - reach, Math.min(reach, offset.y + plan.messages[k]!.y)));
    }
    expect(shots[3]!.y).toBeGreaterThan(shots[1]!.y);
  });

  it('keeps what lies inside the margin on the canvas, and on a stage taller than the frame scrolls without settling back', () => {
    const margin = 86;
    const pushed = sequenceShots(plan, [40, 60, 80], frame, frame.height, { x: 90, y: 1500 }, { push: 1.04, margin });
    // A point at the margin lands at least half the margin inside the canvas: centre + scale × (point − camera).
    for (const shot of pushed) {
      for (const x of [margin, frame.width - margin]) expect(Math.abs(frame.width / 2 + shot.scale * (x - shot.x) - frame.width / 2)).toBeLessThanOrEqual(frame.width / 2 - margin / 2 + 0.01);
      for (const y of [margin, frame.height - margin]) expect(Math.abs(frame.height / 2 + shot.scale * (y - shot.y) - frame.height / 2)).toBeLessThanOrEqual(frame.height / 2 - margin / 2 + 0.01);
    }
    expect(pushed[3]!.y).toBeGreaterThan(frame.height / 2);
    const tall = sequenceShots(plan, [40, 60, 80], frame, 3000, { x: 90, y: 1500 });
    expect(tall).toHaveLength(4);
    expect(tall[3]!.y).toBeGreaterThan(frame.height / 2);
    // Between the shots the camera eases down from one message to the next.
    const mid = cameraAt(tall, 70);
    expect(mid.y).toBeGreaterThan(tall[1]!.y);
    expect(mid.y).toBeLessThan(tall[2]!.y);
  });
});

describe('headerStick', () => {
  it('keeps the actors\' cards in view as the camera scrolls down a tall exchange, and never lifts them above where they stand', () => {
    const frame = { width: 1920, height: 1080 };
    const margin = 86;
    const headerTop = 120;
    // The whole view: the cards stand where they are.
    expect(headerStick({ y: frame.height / 2, scale: 1 }, frame.height, margin, headerTop)).toBe(0);
    // Scrolled 600 px down the stage: the view's top is at 600, and the cards follow to 43 px below it.
    expect(headerStick({ y: frame.height / 2 + 600, scale: 1 }, frame.height, margin, headerTop)).toBeCloseTo(600 + 43 - headerTop, 9);
    // Leaning in (scale 1.035) the view is shorter, so its top is lower on the stage.
    const leaning = { y: 1200, scale: 1.035 };
    const viewTop = leaning.y - frame.height / (2 * leaning.scale);
    const stick = headerStick(leaning, frame.height, margin, headerTop);
    // Where the cards land on the canvas: inside the frame, half a margin from its top.
    expect((headerTop + stick - viewTop) * leaning.scale).toBeCloseTo((margin / 2) * leaning.scale, 6);
  });
});
