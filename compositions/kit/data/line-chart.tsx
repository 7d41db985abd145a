import React from 'react';
import { evolvePath } from '@remotion/paths';
import { Easing, interpolate, useCurrentFrame } from 'remotion';
import type { Theme } from '../../scene-props';
import { kitColors } from '../color';
import { useLayout } from '../layout';
import type { ChartProps } from './bar-chart';
import { bestFit, bodyDelay, chartPoints, CountText, DataScene, panelTheme, decimalsOf, Enter, formatValue, mixColors, staggerFor, uniformSize, useReveal, widestText } from './common';
import { FittedText } from '../fitted-text';
import { labelFloor } from './bar-chart';
import { useNarrationBuild } from '../narration-build';
import { calloutBadgeSize, SeriesCalloutMark } from './series-callout';
import { resolveCallout, type ResolvedCallout } from './series-callout-layout';

/** The value range a line is drawn over: from zero when the data is near it, else around the data. */
function lineDomain(values: number[]): { lo: number; hi: number } {
  const min = Math.min(...values);
  const max = Math.max(...values);
  if (max === min) return { lo: Math.min(0, min), hi: Math.max(min, 0) + (Math.abs(min) || 1) * (min >= 0 ? 1 : 0.2) };
  if (min >= 0 && min <= max * 0.45) return { lo: 0, hi: max };
  const pad = (max - min) * 0.18;
  return { lo: min - pad, hi: max + pad * 0.3 };
}

/** How much taller than its row a label's box may be when the points run down the canvas. */
const DOWN_LEAD = 1.25;

interface PlotPoint {
  x: number;
  y: number;
  label: string;
  value: number;
}

/**
 * A line chart of up to 12 values: the line draws itself, each point gets a dot, a value chip
 * that counts up and its label. Categories run across in landscape; when their labels or values
 * would be too small (many points on a narrow canvas) they run down the canvas instead.
 */
export const LineChart: React.FC<ChartProps> = ({ theme, title, labels, values, unit = '', valueLabel, source, kicker, callout }) => {
  const layout = useLayout();
  const points = chartPoints(labels, values);
  return (
    <DataScene theme={theme} seed={`line-${title}`} title={title} kicker={kicker} source={source} part="line-chart" panel>
      {(box) => (points.length > 0 ? <LineChartBody theme={panelTheme(theme)} width={box.width} height={box.height} points={points} unit={unit} valueLabel={valueLabel} callout={resolveCallout(callout, points.map((p) => p.value))} u={box.u} /> : null)}
    </DataScene>
  );
};

/**
 * The body of a line chart, drawn into a box of `width` × `height`: the line, its points, value
 * chips and labels, running across or down the box. `u` scales its sizes. The line draws on to
 * each point as the narration names it (its label), the point spoken about emphasised; a
 * `callout` (resolved: see resolveCallout) is bracketed once the line has drawn.
 */
