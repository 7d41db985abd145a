/**
 * A share as n of m figures: a grid of `total` people (or pictures), `count` of them filled in the
 * primary colour and the rest faded, with the figure ("3 in 10"), a share bar and its percentage
 * beside the grid (under it on tall canvases). The figures fill in one after another as the bar
 * grows; while the scene holds, a lift runs through the filled ones. A total above 100 is scaled to
 * 10 or 100 with the same ratio, and the figure text then names the real numbers too.
 */
import React from 'react';
import { Img, useCurrentFrame, useVideoConfig } from 'remotion';
import type { Theme } from '../../scene-props';
import { kitColors } from '../color';
import { FittedText } from '../fitted-text';
import { useNarrationBuild } from '../narration-build';
import { useLayout, type Layout } from '../layout';
import { idleSeconds } from '../motion';
import { formatNumber } from '../stat-counter';
import { bodyFloor, numberOf, pictureOf, textOf, TitledScene } from '../lists/scene-parts';
import { bodyDelay, Enter, isBanner, mixColors, panelTheme, useReveal } from './common';

/** Figures a pictogram draws at most. */
export const PICTOGRAM_MAX = 100;

/** The share a pictogram draws: `filled` of `slots` figures, and whether the total was scaled down to fit. */
export interface PictogramShare {
  filled: number;
  slots: number;
  ratio: number;
  scaled: boolean;
}

/** `count` of `total` as figures to draw: at most 100; a larger total becomes 10 when the ratio allows it exactly, else 100. */
export function pictogramShare(count: number, total: number): PictogramShare {
  const whole = Math.max(1, Math.round(total));
  const part = Math.max(0, Math.min(whole, count));
  const ratio = part / whole;
  if (whole <= PICTOGRAM_MAX) return { filled: Math.round(part), slots: whole, ratio, scaled: false };
  const slots = Math.abs(ratio * 10 - Math.round(ratio * 10)) < 1e-9 ? 10 : 100;
  return { filled: Math.round(ratio * slots), slots, ratio, scaled: true };
}

/** Where the figure grid and the text go in a body box. */
export interface PictogramBoxes {
  beside: boolean;
  grid: { left: number; top: number; width: number; height: number; columns: number; rows: number; cell: number };
  text: { left: number; top: number; width: number; height: number };
}

/** Columns for `n` figures (each 3:4) in a box, so they are as large as they can be with few empty slots. */
function figureColumns(n: number, width: number, height: number): { columns: number; rows: number; cell: number } {
  let best = { columns: 1, rows: n, cell: 0, score: 0 };
  for (let columns = 1; columns <= n; columns += 1) {
    const rows = Math.ceil(n / columns);
    const cell = Math.min(width / columns, (height / rows) * 0.75);
    const score = cell * (n / (rows * columns));
    if (score > best.score + 0.01) best = { columns, rows, cell, score };
  }
  return { columns: best.columns, rows: best.rows, cell: best.cell };
}

/**
 * The grid beside the text on wide canvases, above it on square and tall ones, the two centred
 * together; the text takes at most `textH` when stacked.
 */
export function pictogramLayout(layout: Pick<Layout, 'ratio'>, slots: number, width: number, height: number, u: number, textH: number): PictogramBoxes {
  const beside = layout.ratio >= 1.15 || (layout.ratio >= 0.95 && slots > 20);
  const gap = 48 * u;
  const gridW = beside ? width * (layout.ratio >= 1.15 ? 0.56 : 0.46) : width;
  const gridH = beside ? height : Math.max(height * 0.3, height - gap - textH);
  const fit = figureColumns(slots, gridW, gridH);
  const usedW = fit.cell * fit.columns;
  const usedH = (fit.cell / 0.75) * fit.rows;
  if (beside) return { beside, grid: { left: 0, top: (height - usedH) / 2, width: usedW, height: usedH, ...fit }, text: { left: usedW + gap, top: 0, width: width - usedW - gap, height } };
  const shownTextH = Math.min(textH, height - usedH - gap);
  const top = (height - usedH - gap - shownTextH) / 2;
  return { beside, grid: { left: (width - usedW) / 2, top, width: usedW, height: usedH, ...fit }, text: { left: 0, top: top + usedH + gap, width, height: shownTextH } };
}

/** Lines a text of `chars` characters takes at the smallest body type in a column `width` wide (a character about 0.6 of the type size). */
function linesAt(chars: number, floor: number, width: number, max: number): number {
  return Math.min(max, Math.max(1, Math.ceil((chars * floor * 0.6) / Math.max(1, width))));
}

/** Height a label takes at the smallest body type in a column `width` wide, on up to five lines. */
function labelNeed(label: string, floor: number, width: number): number {
  return label ? linesAt(label.length, floor, width, 5) * floor * 1.2 + 6 : 0;
}

export const Pictogram: React.FC<{ theme: Theme; title?: string; kicker?: string; count: number; total: number; label: string; picture?: string }> = ({ theme, title, kicker, count, total, label, picture }) => {
  const heading = textOf(title);
  const whole = Math.max(1, numberOf(total, 10));
  const share = pictogramShare(numberOf(count), whole);
  return (
    <TitledScene theme={theme} seed={`pictogram-${heading}`} title={heading} kicker={textOf(kicker)} part="pictogram" panel>
      {(box) => <Body theme={heading ? panelTheme(theme) : theme} share={share} count={Math.max(0, Math.min(whole, numberOf(count)))} total={whole} label={textOf(label)} picture={pictureOf(picture)} width={box.width} height={box.height} u={box.u} />}
    </TitledScene>
  );
};

