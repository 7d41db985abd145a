import React from 'react';
import type { Theme } from '../../scene-props';
import { backdropColors, kitColors, readableOn } from '../color';
import { useLayout } from '../layout';
import { useEntrance } from '../motion';
import { laterPageTheme, Paged, pageRanges, usePageCount, usePageLight } from '../paging';
import type { ChartProps } from './bar-chart';
import { labelFloor } from './bar-chart';
import { bestFit, bodyDelay, categoryColors, chartPoints, cornerRadius, CountText, DataScene, decimalsOf, Enter, formatValue, isBanner, mixColors, staggerFor, uniformSize, useReveal, widestText } from './common';
import { FittedText, fitText } from '../fitted-text';

function polar(cx: number, cy: number, r: number, degrees: number): [number, number] {
  const radians = ((degrees - 90) * Math.PI) / 180;
  return [cx + r * Math.cos(radians), cy + r * Math.sin(radians)];
}

/** A pie slice (inner = 0) or a ring segment from angle `a0` to `a1`, degrees clockwise from 12 o'clock. */
export function slicePath(cx: number, cy: number, outer: number, inner: number, a0: number, a1: number): string {
  const sweep = a1 - a0;
  if (sweep >= 359.99) {
    // A whole circle: two half arcs (one arc cannot start and end at the same point).
    const ring = (r: number, dir: 0 | 1) => `M ${cx} ${cy - r} A ${r} ${r} 0 1 ${dir} ${cx} ${cy + r} A ${r} ${r} 0 1 ${dir} ${cx} ${cy - r} Z`;
    return inner > 0 ? `${ring(outer, 1)} ${ring(inner, 0)}` : ring(outer, 1);
  }
  const large = sweep > 180 ? 1 : 0;
  const [ox0, oy0] = polar(cx, cy, outer, a0);
  const [ox1, oy1] = polar(cx, cy, outer, a1);
  if (inner <= 0) return `M ${cx} ${cy} L ${ox0} ${oy0} A ${outer} ${outer} 0 ${large} 1 ${ox1} ${oy1} Z`;
  const [ix1, iy1] = polar(cx, cy, inner, a1);
  const [ix0, iy0] = polar(cx, cy, inner, a0);
  return `M ${ox0} ${oy0} A ${outer} ${outer} 0 ${large} 1 ${ox1} ${oy1} L ${ix1} ${iy1} A ${inner} ${inner} 0 ${large} 0 ${ix0} ${iy0} Z`;
}

/**
 * A pie chart of up to 12 shares: the slices sweep in, and a legend (swatch, label, value, share)
 * sits beside the pie in landscape and square canvases and below it in portrait.
 */
export const PieChart: React.FC<ChartProps> = (props) => <Pie {...props} donut={false} />;

/**
 * A donut chart of up to 12 shares: like the pie, with the largest share's value and label in
 * the middle of the ring.
 */
export const DonutChart: React.FC<ChartProps> = (props) => <Pie {...props} donut />;

const Pie: React.FC<ChartProps & { donut: boolean }> = ({ theme, title, labels, values, unit = '', valueLabel, source, kicker, donut }) => {
  const layout = useLayout();
  const points = chartPoints(labels, values);
  const beside = layout.orientation !== 'portrait';
  const banner = isBanner(layout);
  const floor = labelFloor(layout.unit);
  // A legend that cannot keep its labels at the floor gets the room of a larger title.
  const fits = (box: { width: number; height: number; u: number }) => choosePie({ theme, width: box.width, height: box.height, points, unit, valueLabel, beside, banner, u: box.u, floor }).type.smallest >= floor * 0.999;
  return (
    <DataScene theme={theme} seed={`${donut ? 'donut' : 'pie'}-${title}`} title={title} kicker={kicker} source={source} part={donut ? 'donut-chart' : 'pie-chart'} bodyFits={points.length > 0 ? fits : undefined}>
      {(box) => (points.length > 0 ? <PieChartBody theme={theme} width={box.width} height={box.height} points={points} unit={unit} valueLabel={valueLabel} donut={donut} beside={beside} banner={banner} u={box.u} /> : null)}
    </DataScene>
  );
};

