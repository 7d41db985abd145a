/**
 * Two to four figures as big colour tiles that fill the body: side by side on wide canvases, two
 * by two or in a column on square and tall ones. Each tile is a solid field of one of the pack's
 * colours (primary, secondary, accent in turn: {@link statTileColors}) with its picture (or an icon
 * chosen from its label) on a light disc, a huge figure that counts up and a label under it. The
 * figures count up in turn as the narration names them, the one spoken about emphasised; while the
 * grid holds, the pictures float, each in its own phase.
 */
import React from 'react';
import { useNarrationBuild } from '../narration-build';
import { interpolate, Easing, useCurrentFrame } from 'remotion';
import type { Theme } from '../../scene-props';
import { kitColors, readableOn } from '../color';
import { FitLines, FittedText, fitText } from '../fitted-text';
import { useLayout } from '../layout';
import { useEntrance } from '../motion';
import { formatNumber } from '../stat-counter';
import { bodyFloor, listOf, numberOf, pictureOf, PictureOrIcon, textOf, TitledScene } from '../lists/scene-parts';
import { contrastRatio, parseColor } from '../color';
import { bodyDelay, cornerRadius, depthShadow, Enter, mixColors, uniformSize } from './common';
import { FALLBACK_ICON, iconFor } from './icons';
import { statGridLayout, statGridPictures, type StatGridBoxes } from './stat-grid-layout';

/** One figure of a stat grid. */
export interface GridStat {
  value: number;
  prefix?: string;
  suffix?: string;
  decimals?: number;
  label: string;
  picture?: string;
}

/** Figures a grid shows at most. */
export const STAT_GRID_MAX = 4;

function statsOf(stats: unknown): GridStat[] {
  return listOf<Record<string, unknown>>(stats)
    .filter((stat) => stat && typeof stat === 'object')
    .slice(0, STAT_GRID_MAX)
    .map((stat) => ({
      value: numberOf(stat.value),
      prefix: textOf(stat.prefix),
      suffix: textOf(stat.suffix),
      decimals: Math.max(0, Math.min(2, Math.round(numberOf(stat.decimals)))),
      label: textOf(stat.label),
      picture: pictureOf(stat.picture),
    }));
}

/** A figure as shown: millions and billions shortened (2.3M), others in full with their decimals. */
function figureText(stat: GridStat, value: number): string {
  const big = Math.abs(stat.value) >= 1e9 ? { div: 1e9, mark: 'B' } : Math.abs(stat.value) >= 1e6 ? { div: 1e6, mark: 'M' } : undefined;
  const body = big ? `${formatNumber(value / big.div, Number.isInteger(stat.value / big.div) ? 0 : 1)}${big.mark}` : formatNumber(value, stat.decimals);
  return `${stat.prefix}${body}${stat.suffix}`;
}

/** A tile's field and the ink its figure and label are set in. */
export interface StatTile {
  fill: string;
  ink: string;
}

/** How much a colour must be darkened (0..0.7, toward black) for white type to read on it. */
function darkeningForWhite(color: string): number {
  const white = parseColor('#FFFFFF')!;
  for (let t = 0; t <= 0.7; t += 0.05) {
    const fill = parseColor(mixColors(color, '#000000', t));
    if (fill && contrastRatio(white, fill) >= 4.9) return t;
  }
  return 0.7;
}

/**
 * The tiles' colours: the pack's primary, secondary and accent in turn, each a solid field. White
 * type where the colour takes it darkened by at most a fifth (a blue, a magenta); on a light colour
 * (a yellow, an amber, a mint) a deep shade of the colour itself, where that reads; else the colour
 * darkened until white reads. On a pack whose colours all need the same treatment the tiles still
 * differ in hue.
 */
export function statTileColors(palette: { primary: string; secondary: string; accent: string }, n: number): StatTile[] {
  const tile = (color: string): StatTile => {
    const darkening = darkeningForWhite(color);
    if (darkening <= 0.2) return { fill: mixColors(color, '#000000', darkening), ink: '#FFFFFF' };
    const deep = readableOn(color, mixColors(color, '#000000', 0.82), 4.7);
    const fill = parseColor(color);
    const ink = parseColor(deep);
    if (fill && ink && contrastRatio(fill, ink) >= 4.7) return { fill: color, ink: deep };
    return { fill: mixColors(color, '#000000', darkening), ink: '#FFFFFF' };
  };
  const colors = [palette.primary, palette.secondary, palette.accent];
  return Array.from({ length: n }, (_, i) => tile(colors[i % colors.length]!));
}

