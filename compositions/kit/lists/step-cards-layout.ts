// Where the step cards go on a canvas, when each step comes forward without narration, and how a
// finished card flies from the hero's place into its small card in the row. Pure: unit tested in
// test/render/kit/step-cards-layout.test.ts.

/** A box in px, from the canvas's top-left corner (or its parent's, where said). */
export interface StepBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The canvas as the step cards see it (a subset of the kit's Layout). */
export interface StepCanvas {
  width: number;
  height: number;
  margin: number;
  unit: number;
  ratio: number;
}

/** Steps the cards show: at least two, at most six. */
export const STEP_CARDS_MIN = 2;
export const STEP_CARDS_MAX = 6;

/** Where everything goes. */
export interface StepCardsBoxes {
  /** The heading in a column beside the hero (wide canvases) rather than above it. */
  beside: boolean;
  /** The heading's box; undefined without a heading. */
  heading?: StepBox;
  /** The current step's big card. */
  hero: StepBox;
  /** Inside the hero (from its top-left): the picture's colour field, full-bleed to the card's edges on its sides. */
  field: StepBox;
  /** Inside the hero: the step's number badge and text. */
  caption: StepBox;
  /** The field left of the caption (a wide hero) rather than above it. */
  fieldBeside: boolean;
  /** One small card per step, in reading order: the row (or grid) of done and coming steps. */
  slots: StepBox[];
}

/**
 * The share of the hero card its picture field takes (its height above the caption, or its width
 * beside it), and how much wider than tall a field beside the caption may be: the picture is the
 * card's larger half, the caption (on a colour field of its own) the smaller.
 */
export const FIELD_SHARE = 0.6;
const FIELD_SQUARE = 1.15;

/** Space between small cards, in units. */
const SLOT_GAP = 16;

/**
 * The step cards on a canvas: on wide canvases (16:9, banners) the heading and the row of small
 * cards share a left column and the hero card takes the rest, full height; on square and tall
 * canvases the heading sits on top, the row of small cards under it and the hero fills what is
 * left. The hero is always the largest thing on the canvas (over half of the content box). Inside
 * the hero the picture's colour field takes the top 60% (or, on a card much wider than tall, its
 * left 60%, at most 1.15 times as wide as the card is tall) and the caption the rest.
 */
export function stepCardsLayout(canvas: StepCanvas, steps: number, headed: boolean): StepCardsBoxes {
  const n = Math.max(STEP_CARDS_MIN, Math.min(STEP_CARDS_MAX, Math.round(steps)));
  const { margin, unit: u } = canvas;
  const cw = canvas.width - margin * 2;
  const ch = canvas.height - margin * 2;
  const gap = 44 * u;
  const slotGap = SLOT_GAP * u;
  const beside = canvas.ratio >= 1.15;
  let heading: StepBox | undefined;
  let hero: StepBox;
  let slots: StepBox[];
  if (beside) {
    const columnW = Math.round(cw * (canvas.ratio > 2.2 ? 0.3 : 0.34));
    hero = { left: margin + columnW + gap, top: margin, width: cw - columnW - gap, height: ch };
    const columns = n <= 3 ? n : Math.ceil(n / 2);
    const rows = Math.ceil(n / columns);
    const trackRoom = headed ? ch * 0.4 : ch;
    const size = Math.floor(Math.min((columnW - (columns - 1) * slotGap) / columns, (trackRoom - (rows - 1) * slotGap) / rows, (headed ? 190 : 220) * u));
    const trackH = rows * size + (rows - 1) * slotGap;
    const trackTop = headed ? margin + ch - trackH : margin + (ch - trackH) / 2;
    slots = Array.from({ length: n }, (_, i) => ({ left: margin + (i % columns) * (size + slotGap), top: trackTop + Math.floor(i / columns) * (size + slotGap), width: size, height: size }));
    if (headed) heading = { left: margin, top: margin, width: columnW, height: ch - trackH - gap };
  } else {
    const headingH = headed ? Math.round(ch * (canvas.ratio < 0.87 ? 0.19 : 0.2)) : 0;
    const size = Math.floor(Math.min((cw - (n - 1) * slotGap) / n, ch * 0.11, 150 * u));
    const rowW = n * size + (n - 1) * slotGap;
    const rowTop = margin + (headed ? headingH + gap * 0.7 : 0);
    slots = Array.from({ length: n }, (_, i) => ({ left: margin + (cw - rowW) / 2 + i * (size + slotGap), top: rowTop, width: size, height: size }));
    if (headed) heading = { left: margin, top: margin, width: cw, height: headingH };
    const heroTop = rowTop + size + gap;
    hero = { left: margin, top: heroTop, width: cw, height: margin + ch - heroTop };
  }
  const fieldBeside = hero.width / hero.height > 1.3;
  const pad = Math.round(Math.min(hero.width, hero.height) * 0.07);
  const field = fieldBeside
    ? { left: 0, top: 0, width: Math.round(Math.min(hero.height * FIELD_SQUARE, hero.width * FIELD_SHARE)), height: hero.height }
    : { left: 0, top: 0, width: hero.width, height: Math.round(hero.height * FIELD_SHARE) };
  const caption = fieldBeside
    ? { left: field.width + pad, top: pad, width: hero.width - field.width - pad * 2, height: hero.height - pad * 2 }
    : { left: pad, top: field.height + pad * 0.7, width: hero.width - pad * 2, height: hero.height - field.height - pad * 1.4 };
  return { beside, heading, hero, field, caption, fieldBeside, slots };
}

/**
 * The frames the steps come forward at without narration: the first after the heading (`first`),
 * the rest spread evenly so the last still has a second and a half before the scene ends, at
 * least 12 frames apart.
 */
export function stepFallbackFrames(steps: number, durationInFrames: number, fps: number, first: number): number[] {
  const room = Math.max(0, durationInFrames - Math.round(fps * 1.5) - first);
  const every = Math.max(12, steps > 1 ? room / steps : room);
  return Array.from({ length: steps }, (_, i) => Math.round(first + i * every));
}

/**
 * The transform (translate then scale, from the hero's top-left corner) that carries the hero card
 * onto `slot`'s box at `t` (0: in place, 1: shrunk onto the slot). The card keeps its shape: it is
 * scaled to the slot's width and centred on it vertically.
 */
export function flyToSlot(hero: StepBox, slot: StepBox, t: number): { x: number; y: number; scale: number } {
  const p = Math.max(0, Math.min(1, t));
  const end = Math.min(slot.width / hero.width, slot.height / hero.height);
  const scale = 1 + (end - 1) * p;
  const targetX = slot.left + (slot.width - hero.width * end) / 2 - hero.left;
  const targetY = slot.top + (slot.height - hero.height * end) / 2 - hero.top;
  // `|| 0`: no -0 from a card in place.
  return { x: targetX * p || 0, y: targetY * p || 0, scale };
}