export const LineChartBody: React.FC<{ theme: Theme; width: number; height: number; points: { label: string; value: number }[]; unit: string; valueLabel?: string; callout?: ResolvedCallout; u: number }> = ({ theme, width: W, height: H, points, unit, valueLabel, callout, u }) => {
  const colors = kitColors(theme);
  const n = points.length;
  const decimals = decimalsOf(points.map((p) => p.value));
  const finals = points.map((p) => formatValue(p.value, unit, decimals));
  const texts = points.map((p) => p.label);
  const body = theme.fonts.body;
  const figure = theme.fonts.heading;
  const capH = valueLabel ? Math.round(Math.max(14, 30 * u)) : 0;
  // A called-out change takes a band over the plot: its bracket runs across it, its badge on it.
  const change = callout;
  const calloutFont = Math.max(labelFloor(useLayout().unit) * 1.35, 64 * u);
  const badge = change ? calloutBadgeSize(change.text, theme.fonts.heading, calloutFont, u) : undefined;
  const bandTop = capH + (valueLabel ? Math.round(14 * u) : 0);
  const bandNeed = badge ? badge.height + Math.round(12 * u) : 0;
  // The labels are sized as without the band: across, the plot gives the band its height, not the
  // labels; down the canvas there is no band (the badge stands in a corner the line leaves empty).
  const labelRoomH = H - bandTop;
  const chipPad = 14 * u;
  const stroke = Math.max(2, 6 * u);
  const dotR = Math.max(4, 10 * u);

  // The smallest body type: 4.2% of the canvas's shorter side. Labels that would go under it run
  // on two staggered rows (across) or down the canvas; values that would go under it are shown
  // only on the key points (first, last, peak, low) at a readable size.
  const floor = labelFloor(useLayout().unit);
  const key = keyPoints(points.map((p) => p.value));
  const keyFinals = finals.filter((_, i) => key.has(i));

  // Across: labels under the points, value chips over them. Few points get larger type.
  const labelMax = Math.max(floor, (n <= 6 ? 44 : 38) * u);
  const valueMax = Math.max(floor, (n <= 6 ? 46 : 40) * u);
  const slot = W / n;
  const acrossAll = uniformSize(finals, { width: slot * 0.9 - chipPad * 2, height: valueMax * 1.2, maxLines: 1, maxFontSize: valueMax, family: figure, weight: 700, lineHeight: 1.15, fontVariantNumeric: 'tabular-nums' });
  // Key chips sit at least two slots apart, so each may take nearly two slots.
  const acrossKey = uniformSize(keyFinals, { width: Math.min(W * 0.4, slot * 1.8) - chipPad * 2, height: valueMax * 1.2, maxLines: 1, maxFontSize: valueMax, family: figure, weight: 700, lineHeight: 1.15, fontVariantNumeric: 'tabular-nums' });
  const acrossKeyOnly = acrossAll < floor * 0.999 && acrossKey > acrossAll;
  const acrossValue = acrossKeyOnly ? acrossKey : acrossAll;
  const plainLabel = uniformSize(texts, { width: slot * 0.92, height: labelRoomH * 0.18, maxLines: 2, maxFontSize: labelMax, family: body, weight: 600, lineHeight: 1.15 });
  // Staggered: the labels on two (or three) rows in turn, each as wide as two (three) slots, on one line.
  const staggerAt = (rows: number) => (n > rows ? uniformSize(texts, { width: slot * (rows - 0.16), height: Math.max(labelRoomH * 0.09, labelMax * 1.2), maxLines: 1, maxFontSize: labelMax, family: body, weight: 600, lineHeight: 1.15 }) : 0);
  // Each staggered label is centred under its point but kept on the canvas; labels on the same row
  // must keep clear of each other, else that stagger is not used.
  const spans = (rows: number, size: number) =>
    texts.map((t, i) => {
      const width = widestText([t], body, 600, size) + Math.round(4 * u);
      const left = Math.max(0, Math.min(W - width, slot * (i + 0.5) - width / 2));
      return { left, width, row: i % rows };
    });
  const staggerClear = (rows: number) => {
    const list = spans(rows, staggerAt(rows));
    return list.every((a, i) => i + rows >= n || a.left + a.width + 12 * u <= list[i + rows]!.left);
  };
  const staggerRows = staggerAt(2) >= floor * 0.999 || !staggerClear(3) ? 2 : 3;
  const staggerLabel = staggerClear(staggerRows) ? staggerAt(staggerRows) : 0;
  const staggered = plainLabel < floor * 0.999 && staggerLabel > plainLabel;
  const acrossLabel = staggered ? staggerLabel : plainLabel;
  // Down: labels in a column on the left, chips to the right of the points.
  const rowH = labelRoomH / n;
  const downLabelW = W * 0.3;
  // A row may be a little shorter than a line: labels then sit on a pitch of about 0.86 of their
  // size, close set like a list, rather than going under the floor (short labels such as months
  // have few ascenders and descenders to collide).
  const downLabel = uniformSize(texts, { width: downLabelW, height: Math.max(rowH * 0.94, Math.min(rowH * DOWN_LEAD, floor * 1.16)), maxLines: 2, maxFontSize: labelMax, family: body, weight: 600, lineHeight: 1.08 });
  const downAll = uniformSize(finals, { width: W * 0.22, height: Math.min(rowH * 0.62, valueMax * 1.2), maxLines: 1, maxFontSize: valueMax, family: figure, weight: 700, lineHeight: 1.15, fontVariantNumeric: 'tabular-nums' });
  const downKey = uniformSize(keyFinals, { width: W * 0.22, height: valueMax * 1.2, maxLines: 1, maxFontSize: valueMax, family: figure, weight: 700, lineHeight: 1.15, fontVariantNumeric: 'tabular-nums' });
  const downKeyOnly = downAll < floor * 0.999 && downKey > downAll;
  const downValue = downKeyOnly ? downKey : downAll;
  const acrossScore = Math.min(acrossLabel, acrossValue);
  const downScore = Math.min(downLabel, downValue);
  const across = n <= 2 || (acrossScore >= floor * 0.999 ? true : downScore >= floor * 0.999 ? false : acrossScore >= downScore * 0.8);
  const keyOnly = across ? acrossKeyOnly : downKeyOnly;
  const band = across ? bandNeed : 0;
  const top = bandTop + band;

  const { lo, hi } = lineDomain(points.map((p) => p.value));
  const valueFont = across ? acrossValue : downValue;
  const labelFont = across ? acrossLabel : downLabel;
  const chipH = Math.ceil(valueFont * 1.15 + 12 * u);
  const chipW = Math.min(across ? (keyOnly ? Math.min(W * 0.4, slot * 1.8) : slot * 0.9) : W * 0.22 + chipPad * 2, widestText(keyOnly ? keyFinals : finals, figure, 700, valueFont) + chipPad * 2);
  const gap = 16 * u;

  let plot: PlotPoint[];
  let labelBox: (i: number) => { left: number; top: number; width: number; height: number; align: 'left' | 'center' | 'right' };
  let chipBox: (i: number) => { left: number; top: number };
  let baseline: { x1: number; y1: number; x2: number; y2: number };
  let area: string;
  if (across) {
    const labelLines = staggered ? 1 : Math.max(1, ...texts.map((t) => bestFit(t, { width: slot * 0.92, height: 10000, maxLines: 2, maxFontSize: labelFont, family: body, weight: 600, lineHeight: 1.15 }).lines));
    const lineH = Math.ceil(labelFont * 1.15 * labelLines) + 2;
    const labelSpans = spans(staggerRows, labelFont);
    const labelH = staggered ? lineH * staggerRows + Math.round(6 * u) * (staggerRows - 1) : lineH;
    const plotTop = top + chipH + gap;
    const plotBottom = H - labelH - gap * 1.4;
    const y = (v: number) => plotBottom - ((v - lo) / (hi - lo)) * (plotBottom - plotTop);
    plot = points.map((p, i) => ({ x: slot * (i + 0.5), y: y(p.value), ...p }));
    labelBox = (i) => {
      if (!staggered) return { left: plot[i]!.x - (slot * 0.92) / 2, top: H - labelH, width: slot * 0.92, height: labelH, align: 'center' as const };
      // The labels step down a line in turn, each centred under its point and kept on the canvas.
      const span = labelSpans[i]!;
      return { left: span.left, top: H - labelH + span.row * (lineH + Math.round(6 * u)), width: span.width, height: lineH, align: 'center' as const };
    };
    chipBox = (i) => {
      const p = plot[i]!;
      const prev = plot[i - 1]?.y ?? -Infinity;
      const next = plot[i + 1]?.y ?? -Infinity;
      // A valley (both neighbours higher on screen) takes its chip below when there is room.
      const below = prev < p.y && next < p.y && p.y + gap + chipH <= plotBottom;
      return { left: Math.max(0, Math.min(W - chipW, p.x - chipW / 2)), top: below ? p.y + gap : p.y - gap - chipH };
    };
    baseline = { x1: 0, y1: plotBottom + dotR + 4 * u, x2: W, y2: plotBottom + dotR + 4 * u };
    area = `M ${plot[0]!.x} ${baseline.y1} ${plot.map((p) => `L ${p.x} ${p.y}`).join(' ')} L ${plot[n - 1]!.x} ${baseline.y1} Z`;
  } else {
    const plotLeft = downLabelW + gap * 2;
    const plotRight = W - chipW - gap;
    const x = (v: number) => plotLeft + ((v - lo) / (hi - lo)) * (plotRight - plotLeft);
    plot = points.map((p, i) => ({ x: x(p.value), y: top + rowH * (i + 0.5), ...p }));
    labelBox = (i) => {
      // A row a little shorter than a line still gets a box a line tall, centred on the row.
      const height = Math.max(rowH, Math.min(rowH * DOWN_LEAD, labelFont * 1.08 + 2));
      return { left: 0, top: top + rowH * (i + 0.5) - height / 2, width: downLabelW, height, align: 'left' as const };
    };
    chipBox = (i) => {
      const p = plot[i]!;
      return { left: Math.min(W - chipW, p.x + gap), top: p.y - chipH / 2 };
    };
    baseline = { x1: plotLeft - dotR - 4 * u, y1: top, x2: plotLeft - dotR - 4 * u, y2: H };
    area = `M ${baseline.x1} ${plot[0]!.y} ${plot.map((p) => `L ${p.x} ${p.y}`).join(' ')} L ${baseline.x1} ${plot[n - 1]!.y} Z`;
  }
  /** Where a callout's bracket meets point `i`: over its value chip, or over its dot when the chip is below it or not shown. */
  const anchor = (i: number) => {
    const p = plot[i]!;
    const chipTop = chipBox(i).top;
    const showsChip = !keyOnly || key.has(i);
    return { x: p.x, top: showsChip && chipTop < p.y ? chipTop : p.y - dotR - 4 * u };
  };
  const path = plot.length > 1 ? `M ${plot.map((p) => `${p.x} ${p.y}`).join(' L ')}` : `M ${plot[0]!.x} ${plot[0]!.y} l 0.01 0`;

  const delay = bodyDelay(theme);
  // Everything settles by frame ~90: the line draws over drawFrames, each chip counts up over 20.
  const drawFrames = Math.min(66, Math.max(36, theme.motion.durationFrames * 2.4));
  // Points enter as the narration names them (the line reaches each as its label is said), else
  // in step with the line drawing over drawFrames.
  const frame = useCurrentFrame();
  const fallback = points.map((_, i) => delay + 6 + (n > 1 ? (i / (n - 1)) * Math.min(40, drawFrames * 0.8) : 0));
  const build = useNarrationBuild(texts, fallback, { first: delay });
  const revealed = useReveal(delay, drawFrames);
  const draw = build.narrated && n > 1 ? interpolate(frame, build.enter.map((at, i) => at + (i === 0 ? 0 : 8)), build.enter.map((_, i) => i / (n - 1)), { easing: Easing.inOut(Easing.quad), extrapolateLeft: 'clamp', extrapolateRight: 'clamp' }) : revealed;
  const drawn = build.narrated ? (build.enter[n - 1] ?? delay) + 8 : delay + drawFrames;
  const calloutCue = useNarrationBuild(change ? [change.text] : [], [drawn], { first: drawn });
  const calloutDelay = Math.max(drawn - 4, build.narrated ? (calloutCue.enter[0] ?? drawn) : 0);
  const dim = (i: number) => 0.35 + 0.65 * build.emphasis(i);
  const dash = evolvePath(draw, path);
  const areaOpacity = interpolate(draw, [0.6, 1], [0, 0.14], { extrapolateLeft: 'clamp', extrapolateRight: 'clamp' });
  const stagger = staggerFor(theme, n, 30);
  const axis = mixColors(colors.muted, colors.background, 0.45);
  return (
    <>
      {valueLabel ? (
        <Enter theme={theme} delay={delay} distance={16 * u} style={{ position: 'absolute', left: 0, top: 0 }}>
          <FittedText part="value-label" text={valueLabel} width={W} height={capH} maxLines={1} maxFontSize={26 * u} family={body} weight={600} color={colors.muted} />
        </Enter>
      ) : null}
      <svg data-kit-part="line-plot" width={W} height={H} style={{ position: 'absolute', left: 0, top: 0, overflow: 'visible' }}>
        <line x1={baseline.x1} y1={baseline.y1} x2={baseline.x2} y2={baseline.y2} stroke={axis} strokeWidth={Math.max(1, 2 * u)} />
        <path d={area} fill={colors.primary} fillOpacity={areaOpacity} stroke="none" />
        <path data-kit-part="line" d={path} fill="none" stroke={colors.primary} strokeWidth={stroke} strokeLinecap="round" strokeLinejoin="round" strokeDasharray={dash.strokeDasharray} strokeDashoffset={dash.strokeDashoffset} />
        {plot.map((p, i) => {
          const at = n > 1 ? i / (n - 1) : 0;
          const shown = interpolate(draw, [at * 0.92, at * 0.92 + 0.08], [0, 1], { extrapolateLeft: 'clamp', extrapolateRight: 'clamp' });
          return <circle key={i} data-kit-part="point" cx={p.x} cy={p.y} r={dotR * shown} fill={colors.background} stroke={colors.primary} strokeWidth={Math.max(2, 5 * u)} />;
        })}
      </svg>
      {plot.map((p, i) => {
        const lb = labelBox(i);
        const chip = chipBox(i);
        return (
          <React.Fragment key={i}>
            <div style={{ opacity: dim(i) }}>
              <Enter theme={theme} delay={build.narrated ? build.enter[i]! : delay + i * stagger} distance={12 * u} style={{ position: 'absolute', left: lb.left, top: lb.top, width: lb.width, height: lb.height, display: 'flex', alignItems: across ? 'flex-start' : 'center' }}>
                <FittedText part="point-label" text={p.label} width={lb.width} height={lb.height} maxLines={staggered && across ? 1 : 2} maxFontSize={labelFont} family={body} weight={600} color={colors.muted} align={lb.align} lineHeight={across ? 1.15 : 1.08} />
              </Enter>
            </div>
            {keyOnly && !key.has(i) ? null : <ValueChip theme={theme} delay={build.enter[i]!} dim={dim(i)} left={chip.left} top={chip.top} width={chipW} height={chipH} value={p.value} unit={unit} decimals={decimals} fontSize={valueFont} pad={chipPad} u={u} />}
          </React.Fragment>
        );
      })}
      {change && badge ? (
        across ? (
          <SeriesCalloutMark
            theme={theme}
            text={change.text}
            a={anchor(change.from)}
            b={anchor(change.to)}
            level={bandTop + badge.height / 2}
            boxWidth={W}
            boxHeight={H}
            fontSize={calloutFont}
            u={u}
            delay={calloutDelay}
          />
        ) : (
          // Points running down the canvas: the badge stands at the right, by the rows whose values are low
          // (the top for a rising series, the foot for a falling one), where the chips stay left.
          <SeriesCalloutMark theme={theme} text={change.text} a={{ x: W, top: 0 }} b={{ x: W, top: 0 }} level={points[change.to]!.value >= points[change.from]!.value ? top + badge.height / 2 : H - badge.height / 2} boxWidth={W} boxHeight={H} fontSize={calloutFont} u={u} delay={calloutDelay} bracket={false} />
        )
      ) : null}
    </>
  );
};

