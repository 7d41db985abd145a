/**
 * A heading and two to six items whose boxes tick one after another, each as the narration names it
 * (the item spoken about bright, the others dimmed until the narration ends): each box fills with the
 * primary colour and a check stroke draws itself across it. A picture (or, without one, a ring that
 * closes as the items tick, around an icon chosen from the heading) stands beside the list on wide
 * and square canvases and above it on tall ones, and floats while the list holds. A long list on a
 * square without a picture, too long for readable type beside the ring, fills the body in two
 * columns instead.
 */
import React from 'react';
import { interpolate, Easing, useCurrentFrame } from 'remotion';
import type { Theme } from '../../scene-props';
import { kitColors } from '../color';
import { bodyDelay, Enter, isBanner, mixColors, uniformSize, useReveal, widestText } from '../data/common';
import { FittedText, fitText } from '../fitted-text';
import { useLayout, type Layout } from '../layout';
import { useEntrance } from '../motion';
import { useNarrationBuild } from '../narration-build';
import { bodyFloor, listOf, pictureOf, PictureOrIcon, textOf, TitledScene } from './scene-parts';

/** Items a checklist shows at most. */
export const CHECKLIST_MAX = 6;

/** Where the list and its picture go in a body box. */
export interface ChecklistBoxes {
  beside: boolean;
  picture: { left: number; top: number; size: number };
  list: { left: number; top: number; width: number; height: number };
  rowH: number;
  box: number;
  textW: number;
}

/**
 * The picture right of the list on wide and square canvases, above it on tall ones; rows as tall
 * as the list allows. Beside the list, the picture leaves the text the width
 * its longest item (`longest` characters) needs on two lines at the smallest body type `floor`.
 * Above the list, the picture takes the height the rows leave (up to 62% of the width), and the
 * picture and list stand together in the middle of the box: a short list on a tall canvas has a
 * large picture rather than a hole under it.
 */
export function checklistLayout(layout: Pick<Layout, 'ratio'>, n: number, longest: number, floor: number, width: number, height: number, u: number): ChecklistBoxes {
  const beside = layout.ratio >= 0.95;
  const gap = 48 * u;
  if (beside) {
    const textNeed = (longest * floor * 0.62) / 2 + 76 * u + 28 * u;
    const size = Math.round(Math.min(height * 0.92, Math.max(width * 0.2, Math.min(width * 0.32, width - gap - textNeed))));
    const listW = width - size - gap;
    const rowH = Math.min(height / n, 170 * u);
    const usedH = rowH * n;
    const box = Math.round(Math.min(rowH * 0.6, 76 * u));
    const list = { left: 0, top: (height - usedH) / 2, width: listW, height: usedH };
    return { beside, picture: { left: width - size, top: (height - size) / 2, size }, list, rowH, box, textW: listW - box - 28 * u };
  }
  const least = Math.min(height * (n >= 5 ? 0.2 : 0.3), width * 0.62);
  const rowH = Math.min((height - least - gap) / n, 170 * u);
  const usedH = rowH * n;
  const size = Math.round(Math.max(least, Math.min(width * 0.62, height - usedH - gap)));
  const top = Math.max(0, (height - size - gap - usedH) / 2);
  const box = Math.round(Math.min(rowH * 0.6, 76 * u));
  const list = { left: 0, top: top + size + gap, width, height: usedH };
  return { beside, picture: { left: (width - size) / 2, top, size }, list, rowH, box, textW: width - box - 28 * u };
}

/** One item's row in two columns: its column, and its top and height in the list box. */
export interface ColumnRow {
  column: 0 | 1;
  top: number;
  height: number;
}

/**
 * Rows in two columns, the first half of the items down the left and the rest down the right,
 * each row as tall as its item's lines (`heights`): both columns start level, spaced alike (up to
 * `maxGap`), and stand together in the middle of a box `height` tall. Undefined when a column does
 * not fit with at least `minGap` between its rows.
 */