export const StatGrid: React.FC<{ theme: Theme; title?: string; kicker?: string; stats: GridStat[] }> = ({ theme, title, kicker, stats }) => {
  const shown = statsOf(stats);
  const heading = textOf(title);
  return (
    <TitledScene theme={theme} seed={`stat-grid-${heading}`} title={heading} kicker={textOf(kicker)} part="stat-grid">
      {(box) => (shown.length > 0 ? <Grid theme={theme} stats={shown} width={box.width} height={box.height} u={box.u} /> : null)}
    </TitledScene>
  );
};

const Grid: React.FC<{ theme: Theme; stats: GridStat[]; width: number; height: number; u: number }> = ({ theme, stats, width, height, u }) => {
  const layout = useLayout();
  const n = stats.length;
  const floor = bodyFloor(layout);
  // One kind of picture per grid: every tile's own illustration, or every label's line icon, or none.
  const pictures = statGridPictures(stats, (label) => iconFor(label) !== FALLBACK_ICON);
  const pictured = pictures !== 'none';
  const boxes = statGridLayout(n, { figureChars: Math.max(...stats.map((stat) => figureText(stat, stat.value).length)), labelChars: Math.max(...stats.map((stat) => stat.label.length)), wordChars: Math.max(0, ...stats.flatMap((stat) => stat.label.split(/\s+/).map((word) => word.length))), floor, pictured }, width, height, u);
  const { columns, rows, cellW, cellH, gap } = boxes;
  const heading = theme.fonts.heading;
  const figureFont = Math.min(
    ...stats.map((stat) => fitText({ text: figureText(stat, stat.value), width: boxes.textW, height: boxes.figureH, maxLines: 1, maxFontSize: 240 * u, family: heading, weight: 800, lineHeight: 1.1, fontVariantNumeric: 'tabular-nums' }).fontSize),
  );
  const labelFont = Math.max(
    floor,
    uniformSize(
      stats.map((stat) => stat.label),
      { width: boxes.textW, height: boxes.labelH, maxLines: 4, maxFontSize: Math.max(floor, Math.min(52 * u, figureFont * 0.5)), family: theme.fonts.body, weight: 600, lineHeight: 1.2 },
    ),
  );
  const colors = kitColors(theme);
  const tiles = statTileColors(colors, n);
  const gridW = cellW * columns + gap * (columns - 1);
  const gridH = cellH * rows + gap * (rows - 1);
  const start = bodyDelay(theme);
  const step = Math.min(18, 54 / n);
  // Each card enters as the narration names its label (or its figure), the one spoken about emphasised.
  const build = useNarrationBuild(
    stats.map((stat) => stat.label || figureText(stat, stat.value)),
    stats.map((_, i) => start + i * step),
    { first: start },
  );
  return (
    <div style={{ position: 'absolute', left: (width - gridW) / 2, top: (height - gridH) / 2, width: gridW, height: gridH }}>
      {stats.map((stat, i) => (
        <div key={i} style={{ opacity: 0.35 + 0.65 * build.emphasis(i) }}>
        <StatCard
          key={i}
          theme={theme}
          stat={stat}
          tile={tiles[i]!}
          boxes={boxes}
          left={(i % columns) * (cellW + gap)}
          top={Math.floor(i / columns) * (cellH + gap)}
          delay={build.enter[i] ?? start + i * step}
          picture={pictures === 'pictures' ? stat.picture : undefined}
          figureFont={figureFont}
          labelFont={labelFont}
          index={i}
          u={u}
        />
        </div>
      ))}
    </div>
  );
};

