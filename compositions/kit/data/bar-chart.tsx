import React from 'react';
import type { Theme } from '../../scene-props';
import { kitColors } from '../color';
import { useLayout } from '../layout';
import { useEntrance } from '../motion';
import { laterPageTheme, Paged, pageRanges, usePageCount } from '../paging';
import { bodyDelay, chartPoints, CountText, DataScene, panelTheme, decimalsOf, Enter, formatValue, linesAt, mixColors, staggerFor, uniformSize, useReveal, widestText } from './common';
import { FittedText, fitText } from '../fitted-text';
import { useNarrationBuild } from '../narration-build';
import { calloutBadgeSize, SeriesCalloutMark } from './series-callout';
import { resolveCallout, type ResolvedCallout, type SeriesCallout } from './series-callout-layout';

/** Props every chart takes: one series of up to 12 labelled values. */
export interface ChartProps {
  theme: Theme;
  title: string;
  labels: string[];
  values: number[];
  /** '%' (after the number), '$', '€', '£' (before it) or '' (none). */
  unit?: string;
  /** What the values measure, shown as a small caption ("Revenue, millions"). */
  valueLabel?: string;
  /** A small source caption under the chart ("Source: sales.csv, rows 1–5"). */
  source?: string;
  kicker?: string;
  /**
   * The change called out over the series: a bold badge on a bracket between two points, drawn once
   * the series has ("40×", "+38%"; `from`/`to` index the points, first and last by default).
   * Without one, a series that at least doubles from its first to its last positive value calls
   * out its growth as "N×" (growthCallout).
   */
  callout?: SeriesCallout;
}

/**
 * The smallest a bar is ever drawn, in px, even for a value of 0: every bar stays a visible,
 * countable rectangle (tests count bars by scanning the rendered pixels for runs of the primary color).
 */
export const MIN_BAR_PX = 8;
/** The smallest gap between two bars, in px (bars never touch, so each is its own run of color). */
export const MIN_BAR_GAP_PX = 8;

type BarMode = 'columns' | 'rows' | 'stacked';

/**
 * The heading's theme in a bar chart: the pack's ornament (an underline, frame or dots drawn in
 * primary) gets a shade just off primary, so the only pixels of exactly the primary color in the
 * scene are the bars.
 */
export function offPrimaryTheme(theme: Theme): Theme {
  const colors = kitColors(theme);
  return { ...theme, palette: { ...theme.palette, primary: mixColors(colors.primary, colors.text, 0.14) } };
}

/** The scale of a chart's values: a domain that always includes zero. */
function domainOf(values: number[]): { lo: number; hi: number } {
  const lo = Math.min(0, ...values);
  const hi = Math.max(0, ...values);
  return hi - lo > 0 ? { lo, hi } : { lo: 0, hi: 1 };
}

/**
 * One bar: a single solid rectangle filled with exactly the pack's primary color (no gradient,
 * border, rounding or shadow, even in 3d), growing from the zero line. It is never thinner than
 * MIN_BAR_PX along its length, so a value of 0 still shows a stub. Positions are whole pixels.
 */
const Bar: React.FC<{ color: string; x: number; y: number; width: number; height: number; opacity?: number }> = ({ color, x, y, width, height, opacity = 1 }) => (
  <div data-kit-part="bar" style={{ position: 'absolute', left: x, top: y, width, height, background: color, opacity }} />
);

/**
 * A bar chart of up to 12 values, each bar labelled with its label and its counted-up value.
 * Columns when the labels fit under them; otherwise horizontal bars (labels beside them in
 * landscape, above them in portrait), so no label is ever dropped or cut.
 */
export const BarChart: React.FC<ChartProps> = ({ theme, title, labels, values, unit = '', valueLabel, source, kicker, callout }) => {
  const layout = useLayout();
  const points = chartPoints(labels, values);
  return (
    <DataScene theme={theme} seed={`bar-${title}`} title={title} kicker={kicker} source={source} headingTheme={offPrimaryTheme(theme)} part="bar-chart" panel>
      {(box) => (points.length > 0 ? <BarChartBody theme={panelTheme(theme)} width={box.width} height={box.height} points={points} unit={unit} valueLabel={valueLabel} callout={resolveCallout(callout, points.map((p) => p.value))} portrait={layout.orientation === 'portrait'} u={box.u} /> : null)}
    </DataScene>
  );
};

