import React from 'react';
import type { Theme } from '../../scene-props';
import { backdropColors, kitColors, readableOn } from '../color';
import { useLayout } from '../layout';
import { useEntrance } from '../motion';
import type { ChartProps } from './bar-chart';
import { bodyDelay, categoryColors, chartPoints, cornerRadius, CountText, DataScene, decimalsOf, Enter, formatValue, isBanner, mixColors, staggerFor, uniformSize, useReveal, widestText } from './common';
import { FittedText } from '../fitted-text';

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
  return (
    <DataScene theme={theme} seed={`${donut ? 'donut' : 'pie'}-${title}`} title={title} kicker={kicker} source={source} part={donut ? 'donut-chart' : 'pie-chart'}>
      {(box) => (points.length > 0 ? <PieChartBody theme={theme} width={box.width} height={box.height} points={points} unit={unit} valueLabel={valueLabel} donut={donut} beside={layout.orientation !== 'portrait'} banner={isBanner(layout)} u={box.u} /> : null)}
    </DataScene>
  );
};

/**
 * The body of a pie or donut chart, drawn into a box of `width` × `height`: the pie and its legend,
 * side by side when `beside`, else stacked. `u` scales its sizes.
 */
export const PieChartBody: React.FC<{ theme: Theme; width: number; height: number; points: { label: string; value: number }[]; unit: string; valueLabel?: string; donut: boolean; beside: boolean; banner: boolean; u: number }> = ({ theme, width: W, height: H, points, unit, valueLabel, donut, beside, banner, u }) => {
  const colors = kitColors(theme);
  const n = points.length;
  const palette = categoryColors(theme, n);
  const decimals = decimalsOf(points.map((p) => p.value));
  const total = points.reduce((sum, p) => sum + Math.max(0, p.value), 0);
  const shares = points.map((p) => (total > 0 ? Math.max(0, p.value) / total : 0));
  const showShare = unit.trim() !== '%';
  const body = theme.fonts.body;
  const figure = theme.fonts.heading;

  const gapX = (banner ? 48 : 64) * u;
  const gapY = 44 * u;
  const capH = valueLabel ? Math.round(Math.max(14, 28 * u)) : 0;
  const capGap = valueLabel ? Math.round(12 * u) : 0;
  // Rows as tall as suits the count; the legend never stretches wider than it reads well.
  const rowTarget = (n <= 3 ? 96 : n <= 6 ? 76 : 60) * u;
  let D: number;
  let legendW: number;
  let legendH: number;
  let columns = 1;
  if (beside) {
    D = Math.floor(Math.min(H, W * (banner ? 0.42 : 0.46)));
    const room = W - D - gapX;
    columns = n > 5 && room >= 900 * u && (H - capH - capGap) / n < 56 * u ? 2 : 1;
    legendW = Math.min(room, columns === 2 ? 1200 * u : 700 * u);
    legendH = Math.min(H, capH + capGap + rowTarget * Math.ceil(n / columns));
  } else {
    columns = n > 8 && W >= 560 * u ? 2 : 1;
    const need = capH + capGap + rowTarget * Math.ceil(n / columns);
    D = Math.floor(Math.max(H * 0.36, Math.min(W * 0.84, H - need - gapY)));
    legendW = Math.min(W, columns === 2 ? W : 760 * u);
    legendH = Math.min(need, H - D - gapY);
  }
  const perColumn = Math.ceil(n / columns);
  const rowH = (legendH - capH - capGap) / perColumn;
  // The pie and legend are centred together.
  const groupW = beside ? D + gapX + legendW : Math.max(D, legendW);
  const groupH = beside ? Math.max(D, legendH) : D + gapY + legendH;
  const gx = (W - groupW) / 2;
  const gy = (H - groupH) / 2;
  const pie = beside ? { left: gx, top: gy + (groupH - D) / 2 } : { left: (W - D) / 2, top: gy };
  const legend = beside ? { left: gx + D + gapX, top: gy + (groupH - legendH) / 2, width: legendW } : { left: (W - legendW) / 2, top: gy + D + gapY, width: legendW };

  // The legend: one or two columns of rows, each swatch · label · value (· share).
  const colGap = 40 * u;
  const colW = (legendW - colGap * (columns - 1)) / columns;
  const swatch = Math.round(Math.min(rowH * 0.42, 32 * u));
  const textH = rowH * 0.86;
  const finals = points.map((p) => formatValue(p.value, unit, decimals));
  const shareTexts = shares.map((s) => `${formatValue(s * 100, '%', 0)}`);
  const valueMax = (n <= 3 ? 58 : n <= 6 ? 46 : 38) * u;
  const valueFont = uniformSize(finals, { width: colW * 0.3, height: Math.min(textH, valueMax * 1.2), maxLines: 1, maxFontSize: valueMax, family: figure, weight: 700, lineHeight: 1.15, fontVariantNumeric: 'tabular-nums' });
  const valueW = widestText(finals, figure, 700, valueFont);
  const shareFont = Math.min(valueFont * 0.72, uniformSize(shareTexts, { width: colW * 0.14, height: Math.min(textH, 40 * u), maxLines: 1, maxFontSize: 30 * u, family: body, weight: 600, lineHeight: 1.15, fontVariantNumeric: 'tabular-nums' }));
  const shareW = showShare ? widestText(shareTexts, body, 600, shareFont) : 0;
  const inner = 18 * u;
  const labelW = colW - swatch - inner - valueW - inner - (showShare ? shareW + inner : 0);
  const labelFont = uniformSize(
    points.map((p) => p.label),
    { width: labelW, height: textH, maxLines: 2, maxFontSize: (n <= 3 ? 44 : n <= 6 ? 38 : 34) * u, family: body, weight: 600, lineHeight: 1.15 },
  );

  const delay = bodyDelay(theme);
  const sweep = useReveal(delay, Math.max(40, theme.motion.durationFrames * 2.5));
  const stagger = staggerFor(theme, n, 36);
  const R = D / 2;
  const innerR = donut ? R * 0.58 : 0;
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
  return (
    <>
      <div data-kit-part={donut ? 'donut' : 'pie'} style={{ position: 'absolute', left: pie.left, top: pie.top, width: D, height: D, filter: theme.depth === '3d' ? `drop-shadow(0 ${12 * u}px ${18 * u}px rgba(0,0,0,0.3))` : undefined }}>
        <svg width={D} height={D} style={{ position: 'absolute', left: 0, top: 0 }}>
          {total > 0 ? (
            slices.map((slice, i) => {
              const end = Math.min(slice.a1, sweep * 360);
              if (end <= slice.a0 + 0.01) return null;
              return <path key={i} data-kit-part="slice" d={slicePath(R, R, R - separator / 2, innerR, slice.a0, end)} fill={palette[i]} stroke={colors.background} strokeWidth={separator} strokeLinejoin="round" />;
            })
          ) : (
            <path d={slicePath(R, R, R, innerR, 0, 360)} fill={mixColors(colors.muted, colors.background, 0.7)} fillRule="evenodd" />
          )}
        </svg>
        {donut && total > 0 ? (
          <div style={{ position: 'absolute', left: R - centerW / 2, top: R - centerW / 2, width: centerW, height: centerW, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 4 * u }}>
            <CountText part="donut-value" value={points[top]!.value} progress={sweep} unit={unit} decimals={decimals} width={centerW} height={centerW * 0.46} maxFontSize={110 * u} family={figure} weight={800} color={centerColor} align="center" />
            <Enter theme={theme} delay={delay + 20} distance={10 * u}>
              <FittedText part="donut-label" text={points[top]!.label} width={centerW} height={centerW * 0.4} maxLines={2} maxFontSize={30 * u} family={body} weight={600} color={colors.muted} align="center" lineHeight={1.15} />
            </Enter>
          </div>
        ) : null}
      </div>
      <div data-kit-part="legend" style={{ position: 'absolute', left: legend.left, top: legend.top, width: legend.width, height: legendH }}>
        {valueLabel ? (
          <Enter theme={theme} delay={delay} distance={12 * u} style={{ position: 'absolute', left: 0, top: 0 }}>
            <FittedText part="value-label" text={valueLabel} width={legend.width} height={capH} maxLines={1} maxFontSize={26 * u} family={body} weight={600} color={colors.muted} />
          </Enter>
        ) : null}
        {points.map((p, i) => {
          const column = Math.floor(i / perColumn);
          const row = i % perColumn;
          return (
            <LegendRow
              key={i}
              theme={theme}
              delay={delay + 6 + i * stagger}
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
              inner={inner}
              u={u}
            />
          );
        })}
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
  inner: number;
  u: number;
}> = ({ theme, delay, progress, left, top, width, height, color, swatch, label, labelW, labelFont, value, unit, decimals, valueW, valueFont, share, shareW, shareFont, textH, inner, u }) => {
  const colors = kitColors(theme);
  const enter = useEntrance(theme, delay);
  return (
    <Enter theme={theme} delay={delay} distance={16 * u} part="legend-item" style={{ position: 'absolute', left, top, width, height, display: 'flex', alignItems: 'center', gap: inner }}>
      <div data-kit-part="legend-swatch" style={{ flex: 'none', width: swatch, height: swatch, borderRadius: cornerRadius(theme, swatch, swatch / 2), background: color, transform: `scale(${enter})` }} />
      <FittedText part="legend-label" text={label} width={labelW} height={textH} maxLines={2} maxFontSize={labelFont} family={theme.fonts.body} weight={600} color={colors.text} lineHeight={1.15} style={{ flex: 'none' }} />
      <CountText part="legend-value" value={value} progress={progress} unit={unit} decimals={decimals} width={valueW} height={textH} maxFontSize={valueFont} family={theme.fonts.heading} weight={700} color={colors.text} align="right" style={{ flex: 'none' }} />
      {share !== undefined ? <CountText part="legend-share" value={share} progress={progress} unit="%" decimals={0} width={shareW} height={textH} maxFontSize={shareFont} family={theme.fonts.body} weight={600} color={colors.muted} align="right" style={{ flex: 'none' }} /> : null}
    </Enter>
  );
};