/** What a pie chart's layout is planned from; `floor` is the smallest body type (labelFloor). */
interface PieInput {
  theme: Theme;
  width: number;
  height: number;
  points: { label: string; value: number }[];
  unit: string;
  valueLabel?: string;
  beside: boolean;
  banner: boolean;
  u: number;
  floor: number;
  /** The least share of the height a stacked pie keeps (36%; less where it stands over its legend in place of beside it). */
  minPie?: number;
  /** The rows the legend shows at once (all of them unless it pages); its type is sized over every label. */
  rows?: number;
}

/**
 * Where a pie and its legend go in a box of `width` × `height`, side by side when `beside`, else
 * stacked, and the legend's type: its rows, columns and sizes, `type.smallest` its smallest text.
 */
function planPie({ theme, width: W, height: H, points, unit, valueLabel, beside, banner, u, floor, minPie = 0.36, rows }: PieInput) {
  // The legend's rows: `n` below is the count it shows at once.
  const n = rows ?? points.length;
  const decimals = decimalsOf(points.map((p) => p.value));
  const total = points.reduce((sum, p) => sum + Math.max(0, p.value), 0);
  const shares = points.map((p) => (total > 0 ? Math.max(0, p.value) / total : 0));
  // A share column is shown beside values that are not percentages already, where it leaves the
  // labels their size (the ring shows the shares too).
  const shareAllowed = unit.trim() !== '%';
  const body = theme.fonts.body;
  const figure = theme.fonts.heading;

  const gapX = (banner ? 48 : 64) * u;
  const gapY = 44 * u;
  const capH = valueLabel ? Math.round(Math.max(14, 28 * u)) : 0;
  const capGap = valueLabel ? Math.round(12 * u) : 0;
  const finals = points.map((p) => formatValue(p.value, unit, decimals));
  const shareTexts = shares.map((s) => `${formatValue(s * 100, '%', 0)}`);
  const labels = points.map((p) => p.label);
  const inner = 18 * u;
  const colGap = 40 * u;
  const labelMax = Math.max(floor, (n <= 3 ? 46 : n <= 6 ? 42 : 36) * u);
  const valueMax = Math.max(floor * (n <= 6 ? 1.1 : 1), (n <= 3 ? 58 : n <= 6 ? 48 : 40) * u);
  // Rows as tall as suits the count, and tall enough for a label on two lines where there is room.
  const baseRow = (n <= 3 ? 96 : n <= 6 ? 76 : 60) * u;
  const rowTarget = Math.max(baseRow, (floor * 1.15 * 2 + 8 * u) / 0.86);

  /**
   * The legend's type in a column `colW` wide with rows `rowH` tall. A row is swatch · label ·
   * value (· share) on one line, or when `compact` the label (up to two lines) with the value and
   * share on a line under it, which needs a narrower column and lets the pie grow.
   */
  const legendType = (colW: number, rowH: number, compact: boolean, showShare: boolean) => {
    const swatch = Math.round(Math.min(rowH * (compact ? 0.3 : 0.42), 34 * u));
    const textH = rowH * (compact ? 0.92 : 0.86);
    const room = colW - swatch - inner;
    // Under a label the figure stays just above the floor, leaving the label its two lines.
    const figureMax = compact ? Math.max(floor * 1.1, Math.min(valueMax, 46 * u)) : valueMax;
    const valueH = compact ? Math.min(textH * 0.4, figureMax * 1.2) : Math.min(textH, valueMax * 1.2);
    const valueFont = uniformSize(finals, { width: compact ? room * 0.62 : colW * 0.3, height: valueH, maxLines: 1, maxFontSize: figureMax, family: figure, weight: 700, lineHeight: 1.15, fontVariantNumeric: 'tabular-nums' });
    const valueW = widestText(finals, figure, 700, valueFont);
    const shareFont = Math.min(Math.max(floor, valueFont * 0.8), uniformSize(shareTexts, { width: compact ? Math.max(4, room - valueW - inner) : colW * 0.16, height: Math.min(compact ? valueH : textH, floor * 1.3), maxLines: 1, maxFontSize: Math.max(floor, 30 * u), family: body, weight: 600, lineHeight: 1.15, fontVariantNumeric: 'tabular-nums' }));
    const shareW = showShare ? widestText(shareTexts, body, 600, shareFont) : 0;
    const labelW = compact ? room : room - valueW - inner - (showShare ? shareW + inner : 0);
    const labelH = compact ? textH - Math.ceil(valueFont * 1.15) - 4 * u : textH;
    const labelFont = uniformSize(labels, { width: labelW, height: labelH, maxLines: 2, maxFontSize: labelMax, family: body, weight: 600, lineHeight: 1.15 });
    return { compact, swatch, textH, labelH, valueFont, valueW, shareFont, shareW, labelW, labelFont, smallest: Math.min(labelFont, valueFont, showShare ? shareFont : Infinity) };
  };

  /** Where the pie and legend go, and the legend's type, with or without its share column. */
  const layoutFor = (withShare: boolean) => {
    let D: number;
    let legendW: number;
    let legendH: number;
    let columns = 1;
    let compact = false;
    if (beside) {
      const avail = H - capH - capGap;
      columns = n > 5 && W - Math.min(H, W * 0.4) - gapX >= 900 * u && avail / n < 56 * u ? 2 : 1;
      const perCol = Math.ceil(n / columns);
      const colOf = (w: number) => (w - colGap * (columns - 1)) / columns;
      // The legend takes the narrowest width that keeps its type at the floor and the pie the rest,
      // up to the full height; two-tier rows are used when they let the pie grow. When nothing
      // reaches the floor, the width that gives the largest type.
      const widths = [0.22, 0.26, 0.3, 0.34, 0.38, 0.42, 0.46, 0.5, 0.54, 0.58].map((share) => W * share);
      const options = [false, true].map((tiered) => {
        const rowH = Math.min(avail / perCol, tiered ? Math.max(rowTarget, (floor * 1.15 * 2 + Math.max(floor * 1.1, 46 * u) * 1.15 + 16 * u) / 0.92) : rowTarget);
        const fits = widths.find((w) => legendType(colOf(w), rowH, tiered, withShare).smallest >= floor * 0.999);
        const best = fits ?? widths.reduce((a, w) => (legendType(colOf(w), rowH, tiered, withShare).smallest > legendType(colOf(a), rowH, tiered, withShare).smallest + 0.5 ? w : a), widths[0]!);
        return { tiered, rowH, width: best, fits: fits !== undefined, smallest: legendType(colOf(best), rowH, tiered, withShare).smallest, D: Math.floor(Math.min(H, W - gapX - best)) };
      });
      const [flat, tiered] = options as [(typeof options)[0], (typeof options)[0]];
      const pick = (flat.fits && (!tiered.fits || flat.D >= tiered.D * 0.94)) || (!flat.fits && !tiered.fits && flat.smallest >= tiered.smallest) ? flat : tiered;
      compact = pick.tiered;
      D = pick.D;
      legendW = Math.min(W - D - gapX, Math.max(pick.width, columns === 2 ? 0 : Math.min(700 * u, W - D - gapX)));
      legendH = Math.min(H, capH + capGap + pick.rowH * perCol);
    } else {
      columns = n > 8 && W >= 560 * u ? 2 : 1;
      // The legend takes the full width, so long labels stay on one line at the floor.
      legendW = W;
      // Rows as tall as the labels' lines need at the legend's width, so the pie keeps the rest.
      const probe = legendType((legendW - colGap * (columns - 1)) / columns, rowTarget, false, withShare);
      // A label too long for one line at the largest size takes two.
      const lines = labels.some((label) => widestText([label], body, 600, labelMax) > probe.labelW) ? 2 : 1;
      const need = capH + capGap + Math.max(baseRow, (lines * labelMax * 1.15 + 10 * u) / 0.86) * Math.ceil(n / columns);
      // The pie keeps 36% of the height, or down to `minPie` what rows with their labels at the floor leave it.
      const needAtFloor = capH + capGap + ((lines * floor * 1.15) / 0.86 + 1) * Math.ceil(n / columns);
      D = Math.floor(Math.max(H * Math.min(minPie, 0.36), Math.min(H * 0.36, H - needAtFloor - gapY), Math.min(W * 0.88, H - need - gapY)));
      legendH = Math.min(need, H - D - gapY);
    }
    const perColumn = Math.ceil(n / columns);
    const rowH = (legendH - capH - capGap) / perColumn;
    const colW = (legendW - colGap * (columns - 1)) / columns;
    return { D, legendW, legendH, columns, compact, perColumn, rowH, colW, type: legendType(colW, rowH, compact, withShare) };
  };
  const shared = shareAllowed ? layoutFor(true) : undefined;
  const plain = shared && shared.type.smallest >= floor * 0.999 ? undefined : layoutFor(false);
  const showShare = shared !== undefined && (plain === undefined || plain.type.smallest <= shared.type.smallest);
  const { D, legendW, legendH, columns, compact, perColumn, rowH, colW, type } = showShare ? shared : plain!;
  // The pie and legend are centred together.
  const groupW = beside ? D + gapX + legendW : Math.max(D, legendW);
  const groupH = beside ? Math.max(D, legendH) : D + gapY + legendH;
  const gx = (W - groupW) / 2;
  const gy = (H - groupH) / 2;
  const pie = beside ? { left: gx, top: gy + (groupH - D) / 2 } : { left: (W - D) / 2, top: gy };
  const legend = beside ? { left: gx + D + gapX, top: gy + (groupH - legendH) / 2, width: legendW } : { left: (W - legendW) / 2, top: gy + D + gapY, width: legendW };

  return { decimals, total, shares, showShare, D, legendW, legendH, columns, compact, perColumn, rowH, colW, colGap, type, pie, legend, capH, capGap, inner, beside };
}