/** What a bar chart's layout is planned from: its box, every label and value (the type is sized over all of them), and the rows one page shows. */
interface BarPlanInput {
  W: number;
  H: number;
  texts: string[];
  finals: string[];
  rows: number;
  valueLabel?: string;
  portrait: boolean;
  u: number;
  floor: number;
  body: string;
  figure: string;
  /** The height of a band over the bars that a called-out change takes (0: none). */
  band: number;
}

/**
 * How near the label floor (4.2% of the shorter side) a size counts as reaching it: fitText keeps
 * 2% off the size it may take, and 97% of 4.2%
 * is still over the 4% a reader needs.
 */
const REACH = 0.97;

/** The least room between a bar's label and its value on the line over the bar (the label is set left, the value right). */
const LABEL_VALUE_GAP = 16;

/**
 * The layout of `rows` bars in a box: columns, horizontal bars or bars stacked under their labels,
 * whichever gives the labels the larger type, and `score`, the size its labels and values reach.
 */
function planBars({ W, H, texts, finals, rows: n, valueLabel, portrait, u, floor, body, figure, band }: BarPlanInput) {
  const capH = valueLabel ? Math.round(Math.max(14, 30 * u)) : 0;
  const capGap = valueLabel ? Math.round(14 * u) : 0;
  const bandTop = capH + capGap;
  const top = bandTop + band;
  const innerH = H - top;
  const reaches = (size: number) => size >= floor * REACH;
  // Columns: labels under the bars, values over them.
  const slot = W / n;
  const colLabelZone = innerH * (portrait ? 0.2 : 0.26);
  // Few columns get larger type; none gets less than the floor.
  const labelMax = Math.max(floor, (n <= 4 ? 46 : n <= 7 ? 45 : 40) * u);
  const valueMax = Math.max(floor * 1.15, (n <= 4 ? 54 : n <= 7 ? 50 : 40) * u);
  const colLabel = uniformSize(texts, { width: slot - Math.max(8, slot * 0.1), height: colLabelZone, maxLines: 3, maxFontSize: labelMax, family: body, weight: 600, lineHeight: 1.15 });
  const colValue = uniformSize(finals, { width: slot * 0.94, height: valueMax * 1.2, maxLines: 1, maxFontSize: valueMax, family: figure, weight: 700, lineHeight: 1.15, fontVariantNumeric: 'tabular-nums' });
  const colScore = Math.min(colLabel, colValue * 0.9);

  // Horizontal bars: labels beside (landscape) or above with the value (portrait).
  const rowH = innerH / n;
  const rowsValue = uniformSize(finals, { width: W * 0.16, height: Math.min(rowH * 0.8, floor * 1.3), maxLines: 1, maxFontSize: Math.max(floor, 38 * u), family: figure, weight: 700, lineHeight: 1.15, fontVariantNumeric: 'tabular-nums' });
  // The label column is as narrow as lets the labels reach the floor on two lines, 28..44% of the width.
  const rowsLabelAt = (share: number) => uniformSize(texts, { width: Math.round(W * share), height: rowH * 0.94, maxLines: 2, maxFontSize: Math.max(floor, 36 * u), family: body, weight: 600, lineHeight: 1.15 });
  // When no width gets there (rows too short for the floor), the narrowest: the bars keep their room.
  const shares = [0.28, 0.32, 0.36, 0.4, 0.44];
  const rowsShare = shares.find((share) => reaches(rowsLabelAt(share))) ?? shares[0]!;
  const rowsLabelW = Math.round(W * rowsShare);
  const rowsLabel = rowsLabelAt(rowsShare);
  // The text over each bar takes what its lines at the floor need, up to 80% of the row (the
  // bar under it then keeps its minimum thickness, the next line's leading parting the rows).
  // Labels too long for one line at the floor beside their values (at most 30% of the width) take
  // two where the rows are tall enough.
  const stackLines = texts.some((t) => linesAt(t, { width: W * 0.7, height: 10000, maxLines: 2, maxFontSize: floor, family: body, weight: 600, lineHeight: 1.15 }) > 1) ? 2 : 1;
  const stackTextH = Math.max(rowH * 0.62, Math.min(rowH * 0.8, floor * 1.15 * stackLines * 1.04 + 4));
  const stackValue = uniformSize(finals, { width: W * 0.3, height: Math.min(stackTextH, floor * 1.35), maxLines: 1, maxFontSize: Math.max(floor, 40 * u), family: figure, weight: 700, lineHeight: 1.15, fontVariantNumeric: 'tabular-nums' });
  const stackValueW = widestText(finals, figure, 700, stackValue);
  const stackLabel = uniformSize(texts, { width: W - stackValueW - LABEL_VALUE_GAP * u, height: stackTextH, maxLines: 2, maxFontSize: Math.max(floor, 36 * u), family: body, weight: 600, lineHeight: 1.15 });
  // On a squarish box, bars under their labels (full width) beat a label column when they keep the
  // floor; so they do on any box where the label column cannot keep it.
  const stackScore = Math.min(stackLabel, stackValue);
  const squarish = !portrait && W < innerH * 2.2;
  const stackedSide = portrait || ((squarish || !reaches(Math.min(rowsLabel, rowsValue))) && reaches(stackScore));
  const singleScore = stackedSide ? stackScore : Math.min(rowsLabel, rowsValue);
  // Many bars in a wide box whose rows are too short for their labels: two columns of bars under
  // their labels, on one scale, read down the left column and then the right. Each row is then twice
  // as tall, so its label keeps the floor, its value on the label's line at the same size.
  const pairGap = Math.round(56 * u);
  const pairW = (W - pairGap) / 2;
  const pairRowH = innerH / Math.ceil(n / 2);
  // Rows too short for the labels at the floor give their text up to 80% of the row, the bar its
  // minimum (fitText keeps 2% off the size it may take, hence the 97%).
  const pairTight = uniformSize(texts, { width: pairW - widestText(finals, figure, 700, floor) - LABEL_VALUE_GAP * u, height: pairRowH * 0.72, maxLines: 2, maxFontSize: floor, family: body, weight: 600, lineHeight: 1.15 }) < floor * 0.97;
  const pairTextH = Math.max(pairRowH * 0.62, Math.min(pairRowH * (pairTight ? 0.8 : 0.72), floor * 1.15 * 2 + 4));
  const pairLabelAt = (valueW: number) => uniformSize(texts, { width: pairW - valueW - LABEL_VALUE_GAP * u, height: pairTextH, maxLines: 2, maxFontSize: Math.max(floor, 36 * u), family: body, weight: 600, lineHeight: 1.15 });
  let pairValue = uniformSize(finals, { width: pairW * 0.3, height: Math.min(pairTextH, floor * 1.2), maxLines: 1, maxFontSize: Math.max(floor, 40 * u), family: figure, weight: 700, lineHeight: 1.15, fontVariantNumeric: 'tabular-nums' });
  let pairLabel = pairLabelAt(widestText(finals, figure, 700, pairValue));
  // Labels squeezed by their values: the values come down to just over the labels' size, which
  // gives the labels the width back (a figure twice the size of its label reads as the heading).
  for (let step = 0; step < 3 && pairLabel * 1.15 < pairValue; step += 1) {
    pairValue = Math.max(pairLabel * 1.15, (pairLabel * 1.15 + pairValue) / 2);
    pairLabel = pairLabelAt(widestText(finals, figure, 700, pairValue));
  }
  const pairValueW = widestText(finals, figure, 700, pairValue);
  const pairScore = Math.min(pairLabel, pairValue);
  const paired = n >= 6 && !portrait && !reaches(singleScore) && pairScore > singleScore * 1.08;
  const sideScore = paired ? pairScore : singleScore;
  // Columns read best; horizontal bars win when columns would take the labels under the floor and
  // they do not, or when they give the labels clearly larger type.
  const colOk = reaches(colScore);
  const sideOk = reaches(sideScore);
  const mode: BarMode = (colOk || !sideOk) && colScore >= sideScore * (colOk ? (portrait ? 0.85 : 0.72) : 1) ? 'columns' : paired || stackedSide ? 'stacked' : 'rows';
  const score = mode === 'columns' ? colScore : sideScore;
  return { mode, score, capH, bandTop, top, innerH, slot, colLabel, colValue, rowH, rowsValue, rowsLabelW, rowsLabel, stackTextH, stackValue, stackValueW, stackLabel, pairGap, pairW, pairRowH, pairTextH, pairValue, pairLabel, pairValueW, paired };
}