export function columnRows(heights: number[], height: number, minGap: number, maxGap: number): ColumnRow[] | undefined {
  const split = Math.ceil(heights.length / 2);
  const columns = [heights.slice(0, split), heights.slice(split)];
  const spareGap = Math.min(...columns.filter((rows) => rows.length > 1).map((rows) => (height - rows.reduce((sum, h) => sum + h, 0)) / (rows.length - 1)));
  const gap = Math.min(maxGap, Number.isFinite(spareGap) ? spareGap : maxGap);
  if (gap < minGap || columns.some((rows) => rows.reduce((sum, h) => sum + h, 0) > height)) return undefined;
  const used = Math.max(...columns.map((rows) => rows.reduce((sum, h) => sum + h, 0) + gap * Math.max(0, rows.length - 1)));
  const top = (height - used) / 2;
  return columns.flatMap((rows, column) => {
    let y = top;
    return rows.map((h) => {
      const row = { column: column as 0 | 1, top: y, height: h };
      y += h + gap;
      return row;
    });
  });
}

export const Checklist: React.FC<{ theme: Theme; heading: string; kicker?: string; items: string[]; picture?: string }> = ({ theme, heading, kicker, items, picture }) => {
  const title = textOf(heading);
  const shown = listOf(items).map(textOf).filter(Boolean).slice(0, CHECKLIST_MAX);
  return (
    <TitledScene theme={theme} seed={`checklist-${title}`} title={title} kicker={textOf(kicker)} part="checklist">
      {(box) => (shown.length > 0 ? <Body theme={theme} heading={title} items={shown} picture={pictureOf(picture)} width={box.width} height={box.height} u={box.u} /> : null)}
    </TitledScene>
  );
};

/** Frames between one tick and the next, and the frame item `i` ticks. */
function tickTiming(theme: Theme, n: number): (i: number) => number {
  const step = Math.min(16, 66 / n);
  return (i) => bodyDelay(theme) + 10 + i * step;
}

/** A checklist's items in two columns, each row as tall as its item's lines, at one type size. */
interface TwoColumns {
  font: number;
  /** The boxes' size: a little smaller than beside a picture, leaving the text its width. */
  box: number;
  rows: ColumnRow[];
  lines: number[];
  columnW: number;
}

/** Line height of an item's text. */
const ITEM_LINE = 1.15;
/** The space between an item's box and its text, in units: in two columns a little narrower, leaving the text its width. */
const ITEM_GAP = 28;
const ITEM_GAP_NARROW = 16;

/**
 * The largest type, from `maxFont` down to the body floor, at which the items fit two columns of a
 * box `width` × `height` with their rows sized by their lines; undefined when they do not fit at
 * the floor.
 */
function twoColumns(theme: Theme, items: string[], width: number, height: number, box: number, floor: number, maxFont: number, u: number): TwoColumns | undefined {
  const columnW = (width - 32 * u) / 2;
  const textW = columnW - box - ITEM_GAP_NARROW * u;
  for (let font = maxFont; font >= floor - 0.01; font = font > floor ? Math.max(floor, font * 0.96) : floor - 1) {
    const fits = items.map((item) => fitText({ text: item, width: textW, height: 100000, maxLines: 5, maxFontSize: font, family: theme.fonts.body, weight: 600, lineHeight: ITEM_LINE }));
    // A word too long for the column at this size would shrink its item: try a smaller size.
    if (fits.some((fit) => fit.fontSize < font * 0.979)) continue;
    const lines = fits.map((fit) => fit.lines.length);
    const rows = columnRows(lines.map((count) => Math.max(box, count * font * ITEM_LINE)), height, 12 * u, 44 * u);
    if (rows) return { font, box, rows, lines, columnW };
  }
  return undefined;
}

