import React from 'react';
import { Easing, Img, interpolate, useCurrentFrame, useVideoConfig } from 'remotion';
import type { Theme } from '../../scene-props';
import { kitColors, luminance, parseColor, readableOn } from '../color';
import { FitLines, FittedText, fitText } from '../fitted-text';
import { useLayout } from '../layout';
import { entranceStyle, useEntrance } from '../motion';
import { useNarrationBuild } from '../narration-build';
import { SceneFrame } from '../scene-frame';
import { bigNumberLayout, countedValue, figureText, stackTops } from './big-number-layout';
import { cornerRadius, mixColors, widestText } from './common';

/** Props of {@link BigNumber}. */
export interface BigNumberProps {
  theme: Theme;
  /** The figure, counted up from zero. */
  value: number;
  /** Drawn before the number ("$", "+"). @default '' */
  prefix?: string;
  /** Drawn after the number ("k", "%", "×", " users"). @default '' */
  suffix?: string;
  /** Decimals shown while counting and at the end. @default 0 */
  decimals?: number;
  /** What the figure counts, under it ("monthly active users"). */
  label: string;
  /** A line of context under the label ("up from 1,200 a year ago"). */
  context?: string;
  /** An image URL (a library illustration) shown beside or above the figure. */
  picture?: string;
  /** Small print over the figure ("2024", "Growth"). */
  kicker?: string;
  /** A source caption at the foot of the field. */
  source?: string;
}

/** The figure's digits: all one width (counting never shifts them) and lining, so no digit drops under the baseline into the label (old-style figures would). */
const FIGURE_NUMERALS = 'tabular-nums lining-nums';

/** Frames the figure counts over: 1.4 s, at least 40 frames. */
function countFrames(fps: number): number {
  return Math.max(40, Math.round(fps * 1.4));
}

/**
 * A big-number reveal: one figure as the hero, as wide as its field allows, counting up to its
 * value, on a colour field in the pack's primary colour (a card over the canvas, or a full-bleed
 * panel beside or under a picture); its label under it, an optional context line and small print.
 * The count starts as the narration names the figure (or after the field has entered); the
 * figure is sized once for its final text and the counting digits are set right-aligned in that
 * width (tabular), so nothing jitters or changes size as it counts.
 */
