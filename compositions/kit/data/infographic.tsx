import React from 'react';
import type { Theme } from '../../scene-props';
import { kitColors, readableOn } from '../color';
import { FitLines, FittedText, fitText } from '../fitted-text';
import { packLayout } from '../heading';
import { useLayout } from '../layout';
import { bodyFloor } from '../lists/scene-parts';
import { useEntrance } from '../motion';
import { formatNumber } from '../stat-counter';
import { BarChartBody, MIN_BAR_PX, offPrimaryTheme } from './bar-chart';
import { bodyDelay, chartPoints, cornerRadius, DataScene, decimalsOf, depthShadow, Enter, isBanner, mixColors, staggerFor, uniformSize, useReveal, widestText } from './common';
import { IconGridBody } from './icon-grid';
import { FALLBACK_ICON, iconComponent, iconFor } from './icons';
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
  /** Points and figures: a name from ICON_NAMES, or 'auto' for one picked from the label's words. @default 'auto' */
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
  // are the data marks (bars, meters, badges, the first slice, the line). Icon points are the
  // scene's picture and spread with every line of height they get: a title that keeps to fewer
  // lines at its floor size gives them that room.
  return (
    <DataScene theme={theme} seed={`infographic-${title}`} title={title} subtitle={subheadline || undefined} kicker={kicker || undefined} source={source || undefined} headingTheme={offPrimaryTheme(theme)} part="infographic" bodyFits={kind === 'points' ? () => false : undefined}>
      {(box) => {
        if (list.length === 0) return null;
        if (kind === 'figures') return <Figures theme={theme} width={box.width} height={box.height} figures={list.map(figureOf)} icons={figureIcons(list)} align={isBanner(layout) ? 'left' : packLayout(theme).align} u={box.u} floor={bodyFloor(layout)} />;
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

/**
 * The icon each figure shows: its own `icon` when the kit has it, else one its label's words suggest.
 * All or none: when some figure's label suggests nothing, no figure shows an icon (a placeholder
 * picture says nothing, and one card without a picture beside pictured ones reads as a mistake);
 * the figures then take the room as larger type.
 */
function figureIcons(items: InfographicItem[]): string[] | undefined {
  const names = items.map((item) => {
    const own = typeof item.icon === 'string' && item.icon !== 'auto' && iconComponent(item.icon) ? item.icon : undefined;
    return own ?? iconFor(String(item.label ?? ''));
  });
  return names.length > 0 && names.every((name) => name !== FALLBACK_ICON && iconComponent(name)) ? names : undefined;
}

/** The leading of figure labels: close enough that two lines fit where a card is short. */
const LABEL_LEAD = 1.15;
/**
 * How near the floor a plan's labels count as at it: 98% of 4.1% is still above the 4% a reader
 * needs (the labels are drawn at the planned size), and a plan there keeps its cards in a grid
 * rather than losing to one with far smaller type.
 */
const FLOOR_SLACK = 0.98;

/** How a set of figure cards is laid out in a box: one plan per column count and arrangement. */
interface FiguresPlan {
  columns: number;
  rows: number;
  /** The figure beside its label (wide, short cards) rather than over it. */
  beside: boolean;
  /** Stacked cards: the icon left of the figure rather than over it. */
  inline: boolean;
  gap: number;
  cellW: number;
  cardH: number;
  /** Padding at the sides: clear of the card's rounded corners. */
  padX: number;
  /** Padding over the content, which is centred as one block so every card lines up. */
  padTop: number;
  /** Stacked cards: padding over and under, the meter standing on the card's foot. */
  padY: number;
  /** The icon disc's size (0: no icons) and its gap to the figure. */
  disc: number;
  discGap: number;
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
  /** How well the plan shows the figures: their type and icon size, less for empty slots, labels under the floor and an empty box. */
  score: number;
}

/**
 * One plan for `columns` columns. Labels get the room they need at `floor` (the smallest body
 * type) first, wrapping to up to three lines; the figure takes the rest. A plan whose labels do not
 * fit at the floor scores next to nothing, so a canvas gets more rows rather than smaller labels.
 */
function planFigures(theme: Theme, finals: string[], labels: string[], icons: boolean, W: number, H: number, u: number, floor: number, columns: number, beside: boolean, inline: boolean, split = 0.55): FiguresPlan {
  const n = finals.length;
  const rows = Math.ceil(n / columns);
  // Three rows and more close up, four and more closer, so the labels keep their size.
  const gap = Math.round((rows >= 4 ? 12 : rows >= 3 ? 18 : 28) * u);
  // Cards stop widening where their figure and label would float in empty space; a lone hero figure with its icon may run wide.
  const widest = beside ? (n === 1 && icons ? 1500 : columns > 2 ? 960 : 1100) : columns > 2 ? 560 : 860;
  const cellW = Math.min((W - gap * (columns - 1)) / columns, widest * u);
  const cellH = (H - gap * (rows - 1)) / rows;
  // Five rows and more of cards with the figure beside its label sit closer to their edges: the
  // row is one line of type over a meter, and the padding would take the height the label needs.
  const pad = Math.round(beside && rows >= 5 ? Math.max(6 * u, Math.min(cellH * 0.08, 40 * u)) : Math.max(12 * u, Math.min(cellW * 0.09, cellH * 0.12, 40 * u)));
  const padX = Math.round(Math.max(pad, cornerRadius(theme, Math.min(cellW, cellH), 32 * u) * 0.75));
  const meterT = Math.round(Math.max(6, Math.min(16 * u, cellH * 0.05)));
  const meterGap = Math.round(Math.max(8, Math.min(22 * u, cellH * 0.06)));
  const labelGap = Math.round(beside ? Math.max(12, 28 * u) : Math.max(6, Math.min(18 * u, cellH * 0.05)));
  const innerW = cellW - padX * 2;
  const heading = theme.fonts.heading;
  const figureMax = (n === 1 ? 300 : n === 2 ? 200 : n <= 4 ? 150 : 120) * u;
  const figureSize = (width: number, height: number) => uniformSize(finals, { width: Math.max(8, width), height: Math.max(8, height), maxLines: 1, maxFontSize: figureMax, family: heading, weight: 800, lineHeight: 1.1, fontVariantNumeric: 'tabular-nums' });
  const labelBox = (width: number, height: number, maxFontSize: number) => ({ width: Math.max(8, width), height: Math.max(8, height), maxLines: 3, maxFontSize, family: theme.fonts.body, weight: 600, lineHeight: LABEL_LEAD });
  /** The height the labels take at the floor in a column `width` wide. */
  const labelNeed = (width: number) => Math.max(1, ...labels.map((label) => (label ? fitText({ ...labelBox(width, 100000, floor), text: label }).lines.length : 0))) * Math.ceil(floor * LABEL_LEAD) + 2;
  let disc: number;
  let discGap: number;
  let figureFont: number;
  let figureW: number;
  let labelW: number;
  let labelRoom: number;
  if (beside) {
    // Icon, figure and label in a row: the icon as tall as the row allows, the figure up to `split` of the rest.
    const rowH = cellH - pad * 2 - meterT - meterGap;
    disc = icons ? Math.round(Math.max(0, Math.min(rowH, innerW * 0.24, (n === 1 ? 340 : 220) * u))) : 0;
    discGap = icons ? labelGap : 0;
    const rest = innerW - disc - discGap;
    figureFont = figureSize(rest * split, rowH);
    figureW = Math.min(rest * split, widestText(finals, heading, 800, figureFont));
    labelW = rest - figureW - labelGap;
    labelRoom = rowH;
  } else if (inline) {
    // Icon and figure in a row over the meter and the label: the label's need first, the row up to 60% of the text height.
    const textH = cellH - pad * 2 - meterT - meterGap - labelGap;
    const rowH = Math.min(textH * 0.6, textH - labelNeed(innerW));
    // The icon may stand taller than the figure: it takes the room the label leaves.
    disc = Math.round(Math.max(0, Math.min(textH - labelNeed(innerW), innerW * 0.32, (n === 1 ? 360 : 220) * u)));
    discGap = Math.round(Math.max(12, 24 * u));
    figureFont = figureSize(innerW - disc - discGap, rowH);
    figureW = Math.min(innerW - disc - discGap, widestText(finals, heading, 800, figureFont));
    labelW = innerW;
    labelRoom = textH - Math.max(disc, Math.ceil(figureFont * 1.1));
  } else {
    // Icon over figure over meter over label: the label's need first, the figure up to 60% of the text height.
    disc = icons ? Math.round(Math.max(0, Math.min(cellH * (n === 1 ? 0.4 : 0.3), innerW * 0.5, (n === 1 ? 360 : 200) * u))) : 0;
    discGap = icons ? Math.round(Math.max(8, Math.min(20 * u, cellH * 0.04))) : 0;
    const textH = cellH - pad * 2 - disc - discGap - meterT - meterGap - labelGap;
    figureFont = figureSize(innerW, Math.min(textH * 0.6, textH - labelNeed(innerW)));
    figureW = innerW;
    labelW = innerW;
    labelRoom = textH - Math.ceil(figureFont * 1.1);
  }
  const figureH = Math.ceil(figureFont * 1.1);
  // Labels stay under about half the figure's size, so the number leads, but never under the floor;
  // where there is room a little over it, as a card drawn in depth is seen a little smaller.
  // Where no label fits at the floor, they shrink to fit (never clipped) and the plan scores by how far under it they are.
  const labelLargest = uniformSize(labels, labelBox(labelW, labelRoom, Math.max(floor * 1.06, Math.min((n === 1 ? 60 : 48) * u, figureFont * 0.45))));
  const fits = labelLargest >= floor * FLOOR_SLACK - 0.01;
  const labelFont = fits ? labelLargest : Math.max(1, labelLargest);
  const labelLines = Math.max(1, ...labels.map((label) => (label ? fitText({ ...labelBox(labelW, 100000, labelFont), text: label }).lines.length : 0)));
  const labelH = Math.ceil(labelFont * LABEL_LEAD * labelLines) + 2;
  const contentH = beside ? Math.max(disc, figureH, labelH) + meterGap + meterT : inline ? Math.max(disc, figureH) + meterGap + meterT + labelGap + labelH : disc + discGap + figureH + meterGap + meterT + labelGap + labelH;
  // Cards grow past their content to fill most of their cell: a grid of squat cards floating in a tall box reads unfinished.
  const cardH = Math.min(cellH, Math.max((contentH + pad * 2) * 1.3, cellH * 0.8));
  const padTop = Math.max(pad, (cardH - contentH) / 2);
  const fill = n / (rows * columns);
  // How much of the box the grid covers: a narrow column of cards beside empty space reads unbalanced.
  const coverage = Math.min(1, ((cellW * columns + gap * (columns - 1)) * (cardH * rows + gap * (rows - 1))) / (W * H));
  // Labels under the floor, or figures hardly bigger than body type, count heavily against a plan.
  const smallest = Math.min(labelFont, figureFont / 1.25);
  const score = (figureFont + disc) * fill ** 1.5 * Math.sqrt(coverage) * (smallest >= floor * FLOOR_SLACK - 0.01 ? 1 : 0.05 * (smallest / floor) ** 4);
  return { columns, rows, beside, inline, gap, cellW, cardH, padX, padTop, padY: pad, disc, discGap, meterT, meterGap, labelGap, figureFont, figureW, figureH, labelFont, labelW, labelH, score };
}

/** The plan that gives the figures the largest type; cards side by side with their labels only when clearly better. */
function bestFiguresPlan(theme: Theme, finals: string[], labels: string[], icons: boolean, W: number, H: number, u: number, floor: number): FiguresPlan {
  let best: FiguresPlan | undefined;
  const modes = [
    { beside: false, inline: false },
    ...(icons ? [{ beside: false, inline: true }] : []),
    { beside: true, inline: false },
  ];
  for (const { beside, inline } of modes) {
    for (let columns = 1; columns <= finals.length; columns += 1) {
      // Beside: the figure's share of the row, largest first; a smaller one leaves long labels room at the floor.
      for (const split of beside ? [0.55, 0.45, 0.35, 0.3, 0.27, 0.25, 0.22] : [0.55]) {
        const plan = planFigures(theme, finals, labels, icons, W, H, u, floor, columns, beside, inline, split);
        if (!best || plan.score > best.score * (beside && !best.beside ? 1.1 : 1)) best = plan;
      }
    }
  }
  return best!;
}

/**
 * Up to six labelled figures as cards: each an icon its label suggests (when every label suggests
 * one), a big number counting up, a meter of exactly the primary color showing its size, and its
 * label (under it, or beside it in wide, short cards). The columns are those that give the figures
 * the largest type with labels at readable size. The grid lines up with a left-aligned heading
 * when it fills the box; a narrower grid is centred, so the frame stays balanced.
 */
const Figures: React.FC<{ theme: Theme; width: number; height: number; figures: Figure[]; icons?: string[]; align: 'left' | 'center'; u: number; floor: number }> = ({ theme, width: W, height: H, figures, icons, align, u, floor }) => {
  const n = figures.length;
  const finals = figures.map((f) => formatFigure(f.value, f.prefix, f.suffix, f.decimals));
  const plan = bestFiguresPlan(
    theme,
    finals,
    figures.map((f) => f.label),
    icons !== undefined,
    W,
    H,
    u,
    floor,
  );
  const { columns, rows, gap, cellW, cardH } = plan;
  const gridW = cellW * columns + gap * (columns - 1);
  const gridH = cardH * rows + gap * (rows - 1);
  const shares = meterShares(figures);
  const delay = bodyDelay(theme);
  const stagger = staggerFor(theme, n, 12);
  const left = align === 'left' && gridW >= W * 0.9 ? 0 : (W - gridW) / 2;
  return (
    <div data-kit-part="figures" style={{ position: 'absolute', left, top: (H - gridH) / 2, width: gridW, height: gridH }}>
      {figures.map((figure, i) => {
        const row = Math.floor(i / columns);
        const inRow = row === rows - 1 ? n - row * columns : columns;
        // The last row, when short, is centred under the others.
        const offset = ((columns - inRow) * (cellW + gap)) / 2;
        return <FigureCard key={i} theme={theme} plan={plan} figure={figure} icon={icons?.[i]} final={finals[i]!} share={shares[i]!} delay={delay + i * stagger} left={offset + (i % columns) * (cellW + gap)} top={row * (cardH + gap)} align={plan.beside ? 'left' : align} u={u} />;
      })}
    </div>
  );
};

const FigureCard: React.FC<{ theme: Theme; plan: FiguresPlan; figure: Figure; icon?: string; final: string; share: number; delay: number; left: number; top: number; align: 'left' | 'center'; u: number }> = ({ theme, plan, figure, icon, final, share, delay, left, top, align, u }) => {
  const colors = kitColors(theme);
  const { beside, inline, cellW: width, cardH: height, padX, padTop, padY, disc, discGap, meterT, meterGap, labelGap, figureFont, figureW, figureH, labelFont, labelW, labelH } = plan;
  // The count starts as the card lands and runs 20..30 frames: every figure has settled by
  // frame 64 (about two seconds), whatever the scene's length.
  const count = useReveal(delay + 4, Math.min(30, Math.max(20, theme.motion.durationFrames * 1.4)));
  const pop = useEntrance(theme, delay + 4);
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
  const Icon = icon && disc > 0 ? iconComponent(icon) : undefined;
  // The icon pops in with its card, in a pale tint of primary, the stroke in primary made readable on the card.
  const badge = Icon ? (
    <div
      data-kit-part="icon"
      style={{ flex: 'none', width: disc, height: disc, borderRadius: cornerRadius(theme, disc, disc / 2), background: mixColors(colors.primary, colors.surface, 0.86), display: 'flex', alignItems: 'center', justifyContent: 'center', alignSelf: beside || inline ? 'center' : align === 'center' ? 'center' : 'flex-start', marginBottom: beside || inline ? 0 : discGap, transform: `scale(${0.6 + 0.4 * Math.min(1, pop)})` }}
    >
      <Icon size={Math.round(disc * 0.54)} color={readableOn(mixColors(colors.primary, colors.surface, 0.86), colors.primary, 3)} strokeWidth={2} absoluteStrokeWidth={false} />
    </div>
  ) : null;
  const value = <FitLines fit={{ ...fit, lines: [shown] }} width={figureW} family={heading} weight={800} color={colors.onSurface} lineHeight={1.1} align={align} part="figure-value" style={{ fontVariantNumeric: 'tabular-nums', flex: 'none' }} />;
  const meter = (
    <div data-kit-part="figure-meter" style={{ position: 'relative', flex: 'none', width: innerW, height: meterT, marginTop: meterGap, borderRadius: meterRadius, background: track }}>
      <div data-kit-part="meter" style={{ position: 'absolute', left: 0, top: 0, width: fill, height: meterT, borderRadius: meterRadius, background: colors.primary }} />
    </div>
  );
  // fitText keeps 2% off the size it may take: the label is allowed that much over its planned size, so it is drawn at it.
  const label = figure.label ? <FittedText part="figure-label" text={figure.label} width={labelW} height={labelH} maxLines={3} maxFontSize={labelFont / 0.98} family={theme.fonts.body} weight={600} color={colors.onSurface} align={align} lineHeight={LABEL_LEAD} style={{ flex: 'none' }} /> : null;
  return (
    <Enter
      theme={theme}
      delay={delay}
      distance={28 * u}
      part="figure-card"
      style={{ position: 'absolute', left, top, width, height, boxSizing: 'border-box', padding: beside ? `${padTop}px ${padX}px 0` : `${padY}px ${padX}px`, borderRadius: cornerRadius(theme, Math.min(width, height), 32 * u), background: colors.surface, boxShadow: shadow, display: 'flex', flexDirection: 'column' }}
    >
      {beside ? (
        <>
          <div style={{ flex: 'none', display: 'flex', flexDirection: 'row', alignItems: 'center', gap: labelGap, height: Math.max(disc, figureH, labelH) }}>
            {badge}
            {value}
            {label}
          </div>
          {meter}
        </>
      ) : (
        <>
          {/* Icon, figure and label centred in the card; the meter stands on its foot, as in the stat grid. */}
          <div style={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column', justifyContent: 'center' }}>
            {inline ? null : badge}
            <div style={{ flex: 'none', display: 'flex', flexDirection: inline ? 'row' : 'column', alignItems: inline ? 'center' : 'stretch', justifyContent: inline && align === 'center' ? 'center' : 'flex-start', gap: inline ? discGap : 0, height: inline ? Math.max(disc, figureH) : undefined }}>
              {inline ? badge : null}
              {value}
            </div>
            {label ? <div style={{ flex: 'none', marginTop: labelGap }}>{label}</div> : null}
          </div>
          {meter}
        </>
      )}
    </Enter>
  );
};