const Body: React.FC<{ theme: Theme; share: PictogramShare; count: number; total: number; label: string; picture?: string; width: number; height: number; u: number }> = ({ theme, share, count, total, label, picture, width, height, u }) => {
  const layout = useLayout();
  const colors = kitColors(theme);
  const floor = bodyFloor(layout);
  const boxes = pictogramLayout(layout, share.slots, width, height, u, Math.max(height * 0.34, Math.max(150 * u, floor * 2.2) + 22 * u + floor * 1.3 + labelNeed(label, floor, width) + 54 * u));
  const start = bodyDelay(theme);
  // The figures fill as the narration names the count (or its label), else after the heading.
  const build = useNarrationBuild([`${formatNumber(count)} ${label}`], [start + 8], { first: start + 8 });
  const fill = useReveal(build.enter[0] ?? start + 8, 42);
  const { grid, text } = boxes;
  const figure = `${formatNumber(share.filled)} in ${formatNumber(share.slots)}`;
  const percent = `${formatNumber(share.ratio * 100, share.ratio * 100 < 10 && share.ratio > 0 && share.ratio * 1000 % 10 !== 0 ? 1 : 0)}%`;
  const note = share.scaled ? `${percent} · ${formatNumber(count)} of ${formatNumber(total)}` : percent;
  const align = boxes.beside || isBanner(layout) ? 'left' : 'center';
  const labelH = label ? Math.min(text.height * 0.5, labelNeed(label, floor, text.width)) : 0;
  const barH = Math.max(10, 22 * u);
  const noteLines = linesAt(note.length, floor, text.width, 2);
  const noteH = Math.max(floor * 1.25 * noteLines, Math.min(text.height * 0.13, 64 * u));
  const gap = 18 * u;
  const figureH = Math.min(170 * u, text.height - labelH - barH - noteH - gap * 3);
  return (
    <>
      <div style={{ position: 'absolute', left: grid.left, top: grid.top, width: grid.width, height: grid.height }}>
        {Array.from({ length: share.slots }, (_, i) => (
          <Figure key={i} theme={theme} index={i} grid={grid} filled={i < share.filled * fill - 0.5 || (fill >= 1 && i < share.filled)} picture={picture} shown={share.filled} delay={start + Math.min(30, i * (30 / share.slots))} />
        ))}
      </div>
      <div style={{ position: 'absolute', left: text.left, top: text.top, width: text.width, height: text.height, display: 'flex', flexDirection: 'column', justifyContent: 'center', alignItems: align === 'left' ? 'flex-start' : 'center', gap }}>
        <Enter theme={theme} delay={start + 6} distance={24 * u}>
          <FittedText part="figure" text={figure} width={text.width} height={figureH} maxLines={1} maxFontSize={150 * u} family={theme.fonts.heading} weight={800} color={colors.primaryText} align={align} lineHeight={1.1} />
        </Enter>
        <div data-kit-part="meter" style={{ width: text.width, height: barH, borderRadius: barH / 2, background: mixColors(colors.primary, colors.background, 0.78), overflow: 'hidden' }}>
          <div style={{ width: `${share.ratio * fill * 100}%`, height: '100%', borderRadius: barH / 2, background: colors.primary }} />
        </div>
        <Enter theme={theme} delay={start + 14} distance={16 * u}>
          <FittedText part="share" text={note} width={text.width} height={noteH} maxLines={noteLines} maxFontSize={Math.max(floor, 48 * u)} family={theme.fonts.body} weight={700} color={colors.muted} align={align} lineHeight={1.2} />
        </Enter>
        {label ? (
          <Enter theme={theme} delay={start + 20} distance={16 * u}>
            <FittedText part="pictogram-label" text={label} width={text.width} height={labelH} maxLines={5} maxFontSize={Math.max(floor, 50 * u)} family={theme.fonts.body} weight={600} color={colors.text} align={align} lineHeight={1.2} />
          </Enter>
        ) : null}
      </div>
    </>
  );
};

/** One figure of the grid: a drawn person, or the picture; filled in the primary colour or faded. */
const Figure: React.FC<{ theme: Theme; index: number; grid: PictogramBoxes['grid']; filled: boolean; picture?: string; shown: number; delay: number }> = ({ theme, index, grid, filled, picture, shown, delay }) => {
  const colors = kitColors(theme);
  const frame = useCurrentFrame();
  const { fps } = useVideoConfig();
  const cellH = grid.cell / 0.75;
  const size = grid.cell * 0.82;
  const settled = frame > delay + 60 ? 1 : 0;
  // Once all have filled, a lift runs along the filled figures, one step every sixth of a second.
  const step = Math.floor(idleSeconds(frame, fps, settled) * 6);
  const lifted = settled === 1 && shown > 0 && filled && step % (shown + 6) === index;
  const appear = Math.max(0, Math.min(1, (frame - delay) / 8));
  const faded = mixColors(colors.primary, colors.background, 0.8);
  const style: React.CSSProperties = { position: 'absolute', left: (index % grid.columns) * grid.cell + (grid.cell - size) / 2, top: Math.floor(index / grid.columns) * cellH + (cellH - size / 0.75) / 2, width: size, height: size / 0.75, opacity: appear, transform: `translateY(${lifted ? -size * 0.12 : 0}px) scale(${lifted ? 1.08 : 1})` };
  if (picture) return <Img data-kit-part="pictogram-figure" src={picture} style={{ ...style, objectFit: 'contain', filter: filled ? undefined : 'grayscale(1)', opacity: appear * (filled ? 1 : 0.28) }} />;
  return (
    <svg data-kit-part="pictogram-figure" viewBox="0 0 24 32" style={style}>
      <circle cx={12} cy={7} r={6} fill={filled ? colors.primary : faded} />
      <path d="M1 31 V22 A11 11 0 0 1 23 22 V31 Z" fill={filled ? colors.primary : faded} />
    </svg>
  );
};
