import React from 'react';
import type { Theme } from '../../scene-props';
import { kitColors } from '../color';
import { FitLines, FittedText, fitText } from '../fitted-text';
import { packLayout } from '../heading';
import { useLayout } from '../layout';
import { formatNumber } from '../stat-counter';
import { BarChartBody, MIN_BAR_PX, offPrimaryTheme } from './bar-chart';
import { bodyDelay, chartPoints, cornerRadius, DataScene, decimalsOf, depthShadow, Enter, isBanner, mixColors, staggerFor, uniformSize, useReveal, widestText } from './common';
import { IconGridBody } from './icon-grid';
import { LineChartBody } from './line-chart';
import { PieChartBody } from './pie-chart';

/** What an infographic shows its items as. */
export type InfographicVisual = 'bar' | 'line' | 'pie' | 'donut' | 'figures' | 'points';

/** One item of an infographic: a charted value, a labelled figure or an icon point. */
export interface InfographicItem {
  label: string;
  /** The value charted or counted up to; ignored for 'points'. */
  value: number;
  /** Figures: written before the number, e.g. '$'. */
  prefix?: string;
  /** Figures: written after the number, e.g. '%', 'M', 'x', ' hrs'. */
  suffix?: string;
  /** Figures: digits after the point (0..3); inferred from the value when unset (at most 2). */
  decimals?: number;
  /** Points: a name from ICON_NAMES, or 'auto' for one picked from the label's words. @default 'auto' */
  icon?: string;
}

/** Props of {@link Infographic}. */
export interface InfographicProps {
  theme: Theme;
  headline: string;
  subheadline?: string;
  kicker?: string;
  visual: InfographicVisual;
  /** Charts show up to 12, figures up to 6 and points up to 8; the rest are dropped. */
  items: InfographicItem[];
  /** Charts: '%' (after the number), '$', '€', '£' (before it) or '' (none). @default '' */
  unit?: string;
  /** Charts: what the values measure, a small caption over the chart. */
  valueLabel?: string;
  /** A small source caption at the bottom ("Source: survey.csv, rows 1–5"). */
  source?: string;
}

/** The most items each visual shows. */
export const INFOGRAPHIC_MAX_ITEMS: Readonly<Record<InfographicVisual, number>> = { bar: 12, line: 12, pie: 12, donut: 12, figures: 6, points: 8 };

const VISUALS = Object.keys(INFOGRAPHIC_MAX_ITEMS) as InfographicVisual[];

/** A figure as {@link Figures} draws it: every field present and clean. */
interface Figure {
  label: string;
  value: number;
  prefix: string;
  suffix: string;
  decimals: number;
}

/**
 * A whole infographic in one scene: kicker, headline and subheadline, then the items as a bar,
 * line, pie or donut chart, as labelled figures that count up over meters, or as icon points, and
 * a source line. The header enters first, the visual after it; everything has settled within about
 * three seconds whatever the scene's length, and the scene frame's exit plays at its end.
 */
export const Infographic: React.FC<InfographicProps> = ({ theme, headline, subheadline, kicker, visual, items, unit = '', valueLabel, source }) => {
  const layout = useLayout();
  // An unknown visual is drawn as bars rather than failing the render.
  const kind: InfographicVisual = VISUALS.includes(visual) ? visual : 'bar';
  const list = (Array.isArray(items) ? items : []).filter((item) => item !== null && typeof item === 'object').slice(0, INFOGRAPHIC_MAX_ITEMS[kind]);
  const title = String(headline ?? '');
  // The heading's ornament stays just off primary: the only pixels of exactly the primary color
  // are the data marks (bars, meters, badges, the first slice, the line).
  return (
    <DataScene theme={theme} seed={`infographic-${title}`} title={title} subtitle={subheadline || undefined} kicker={kicker || undefined} source={source || undefined} headingTheme={offPrimaryTheme(theme)} part="infographic">
      {(box) => {
        if (list.length === 0) return null;
        if (kind === 'figures') return <Figures theme={theme} width={box.width} height={box.height} figures={list.map(figureOf)} align={isBanner(layout) ? 'left' : packLayout(theme).align} u={box.u} />;
        if (kind === 'points') {
          const points = list.map((item) => ({ icon: String(item.icon ?? 'auto'), label: String(item.label ?? '') }));
          return <IconGridBody theme={theme} width={box.width} height={box.height} items={points} banner={isBanner(layout)} u={box.u} badge="solid" />;
        }
        const points = chartPoints(
          list.map((item) => String(item.label ?? '')),
          list.map((item) => item.value),
        );
        if (kind === 'line') return <LineChartBody theme={theme} width={box.width} height={box.height} points={points} unit={unit} valueLabel={valueLabel} u={box.u} />;
        if (kind === 'pie' || kind === 'donut') return <PieChartBody theme={theme} width={box.width} height={box.height} points={points} unit={unit} valueLabel={valueLabel} donut={kind === 'donut'} beside={layout.orientation !== 'portrait'} banner={isBanner(layout)} u={box.u} />;
        return <BarChartBody theme={theme} width={box.width} height={box.height} points={points} unit={unit} valueLabel={valueLabel} portrait={layout.orientation === 'portrait'} u={box.u} />;
      }}
    </DataScene>
  );
};