/**
 * A pie's plan: beside its legend where asked; in a box not much wider than tall whose legend beside
 * the pie cannot keep its labels at the floor, the pie over a full-width legend, whose labels then
 * keep one line, when that gives them larger type (a smaller pie, but every label readable).
 */
function choosePie(input: PieInput): ReturnType<typeof planPie> {
  const plan = planPie(input);
  if (!input.beside || input.banner || input.width > input.height * 1.6 || plan.type.smallest >= input.floor * 0.999) return plan;
  const stacked = planPie({ ...input, beside: false, minPie: 0.25 });
  return stacked.type.smallest > plan.type.smallest * 1.04 ? stacked : plan;
}

/** The frames the ring sweeps in over. */
function sweepFrames(theme: Theme): number {
  return Math.max(40, theme.motion.durationFrames * 2.5);
}

/**
 * The body of a pie or donut chart, drawn into a box of `width` × `height`: the pie and its legend,
 * side by side when `beside` (stacked instead where that keeps the labels larger, see choosePie),
 * else stacked. `u` scales its sizes.
 */
export const PieChartBody: React.FC<{ theme: Theme; width: number; height: number; points: { label: string; value: number }[]; unit: string; valueLabel?: string; donut: boolean; beside: boolean; banner: boolean; u: number }> = ({ theme, width: W, height: H, points, unit, valueLabel, donut, beside, banner, u }) => {
  const colors = kitColors(theme);
  const palette = categoryColors(theme, points.length);
  // The smallest body type in the legend and the ring: 4.2% of the canvas's shorter side.
  const floor = labelFloor(useLayout().unit);
  const n = points.length;
  const delay = bodyDelay(theme);
  const later = laterPageTheme(theme);
  // A legend too long for its labels to keep the floor shows its rows in pages, the ring lighting
  // the page's slices; the ring and the legend's place are planned for a page's rows.
  const planFor = (rows: number) => choosePie({ theme, width: W, height: H, points, unit, valueLabel, beside, banner, u, floor, rows });
  const legendSettle = (pageTheme: Theme, rows: number) => Math.ceil(bodyDelay(pageTheme) + 6 + staggerFor(pageTheme, rows, 36) * (rows - 1) + pageTheme.motion.durationFrames + 2);
  const half = Math.ceil(n / 2);
  const { pages, windows } = usePageCount(n, (rows) => planFor(rows).type.smallest >= floor * 0.97, { first: Math.max(legendSettle(theme, half), delay + sweepFrames(theme) + 2), later: legendSettle(later, half) });
  const ranges = windows ? pageRanges(n, pages) : [[0, n] as const];
  const { decimals, total, shares, showShare, D, legendW, legendH, compact, perColumn, rowH, colW, colGap, type, pie, legend, capH, capGap, inner } = planFor(ranges[0]![1]);
  const lit = usePageLight(windows, ranges);
  const body = theme.fonts.body;
  const figure = theme.fonts.heading;
  // The legend: one or two columns of rows, each swatch · label · value (· share).
  const { swatch, textH, valueFont, valueW, shareFont, shareW, labelW, labelFont } = type;

  const sweep = useReveal(delay, sweepFrames(theme));
  const R = D / 2;
  const innerR = donut ? R * 0.6 : 0;
  const separator = n > 1 ? Math.max(2, 4 * u) : 0;
  let angle = 0;
  const slices = points.map((_, i) => {
    const a0 = angle;
    angle += shares[i]! * 360;
    return { a0, a1: angle };
  });
  const top = shares.reduce((best, s, i) => (s > shares[best]! ? i : best), 0);
  const centerW = innerR * 2 * 0.72;
  const centerColor = readableOn(backdropColors(theme), palette[top]!);
  // The ring's label repeats the legend's first row: where the hole is too small for it at the
  // floor it is left out, and the value alone takes the middle, rather than shrinking under it.
  const centerLabelFit = donut && total > 0 ? bestFit(points[top]!.label, { width: centerW, height: centerW * 0.52, maxLines: 2, maxFontSize: Math.max(floor, 30 * u), family: body, weight: 600, lineHeight: 1.15 }) : undefined;
  const centerLabel = centerLabelFit !== undefined && centerLabelFit.fontSize >= floor * 0.97;
  // Its value goes with it: a figure alone in a donut's hole reads as the total, which it is not.
  // Where the label is left out the hole stays empty.
  const centerValue = centerLabel && donut && total > 0 && fitText({ text: formatValue(points[top]!.value, unit, decimals), width: centerW, height: centerW * (centerLabel ? 0.4 : 0.5), maxLines: 1, maxFontSize: 110 * u, family: figure, weight: 800, lineHeight: 1.15, fontVariantNumeric: 'tabular-nums' }).fontSize >= floor * 0.97;
  /** Legend row `i` (the `slot`-th row of its page), entering with `rowTheme`. */
  const legendRow = (rowTheme: Theme, p: { label: string; value: number }, i: number, slot: number) => {
    const column = Math.floor(slot / perColumn);
    const row = slot % perColumn;
    return (
      <LegendRow
        key={i}
        theme={rowTheme}
        delay={bodyDelay(rowTheme) + 6 + slot * staggerFor(rowTheme, ranges[0]![1], 36)}
        progress={sweep}
        left={column * (colW + colGap)}
        top={capH + capGap + row * rowH}
        width={colW}
        height={rowH}
        color={palette[i]!}
        swatch={swatch}
        label={p.label}
        labelW={labelW}
        labelFont={labelFont}
        value={p.value}
        unit={unit}
        decimals={decimals}
        valueW={valueW}
        valueFont={valueFont}
        share={showShare ? shares[i]! * 100 : undefined}
        shareW={shareW}
        shareFont={shareFont}
        textH={textH}
        labelH={type.labelH}
        compact={compact}
        inner={inner}
        u={u}
      />
    );
  };
  return (
    <>
      <div data-kit-part={donut ? 'donut' : 'pie'} style={{ position: 'absolute', left: pie.left, top: pie.top, width: D, height: D, filter: theme.depth === '3d' ? `drop-shadow(0 ${12 * u}px ${18 * u}px rgba(0,0,0,0.3))` : undefined }}>
        <svg width={D} height={D} style={{ position: 'absolute', left: 0, top: 0 }}>
          {total > 0 ? (
            slices.map((slice, i) => {
              const end = Math.min(slice.a1, sweep * 360);
              if (end <= slice.a0 + 0.01) return null;
              return <path key={i} data-kit-part="slice" d={slicePath(R, R, R - separator / 2, innerR, slice.a0, end)} fill={palette[i]} fillOpacity={0.3 + 0.7 * lit(i)} stroke={colors.background} strokeWidth={separator} strokeLinejoin="round" />;
            })
          ) : (
            <path d={slicePath(R, R, R, innerR, 0, 360)} fill={mixColors(colors.muted, colors.background, 0.7)} fillRule="evenodd" />
          )}
        </svg>
        {centerValue ? (
          <div style={{ position: 'absolute', left: R - centerW / 2, top: R - centerW / 2, width: centerW, height: centerW, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 4 * u }}>
            <CountText part="donut-value" value={points[top]!.value} progress={sweep} unit={unit} decimals={decimals} width={centerW} height={centerW * (centerLabel ? 0.4 : 0.5)} maxFontSize={110 * u} family={figure} weight={800} color={centerColor} align="center" />
            {centerLabel ? (
              <Enter theme={theme} delay={delay + 20} distance={10 * u}>
                <FittedText part="donut-label" text={points[top]!.label} width={centerW} height={centerW * 0.52} maxLines={2} maxFontSize={Math.max(floor, 30 * u)} family={body} weight={600} color={colors.muted} align="center" lineHeight={1.15} />
              </Enter>
            ) : null}
          </div>
        ) : null}
      </div>
      <div data-kit-part="legend" style={{ position: 'absolute', left: legend.left, top: legend.top, width: legend.width, height: legendH }}>
        {valueLabel ? (
          <Enter theme={theme} delay={delay} distance={12 * u} style={{ position: 'absolute', left: 0, top: 0 }}>
            <FittedText part="value-label" text={valueLabel} width={legend.width} height={capH} maxLines={1} maxFontSize={26 * u} family={body} weight={600} color={colors.muted} />
          </Enter>
        ) : null}
        {windows ? (
          <Paged windows={windows} rise={20 * u}>
            {(page) => points.slice(...ranges[page]!).map((p, index) => legendRow(page === 0 ? theme : later, p, ranges[page]![0] + index, index))}
          </Paged>
        ) : (
          points.map((p, i) => legendRow(theme, p, i, i))
        )}
      </div>
    </>
  );
};

