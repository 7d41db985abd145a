/**
 * Two to six places in order, the largest first: each row a rank disc, a picture (when the items
 * have them), the label and a bar as long as its value, the value at the bar's end. Without values
 * the bars step down from first to last like a podium on its side. The rows rise in order from
 * first place and their bars grow; while the ranking holds, the pictures float and the winner's
 * disc pulses.
 */
import React from 'react';
import { useNarrationBuild } from '../narration-build';
import { useCurrentFrame, useVideoConfig } from 'remotion';
import type { Theme } from '../../scene-props';
import { kitColors, readableOn } from '../color';
import { FittedText } from '../fitted-text';
import { useLayout, type Layout } from '../layout';
import { idleSeconds, useEntrance } from '../motion';
import { bodyFloor, listOf, numberOf, pictureOf, PictureOrIcon, textOf, TitledScene } from '../lists/scene-parts';
import { bodyDelay, cornerRadius, decimalsOf, Enter, formatValue, mixColors, panelTheme, uniformSize, useReveal, widestText } from './common';

/** One place of a ranking. */
export interface RankingItem {
  label: string;
  value?: number;
  picture?: string;
}

/** Places a ranking shows at most. */
export const RANKING_MAX = 6;

/** The rows of a ranking in a body box: each a rank disc, a picture, and the label over its bar. */
export interface RankingRows {
  kind: 'rows';
  rowH: number;
  gap: number;
  disc: number;
  picture: number;
  /** Left edge of the label and bar, after the disc and picture. */
  contentLeft: number;
  labelW: number;
  labelH: number;
  barH: number;
  trackW: number;
}

/** The columns of a podium: each the value, the picture riding on its bar, the bar and the label under it. */
export interface RankingPodium {
  kind: 'podium';
  colW: number;
  gap: number;
  valueH: number;
  picture: number;
  barMax: number;
  barMin: number;
  labelH: number;
}

/** Places at most a tall canvas shows as a podium rather than rows. */
const PODIUM_MAX = 3;

/** A podium of columns for a few places on a tall canvas; otherwise one row per place, the label over the bar. */
export function rankingLayout(layout: Pick<Layout, 'ratio'>, n: number, pictured: boolean, valueW: number, width: number, height: number, u: number, floor: number): RankingRows | RankingPodium {
  if (layout.ratio < 0.95 && n <= PODIUM_MAX) {
    const gap = 36 * u;
    const colW = (width - gap * (n - 1)) / n;
    const valueH = Math.max(floor * 1.3, 70 * u);
    const labelH = Math.max(floor * 1.25 * 2, 120 * u);
    const picture = pictured ? Math.round(Math.min(colW * 0.7, height * 0.18)) : 0;
    const barMax = height - valueH - picture - labelH - 36 * u;
    return { kind: 'podium', colW, gap, valueH, picture, barMax, barMin: Math.max(floor * 2.8, 90 * u), labelH };
  }
  const gap = Math.min(22 * u, (height / n) * 0.14);
  const rowH = Math.min((height - gap * (n - 1)) / n, Math.max(240 * u, height * 0.42));
  const disc = Math.round(Math.min(rowH * 0.95, Math.max(rowH * 0.62, floor * 2.2), Math.max(84 * u, floor * 2.2)));
  const picture = pictured ? Math.round(Math.min(rowH * 0.92, 170 * u)) : 0;
  const space = 20 * u;
  const contentLeft = disc + space + (pictured ? picture + space : 0);
  const contentW = width - contentLeft;
  const labelH = Math.max(floor * 1.25, Math.min(rowH * 0.68, floor * 2.5));
  const barH = Math.max(8, Math.min(rowH - labelH - 8 * u, 56 * u));
  return { kind: 'rows', rowH, gap, disc, picture, contentLeft, labelW: contentW, labelH, barH, trackW: contentW - (valueW > 0 ? valueW + 16 * u : 0) };
}