function figureOf(item: InfographicItem): Figure {
  const value = Number.isFinite(Number(item.value)) ? Number(item.value) : 0;
  const decimals = typeof item.decimals === 'number' && Number.isFinite(item.decimals) ? Math.max(0, Math.min(3, Math.round(item.decimals))) : decimalsOf([value]);
  return { label: String(item.label ?? ''), value, prefix: String(item.prefix ?? ''), suffix: String(item.suffix ?? ''), decimals };
}

/** A figure as shown: `$4.2M`, `-12%`, `1,250 hrs` (the sign goes before the prefix). */
function formatFigure(value: number, prefix: string, suffix: string, decimals: number): string {
  const rounded = Number(value.toFixed(decimals));
  return `${rounded < 0 ? '-' : ''}${prefix}${formatNumber(Math.abs(rounded), decimals)}${suffix}`;
}

/**
 * How full each figure's meter is, 0..1: a percentage of at most 100 fills its share of the whole;
 * any other figure its size relative to the largest figure of the same unit (prefix and suffix),
 * since "3x" and "1,850 hrs" are not on one scale. A figure alone in its unit fills its meter.
 */
function meterShares(figures: Figure[]): number[] {
  const isShare = (f: Figure) => f.suffix.trim() === '%' && Math.abs(f.value) <= 100;
  const unitOf = (f: Figure) => `${f.prefix.trim()}|${f.suffix.trim()}`;
  const largest = new Map<string, number>();
  for (const f of figures) if (!isShare(f)) largest.set(unitOf(f), Math.max(largest.get(unitOf(f)) ?? 0, Math.abs(f.value)));
  return figures.map((f) => {
    if (isShare(f)) return Math.abs(f.value) / 100;
    const top = largest.get(unitOf(f)) ?? 0;
    return top > 0 ? Math.abs(f.value) / top : 1;
  });
}

/** How a set of figure cards is laid out in a box: one plan per column count and arrangement. */
interface FiguresPlan {
  columns: number;
  rows: number;
  /** The figure beside its label (wide, short cards) rather than over it. */
  beside: boolean;
  gap: number;
  cellW: number;
  cardH: number;
  /** Padding at the sides: clear of the card's rounded corners. */
  padX: number;
  /** Padding over the content, which is centred as one block so every card lines up. */
  padTop: number;
  meterT: number;
  meterGap: number;
  /** Between the meter and the label (stacked) or the figure and the label (beside). */
  labelGap: number;
  figureFont: number;
  figureW: number;
  figureH: number;
  labelFont: number;
  labelW: number;
  labelH: number;
  /** How well the plan shows the figures: their type size, less for empty slots, tiny labels and an empty box. */
  score: number;
}

