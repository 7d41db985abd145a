// Where the tiles of a stat grid go in a body box, and which kind of picture the grid shows. Pure:
// unit tested in test/render/kit/stat-grid-layout.test.ts.
/** Where the cards of a stat grid go in a body box, and how each card is laid out. */
export interface StatGridBoxes {
  columns: number;
  rows: number;
  cellW: number;
  cellH: number;
  gap: number;
  pad: number;
  /** The picture left of the figure (wide, short cards) rather than above it. */
  beside: boolean;
  picture: number;
  textW: number;
  figureH: number;
  labelH: number;
  /** Height of the count meter along the card's foot. */
  meterH: number;
}

/** What a grid must hold: the longest figure and label, in characters, and the smallest body type. */
export interface StatGridNeeds {
  figureChars: number;
  labelChars: number;
  floor: number;
  /** Whether the cards show pictures: without, the figure and label take the whole card. */
  pictured?: boolean;
  /** The longest word of a label, in characters: a tile too narrow for it at the smallest type is squeezed. */
  wordChars?: number;
}

/** Height a label of `chars` characters takes at the smallest type in a column `width` wide (a character about 0.68 of the type size: words wrap short of the width). */
function labelNeed(needs: StatGridNeeds, width: number): number {
  const lines = Math.min(4, Math.max(1, Math.ceil((needs.labelChars * needs.floor * 0.68) / Math.max(1, width))));
  return lines * needs.floor * 1.22 + 4;
}

/** The cards for `n` figures in `columns` columns; the label gets the height it needs first. */
function cardsIn(columns: number, n: number, needs: StatGridNeeds, width: number, height: number, u: number): StatGridBoxes {
  const rows = Math.ceil(n / columns);
  const gap = 28 * u;
  const cellW = (width - gap * (columns - 1)) / columns;
  // Tiles take the body's whole height (a tile at most 2.4 times as tall as wide): a colour field, not a strip with room beside it.
  const cellH = Math.min((height - gap * (rows - 1)) / rows, cellW * 2.4);
  const pad = Math.min(cellW, cellH) * 0.07;
  const beside = cellW / cellH > 1.25;
  const meterH = Math.max(6, 12 * u);
  const innerW = cellW - pad * 2;
  const innerH = cellH - pad * 2 - meterH - pad * 0.5;
  const pictured = needs.pictured !== false;
  if (beside) {
    const picture = pictured ? Math.round(Math.min(innerH * 0.92, innerW * 0.3, 300 * u)) : 0;
    const textW = pictured ? innerW - picture - pad : innerW;
    const labelH = Math.min(innerH * 0.75, labelNeed(needs, textW));
    return { columns, rows, cellW, cellH, gap, pad, beside, picture, textW, figureH: Math.max(0, innerH - labelH - 8 * u), labelH, meterH };
  }
  // A little over the label's estimated need: a word that wraps early must not shrink it under the floor.
  const labelH = Math.min(innerH * 0.7, labelNeed(needs, innerW) * 1.2);
  const rest = innerH - labelH - 8 * u - pad * 0.6;
  const figureH = pictured ? Math.max(needs.floor * 1.3, rest * 0.42) : Math.max(needs.floor * 1.3, rest);
  const picture = pictured ? Math.round(Math.max(0, Math.min(rest - figureH, innerW * 0.62, 300 * u))) : 0;
  return { columns, rows, cellW, cellH, gap, pad, beside, picture, textW: innerW, figureH, labelH, meterH };
}

/**
 * The grid for `n` figures in a body of `width` × `height`: of one row, a column or two by two,
 * the arrangement whose figures can be largest with their pictures, empty slots, tiles shaped as
 * strips or towers (over 2.4 times as wide as tall, or 1.6 times as tall as wide) and a grid that
 * leaves the body's room empty counting against it.
 */
export function statGridLayout(n: number, needs: StatGridNeeds, width: number, height: number, u: number): StatGridBoxes {
  let best: { boxes: StatGridBoxes; score: number } | undefined;
  for (const columns of [...new Set([n, 1, Math.ceil(n / 2)])]) {
    const boxes = cardsIn(columns, n, needs, width, height, u);
    const figure = Math.min(boxes.figureH, boxes.textW / (Math.max(2, needs.figureChars) * 0.62));
    // A label squeezed below its need, or a figure smaller than body type, counts heavily against an arrangement.
    const squeezed = boxes.labelH < labelNeed(needs, boxes.textW) - 1 || figure < needs.floor * 1.4 || (needs.wordChars ?? 0) * needs.floor * 0.68 > boxes.textW ? 0.2 : 1;
    const aspect = boxes.cellW / boxes.cellH;
    const shaped = aspect > 2.4 || aspect < 1 / 1.6 ? 0.25 : 1;
    const filled = Math.sqrt(((boxes.cellW * columns + boxes.gap * (columns - 1)) * (boxes.cellH * boxes.rows + boxes.gap * (boxes.rows - 1))) / Math.max(1, width * height));
    const score = (figure + boxes.picture * 0.25) * (n / (boxes.rows * columns)) ** 2 * squeezed * shaped * filled;
    if (!best || score > best.score) best = { boxes, score };
  }
  return best!.boxes;
}

/**
 * The one kind of picture a grid shows: every tile its own illustration ('pictures'), or, where no
 * figure has one, a line icon each label suggests ('icons'), else none ('none'): a grid never mixes
 * colour illustrations with line icons, nor puts a placeholder beside a picture.
 */
export type StatGridPictures = 'pictures' | 'icons' | 'none';

/**
 * The kind of picture a grid of these figures shows ({@link StatGridPictures}); `suggestsIcon`
 * says whether a label suggests a line icon (the kit's iconFor finds one other than its fallback).
 */
export function statGridPictures(stats: { label: string; picture?: string }[], suggestsIcon: (label: string) => boolean): StatGridPictures {
  if (stats.length === 0) return 'none';
  if (stats.every((stat) => stat.picture)) return 'pictures';
  if (stats.every((stat) => !stat.picture && suggestsIcon(stat.label))) return 'icons';
  return 'none';
}