/** The places in rank order: by value, largest first, when any has one; else as given. */
function rankedItems(items: unknown): RankingItem[] {
  const list = listOf<Record<string, unknown>>(items)
    .filter((item) => item && typeof item === 'object')
    .map((item) => ({ label: textOf(item.label), value: item.value === undefined || item.value === null || item.value === '' ? undefined : numberOf(item.value), picture: pictureOf(item.picture) }));
  const valued = list.some((item) => item.value !== undefined);
  const ordered = valued ? [...list].sort((a, b) => (b.value ?? -Infinity) - (a.value ?? -Infinity)) : list;
  return ordered.slice(0, RANKING_MAX);
}

export const Ranking: React.FC<{ theme: Theme; title?: string; kicker?: string; items: RankingItem[]; unit?: string }> = ({ theme, title, kicker, items, unit }) => {
  const shown = rankedItems(items);
  const heading = textOf(title);
  return (
    <TitledScene theme={theme} seed={`ranking-${heading}`} title={heading} kicker={textOf(kicker)} part="ranking" panel>
      {(box) => (shown.length > 0 ? <Rows theme={heading ? panelTheme(theme) : theme} items={shown} unit={textOf(unit)} width={box.width} height={box.height} u={box.u} /> : null)}
    </TitledScene>
  );
};

const Rows: React.FC<{ theme: Theme; items: RankingItem[]; unit: string; width: number; height: number; u: number }> = ({ theme, items, unit, width, height, u }) => {
  const layout = useLayout();
  const floor = bodyFloor(layout);
  const n = items.length;
  const values = items.map((item) => item.value);
  const valued = values.some((value) => value !== undefined);
  const decimals = decimalsOf(values.map((value) => value ?? 0));
  const valueTexts = items.map((item) => (item.value === undefined ? '' : formatValue(item.value, unit, decimals)));
  const valueFont = Math.max(floor, Math.min(56 * u, (height / n) * 0.3));
  const valueW = valued ? Math.min(width * 0.3, widestText(valueTexts, theme.fonts.heading, 800, valueFont)) : 0;
  const pictured = items.some((item) => item.picture);
  const boxes = rankingLayout(layout, n, pictured, valueW, width, height, u, floor);
  // Bars are as long as their values; without values they step down from first to last.
  const max = Math.max(0, ...values.map((value) => value ?? 0));
  const lengths = items.map((_, i) => (valued ? (max > 0 ? Math.max(0, values[i] ?? 0) / max : 0) : 1 - (i / Math.max(1, n - 1)) * 0.45));
  const start = bodyDelay(theme);
  const step = Math.min(theme.motion.staggerFrames * 1.5, 42 / n);
  const labels = items.map((item, i) => item.label || `#${i + 1}`);
  // Each row enters as the narration names it, the one spoken about emphasised and the others dimmed.
  const build = useNarrationBuild(labels, labels.map((_, i) => start + i * step), { first: start });
  const delayOf = (i: number) => build.enter[i] ?? start + i * step;
  const dim = (i: number) => 0.35 + 0.65 * build.emphasis(i);
  if (boxes.kind === 'podium') {
    const labelFont = Math.max(floor, uniformSize(labels, { width: boxes.colW, height: boxes.labelH, maxLines: 2, maxFontSize: 56 * u, family: theme.fonts.body, weight: 700, lineHeight: 1.18 }));
    const usedW = boxes.colW * n + boxes.gap * (n - 1);
    return (
      <div style={{ position: 'absolute', left: (width - usedW) / 2, top: 0, width: usedW, height }}>
        {items.map((item, i) => (
          <div key={i} style={{ opacity: dim(i) }}>
            <Column theme={theme} item={item} label={labels[i]!} rank={i + 1} boxes={boxes} left={i * (boxes.colW + boxes.gap)} height={height} length={lengths[i]!} valueText={valueTexts[i]!} valueFont={valueFont} labelFont={labelFont} delay={delayOf(i)} u={u} />
          </div>
        ))}
      </div>
    );
  }
  const labelFont = Math.max(floor, uniformSize(labels, { width: boxes.labelW, height: boxes.labelH, maxLines: 2, maxFontSize: 56 * u, family: theme.fonts.body, weight: 700, lineHeight: 1.12 }));
  const usedH = boxes.rowH * n + boxes.gap * (n - 1);
  return (
    <div style={{ position: 'absolute', left: 0, top: (height - usedH) / 2, width, height: usedH }}>
      {items.map((item, i) => (
        <div key={i} style={{ opacity: dim(i) }}>
          <Row theme={theme} item={item} label={labels[i]!} rank={i + 1} boxes={boxes} top={i * (boxes.rowH + boxes.gap)} length={lengths[i]!} valueText={valueTexts[i]!} valueFont={valueFont} valueW={valueW} labelFont={labelFont} delay={delayOf(i)} u={u} />
        </div>
      ))}
    </div>
  );
};