/**
 * The points whose values a crowded chart still shows: the first, the last, the peak and the low,
 * in that order of priority, each at least two points from the others so their chips never touch.
 */
export function keyPoints(values: number[]): Set<number> {
  const n = values.length;
  if (n === 0) return new Set();
  const peak = values.indexOf(Math.max(...values));
  const low = values.indexOf(Math.min(...values));
  const out = new Set<number>();
  for (const i of [n - 1, 0, peak, low]) if ([...out].every((j) => Math.abs(j - i) >= 2)) out.add(i);
  return out;
}

/** A point's value on a small surface pill, counting up as the line reaches the point. */
const ValueChip: React.FC<{ theme: Theme; delay: number; dim?: number; left: number; top: number; width: number; height: number; value: number; unit: string; decimals: number; fontSize: number; pad: number; u: number }> = ({ theme, delay, dim = 1, left, top, width, height, value, unit, decimals, fontSize, pad, u }) => {
  const colors = kitColors(theme);
  const progress = useReveal(delay, 20);
  return (
    <div data-kit-part="point-value" style={{ position: 'absolute', left, top, width, height, boxSizing: 'border-box', borderRadius: height / 2, background: colors.surface, border: `${Math.max(1, 2 * u)}px solid ${colors.primary}`, display: 'flex', alignItems: 'center', justifyContent: 'center', opacity: Math.min(1, progress * 3) * dim, transform: `scale(${0.85 + 0.15 * progress})` }}>
      <CountText part="point-value-text" value={value} progress={progress} unit={unit} decimals={decimals} width={width - pad * 2} height={height - Math.max(2, 4 * u)} maxFontSize={fontSize} family={theme.fonts.heading} weight={700} color={colors.onSurface} align="center" />
    </div>
  );
};
