// Where a labelled illustration's picture and callouts go in its body box: the picture large in
// the middle, each callout's label beside it (left and right columns on wide and square boxes,
// rows above and below on tall ones), packed without overlaps as near their points as they fit,
// and the leader line from each point to its label. Pure: unit tested in
// test/render/kit/labelled-illustration-layout.test.ts.

/** A point on the picture, 0..1 from its top-left corner. */
export interface PicturePoint {
  x: number;
  y: number;
}

/** A box in px from the body's top-left corner. */
export interface CalloutBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** One placed callout. */
export interface PlacedCallout {
  /** Where its label goes. */
  label: CalloutBox;
  side: 'left' | 'right' | 'top' | 'bottom';
  /** The point on the picture, in body px. */
  anchor: { x: number; y: number };
  /** The leader line's points, from the anchor to the label's edge (an elbow between). */
  leader: { x: number; y: number }[];
}

/** The picture and its callouts in a body box. */
export interface LabelledBoxes {
  /** Labels in columns left and right of the picture (else in rows above and below it). */
  columns: boolean;
  picture: CalloutBox;
  /** The width each label is measured at. */
  labelWidth: number;
  callouts: PlacedCallout[];
  /** Whether every label fits its column (or row) without overlapping another. */
  fits: boolean;
}

/** Parts an illustration shows at most, and at least. */
export const LABELLED_MAX = 6;
export const LABELLED_MIN = 2;

/**
 * Points spread around the picture for parts that give none: alternately left and right of its
 * middle, from the top down, so the labels share the two sides (or the rows above and below).
 */
export function defaultAnchors(n: number): PicturePoint[] {
  const perSide = Math.ceil(n / 2);
  return Array.from({ length: n }, (_, i) => {
    const row = Math.floor(i / 2);
    const y = perSide === 1 ? 0.5 : 0.22 + (0.56 * row) / (perSide - 1);
    return { x: i % 2 === 0 ? 0.32 : 0.68, y };
  });
}

/** A point kept on the picture (a little in from its edges), or undefined for one that is not a point. */
export function anchorOf(value: unknown): PicturePoint | undefined {
  const point = value as Partial<PicturePoint> | undefined;
  if (!point || typeof point.x !== 'number' || typeof point.y !== 'number' || !Number.isFinite(point.x) || !Number.isFinite(point.y)) return undefined;
  const clamp = (v: number) => Math.max(0.04, Math.min(0.96, v));
  return { x: clamp(point.x), y: clamp(point.y) };
}

/**
 * Boxes of `heights` placed along a line of `length` as near their wanted centres `wants` as they
 * can be without overlapping (at least `gap` apart), in the order given (sorted by their wants).
 * Returns each box's start and whether they all fit.
 */
export function packAlong(wants: number[], heights: number[], length: number, gap: number): { starts: number[]; fits: boolean } {
  const n = wants.length;
  const starts: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const want = wants[i]! - heights[i]! / 2;
    starts.push(Math.max(i === 0 ? 0 : starts[i - 1]! + heights[i - 1]! + gap, want, 0));
  }
  // Pushed past the end: walk back from the last, each box no lower than the one after allows.
  for (let i = n - 1; i >= 0; i -= 1) {
    const limit = i === n - 1 ? length - heights[i]! : starts[i + 1]! - gap - heights[i]!;
    starts[i] = Math.max(0, Math.min(starts[i]!, limit));
  }
  let fits = true;
  for (let i = 0; i < n; i += 1) {
    if (starts[i]! + heights[i]! > length + 0.5) fits = false;
    if (i > 0 && starts[i]! < starts[i - 1]! + heights[i - 1]! + gap - 0.5) fits = false;
  }
  return { starts, fits };
}

/**
 * The picture and its callouts in a body `width` × `height`. In a box wider than tall (by 0.95 or
 * more) the picture stands in the middle, as large as the height allows while leaving each label
 * column `minLabel` px, and the labels go in columns left and right of it, each side holding the
 * parts whose points lie on that half (evened out so neither side has two more than the other); in
 * a taller box the picture takes the middle rows and the labels go above and below it, each row
 * split into equal cells. `measure(i, width)` gives label `i`'s height at a width. Labels sit as
 * near their point's height (or across position) as they fit; each leader runs from its point to
 * the label's inner edge with an elbow, so it reads as pointing at the part.
 */
export function labelledIllustrationLayout(width: number, height: number, anchors: PicturePoint[], measure: (i: number, width: number) => number, u: number, minLabel = 210 * u): LabelledBoxes {
  const rows = inRows(width, height, anchors, measure, u);
  if (width / height < 0.95) return rows;
  const columns = inColumns(width, height, anchors, measure, u, minLabel);
  // A square-ish box takes whichever arrangement draws the picture larger, among those that fit.
  return columns.fits && (!rows.fits || columns.picture.width >= rows.picture.width * 0.9) ? columns : rows.fits ? rows : columns;
}

