// Where a sequence diagram's actors, lifelines and messages go in its body box: one column per
// actor with its header card on top and its lifeline down the rest, the messages as arrows
// between the lifelines in order, top to bottom, each label in a pill above its arrow.
// It imports nothing (its types are written out here, matching the kit camera's CameraShot and the
// diagrams' DiagramBox and Rect), so that the node's tests type-check it as they run it.

/** The body box the diagram is laid out in, and the unit its sizes scale with (a DiagramBox). */
export interface SequenceBox {
  width: number;
  height: number;
  u: number;
}

/** A box in the body's pixels. */
export interface SequenceRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** One shot of the camera (compositions/kit/camera.ts's CameraShot): from `frame` on, the stage point `x`, `y` at the frame's centre, `scale` times its size. */
export interface SequenceShot {
  frame: number;
  x: number;
  y: number;
  scale: number;
}

/** The fewest and most actors, and the most messages, a sequence diagram shows. */
export const SEQUENCE_MIN_ACTORS = 2;
export const SEQUENCE_MAX_ACTORS = 4;
export const SEQUENCE_MAX_MESSAGES = 8;

/** A message between two actors, by their indices (the same index twice: an actor to itself). */
export interface SequenceLink {
  from: number;
  to: number;
}

/** The room the diagram's parts take, measured by the component with the pack's fonts. */
export interface SequenceSizes {
  /** Height of an actor's header card. */
  header: number;
  /** Width of an actor's card: at most its column (less a gap) in one tier; in two tiers up to 1.5 columns. @default the column less a gap */
  cardWidth?: number;
  /** Cards in one row, or in two (alternate actors a row lower) where the columns are too narrow for the names. @default 1 */
  tiers?: 1 | 2;
  /** Height of a message's label pill. */
  label: number;
  /** Width each message's label pill needs (its text and padding), in order. */
  labelWidths: number[];
}

/** A message as laid out: its arrow from `x1` to `x2` at `y` (a loop out to `loop` and back for a self message) and its label's pill. */
export interface SequenceMessagePlace {
  y: number;
  x1: number;
  x2: number;
  /** For a message to the same actor: how far right its loop reaches, and where it comes back (`y2`). */
  loop?: { x: number; y2: number };
  label: SequenceRect;
  /** SVG path data of the arrow, from its tail to its head. */
  d: string;
}

/** A sequence diagram laid out in its box's pixels. */
export interface SequencePlan {
  /** Each actor's lifeline x and header card (the lifeline starts under it). */
  actors: { x: number; card: SequenceRect }[];
  /** Where the lifelines run. */
  lifeline: { top: number; bottom: number };
  messages: SequenceMessagePlace[];
  /** Height of everything drawn, from the cards' tops to the lifelines' ends. */
  height: number;
  /** Height of one message's row. */
  row: number;
}

/** Spacing a sequence diagram keeps, in the box's pixels. */
export function sequenceSpacing(u: number): { gap: number; pad: number; arrow: number; tail: number } {
  return { gap: 18 * u, pad: 10 * u, arrow: 18 * u, tail: 28 * u };
}

const fmt = (n: number) => Number(n.toFixed(2));

/** How much taller than it needs a message row may grow to use the room. */
const ROW_GROWTH = 2.4;

/**
 * The diagram laid out in `box`: `actors` columns of equal width, the header cards on top (in
 * two rows with `tiers: 2`), `messages` in rows under them, each row as tall as the room allows
 * (from the label and arrow's height up to {@link ROW_GROWTH} times that); undefined when the rows
 * do not fit at their smallest, two cards would overlap or an actor index is out of range.
 */
export function sequenceLayout(box: SequenceBox, actors: number, messages: SequenceLink[], sizes: SequenceSizes): SequencePlan | undefined {
  if (actors < 1 || messages.some((m) => m.from < 0 || m.to < 0 || m.from >= actors || m.to >= actors)) return undefined;
  const { gap, pad, arrow, tail } = sequenceSpacing(box.u);
  const column = box.width / actors;
  const tiers = actors > 2 ? (sizes.tiers ?? 1) : 1;
  const cardWidth = Math.min(sizes.cardWidth ?? column - gap, tiers === 2 ? Math.min(column * 1.5, box.width / Math.ceil(actors / 2) - gap) : column - gap);
  const headerHeight = sizes.header * tiers + (tiers === 2 ? gap * 0.6 : 0);
  const need = sizes.label + pad + arrow;
  const room = box.height - headerHeight - gap - tail;
  const count = Math.max(1, messages.length);
  if (room / count < need - 0.01 || cardWidth <= 0) return undefined;
  const row = Math.min(room / count, need * ROW_GROWTH);
  const xs = Array.from({ length: actors }, (_, i) => column * (i + 0.5));
  const top = headerHeight + gap;
  const placed = messages.map((m, k): SequenceMessagePlace => {
    const content = top + row * k + (row - need) / 2;
    const y = content + sizes.label + pad + arrow / 2;
    const x1 = xs[m.from]!;
    const x2 = xs[m.to]!;
    const width = Math.min(box.width, sizes.labelWidths[k] ?? column);
    if (m.from === m.to) {
      // A self message loops out to the right and back a little lower; its label stands over the loop.
      const reach = Math.min(column * 0.45, 120 * box.u);
      const side = m.from < actors - 1 || actors === 1 ? 1 : -1;
      const y2 = y + arrow * 0.7;
      const lx = x1 + side * reach;
      const left = Math.max(0, Math.min(box.width - width, side > 0 ? x1 + gap * 0.5 : x1 - gap * 0.5 - width));
      return {
        y,
        x1,
        x2,
        loop: { x: lx, y2 },
        label: { left, top: content, width, height: sizes.label },
        d: `M ${fmt(x1)} ${fmt(y - arrow * 0.45)} L ${fmt(lx)} ${fmt(y - arrow * 0.45)} L ${fmt(lx)} ${fmt(y2)} L ${fmt(x1)} ${fmt(y2)}`,
      };
    }
    const mid = (x1 + x2) / 2;
    const left = Math.max(0, Math.min(box.width - width, mid - width / 2));
    return { y, x1, x2, label: { left, top: content, width, height: sizes.label }, d: `M ${fmt(x1)} ${fmt(y)} L ${fmt(x2)} ${fmt(y)}` };
  });
  const bottom = top + row * messages.length + tail;
  return {
    actors: xs.map((x, i) => ({ x, card: { left: Math.max(0, Math.min(box.width - cardWidth, x - cardWidth / 2)), top: tiers === 2 && i % 2 === 1 ? sizes.header + gap * 0.6 : 0, width: cardWidth, height: sizes.header } })),
    lifeline: { top: headerHeight, bottom },
    messages: placed,
    height: bottom,
    row,
  };
}

/**
 * The camera over a sequence drawn on a stage as wide as the frame and `stageHeight` tall (the
 * frame's height, or more for a sequence too long for it): toward each message as it enters (the
 * stage point between its arrow's ends, `push` times, as far as what lies inside `margin` stays
 * `keep` from the canvas's edges, or on a taller stage as far as the stage still covers the frame),
 * then, on a stage that fits the frame, back to the whole diagram `settle` frames after the last.
 * `offset` is where the plan's box sits on the stage.
 */
export function sequenceShots(
  plan: SequencePlan,
  enter: number[],
  frame: { width: number; height: number },
  stageHeight: number,
  offset: { x: number; y: number },
  options: { push?: number; settle?: number; margin?: number; keep?: number } = {},
): SequenceShot[] {
  const push = options.push ?? 1.035;
  const margin = options.margin ?? 0;
  // How near the canvas's edge what lies inside the margin may come: half the margin.
  const keep = options.keep ?? margin / 2;
  const half = { x: frame.width / (2 * push), y: frame.height / (2 * push) };
  const clamp = (value: number, low: number, high: number) => Math.max(low, Math.min(high, value));
  const tall = stageHeight > frame.height + 0.5;
  // Leaning in, what lies inside the safe margin stays on the canvas: the camera looks no further
  // from the centre than the margin allows at the push (on a taller stage, down it as far as it goes).
  const reach = (side: number) => margin + (side / 2 - keep) / push;
  const xRange = [Math.min(frame.width / 2, frame.width - reach(frame.width)), Math.max(frame.width / 2, reach(frame.width))] as const;
  const yRange = tall ? ([half.y, stageHeight - half.y] as const) : ([Math.min(frame.height / 2, frame.height - reach(frame.height)), Math.max(frame.height / 2, reach(frame.height))] as const);
  const whole = { x: frame.width / 2, y: frame.height / 2, scale: 1 };
  const shots: SequenceShot[] = [{ frame: 0, ...whole }];
  plan.messages.forEach((m, k) => {
    const at = enter[k];
    if (at === undefined) return;
    shots.push({ frame: at, x: clamp(offset.x + (m.x1 + m.x2) / 2, xRange[0], xRange[1]), y: clamp(offset.y + m.y, yRange[0], yRange[1]), scale: push });
  });
  const last = enter[plan.messages.length - 1];
  if (!tall && last !== undefined && plan.messages.length > 0) shots.push({ frame: last + (options.settle ?? 45), ...whole });
  return shots;
}

/**
 * How far down the actors' cards move to stay in view while the camera scrolls down a tall
 * exchange: to just inside the margin (half of it) below the view's top, never above where they
 * stand. The later messages pass under them, so the names of who sends what never leave the
 * frame; it changes only while the camera moves, so holds stay held.
 */
export function headerStick(camera: { y: number; scale: number }, frameHeight: number, margin: number, headerTop: number): number {
  const viewTop = camera.y - frameHeight / (2 * camera.scale);
  return Math.max(0, viewTop + margin * 0.5 - headerTop);
}