/**
 * The body of a bar chart, drawn into a box of `width` × `height`: columns, horizontal bars or
 * bars stacked under their labels, whichever gives the labels the larger type. Bars too many for
 * their labels to keep the floor on one page show in pages, on one scale. `u` scales its sizes.
 */
export const BarChartBody: React.FC<{ theme: Theme; width: number; height: number; points: { label: string; value: number }[]; unit: string; valueLabel?: string; callout?: ResolvedCallout; portrait: boolean; u: number }> = ({ theme, width: W, height: H, points, unit, valueLabel, callout, portrait, u }) => {
  const decimals = decimalsOf(points.map((p) => p.value));
  const finals = points.map((p) => formatValue(p.value, unit, decimals));
  const texts = points.map((p) => p.label);
  // The smallest body type a chart label may take: 4.2% of the canvas's shorter side. A layout
  // whose labels would go under it loses to one that keeps them at it (labels wrap rather than
  // shrink), and bars too many for any layout to keep it show in pages.
  const floor = labelFloor(useLayout().unit);
  // A called-out change (or the series' growth) takes a band over the bars for its badge.
  const change = callout;
  const calloutFont = Math.max(floor * 1.35, 64 * u);
  const band = change ? calloutBadgeSize(change.text, theme.fonts.heading, calloutFont, u).height + Math.round(12 * u) : 0;
  const planFor = (rows: number) => planBars({ W, H, texts, finals, rows, valueLabel, portrait, u, floor, body: theme.fonts.body, figure: theme.fonts.heading, band });
  const later = laterPageTheme(theme);
  const settle = { first: barsSettle(theme, Math.ceil(points.length / 2)), later: barsSettle(later, Math.ceil(points.length / 2)) };
  const { pages, windows } = usePageCount(points.length, (rows) => planFor(rows).score >= floor * REACH, settle);
  const domain = domainOf(points.map((p) => p.value));
  if (!windows) return <BarChartPage theme={theme} W={W} H={H} plan={planFor(points.length)} points={points} unit={unit} decimals={decimals} domain={domain} valueLabel={valueLabel} change={change} calloutFont={calloutFont} narrate u={u} />;
  const ranges = pageRanges(points.length, pages);
  const plan = planFor(ranges[0]![1]);
  return (
    <Paged windows={windows} rise={24 * u}>
      {(page) => <BarChartPage theme={page === 0 ? theme : later} W={W} H={H} plan={plan} points={points.slice(...ranges[page]!)} unit={unit} decimals={decimals} domain={domain} valueLabel={valueLabel} change={page === pages - 1 && change ? shiftCallout(change, ranges[page]![0]) : undefined} calloutFont={calloutFont} narrate={false} u={u} />}
    </Paged>
  );
};