const LegendRow: React.FC<{
  theme: Theme;
  delay: number;
  progress: number;
  left: number;
  top: number;
  width: number;
  height: number;
  color: string;
  swatch: number;
  label: string;
  labelW: number;
  labelFont: number;
  value: number;
  unit: string;
  decimals: number;
  valueW: number;
  valueFont: number;
  share?: number;
  shareW: number;
  shareFont: number;
  textH: number;
  labelH: number;
  compact: boolean;
  inner: number;
  u: number;
}> = ({ theme, delay, progress, left, top, width, height, color, swatch, label, labelW, labelFont, value, unit, decimals, valueW, valueFont, share, shareW, shareFont, textH, labelH, compact, inner, u }) => {
  const colors = kitColors(theme);
  const enter = useEntrance(theme, delay);
  if (compact) {
    // Two tiers: the label, then the value and share under it.
    const figureH = Math.ceil(valueFont * 1.15) + 2;
    return (
      <Enter theme={theme} delay={delay} distance={16 * u} part="legend-item" style={{ position: 'absolute', left, top, width, height, display: 'flex', alignItems: 'center', gap: inner }}>
        <div data-kit-part="legend-swatch" style={{ flex: 'none', alignSelf: 'center', width: swatch, height: swatch, borderRadius: cornerRadius(theme, swatch, swatch / 2), background: color, transform: `scale(${enter})` }} />
        <div style={{ flex: 'none', width: labelW, display: 'flex', flexDirection: 'column', gap: 4 * u }}>
          <FittedText part="legend-label" text={label} width={labelW} height={labelH} maxLines={2} maxFontSize={labelFont} family={theme.fonts.body} weight={600} color={colors.text} lineHeight={1.15} />
          <div style={{ display: 'flex', alignItems: 'baseline', gap: inner }}>
            <CountText part="legend-value" value={value} progress={progress} unit={unit} decimals={decimals} width={valueW} height={figureH} maxFontSize={valueFont} family={theme.fonts.heading} weight={700} color={colors.text} style={{ flex: 'none' }} />
            {share !== undefined ? <CountText part="legend-share" value={share} progress={progress} unit="%" decimals={0} width={shareW} height={figureH} maxFontSize={shareFont} family={theme.fonts.body} weight={600} color={colors.muted} style={{ flex: 'none' }} /> : null}
          </div>
        </div>
      </Enter>
    );
  }
  return (
    <Enter theme={theme} delay={delay} distance={16 * u} part="legend-item" style={{ position: 'absolute', left, top, width, height, display: 'flex', alignItems: 'center', gap: inner }}>
      <div data-kit-part="legend-swatch" style={{ flex: 'none', width: swatch, height: swatch, borderRadius: cornerRadius(theme, swatch, swatch / 2), background: color, transform: `scale(${enter})` }} />
      <FittedText part="legend-label" text={label} width={labelW} height={textH} maxLines={2} maxFontSize={labelFont} family={theme.fonts.body} weight={600} color={colors.text} lineHeight={1.15} style={{ flex: 'none' }} />
      <CountText part="legend-value" value={value} progress={progress} unit={unit} decimals={decimals} width={valueW} height={textH} maxFontSize={valueFont} family={theme.fonts.heading} weight={700} color={colors.text} align="right" style={{ flex: 'none' }} />
      {share !== undefined ? <CountText part="legend-share" value={share} progress={progress} unit="%" decimals={0} width={shareW} height={textH} maxFontSize={shareFont} family={theme.fonts.body} weight={600} color={colors.muted} align="right" style={{ flex: 'none' }} /> : null}
    </Enter>
  );
};