function planFigures(theme: Theme, finals: string[], labels: string[], W: number, H: number, u: number, columns: number, beside: boolean): FiguresPlan {
  const n = finals.length;
  const gap = Math.round(28 * u);
  const rows = Math.ceil(n / columns);
  // Cards stop widening where their figure and label would float in empty space.
  const cellW = Math.min((W - gap * (columns - 1)) / columns, (beside ? (columns > 2 ? 960 : 1100) : columns > 2 ? 560 : 860) * u);
  const cellH = (H - gap * (rows - 1)) / rows;
  const pad = Math.round(Math.max(12 * u, Math.min(cellW * 0.09, cellH * (beside ? 0.16 : 0.12), 40 * u)));
  const padX = Math.round(Math.max(pad, cornerRadius(theme, Math.min(cellW, cellH), 32 * u) * 0.75));
  const meterT = Math.round(Math.max(6, Math.min(16 * u, cellH * 0.05)));
  const meterGap = Math.round(Math.max(8, Math.min(22 * u, cellH * 0.06)));
  const labelGap = Math.round(beside ? Math.max(12, 28 * u) : Math.max(6, Math.min(18 * u, cellH * 0.05)));
  const innerW = cellW - padX * 2;
  const heading = theme.fonts.heading;
  const figureMax = (n === 1 ? 300 : n === 2 ? 200 : n <= 4 ? 150 : 120) * u;
  const figureSize = (width: number, height: number) => uniformSize(finals, { width, height, maxLines: 1, maxFontSize: figureMax, family: heading, weight: 800, lineHeight: 1.1, fontVariantNumeric: 'tabular-nums' });
  let figureFont: number;
  let figureW: number;
  let labelW: number;
  let labelRoom: number;
  if (beside) {
    // The figure takes up to 55% of the row; the label the rest.
    const rowH = cellH - pad * 2 - meterT - meterGap;
    figureFont = figureSize(innerW * 0.55, rowH);
    figureW = Math.min(innerW * 0.55, widestText(finals, heading, 800, figureFont));
    labelW = innerW - figureW - labelGap;
    labelRoom = rowH;
  } else {
    // The figure takes up to 60% of the text height; the label what is left.
    const textH = cellH - pad * 2 - meterT - meterGap - labelGap;
    figureFont = figureSize(innerW, textH * 0.6);
    figureW = innerW;
    labelW = innerW;
    labelRoom = textH - Math.ceil(figureFont * 1.1);
  }
  const figureH = Math.ceil(figureFont * 1.1);
  // Labels stay under about half the figure's size, so the number always leads.
  const labelBox = { width: Math.max(8, labelW), height: Math.max(8, labelRoom), maxLines: 3, maxFontSize: Math.min((n === 1 ? 60 : 48) * u, Math.max(20 * u, figureFont * 0.45)), family: theme.fonts.body, weight: 600, lineHeight: 1.2 };
  const labelFont = uniformSize(labels, labelBox);
  const labelLines = Math.max(1, ...labels.map((label) => (label ? fitText({ ...labelBox, text: label, maxFontSize: labelFont, height: 100000 }).lines.length : 0)));
  const labelH = Math.ceil(labelFont * 1.2 * labelLines) + 2;
  const contentH = beside ? Math.max(figureH, labelH) + meterGap + meterT : figureH + meterGap + meterT + labelGap + labelH;
  // Cards grow a little past their content to fill a tall box.
  const cardH = Math.min(cellH, (contentH + pad * 2) * 1.3);
  const padTop = Math.max(pad, (cardH - contentH) / 2);
  const fill = n / (rows * columns);
  // How much of the box the grid covers: a narrow column of cards beside empty space reads unbalanced.
  const coverage = Math.min(1, ((cellW * columns + gap * (columns - 1)) * (cardH * rows + gap * (rows - 1))) / (W * H));
  const score = figureFont * fill ** 1.5 * Math.min(1, labelFont / (28 * u)) * Math.sqrt(coverage);
  return { columns, rows, beside, gap, cellW, cardH, padX, padTop, meterT, meterGap, labelGap, figureFont, figureW, figureH, labelFont, labelW, labelH, score };
}

/** The plan that gives the figures the largest type; cards side by side with their labels only when clearly better. */
function bestFiguresPlan(theme: Theme, finals: string[], labels: string[], W: number, H: number, u: number): FiguresPlan {
  let best: FiguresPlan | undefined;
  for (const beside of [false, true]) {
    for (let columns = 1; columns <= finals.length; columns += 1) {
      const plan = planFigures(theme, finals, labels, W, H, u, columns, beside);
      if (!best || plan.score > best.score * (beside && !best.beside ? 1.1 : 1)) best = plan;
    }
  }
  return best!;
}

/**
 * Up to six labelled figures as cards: each a big number counting up, a meter of exactly the
 * primary color showing its size, and its label (under it, or beside it in wide, short cards).
 * The columns are those that give the figures the largest type.
 */