/** The frames a page of `rows` bars takes to settle: the body's delay, the stagger and the growth. */
function barsSettle(theme: Theme, rows: number): number {
  return Math.ceil(bodyDelay(theme) + staggerFor(theme, rows) * (rows - 1) + growFrames(theme) + 2);
}

/** The frames a bar grows over: 20..34. */
function growFrames(theme: Theme): number {
  return Math.min(34, Math.max(20, theme.motion.durationFrames * 1.6));
}

/** A callout on a page that starts at point `offset`: its indices on the page, when both points are on it. */
function shiftCallout(change: ResolvedCallout, offset: number): ResolvedCallout | undefined {
  return change.from >= offset ? { ...change, from: change.from - offset, to: change.to - offset } : undefined;
}

/**
 * One page of bars drawn to a plan, on the chart's scale. With `narrate` (a chart on one page) each
 * bar grows as the narration names it and the bar spoken about is emphasised, the others dimmed.
 */
const BarChartPage: React.FC<{ theme: Theme; W: number; H: number; plan: ReturnType<typeof planBars>; points: { label: string; value: number }[]; unit: string; decimals: number; domain: { lo: number; hi: number }; valueLabel?: string; change?: ResolvedCallout; calloutFont: number; narrate: boolean; u: number }> = ({ theme, W, H, plan, points, unit, decimals, domain, valueLabel, change, calloutFont, narrate, u }) => {
  const colors = kitColors(theme);
  const n = points.length;
  const { lo, hi } = domain;
  const hasNegative = lo < 0;
  const body = theme.fonts.body;
  const figure = theme.fonts.heading;
  const finals = points.map((p) => formatValue(p.value, unit, decimals));
  const texts = points.map((p) => p.label);
  const { mode, capH, bandTop, top, innerH, slot, colLabel, colValue, rowH, rowsValue, rowsLabelW, rowsLabel, stackTextH, stackValue, stackValueW, stackLabel, pairGap, pairW, pairRowH, pairTextH, pairValue, pairLabel, pairValueW, paired } = plan;
  const delay = bodyDelay(theme);
  const stagger = staggerFor(theme, n);
  // Bars grow over 20..34 frames after a stagger of at most 42: settled by frame ~95.
  const grow = growFrames(theme);
  const axis = mixColors(colors.muted, colors.background, 0.45);
  const fallback = points.map((_, i) => delay + i * stagger);
  const build = useNarrationBuild(narrate ? texts : [], fallback, { first: delay });
  const narrated = narrate && build.narrated;
  const enterAt = (i: number) => (narrated ? build.enter[i]! : fallback[i]!);
  const dim = (i: number) => (narrated ? 0.3 + 0.7 * build.emphasis(i) : 1);
  // The callout enters once the last bar has grown (or as the narration says it, if later).
  const grown = narrated ? enterAt(n - 1) + grow - 4 : Math.min(88, delay + stagger * (n - 1) + grow - 6);
  const calloutCue = useNarrationBuild(narrate && change ? [change.text] : [], [grown], { first: grown });
  const calloutDelay = Math.max(grown, narrated ? (calloutCue.enter[0] ?? grown) : grown);
  const badgeOnly = (text: string) => <SeriesCalloutMark theme={theme} text={text} a={{ x: W, top: bandTop }} b={{ x: W, top: bandTop }} level={bandTop + (top - bandTop - Math.round(12 * u)) / 2} boxWidth={W} boxHeight={H} fontSize={calloutFont} u={u} delay={calloutDelay} bracket={false} />;

  const caption = valueLabel ? (
    <Enter theme={theme} delay={delay} distance={16 * u} style={{ position: 'absolute', left: 0, top: 0 }}>
      <FittedText part="value-label" text={valueLabel} width={W} height={capH} maxLines={1} maxFontSize={26 * u} family={body} weight={600} color={colors.muted} />
    </Enter>
  ) : null;

  if (mode === 'columns') {
    const labelLines = Math.max(1, ...texts.map((t) => uniformLines(t, slot - Math.max(8, slot * 0.1), colLabel, body)));
    const labelH = Math.ceil(colLabel * 1.15 * labelLines) + 2;
    const valueH = Math.ceil(colValue * 1.15) + Math.round(12 * u);
    const labelsTop = H - labelH;
    const plotBottom = labelsTop - Math.round(16 * u);
    const plotOf = (from: number) => {
      const plotTop = from + valueH;
      const plotH = plotBottom - plotTop - (hasNegative ? valueH : 0);
      return { plotH, zeroY: Math.round(plotTop + (plotH * hi) / (hi - lo)) };
    };
    // The caption sits in the plot's top corner when the bars under it leave that corner empty
    // (a chart that rises to the right): the bars then take the height of its line as well.
    const capW = valueLabel ? Math.min(W, widestText([valueLabel], body, 600, 26 * u)) + Math.round(16 * u) : 0;
    const tucked = plotOf(0);
    const tuck = top > 0 && top === bandTop && points.every((p, i) => slot * (i + 0.02) >= capW || (p.value >= 0 && tucked.zeroY - barLength(p.value, tucked.plotH / (hi - lo), 1) - valueH >= top));
    const { plotH, zeroY } = tuck ? tucked : plotOf(top);
    // Bars at most 66% of their slot, and always at least MIN_BAR_GAP_PX apart.
    const barW = Math.max(MIN_BAR_PX, Math.min(Math.round(slot * 0.66), Math.round(240 * u), Math.floor(slot) - MIN_BAR_GAP_PX - 1));
    /** Where a callout's bracket meets bar `i`: over its value (a positive bar) or at the zero line (a negative one). */
    const columnAnchor = (i: number) => {
      const value = points[i]!.value;
      const length = barLength(value, plotH / (hi - lo), 1);
      return { x: slot * (i + 0.5), top: value < 0 ? zeroY : zeroY - length - valueH + Math.round(12 * u) - colValue * 0.15 };
    };
    return (
      <>
        {caption}
        <div data-kit-part="axis" style={{ position: 'absolute', left: 0, top: zeroY, width: W, height: Math.max(1, Math.round(2 * u)), background: axis }} />
        {points.map((point, i) => (
          <ColumnItem key={i} theme={theme} delay={enterAt(i)} dim={dim(i)} grow={grow} point={point} unit={unit} decimals={decimals} cx={slot * (i + 0.5)} slot={slot} barW={barW} zeroY={zeroY} scale={plotH / (hi - lo)} valueH={valueH} valueFont={colValue} labelTop={labelsTop} labelH={labelH} labelFont={colLabel} u={u} />
        ))}
        {change ? (
          <SeriesCalloutMark
            theme={theme}
            text={change.text}
            a={columnAnchor(change.from)}
            b={columnAnchor(change.to)}
            level={bandTop + (top - bandTop - Math.round(12 * u)) / 2}
            boxWidth={W}
            boxHeight={H}
            fontSize={calloutFont}
            u={u}
            delay={calloutDelay}
          />
        ) : null}
      </>
    );
  }

  const stacked = mode === 'stacked';
  // Stacked bars fill the box, or each of its two columns; a row is as tall as its column's share.
  const columns = stacked && paired ? 2 : 1;
  const perColumn = Math.ceil(n / columns);
  const colW = columns === 2 ? pairW : W;
  const lineH = columns === 2 ? pairRowH : rowH;
  const textH = columns === 2 ? pairTextH : stacked ? stackTextH : rowH;
  const valueW = stacked ? (columns === 2 ? pairValueW : stackValueW) : widestText(finals, figure, 700, rowsValue) + Math.round(6 * u);
  // Labels that all fit on one line take only the column their widest needs: the bars get the rest.
  const oneLine = texts.every((t) => linesAt(t, { width: rowsLabelW, height: 10000, maxLines: 2, maxFontSize: rowsLabel, family: body, weight: 600, lineHeight: 1.15 }) === 1);
  const labelW = stacked ? 0 : oneLine ? Math.min(rowsLabelW, widestText(texts, body, 600, rowsLabel) + Math.round(6 * u)) : rowsLabelW;
  const x0 = stacked ? 0 : labelW + Math.round(16 * u);
  const valueGap = Math.round(12 * u);
  // Beside the bars each value takes only its own width, so the bars get all the room the figures leave.
  const valueWs = finals.map((text) => (stacked ? valueW : widestText([text], figure, 700, rowsValue) + Math.round(6 * u)));
  const fit = stacked ? { scale: colW / (hi - lo), zeroX: Math.round((colW * -lo) / (hi - lo)) } : rowScale(points.map((p) => p.value), valueWs, x0, W, valueGap);
  const zeroX = fit.zeroX;
  const barT = Math.max(MIN_BAR_PX, Math.min(Math.round(stacked ? Math.min(lineH * 0.28, lineH * 0.94 - textH) : lineH * 0.64), Math.round(72 * u), Math.floor(lineH) - MIN_BAR_GAP_PX - 1));
  const axisW = Math.max(1, Math.round(2 * u));
  return (
    <>
      {caption}
      {Array.from({ length: columns }, (_, c) => (
        <div key={c} data-kit-part="axis" style={{ position: 'absolute', left: c * (pairW + pairGap) + zeroX - axisW, top, width: axisW, height: columns === 2 ? lineH * (c === 0 ? perColumn : n - perColumn) : innerH, background: axis }} />
      ))}
      {points.map((point, i) => (
        <RowItem
          key={i}
          theme={theme}
          delay={enterAt(i)}
          dim={dim(i)}
          grow={grow}
          point={point}
          unit={unit}
          decimals={decimals}
          stacked={stacked}
          left={Math.floor(i / perColumn) * (pairW + pairGap)}
          rowTop={top + lineH * (i % perColumn)}
          rowH={lineH}
          barT={barT}
          zeroX={zeroX}
          scale={fit.scale}
          width={colW}
          labelW={labelW}
          valueW={valueWs[i]!}
          valueFont={stacked ? (columns === 2 ? pairValue : stackValue) : rowsValue}
          labelFont={stacked ? (columns === 2 ? pairLabel : stackLabel) : rowsLabel}
          textH={textH}
          u={u}
        />
      ))}
      {change ? badgeOnly(change.text) : null}
    </>
  );
};