/** The fill of a place's bar and disc: the primary colour for the winner, paler down the ranks. */
function rankFill(colors: ReturnType<typeof kitColors>, rank: number): string {
  return rank === 1 ? colors.primary : mixColors(colors.primary, colors.background, 0.2 + 0.35 * ((rank - 2) / 4));
}

/** A halo that pulses around the winner's disc while the ranking holds. */
const Halo: React.FC<{ theme: Theme; size: number; grown: number }> = ({ theme, size, grown }) => {
  const frame = useCurrentFrame();
  const { fps } = useVideoConfig();
  const colors = kitColors(theme);
  const pulse = (Math.sin(idleSeconds(frame, fps, grown) * 3) + 1) / 2;
  const ring = size * (1.12 + 0.14 * pulse);
  return <div style={{ position: 'absolute', left: (size - ring) / 2, top: (size - ring) / 2, width: ring, height: ring, borderRadius: '50%', background: colors.primary, opacity: 0.18 + 0.12 * (1 - pulse) }} />;
};

/** A place's number on a disc: the primary colour for the winner, a pale one for the others, or `fill`. */
const RankDisc: React.FC<{ theme: Theme; rank: number; size: number; grown: number; fill?: string; style: React.CSSProperties }> = ({ theme, rank, size, grown, fill: given, style }) => {
  const colors = kitColors(theme);
  const fill = given ?? (rank === 1 ? colors.primary : mixColors(colors.primary, colors.background, 0.25));
  return (
    <div style={{ position: 'absolute', width: size, height: size, ...style }}>
      {rank === 1 ? <Halo theme={theme} size={size} grown={grown} /> : null}
      <div data-kit-part="icon-badge" style={{ position: 'absolute', inset: 0, borderRadius: '50%', background: fill, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <FittedText part="rank" text={String(rank)} width={size * 0.7} height={size * 0.66} maxLines={1} maxFontSize={size * 0.55} family={theme.fonts.heading} weight={800} color={readableOn(fill, rank === 1 ? colors.background : colors.text)} align="center" lineHeight={1.15} />
      </div>
    </div>
  );
};

const Row: React.FC<{ theme: Theme; item: RankingItem; label: string; rank: number; boxes: RankingRows; top: number; length: number; valueText: string; valueFont: number; valueW: number; labelFont: number; delay: number; u: number }> = ({
  theme,
  item,
  label,
  rank,
  boxes,
  top,
  length,
  valueText,
  valueFont,
  valueW,
  labelFont,
  delay,
  u,
}) => {
  const colors = kitColors(theme);
  const entered = useEntrance(theme, delay);
  const grow = useReveal(delay + 4, 30);
  const { rowH, disc, picture, contentLeft, labelW, labelH, barH, trackW } = boxes;
  const barW = Math.max(barH, trackW * length * grow);
  const blockTop = (rowH - labelH - barH - 8 * u) / 2;
  const barTop = blockTop + labelH + 8 * u;
  return (
    <Enter theme={theme} delay={delay} distance={36 * u} part="ranking-row" style={{ position: 'absolute', left: 0, top, width: '100%', height: rowH }}>
      <RankDisc theme={theme} rank={rank} size={disc} grown={grow} style={{ left: 0, top: (rowH - disc) / 2 }} />
      {picture > 0 ? <PictureOrIcon theme={theme} src={item.picture} label={label} size={picture} entered={entered} phase={rank * 1.3} style={{ position: 'absolute', left: disc + 20 * u, top: (rowH - picture) / 2 }} /> : null}
      <div style={{ position: 'absolute', left: contentLeft, top: blockTop, width: labelW, height: labelH, display: 'flex', alignItems: 'flex-end' }}>
        <FittedText part="ranking-label" text={label} width={labelW} height={labelH} maxLines={2} maxFontSize={labelFont} family={theme.fonts.body} weight={700} color={colors.text} lineHeight={1.12} />
      </div>
      <div data-kit-part="bar" style={{ position: 'absolute', left: contentLeft, top: barTop, width: barW, height: barH, borderRadius: cornerRadius(theme, barH, barH / 2), background: rankFill(colors, rank) }} />
      {valueText ? (
        // Centred on the bar, but inside the row: a pack whose rows enter through a clip would cut a
        // value that hangs below a low bar.
        <div style={{ position: 'absolute', left: contentLeft + barW + 16 * u, top: Math.max(0, Math.min(barTop + barH / 2 - valueFont * 0.6, rowH - valueFont * 1.2)), opacity: grow }}>
          <FittedText part="ranking-value" text={valueText} width={valueW} height={valueFont * 1.2} maxLines={1} maxFontSize={valueFont} family={theme.fonts.heading} weight={800} color={colors.text} lineHeight={1.15} />
        </div>
      ) : null}
    </Enter>
  );
};

/** A podium column: the bar grows up from the baseline carrying the picture, the value over it, the label under the baseline. */
const Column: React.FC<{ theme: Theme; item: RankingItem; label: string; rank: number; boxes: RankingPodium; left: number; height: number; length: number; valueText: string; valueFont: number; labelFont: number; delay: number; u: number }> = ({
  theme,
  item,
  label,
  rank,
  boxes,
  left,
  height,
  length,
  valueText,
  valueFont,
  labelFont,
  delay,
  u,
}) => {
  const colors = kitColors(theme);
  const entered = useEntrance(theme, delay);
  const grow = useReveal(delay + 4, 30);
  const { colW, valueH, picture, barMax, barMin, labelH } = boxes;
  const baseline = height - labelH - 16 * u;
  const barH = Math.max(barMin, barMin + (barMax - barMin) * length) * grow;
  const barTop = baseline - barH;
  const disc = Math.min(colW * 0.5, barMin * 0.8);
  const fill = rankFill(colors, rank);
  return (
    <Enter theme={theme} delay={delay} distance={36 * u} part="ranking-column" style={{ position: 'absolute', left, top: 0, width: colW, height }}>
      {valueText ? (
        <div style={{ position: 'absolute', left: 0, top: barTop - picture - valueH - 8 * u, width: colW, height: valueH, display: 'flex', alignItems: 'flex-end', opacity: grow }}>
          <FittedText part="ranking-value" text={valueText} width={colW} height={valueH} maxLines={1} maxFontSize={valueFont * 1.2} family={theme.fonts.heading} weight={800} color={colors.text} align="center" lineHeight={1.15} />
        </div>
      ) : null}
      {picture > 0 ? <PictureOrIcon theme={theme} src={item.picture} label={label} size={picture} entered={entered} phase={rank * 1.3} style={{ position: 'absolute', left: (colW - picture) / 2, top: barTop - picture - 4 * u }} /> : null}
      <div data-kit-part="bar" style={{ position: 'absolute', left: 0, top: barTop, width: colW, height: barH, borderRadius: `${cornerRadius(theme, colW, 28 * u)}px ${cornerRadius(theme, colW, 28 * u)}px 0 0`, background: fill }} />
      <RankDisc theme={theme} rank={rank} size={disc} grown={grow} fill={colors.background} style={{ left: (colW - disc) / 2, top: barTop + (barMin - disc) / 2, opacity: grow }} />
      <div style={{ position: 'absolute', left: 0, top: baseline + 16 * u, width: colW, height: labelH }}>
        <FittedText part="ranking-label" text={label} width={colW} height={labelH} maxLines={2} maxFontSize={labelFont} family={theme.fonts.body} weight={700} color={colors.text} align="center" lineHeight={1.18} />
      </div>
    </Enter>
  );
};