export const BigNumber: React.FC<BigNumberProps> = ({ theme, value, prefix = '', suffix = '', decimals = 0, label, context, picture, kicker, source }) => {
  const layout = useLayout();
  const frame = useCurrentFrame();
  const { fps } = useVideoConfig();
  const colors = kitColors(theme);
  const number = Number.isFinite(Number(value)) ? Number(value) : 0;
  const places = Math.max(0, Math.min(3, Math.round(Number(decimals) || 0)));
  const hasPicture = typeof picture === 'string' && picture.length > 0;
  const geo = bigNumberLayout({ width: layout.width, height: layout.height, picture: hasPicture });
  const { text: T, unit: u, align } = geo;
  const figureFamily = theme.fonts.heading;
  const bodyFamily = theme.fonts.body;
  const finalText = figureText(number, prefix, suffix, places);

  // Colours: the field in primary with a softer disc on it; every text checked against both.
  // The disc moves away from the ink (darker under light ink, lighter under dark), so it never costs the text contrast.
  // The field runs from primary to a deeper (or lighter) shade of it across the diagonal, away from the ink as well.
  const field = colors.primary;
  const firstInk = readableOn(field, colors.background);
  const away = luminance(parseColor(firstInk) ?? { r: 255, g: 255, b: 255, a: 1 }) > 0.4 ? '#000000' : '#FFFFFF';
  const fieldEnd = mixColors(colors.primary, away, 0.45);
  const disc = mixColors(colors.primary, away, 0.12);
  const on = [field, fieldEnd, disc];
  const ink = readableOn(on, firstInk);
  const quiet = readableOn(on, mixColors(ink, field, 0.22));
  const kickerInk = readableOn(on, colors.accent);

  // Type: the label, context and small print take the room their lines need; the figure the rest,
  // at most 60% of the column (a picture beside it leaves the figure the column's width).
  const floor = 0.044 * Math.min(layout.width, layout.height);
  const kickerSize = Math.max(24 * u, 30 * u);
  const kickerH = kicker ? Math.ceil(kickerSize * 1.3) : 0;
  const labelFit = fitText({ text: label, width: T.width, height: Math.max(floor, 70 * u) * 1.2 * 2, maxLines: 2, maxFontSize: Math.max(floor, 70 * u), family: bodyFamily, weight: 700, lineHeight: 1.2 });
  const contextFit = context ? fitText({ text: context, width: T.width, height: floor * 1.3 * 2, maxLines: 2, maxFontSize: Math.max(floor, 48 * u), family: bodyFamily, weight: 500, lineHeight: 1.3 }) : undefined;
  const sourceH = source ? Math.ceil(26 * u * 1.3) : 0;
  const gaps = { kicker: 18 * u, figure: 12 * u, label: 22 * u, context: 30 * u };
  const others = kickerH + (kicker ? gaps.kicker : 0) + gaps.figure + labelFit.height + (contextFit ? gaps.label + contextFit.height : 0) + (source ? gaps.context + sourceH : 0);
  const figureRoom = Math.max(60 * u, Math.min(T.height * 0.6, T.height - others));
  const figureFit = fitText({ text: finalText, width: T.width, height: figureRoom, maxLines: 1, maxFontSize: figureRoom / 1.15, family: figureFamily, weight: 800, lineHeight: 1.15, fontVariantNumeric: FIGURE_NUMERALS });
  // A little over the measured width: lining figures may run wider than the font's default ones.
  const figureW = Math.min(T.width, Math.ceil(widestText([finalText], figureFamily, 800, figureFit.fontSize) * 1.03));

  // Timing: the field first, then the count as the narration names the figure, the label as the
  // count lands, then the context.
  const count = countFrames(fps);
  const cues = [finalText, ...(context ? [context] : [])];
  const build = useNarrationBuild(cues, [10, 10 + Math.round(count * 0.8) + 8], { first: 8 });
  const countStart = build.enter[0] ?? 10;
  const labelDelay = countStart + Math.round(count * 0.55);
  const contextDelay = context ? Math.max(build.enter[1] ?? 0, labelDelay + 8) : 0;
  const enterField = useEntrance(theme, 0);
  const enterFigure = useEntrance(theme, countStart - 4);
  const enterLabel = useEntrance(theme, labelDelay);
  const enterContext = useEntrance(theme, contextDelay);
  const enterPicture = useEntrance(theme, 6);
  const progress = interpolate(frame - countStart, [0, count], [0, 1], { easing: Easing.out(Easing.cubic), extrapolateLeft: 'clamp', extrapolateRight: 'clamp' });
  const shown = figureText(countedValue(number, progress, places), prefix, suffix, places);

  // The figure stacks by its type size and a little (lining digits have no descenders; a comma's tail does), not its whole line box.
  const heights = [...(kicker ? [kickerH] : []), figureFit.fontSize * 1.1, labelFit.height, ...(contextFit ? [contextFit.height] : []), ...(source ? [sourceH] : [])];
  const gapList = [...(kicker ? [gaps.kicker] : []), gaps.figure, ...(contextFit ? [gaps.label] : []), ...(source ? [gaps.context] : [])];
  const tops = stackTops(T.y, T.height, heights, gapList);
  let row = 0;
  const kickerTop = kicker ? tops[row++]! : 0;
  const figureTop = tops[row++]!;
  const labelTop = tops[row++]!;
  const contextTop = contextFit ? tops[row++]! : 0;
  const sourceTop = source ? tops[row++]! : 0;
  const figureLeft = align === 'center' ? T.x + (T.width - figureW) / 2 : T.x;

  const { field: F } = geo;
  const radius = geo.bleeds ? 0 : cornerRadius(theme, Math.min(F.width, F.height), 56 * u);
  // The field wipes in from its open side: from the left beside a picture, from below under one; a card grows in place.
  const wipe = geo.bleeds ? (F.x === 0 && F.y === 0 ? `inset(0 ${(1 - enterField) * 100}% 0 0)` : `inset(${(1 - enterField) * 100}% 0 0 0)`) : undefined;
  const discR = Math.max(F.width, F.height) * 0.42;
  const P = geo.picture;
  return (
    <SceneFrame theme={theme} seed={`big-number-${label}`}>
      <div
        data-kit-bleed="number-field"
        style={{ position: 'absolute', left: F.x, top: F.y, width: F.width, height: F.height, overflow: 'hidden', borderRadius: radius, clipPath: wipe, opacity: geo.bleeds ? 1 : Math.min(1, enterField * 1.4), transform: geo.bleeds ? undefined : `scale(${0.94 + 0.06 * enterField})` }}
      >
        <svg data-kit-part="number-field" width={F.width} height={F.height} style={{ position: 'absolute', left: 0, top: 0 }}>
          <rect x={0} y={0} width={F.width} height={F.height} fill={field} />
        </svg>
        <div style={{ position: 'absolute', inset: 0, background: `linear-gradient(135deg, ${field}, ${fieldEnd})` }} />
        <div style={{ position: 'absolute', left: F.width * (align === 'left' ? 0.92 : 0.88) - discR, top: F.height * 0.12 - discR, width: discR * 2, height: discR * 2, borderRadius: '50%', background: disc }} />
      </div>
      {P ? (
        <div data-kit-part="stat-picture" style={{ position: 'absolute', left: P.x, top: P.y, width: P.width, height: P.height, borderRadius: '50%', background: mixColors(colors.primary, colors.background, 0.84), display: 'flex', alignItems: 'center', justifyContent: 'center', opacity: Math.min(1, enterPicture * 1.5), transform: `scale(${0.7 + 0.3 * enterPicture})` }}>
          <Img src={picture!} style={{ width: Math.round(P.width * 0.7), height: Math.round(P.height * 0.7), display: 'block' }} />
        </div>
      ) : null}
      {kicker ? (
        <div style={{ position: 'absolute', left: T.x, top: kickerTop, opacity: enterField }}>
          <FittedText part="kicker" text={kicker} width={T.width} height={kickerH} maxLines={1} maxFontSize={kickerSize} family={bodyFamily} weight={700} color={kickerInk} align={align} letterSpacing={0.08} uppercase />
        </div>
      ) : null}
      <div data-kit-part="big-number" style={{ position: 'absolute', left: figureLeft, top: figureTop, width: figureW, ...entranceStyle(theme, enterFigure, 40 * u) }}>
        <FitLines fit={{ ...figureFit, lines: [shown] }} width={figureW} family={figureFamily} weight={800} color={ink} lineHeight={1.15} align="right" part="figure" style={{ fontVariantNumeric: FIGURE_NUMERALS }} />
      </div>
      <div style={{ position: 'absolute', left: T.x, top: labelTop, ...entranceStyle(theme, enterLabel, 24 * u) }}>
        <FitLines fit={labelFit} width={T.width} family={bodyFamily} weight={700} color={ink} lineHeight={1.2} align={align} part="label" />
      </div>
      {contextFit ? (
        <div style={{ position: 'absolute', left: T.x, top: contextTop, ...entranceStyle(theme, enterContext, 18 * u) }}>
          <FitLines fit={contextFit} width={T.width} family={bodyFamily} weight={500} color={quiet} lineHeight={1.3} align={align} part="context" />
        </div>
      ) : null}
      {source ? (
        <div style={{ position: 'absolute', left: T.x, top: sourceTop, opacity: enterLabel }}>
          <FittedText part="source" text={source} width={T.width} height={sourceH} maxLines={1} maxFontSize={26 * u} family={bodyFamily} weight={400} color={quiet} align={align} />
        </div>
      ) : null}
    </SceneFrame>
  );
};