/** The smallest size of a chart's body text, in px, for a canvas `unit` (its shorter side / 1080): 4.2% of the shorter side. */
export function labelFloor(unit: number): number {
  return 45 * unit;
}

/**
 * The scale (px per unit) and zero line of horizontal bars that lets every value sit beside its
 * bar between `x0` and `right`, each value taking its own width `widths[i]` plus `gap`: the largest
 * scale for which the negative bars' figures clear `x0` and the positive ones' clear `right`.
 */
export function rowScale(values: number[], widths: number[], x0: number, right: number, gap: number): { scale: number; zeroX: number } {
  const bounds = (scale: number) => {
    let lo = x0;
    let hi = right;
    values.forEach((v, i) => {
      const length = Math.max(MIN_BAR_PX, Math.abs(v) * scale);
      if (v < 0) lo = Math.max(lo, x0 + length + gap + widths[i]!);
      else hi = Math.min(hi, right - length - gap - widths[i]!);
    });
    return { lo, hi };
  };
  let a = 0;
  let b = (right - x0) / Math.max(1e-9, ...values.map((v) => Math.abs(v)));
  for (let step = 0; step < 40; step += 1) {
    const m = (a + b) / 2;
    const { lo, hi } = bounds(m);
    if (lo <= hi) a = m;
    else b = m;
  }
  return { scale: a, zeroX: Math.round(bounds(a).lo) };
}