const Figures: React.FC<{ theme: Theme; width: number; height: number; figures: Figure[]; align: 'left' | 'center'; u: number }> = ({ theme, width: W, height: H, figures, align, u }) => {
  const n = figures.length;
  const finals = figures.map((f) => formatFigure(f.value, f.prefix, f.suffix, f.decimals));
  const plan = bestFiguresPlan(
    theme,
    finals,
    figures.map((f) => f.label),
    W,
    H,
    u,
  );
  const { columns, rows, gap, cellW, cardH } = plan;
  const gridW = cellW * columns + gap * (columns - 1);
  const gridH = cardH * rows + gap * (rows - 1);
  const shares = meterShares(figures);
  const delay = bodyDelay(theme);
  const stagger = staggerFor(theme, n, 12);
  return (
    <div data-kit-part="figures" style={{ position: 'absolute', left: align === 'center' ? (W - gridW) / 2 : 0, top: (H - gridH) / 2, width: gridW, height: gridH }}>
      {figures.map((figure, i) => {
        const row = Math.floor(i / columns);
        const inRow = row === rows - 1 ? n - row * columns : columns;
        // The last row, when short, is centred under the others.
        const offset = ((columns - inRow) * (cellW + gap)) / 2;
        return <FigureCard key={i} theme={theme} plan={plan} figure={figure} final={finals[i]!} share={shares[i]!} delay={delay + i * stagger} left={offset + (i % columns) * (cellW + gap)} top={row * (cardH + gap)} align={plan.beside ? 'left' : align} u={u} />;
      })}
    </div>
  );
};

const FigureCard: React.FC<{ theme: Theme; plan: FiguresPlan; figure: Figure; final: string; share: number; delay: number; left: number; top: number; align: 'left' | 'center'; u: number }> = ({ theme, plan, figure, final, share, delay, left, top, align, u }) => {
  const colors = kitColors(theme);
  const { beside, cellW: width, cardH: height, padX, padTop, meterT, meterGap, labelGap, figureFont, figureW, figureH, labelFont, labelW, labelH } = plan;
  // The count starts as the card lands and runs 20..30 frames: every figure has settled by
  // frame 64 (about two seconds), whatever the scene's length.
  const count = useReveal(delay + 4, Math.min(30, Math.max(20, theme.motion.durationFrames * 1.4)));
  const innerW = width - padX * 2;
  const heading = theme.fonts.heading;
  // Sized for the final figure; the counting one is drawn at that size.
  const fit = fitText({ text: final, width: figureW, height: figureH, maxLines: 1, maxFontSize: figureFont, family: heading, weight: 800, lineHeight: 1.1, fontVariantNumeric: 'tabular-nums' });
  const shown = formatFigure(figure.value * count, figure.prefix, figure.suffix, figure.decimals);
  const track = mixColors(colors.primary, colors.surface, 0.8);
  const fill = Math.max(MIN_BAR_PX, Math.round(innerW * Math.min(1, share) * count));
  const meterRadius = cornerRadius(theme, meterT, meterT / 2);
  // A card on a surface the same as the background gets a hairline, so it still reads as a card.
  const edge = colors.surface.toUpperCase() === colors.background.toUpperCase() ? `inset 0 0 0 ${Math.max(1, Math.round(2 * u))}px ${mixColors(colors.text, colors.background, 0.85)}` : undefined;
  const shadow = [edge, depthShadow(theme, u)].filter(Boolean).join(', ') || undefined;
  const label = figure.label ? <FittedText part="figure-label" text={figure.label} width={labelW} height={labelH} maxLines={3} maxFontSize={labelFont} family={theme.fonts.body} weight={600} color={colors.onSurface} align={align} lineHeight={1.2} style={{ flex: 'none' }} /> : null;
  return (
    <Enter
      theme={theme}
      delay={delay}
      distance={28 * u}
      part="figure-card"
      style={{ position: 'absolute', left, top, width, height, boxSizing: 'border-box', padding: `${padTop}px ${padX}px 0`, borderRadius: cornerRadius(theme, Math.min(width, height), 32 * u), background: colors.surface, boxShadow: shadow, display: 'flex', flexDirection: 'column' }}
    >
      <div style={{ flex: 'none', display: 'flex', flexDirection: beside ? 'row' : 'column', alignItems: beside ? 'center' : 'stretch', gap: beside ? labelGap : 0, height: beside ? Math.max(figureH, labelH) : undefined }}>
        <FitLines fit={{ ...fit, lines: [shown] }} width={figureW} family={heading} weight={800} color={colors.onSurface} lineHeight={1.1} align={align} part="figure-value" style={{ fontVariantNumeric: 'tabular-nums', flex: 'none' }} />
        {beside ? label : null}
      </div>
      <div data-kit-part="figure-meter" style={{ position: 'relative', flex: 'none', width: innerW, height: meterT, marginTop: meterGap, borderRadius: meterRadius, background: track }}>
        <div data-kit-part="meter" style={{ position: 'absolute', left: 0, top: 0, width: fill, height: meterT, borderRadius: meterRadius, background: colors.primary }} />
      </div>
      {!beside && label ? <div style={{ flex: 'none', marginTop: labelGap }}>{label}</div> : null}
    </Enter>
  );
};