const StatCard: React.FC<{ theme: Theme; stat: GridStat; tile: StatTile; boxes: StatGridBoxes; left: number; top: number; delay: number; picture: string | undefined; figureFont: number; labelFont: number; index: number; u: number }> = ({
  theme,
  stat,
  tile,
  boxes,
  left,
  top,
  delay,
  picture: src,
  figureFont,
  labelFont,
  index,
  u,
}) => {
  const frame = useCurrentFrame();
  const entered = useEntrance(theme, delay + 4);
  const counted = interpolate(frame, [delay + 6, delay + 36], [0, 1], { easing: Easing.out(Easing.cubic), extrapolateLeft: 'clamp', extrapolateRight: 'clamp' });
  const { cellW, cellH, pad, beside, picture, textW, figureH, labelH, meterH } = boxes;
  const align = beside ? 'left' : 'center';
  const figureFit = fitText({ text: figureText(stat, stat.value), width: textW, height: figureH, maxLines: 1, maxFontSize: figureFont, family: theme.fonts.heading, weight: 800, lineHeight: 1.1, fontVariantNumeric: 'tabular-nums' });
  const { fill, ink } = tile;
  // The picture stands on a light disc of the tile's colour; the disc's shade of the colour draws a fallback icon.
  const disc = mixColors(fill, '#FFFFFF', 0.8);
  const radius = cornerRadius(theme, Math.min(cellW, cellH), 44 * u);
  // A large disc of the tile's own colour, a shade away from its ink (so the type reads on it as
  // well), bleeds off its top corner: the tile reads as a poster, not a flat card.
  const ring = Math.round(Math.min(cellW, cellH) * 0.62);
  const discColor = mixColors(fill, ink === '#FFFFFF' ? '#000000' : '#FFFFFF', 0.1);
  // Drawn as a gradient on a rect the tile's size (an svg, the tile's visual), so nothing leaves the tile.
  const glowId = `stat-tile-glow-${React.useId().replace(/:/g, '')}`;
  return (
    <Enter
      theme={theme}
      delay={delay}
      distance={30 * u}
      part="stat-card"
      style={{ position: 'absolute', left, top, width: cellW, height: cellH, boxSizing: 'border-box', padding: pad, borderRadius: radius, backgroundColor: fill, boxShadow: depthShadow(theme, u), overflow: 'hidden', display: 'flex', flexDirection: beside ? 'row' : 'column', alignItems: 'center', justifyContent: 'center', gap: beside ? pad : pad * 0.6, paddingBottom: pad * 1.5 + meterH }}
    >
      <svg data-kit-part="stat-tile-disc" width={cellW} height={cellH} style={{ position: 'absolute', left: 0, top: 0 }}>
        <defs>
          <radialGradient id={glowId} gradientUnits="userSpaceOnUse" cx={cellW * 0.92} cy={cellH * 0.02} r={ring}>
            <stop offset={0.995} stopColor={discColor} />
            <stop offset={1} stopColor={discColor} stopOpacity={0} />
          </radialGradient>
        </defs>
        <rect width={cellW} height={cellH} fill={`url(#${glowId})`} />
      </svg>
      {picture > 0 ? (
        <div style={{ position: 'relative', flex: 'none', width: picture, height: picture, borderRadius: '50%', background: disc, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
          <PictureOrIcon theme={{ ...theme, palette: { ...theme.palette, primary: mixColors(fill, '#000000', 0.2), surface: disc } }} src={src} label={stat.label} size={Math.round(picture * 0.74)} entered={entered} phase={index * 1.7} />
        </div>
      ) : null}
      <div style={{ position: 'relative', width: textW, display: 'flex', flexDirection: 'column', alignItems: beside ? 'flex-start' : 'center', gap: 8 * u }}>
        <FitLines fit={{ ...figureFit, lines: [figureText(stat, stat.value * counted)] }} width={textW} family={theme.fonts.heading} weight={800} color={ink} lineHeight={1.1} align={align} part="figure" style={{ fontVariantNumeric: 'tabular-nums' }} />
        {stat.label ? <FittedText part="stat-label" text={stat.label} width={textW} height={labelH} maxLines={4} maxFontSize={labelFont} family={theme.fonts.body} weight={600} color={ink} align={align} lineHeight={1.2} /> : null}
      </div>
      <div data-kit-part="meter" style={{ position: 'absolute', left: pad, right: pad, bottom: pad, height: meterH, borderRadius: meterH / 2, background: mixColors(fill, ink, 0.3) }}>
        <div style={{ width: `${counted * 100}%`, height: '100%', borderRadius: meterH / 2, background: ink }} />
      </div>
    </Enter>
  );
};