/** A bar's length in whole pixels: never shorter than MIN_BAR_PX, so a 0 is a visible, countable stub. */
function barLength(value: number, scale: number, progress: number): number {
  return Math.max(MIN_BAR_PX, Math.round(Math.abs(value) * scale * progress));
}

/** The lines a label takes at the chart's common label size. */
function uniformLines(text: string, width: number, size: number, family: string): number {
  return fitText({ text, width, height: 10000, maxLines: 3, maxFontSize: size, family, weight: 600, lineHeight: 1.15 }).lines.length;
}

const ColumnItem: React.FC<{
  theme: Theme;
  delay: number;
  /** Opacity while another bar is spoken about. @default 1 */
  dim?: number;
  grow: number;
  point: { label: string; value: number };
  unit: string;
  decimals: number;
  cx: number;
  slot: number;
  barW: number;
  zeroY: number;
  scale: number;
  valueH: number;
  valueFont: number;
  labelTop: number;
  labelH: number;
  labelFont: number;
  u: number;
}> = ({ theme, delay, dim = 1, grow, point, unit, decimals, cx, slot, barW, zeroY, scale, valueH, valueFont, labelTop, labelH, labelFont, u }) => {
  const colors = kitColors(theme);
  const progress = useReveal(delay, grow);
  const enter = useEntrance(theme, delay);
  const length = barLength(point.value, scale, progress);
  const negative = point.value < 0;
  const x = Math.round(cx - barW / 2);
  const y = negative ? zeroY : zeroY - length;
  const boxW = slot * 0.96;
  const valueGap = Math.round(10 * u);
  const labelW = slot - Math.max(8, slot * 0.1);
  return (
    <>
      <Bar color={colors.primary} x={x} y={y} width={barW} height={length} opacity={dim} />
      <div style={{ position: 'absolute', left: cx - boxW / 2, top: negative ? zeroY + length : zeroY - length - valueH, width: boxW, height: valueH, boxSizing: 'border-box', padding: negative ? `${valueGap}px 0 0` : `0 0 ${valueGap}px`, display: 'flex', alignItems: negative ? 'flex-start' : 'flex-end', opacity: enter * dim }}>
        <CountText part="bar-value" value={point.value} progress={progress} unit={unit} decimals={decimals} width={boxW} height={valueH - valueGap} maxFontSize={valueFont} family={theme.fonts.heading} weight={700} color={colors.text} align="center" />
      </div>
      <div style={{ opacity: dim }}>
        <Enter theme={theme} delay={delay} distance={14 * u} style={{ position: 'absolute', left: cx - labelW / 2, top: labelTop, width: labelW, height: labelH }}>
          <FittedText part="bar-label" text={point.label} width={labelW} height={labelH} maxLines={3} maxFontSize={labelFont} family={theme.fonts.body} weight={600} color={colors.muted} align="center" lineHeight={1.15} />
        </Enter>
      </div>
    </>
  );
};