function inColumns(width: number, height: number, anchors: PicturePoint[], measure: (i: number, width: number) => number, u: number, minLabel: number): LabelledBoxes {
  const n = anchors.length;
  const gap = 36 * u;
  const columns = true;
  {
    const size = Math.max(0, Math.min(height, width - 2 * (minLabel + gap)));
    const picture = { left: (width - size) / 2, top: (height - size) / 2, width: size, height: size };
    const labelWidth = (width - size) / 2 - gap;
    const sides = splitSides(anchors, (p) => p.x);
    const callouts: PlacedCallout[] = new Array(n);
    let fits = true;
    for (const [s, members] of sides.entries()) {
      const side = s === 0 ? 'left' : 'right';
      const order = [...members].sort((a, b) => anchors[a]!.y - anchors[b]!.y);
      const heights = order.map((i) => measure(i, labelWidth));
      const packed = packAlong(order.map((i) => picture.top + anchors[i]!.y * size), heights, height, 22 * u);
      fits &&= packed.fits;
      for (const [k, i] of order.entries()) {
        const label = { left: side === 'left' ? 0 : width - labelWidth, top: packed.starts[k]!, width: labelWidth, height: heights[k]! };
        const anchor = { x: picture.left + anchors[i]!.x * size, y: picture.top + anchors[i]!.y * size };
        const edge = side === 'left' ? label.left + labelWidth + gap * 0.3 : label.left - gap * 0.3;
        const y = label.top + Math.min(label.height / 2, 40 * u);
        const elbow = side === 'left' ? Math.min(anchor.x - gap * 0.4, picture.left + size * 0.02) : Math.max(anchor.x + gap * 0.4, picture.left + size * 0.98);
        callouts[i] = { label, side, anchor, leader: [anchor, { x: elbow, y }, { x: edge, y }] };
      }
    }
    return { columns, picture, labelWidth, callouts, fits };
  }
}

/** Rows: labels above and below the picture, each row's cells as wide as the row allows. */
function inRows(width: number, height: number, anchors: PicturePoint[], measure: (i: number, width: number) => number, u: number): LabelledBoxes {
  const n = anchors.length;
  const gap = 36 * u;
  const columns = false;
  const sides = splitSides(anchors, (p) => p.y);
  const cells = Math.max(1, ...sides.map((members) => members.length));
  const labelWidth = (width - (cells - 1) * gap * 0.6) / cells;
  const rowH = sides.map((members) => Math.max(0, ...members.map((i) => measure(i, labelWidth))));
  const size = Math.max(0, Math.min(width, height - rowH[0]! - rowH[1]! - 2 * gap));
  const spare = height - size - rowH[0]! - rowH[1]! - 2 * gap;
  // The rows and picture stand together in the middle of the box.
  const top = Math.max(0, spare / 2);
  const picture = { left: (width - size) / 2, top: top + rowH[0]! + gap, width: size, height: size };
  const callouts: PlacedCallout[] = new Array(n);
  for (const [s, members] of sides.entries()) {
    const side = s === 0 ? 'top' : 'bottom';
    const order = [...members].sort((a, b) => anchors[a]!.x - anchors[b]!.x);
    const rowW = order.length * labelWidth + (order.length - 1) * gap * 0.6;
    for (const [k, i] of order.entries()) {
      const h = measure(i, labelWidth);
      const left = (width - rowW) / 2 + k * (labelWidth + gap * 0.6);
      const label = { left, top: side === 'top' ? top + rowH[0]! - h : picture.top + size + gap, width: labelWidth, height: h };
      const anchor = { x: picture.left + anchors[i]!.x * size, y: picture.top + anchors[i]!.y * size };
      const x = left + labelWidth / 2;
      const edge = side === 'top' ? label.top + label.height + gap * 0.25 : label.top - gap * 0.25;
      const elbow = side === 'top' ? Math.min(anchor.y - gap * 0.4, picture.top + size * 0.02) : Math.max(anchor.y + gap * 0.4, picture.top + size * 0.98);
      callouts[i] = { label, side, anchor, leader: [anchor, { x, y: elbow }, { x, y: edge }] };
    }
  }
  return { columns, picture, labelWidth, callouts, fits: spare >= -0.5 && size >= Math.min(width, height) * 0.3 };
}

/**
 * The parts split into two sides by `along` (under 0.5: the first side), evened out: while one side
 * has two more than the other, its part nearest the middle moves over.
 */
function splitSides(anchors: PicturePoint[], along: (p: PicturePoint) => number): [number[], number[]] {
  const first: number[] = [];
  const second: number[] = [];
  for (const [i, point] of anchors.entries()) (along(point) < 0.5 ? first : second).push(i);
  const nearest = (members: number[]) => members.reduce((best, i) => (Math.abs(along(anchors[i]!) - 0.5) < Math.abs(along(anchors[best]!) - 0.5) ? i : best), members[0]!);
  while (Math.abs(first.length - second.length) > 1) {
    const [from, to] = first.length > second.length ? [first, second] : [second, first];
    const moved = nearest(from);
    from.splice(from.indexOf(moved), 1);
    to.push(moved);
  }
  return [first, second];
}