const Body: React.FC<{ theme: Theme; heading: string; items: string[]; picture?: string; width: number; height: number; u: number }> = ({ theme, heading, items, picture, width, height, u }) => {
  const layout = useLayout();
  const n = items.length;
  const floor = bodyFloor(layout);
  const boxes = checklistLayout(layout, n, Math.max(...items.map((item) => item.length)), floor, width, height, u);
  const stagger = tickTiming(theme, n);
  // Each item comes in as the narration names it and ticks as it lands (without narration, one after another).
  const build = useNarrationBuild(items, items.map((_, i) => stagger(i) - 10), { first: stagger(0) - 10 });
  const tickAt = (i: number) => build.enter[i]! + 10;
  // A short list (three items or fewer) gets larger type: there is room, and it reads from afar.
  const maxFont = (n <= 3 ? 60 : 52) * u;
  const fitted = uniformSize(items, { width: boxes.textW, height: boxes.rowH * 0.94, maxLines: 3, maxFontSize: maxFont, family: theme.fonts.body, weight: 600, lineHeight: ITEM_LINE });
  // On a square, a long list whose one column beside the ring would set its items under readable
  // size (4% of the shorter side) takes the whole body in two columns instead, the ring (which
  // only stands in for a picture) left out; a given picture keeps its place beside the list.
  const readable = Math.min(layout.width, layout.height) * 0.0404;
  const split = !picture && boxes.beside && !isBanner(layout) && n >= 4 && fitted < readable ? twoColumns(theme, items, width, height, Math.min(boxes.box, Math.round(48 * u)), floor, maxFont, u) : undefined;
  if (split) {
    return (
      <>
        {items.map((item, i) => {
          const row = split.rows[i]!;
          return (
            <div key={i} style={{ position: 'absolute', left: row.column * (width - split.columnW), top: row.top, width: split.columnW, height: row.height }}>
              <Item theme={theme} text={item} top={0} rowH={row.height} box={split.box} textW={split.columnW - split.box - ITEM_GAP_NARROW * u} font={split.font} lines={split.lines[i]!} textH={row.height} gap={ITEM_GAP_NARROW * u} tickAt={tickAt(i)} emphasis={build.emphasis(i)} u={u} />
            </div>
          );
        })}
      </>
    );
  }
  const textFont = Math.max(floor, fitted);
  const { list, picture: spot } = boxes;
  // Under a picture, the list is a block as wide as its longest item, centred below it.
  const blockW = boxes.beside ? list.width : Math.min(list.width, boxes.box + ITEM_GAP * u + widestText(items, theme.fonts.body, 600, textFont) + 2);
  const listLeft = boxes.beside ? list.left : (list.width - blockW) / 2;
  // The picture stands on a colour field: beside the list a column from the body's top down off the
  // canvas's bottom and right edges; above it a band across the canvas, off both side edges.
  const fieldGap = 24 * u;
  const field = boxes.beside
    ? { left: spot.left - fieldGap, top: 0, width: layout.width, height: layout.height * 2 }
    : { left: -layout.width, top: spot.top - fieldGap, width: layout.width * 3, height: spot.size + fieldGap * 2 };
  return (
    <>
      <ChecklistField theme={theme} box={field} />
      <div style={{ position: 'absolute', left: spot.left, top: spot.top, width: spot.size, height: spot.size, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        {picture ? <Picture theme={theme} src={picture} label={heading} size={spot.size} /> : <ProgressRing theme={theme} label={heading} size={spot.size} ticks={items.map((_, i) => tickAt(i))} />}
      </div>
      <div style={{ position: 'absolute', left: listLeft, top: list.top, width: blockW, height: list.height }}>
        {items.map((item, i) => (
          <Item key={i} theme={theme} text={item} top={i * boxes.rowH} rowH={boxes.rowH} box={boxes.box} textW={blockW - boxes.box - ITEM_GAP * u} font={textFont} lines={3} textH={boxes.rowH * 0.94} gap={ITEM_GAP * u} tickAt={tickAt(i)} emphasis={build.emphasis(i)} u={u} />
        ))}
      </div>
    </>
  );
};

/** The colour field behind the checklist's picture, growing out from the list's side as the body comes in. */
const ChecklistField: React.FC<{ theme: Theme; box: { left: number; top: number; width: number; height: number } }> = ({ theme, box }) => {
  const colors = kitColors(theme);
  const entered = useEntrance(theme, bodyDelay(theme));
  return <div data-kit-bleed="" data-kit-part="checklist-field" style={{ position: 'absolute', ...box, background: mixColors(colors.primary, colors.background, 0.8), opacity: Math.min(1, entered * 1.5), transform: `scaleX(${0.6 + 0.4 * entered})`, transformOrigin: '0 50%' }} />;
};

const Picture: React.FC<{ theme: Theme; src: string; label: string; size: number }> = ({ theme, src, label, size }) => {
  const entered = useEntrance(theme, bodyDelay(theme));
  return <PictureOrIcon theme={theme} src={src} label={label} size={size * 0.94} entered={entered} part="hero-picture" />;
};

/** The fallback picture: a ring that closes a segment at every tick, around the heading's icon. */
const ProgressRing: React.FC<{ theme: Theme; label: string; size: number; ticks: number[] }> = ({ theme, label, size, ticks }) => {
  const frame = useCurrentFrame();
  const colors = kitColors(theme);
  const entered = useEntrance(theme, bodyDelay(theme));
  const done = ticks.reduce((sum, at) => sum + interpolate(frame, [at, at + 10], [0, 1], { easing: Easing.out(Easing.cubic), extrapolateLeft: 'clamp', extrapolateRight: 'clamp' }), 0) / ticks.length;
  const stroke = Math.max(6, size * 0.07);
  const r = (size - stroke) / 2;
  const length = 2 * Math.PI * r;
  return (
    <div style={{ position: 'relative', width: size, height: size, opacity: Math.min(1, entered * 1.5), transform: `scale(${0.8 + 0.2 * entered})` }}>
      <svg viewBox={`0 0 ${size} ${size}`} width={size} height={size} style={{ position: 'absolute', inset: 0, transform: 'rotate(-90deg)' }}>
        <circle cx={size / 2} cy={size / 2} r={r} fill="none" stroke={mixColors(colors.primary, colors.background, 0.8)} strokeWidth={stroke} />
        <circle cx={size / 2} cy={size / 2} r={r} fill="none" stroke={colors.primary} strokeWidth={stroke} strokeLinecap="round" strokeDasharray={length} strokeDashoffset={length * (1 - done)} />
      </svg>
      <PictureOrIcon theme={theme} label={label} size={size * 0.62} entered={entered} style={{ position: 'absolute', left: size * 0.19, top: size * 0.19 }} />
    </div>
  );
};

/** One item: its box ticks at `tickAt`, the check stroke drawing across it; its text in `lines` lines of a box `textW` × `textH`. */
const Item: React.FC<{ theme: Theme; text: string; top: number; rowH: number; box: number; textW: number; font: number; lines: number; textH: number; gap: number; tickAt: number; emphasis: number; u: number }> = ({ theme, text, top, rowH, box, textW, font, lines, textH, gap, tickAt, emphasis, u }) => {
  const colors = kitColors(theme);
  const tick = useReveal(tickAt, 10);
  const fillIn = useReveal(tickAt - 2, 6);
  const stroke = Math.max(3, box * 0.11);
  const check = 'M 6 13 L 10.5 17.5 L 18.5 7.5';
  return (
    <Enter theme={theme} delay={tickAt - 10} distance={26 * u} part="checklist-item" style={{ position: 'absolute', left: 0, top, width: '100%', height: rowH }}>
      {/* Dimmed while another item is spoken about, on a layer of its own so the entrance keeps the pack's opacity. */}
      <div style={{ width: '100%', height: '100%', display: 'flex', alignItems: 'center', gap, opacity: 0.4 + 0.6 * emphasis }}>
      <svg data-kit-part="check-box" viewBox="0 0 24 24" width={box} height={box} style={{ flex: 'none', transform: `scale(${1 + Math.sin(Math.PI * fillIn) * 0.12})` }}>
        <rect x={1.5} y={1.5} width={21} height={21} rx={5} fill={mixColors(colors.background, colors.primary, fillIn)} stroke={colors.primary} strokeWidth={2} />
        <path d={check} fill="none" stroke={colors.onPrimary} strokeWidth={(stroke / box) * 24} strokeLinecap="round" strokeLinejoin="round" pathLength={1} strokeDasharray={1} strokeDashoffset={1 - tick} />
      </svg>
      <FittedText part="checklist-text" text={text} width={textW} height={textH} maxLines={lines} maxFontSize={font} family={theme.fonts.body} weight={600} color={colors.text} lineHeight={ITEM_LINE} />
      </div>
    </Enter>
  );
};