const RowItem: React.FC<{
  theme: Theme;
  delay: number;
  /** Opacity while another bar is spoken about. @default 1 */
  dim?: number;
  grow: number;
  point: { label: string; value: number };
  unit: string;
  decimals: number;
  stacked: boolean;
  /** Stacked bars: the left edge of the row's column. */
  left?: number;
  rowTop: number;
  rowH: number;
  barT: number;
  zeroX: number;
  scale: number;
  width: number;
  labelW: number;
  valueW: number;
  valueFont: number;
  labelFont: number;
  textH: number;
  u: number;
}> = ({ theme, delay, dim = 1, grow, point, unit, decimals, stacked, left = 0, rowTop, rowH, barT, zeroX, scale, width, labelW, valueW, valueFont, labelFont, textH, u }) => {
  const colors = kitColors(theme);
  const progress = useReveal(delay, grow);
  const enter = useEntrance(theme, delay);
  const length = barLength(point.value, scale, progress);
  const negative = point.value < 0;
  const gap = Math.round(12 * u);
  if (stacked) {
    // Label and value share the line above the bar; the bar runs below them.
    const textTop = rowTop;
    const barTop = Math.round(rowTop + textH + (rowH - textH - barT) * 0.3);
    const labelWidth = width - valueW - LABEL_VALUE_GAP * u;
    // A chart of no negative values lays each bar on a faint track the length of the scale, as a
    // meter: a short bar reads as short against the whole, and a page of small values still spans
    // its column.
    const track = negative || zeroX > 0 ? null : <div data-kit-part="bar-track" style={{ position: 'absolute', left, top: barTop, width, height: barT, background: mixColors(colors.primary, colors.background, 0.86), opacity: enter }} />;
    return (
      <div style={{ opacity: dim }}>
        {track}
        <Enter theme={theme} delay={delay} distance={14 * u} style={{ position: 'absolute', left, top: textTop, width: labelWidth, height: textH, display: 'flex', alignItems: 'flex-end' }}>
          <FittedText part="bar-label" text={point.label} width={labelWidth} height={textH} maxLines={2} maxFontSize={labelFont} family={theme.fonts.body} weight={600} color={colors.text} lineHeight={1.15} />
        </Enter>
        <div style={{ position: 'absolute', left: left + width - valueW, top: textTop, width: valueW, height: textH, display: 'flex', alignItems: 'flex-end', opacity: enter }}>
          <CountText part="bar-value" value={point.value} progress={progress} unit={unit} decimals={decimals} width={valueW} height={textH} maxFontSize={valueFont} family={theme.fonts.heading} weight={700} color={colors.text} align="right" />
        </div>
        <Bar color={colors.primary} x={left + (negative ? zeroX - length : zeroX)} y={barTop} width={length} height={barT} />
      </div>
    );
  }
  const barTop = Math.round(rowTop + (rowH - barT) / 2);
  const valueBoxH = Math.min(rowH, valueFont * 1.3);
  return (
    <div style={{ opacity: dim }}>
      <Enter theme={theme} delay={delay} distance={14 * u} style={{ position: 'absolute', left: 0, top: rowTop, width: labelW, height: rowH, display: 'flex', alignItems: 'center', justifyContent: 'flex-end' }}>
        <FittedText part="bar-label" text={point.label} width={labelW} height={rowH * 0.9} maxLines={2} maxFontSize={labelFont} family={theme.fonts.body} weight={600} color={colors.text} align="right" lineHeight={1.15} />
      </Enter>
      <Bar color={colors.primary} x={negative ? zeroX - length : zeroX} y={barTop} width={length} height={barT} />
      <div style={{ position: 'absolute', left: negative ? zeroX - length - gap - valueW : zeroX + length + gap, top: rowTop + (rowH - valueBoxH) / 2, width: valueW, height: valueBoxH, display: 'flex', alignItems: 'center', opacity: enter }}>
        <CountText part="bar-value" value={point.value} progress={progress} unit={unit} decimals={decimals} width={valueW} height={valueBoxH} maxFontSize={valueFont} family={theme.fonts.heading} weight={700} color={colors.text} align={negative ? 'right' : 'left'} />
      </div>
    </div>
  );
};
