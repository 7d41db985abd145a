// The geometry of a big-number reveal (BigNumber): where its colour field, its picture and its
// text column sit on each canvas, how its texts stack in the column, and the figure as it counts.
// Pure functions, unit tested (test/render/kit/big-number-layout.test.ts); no imports, so the
// node's tests load them as they are.

/** A rectangle in px on the canvas. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What a big-number reveal is laid out from: the canvas and which optional parts it shows. */
export interface BigNumberLayoutInput {
  width: number;
  height: number;
  picture: boolean;
}

/** Where a big-number reveal's parts go. */
export interface BigNumberLayout {
  /** The colour field behind the figure: a card inset from the canvas, or a full-bleed panel beside (or under) the picture. */
  field: Rect;
  /** Whether the field runs to the canvas's edges (no rounded corners then). */
  bleeds: boolean;
  /** The column the kicker, figure, label, context and source stack in, inside the field. */
  text: Rect;
  /** The picture's square, on the background beside or above the field; absent without a picture. */
  picture?: Rect;
  /** How the texts align in their column: left beside a picture on a wide canvas, else centred. */
  align: 'left' | 'center';
  /** The canvas's margin and unit (1 at 1080 px on the shorter side). */
  margin: number;
  unit: number;
}

/**
 * The layout of a big-number reveal on a canvas. Without a picture the field is a card over the
 * whole canvas, inset by half the margin, and the texts are centred in it. With one, a wide canvas
 * (3:2 and wider) splits: the field is a full-bleed panel on the left 60%, the picture on the right;
 * a tall or square canvas puts the picture on top and the field under it, across the full width
 * (52% of the height on a square, 60% on a tall canvas). The text column keeps a margin inside the
 * field, and on a tall canvas keeps clear of the bottom edge, where a phone's buttons sit.
 */
export function bigNumberLayout({ width: W, height: H, picture }: BigNumberLayoutInput): BigNumberLayout {
  const short = Math.min(W, H);
  const unit = short / 1080;
  const margin = Math.round(short * 0.08);
  const ratio = W / H;
  const portrait = ratio < 0.87;
  const bottomClear = portrait ? Math.round(margin * 0.6) : 0;
  if (!picture) {
    const inset = Math.round(margin / 2);
    const field = { x: inset, y: inset, width: W - inset * 2, height: H - inset * 2 };
    const pad = Math.round(margin * (ratio > 2.2 ? 0.9 : 0.8));
    return { field, bleeds: false, text: { x: field.x + pad, y: field.y + pad, width: field.width - pad * 2, height: field.height - pad * 2 - bottomClear }, align: 'center', margin, unit };
  }
  if (ratio >= 1.15) {
    const fieldW = Math.round(W * (ratio > 2.2 ? 0.66 : 0.6));
    const field = { x: 0, y: 0, width: fieldW, height: H };
    const text = { x: margin, y: margin, width: fieldW - margin * 2, height: H - margin * 2 };
    const regionX = fieldW + Math.round(margin * 0.75);
    const regionW = W - margin - regionX;
    const side = Math.max(0, Math.min(regionW, H - margin * 2));
    return { field, bleeds: true, text, picture: { x: Math.round(regionX + (regionW - side) / 2), y: Math.round((H - side) / 2), width: side, height: side }, align: 'left', margin, unit };
  }
  const fieldH = Math.round(H * (portrait ? 0.6 : 0.52));
  const field = { x: 0, y: H - fieldH, width: W, height: fieldH };
  const text = { x: margin, y: field.y + Math.round(margin * 0.8), width: W - margin * 2, height: fieldH - Math.round(margin * 0.8) - margin - bottomClear };
  const regionTop = margin;
  const regionH = field.y - Math.round(margin * 0.6) - regionTop;
  const side = Math.max(0, Math.min(W - margin * 2, regionH));
  return { field, bleeds: true, text, picture: { x: Math.round((W - side) / 2), y: Math.round(regionTop + (regionH - side) / 2), width: side, height: side }, align: 'center', margin, unit };
}

/**
 * The tops of texts of the given heights stacked with `gaps` between them (gaps[i] sits after
 * text i), the stack centred in a column of `height` starting at `top`. A stack taller than its
 * column starts at the column's top.
 */
export function stackTops(top: number, height: number, heights: number[], gaps: number[]): number[] {
  const total = heights.reduce((sum, h) => sum + h, 0) + gaps.slice(0, Math.max(0, heights.length - 1)).reduce((sum, g) => sum + g, 0);
  let y = top + Math.max(0, (height - total) / 2);
  return heights.map((h, i) => {
    const at = y;
    y += h + (gaps[i] ?? 0);
    return at;
  });
}

/** A figure as shown (as the kit's formatNumber writes numbers): prefix, the value with thousands separated and fixed decimals, suffix ("$4.5M", "48,000", "40×"). */
export function figureText(value: number, prefix = '', suffix = '', decimals = 0): string {
  const rounded = Number(value.toFixed(decimals));
  const sign = rounded < 0 ? '-' : '';
  return `${sign}${prefix}${Math.abs(rounded).toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals })}${suffix}`;
}

/**
 * The value a counting figure shows at `progress` (0..1, already eased): it rises from zero and
 * stops at its value, each step rounded to the figure's decimals so the digits never flicker
 * between two renderings of one frame. Progress outside 0..1 is clamped.
 */
export function countedValue(value: number, progress: number, decimals = 0): number {
  const p = Math.max(0, Math.min(1, progress));
  if (p >= 1) return value;
  const factor = 10 ** decimals;
  return Math.round(value * p * factor) / factor;
}
