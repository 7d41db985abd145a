import React from 'react';
import { Img, useCurrentFrame, useVideoConfig } from 'remotion';
import type { Theme } from '../../scene-props';
import { kitColors, readableOn } from '../color';
import { useLayout } from '../layout';
import { idleSeconds, useEntrance } from '../motion';
import { bodyDelay, cornerRadius, DataScene, depthShadow, Enter, isBanner, staggerFor } from './common';
import { FittedText, fitText } from '../fitted-text';
import { StepMark } from '../initial-mark';

/** One side of a comparison: a heading, up to five points and an optional picture. */
export interface ComparisonSide {
  title: string;
  points: string[];
  /** A picture for the side (an image URL such as a visual library illustration); else an icon picked from its title. */
  picture?: string;
}

function sideOf(side: ComparisonSide | undefined): ComparisonSide {
  return {
    title: String(side?.title ?? ''),
    points: (Array.isArray(side?.points) ? side.points : []).slice(0, 5).map(String),
    ...(typeof side?.picture === 'string' && side.picture ? { picture: side.picture } : {}),
  };
}

/**
 * Two things compared: two cards, each with a colored band holding the side's visual (its
 * `picture`, else its number) over its title, and up to five points beside
 * the band. The cards stand side by side on wide canvases and stack on square and tall ones; the
 * bands sit on the outer edges (left on the first card, right on the second), so the pair reads
 * as a mirrored "this versus that" and stays centred.
 */
export const Comparison: React.FC<{ theme: Theme; title: string; left: ComparisonSide; right: ComparisonSide; kicker?: string }> = ({ theme, title, left, right, kicker }) => {
  const layout = useLayout();
  const sides = [sideOf(left), sideOf(right)];
  return (
    <DataScene theme={theme} seed={`compare-${title}`} title={title} kicker={kicker} part="comparison">
      {(box) => <Panels theme={theme} width={box.width} height={box.height} sides={sides} banner={isBanner(layout)} u={box.u} />}
    </DataScene>
  );
};

const POINT_LINE = 1.16;
/** The points' line height when they are set close (see TIGHT_POINT_GAP). */
const TIGHT_POINT_LINE = 1.1;
const TITLE_LINE = 1.12;
/** Space between points, in ems of their type; closer when the points would otherwise drop under readable type. */
const POINT_GAP = 0.32;
const TIGHT_POINT_GAP = 0.16;

interface PanelsPlan {
  beside: boolean;
  panelWs: number[];
  panelH: number[];
  bandW: number;
  disc: number[];
  titleFont: number;
  titleH: number;
  pointFont: number;
  pointsH: number[];
  /** Space between one point and the next, in px, and the points' line height. */
  pointGap: number;
  pointLine: number;
  gap: number;
  pad: number;
  space: number;
  marker: number;
  markerGap: number;
  textWs: number[];
}

/** Lines a point takes at a type size in a column of `width`. */
function pointLines(text: string, width: number, size: number, family: string, lineHeight = POINT_LINE): number {
  return fitText({ text, width, height: 100000, maxLines: 8, maxFontSize: size, family, weight: 500, lineHeight }).lines.length;
}

/**
 * Sizes the cards for a band of `bandW`: the largest point type at which both cards' points fit
 * beside their bands (side by side each card has the body's height; stacked they share it), then
 * the bands' visuals as large as the room left allows.
 */
function planWith(theme: Theme, sides: ComparisonSide[], W: number, H: number, u: number, banner: boolean, beside: boolean, bandFraction: number, split: number, tight = false): PanelsPlan {
  // Tight: the points sit closer together, and the cards and bands close up around them, so long
  // points keep readable type.
  const gap = (beside ? 40 : tight ? 16 : 22) * u;
  const pad = (banner ? 18 : beside ? 24 : tight ? 10 : 18) * u;
  const pointGapEm = tight ? TIGHT_POINT_GAP : POINT_GAP;
  const pointLine = tight ? TIGHT_POINT_LINE : POINT_LINE;
  const space = (banner ? 12 : beside ? 18 : tight ? 10 : 14) * u;
  const panelWs = beside ? [(W - gap) * split, (W - gap) * (1 - split)] : [W, W];
  const bandW = Math.round(Math.min(...panelWs) * bandFraction);
  const markerGap = (tight ? 14 : 18) * u;
  const titleW = bandW - space * 2;
  const titleFont = Math.min(
    ...sides.map((s) => (s.title ? fitText({ text: s.title, width: titleW, height: 1000, maxLines: 2, maxFontSize: 52 * u, family: theme.fonts.heading, weight: 800, lineHeight: TITLE_LINE }).fontSize : 52 * u)),
  );
  const titleLines = Math.max(1, ...sides.map((s) => (s.title ? fitText({ text: s.title, width: titleW, height: 100000, maxLines: 2, maxFontSize: titleFont, family: theme.fonts.heading, weight: 800, lineHeight: TITLE_LINE }).lines.length : 0)));
  const titleH = titleFont * TITLE_LINE * titleLines;
  const minDisc = bandW * (tight ? 0.2 : 0.25);
  const bandMinH = minDisc + titleH + space * 3;
  const bandFullH = bandW - space * 2 + titleH + space * 3;
  // Few short points take larger type (up to 56 px at 1080p, under the heading's size), long lists less.
  let pointFont = 56 * u;
  let pointsH: number[] = [];
  let marker = 0;
  let textWs = [0, 0];
  for (; pointFont > 8; pointFont *= 0.97) {
    marker = Math.round(Math.max(6, pointFont * 0.42));
    textWs = panelWs.map((w) => w - bandW - pad * 2 - marker - markerGap);
    pointsH = sides.map((s, i) => s.points.reduce((sum, p) => sum + pointLines(p, textWs[i]!, pointFont, theme.fonts.body, pointLine) * pointFont * pointLine, 0) + Math.max(0, s.points.length - 1) * pointFont * pointGapEm);
    const need = pointsH.map((h) => Math.max(h + pad * 2, bandMinH));
    const fits = beside ? Math.max(...need) <= H : need[0]! + need[1]! + gap <= H;
    if (fits) break;
  }
  let panelH: number[];
  if (beside) {
    // The cards stand at least three quarters of the body's height: two short cards in a tall box
    // leave bands of empty canvas over and under them.
    const h = Math.min(H, Math.max(bandFullH, H * 0.75, ...pointsH.map((p) => p + pad * 2)));
    panelH = [h, h];
  } else {
    const base = pointsH.map((p) => Math.max(p + pad * 2, bandMinH));
    const want = base.map((b) => Math.max(0, bandFullH - b));
    const extra = Math.max(0, H - gap - base[0]! - base[1]!);
    const share = Math.min(1, extra / Math.max(1, want[0]! + want[1]!));
    panelH = base.map((b, i) => b + want[i]! * share);
    // Stacked cards, too, stand at least three quarters of the body's height together.
    const room = (H - gap) * 0.75;
    const total = panelH[0]! + panelH[1]!;
    if (total < room) panelH = panelH.map((h) => h + ((room - total) * h) / total);
  }
  const disc = panelH.map((h) => Math.max(8, Math.min(bandW - space * 2, h - titleH - space * 3)));
  return { beside, panelWs, panelH, bandW, disc, titleFont, titleH, pointFont, pointsH, pointGap: pointFont * pointGapEm, pointLine, gap, pad, space, marker, markerGap, textWs };
}

/**
 * The cards' plan: of a few band widths, the widest whose points still reach readable type (4% of
 * the canvas's shorter side) and, side by side, whose two visuals together cover a fifth of the
 * canvas; where none does, the same with the points set closer together (five long points on a
 * square); else the one with the largest points.
 */
function planPanels(theme: Theme, sides: ComparisonSide[], W: number, H: number, u: number, banner: boolean, canvas: { width: number; height: number }): PanelsPlan {
  const beside = W / Math.max(1, H) >= 1.6;
  const readable = Math.min(canvas.width, canvas.height) * 0.0415;
  // Side by side the visuals' box is as wide as the body: its height is the disc.
  const targetDisc = beside ? (0.21 * canvas.width * canvas.height) / W : 0;
  const fractions = beside ? [0.46, 0.42, 0.38, 0.34, 0.3, 0.26] : [0.3, 0.27, 0.24, 0.21];
  // Side by side, the card with more to say may take more of the width.
  const weight = sides.map((s) => s.points.join(' ').length);
  const splits = beside ? (weight[0]! >= weight[1]! ? [0.5, 0.55, 0.6] : [0.5, 0.45, 0.4]) : [0.5];
  const plans: PanelsPlan[] = [];
  // A band's title is text too: a narrower band must still hold it at readable type.
  const legible = (p: PanelsPlan) => p.pointFont * 0.98 >= readable && p.titleFont * 0.98 >= readable;
  for (const tight of [false, true]) {
    const tried: PanelsPlan[] = [];
    for (const split of splits) {
      for (const fraction of tight && !beside ? [0.3, 0.27, 0.24, 0.22, 0.2] : fractions) {
        const plan = planWith(theme, sides, W, H, u, banner, beside, fraction, split, tight);
        if (legible(plan) && Math.min(...plan.disc) >= targetDisc) return plan;
        tried.push(plan);
      }
    }
    const readablePlans = tried.filter((p) => p.pointFont * 0.98 >= readable);
    if (readablePlans.length > 0) return readablePlans.reduce((best, p) => (Math.min(...p.disc) > Math.min(...best.disc) ? p : best));
    plans.push(...tried);
  }
  // Else the plan whose smaller text, a point or a band's title, is largest.
  const smaller = (p: PanelsPlan) => Math.min(p.pointFont, p.titleFont);
  return plans.reduce((best, p) => (smaller(p) > smaller(best) ? p : best));
}

/** A side's visual: its picture in a disc, floating in sixth-of-a-second steps, or its icon resting in the disc. */
const SideVisual: React.FC<{ theme: Theme; side: ComparisonSide; index: number; size: number; fill: string; delay: number }> = ({ theme, side, index, size, fill, delay }) => {
  const colors = kitColors(theme);
  const enter = useEntrance(theme, delay);
  const { fps } = useVideoConfig();
  const seconds = idleSeconds(useCurrentFrame(), fps, enter);
  const float = side.picture ? Math.sin(seconds * 1.3) * size * 0.025 : 0;
  // A side without a picture (the node chose pictures by meaning) shows its number (1, 2): never a
  // letter, nor an icon guessed from a word of its title.
  return (
    <div
      data-kit-part="icon-disc"
      style={{ flex: 'none', width: size, height: size, borderRadius: '50%', background: colors.surface, display: 'flex', alignItems: 'center', justifyContent: 'center', opacity: Math.min(1, enter * 1.5), transform: `scale(${0.6 + 0.4 * Math.min(1, enter)})` }}
    >
      {side.picture ? (
        <Img src={side.picture} style={{ width: Math.round(size * 0.74), height: Math.round(size * 0.74), objectFit: 'contain', display: 'block', transform: `translateY(${float}px)` }} />
      ) : (
        <StepMark part="comparison-step" number={index + 1} size={size} fontShare={0.5} family={theme.fonts.heading} color={readableOn(colors.surface, fill)} />
      )}
    </div>
  );
};

const Panels: React.FC<{ theme: Theme; width: number; height: number; sides: ComparisonSide[]; banner: boolean; u: number }> = ({ theme, width: W, height: H, sides, banner, u }) => {
  const colors = kitColors(theme);
  const layout = useLayout();
  // Planning measures every point at several sizes: once per scene, not once per frame.
  const key = JSON.stringify([sides, W, H, u, banner, layout.width, layout.height, theme.fonts.body, theme.fonts.heading]);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const plan = React.useMemo(() => planPanels(theme, sides, W, H, u, banner, layout), [key]);
  const { beside, panelWs, panelH, bandW, disc, titleFont, titleH, pointFont, pointsH, pointGap, pointLine, gap, pad, space, marker, markerGap, textWs } = plan;
  const fills = [colors.primary, colors.secondary === colors.primary ? colors.accent : colors.secondary];
  const totalH = beside ? panelH[0]! : panelH[0]! + gap + panelH[1]!;
  const radius = cornerRadius(theme, Math.min(panelWs[0]!, panelWs[1]!, 200 * u), 40 * u);
  const delay = bodyDelay(theme);
  const stagger = staggerFor(theme, sides[0]!.points.length + sides[1]!.points.length + 2, 44);
  return (
    <div style={{ position: 'absolute', left: 0, top: (H - totalH) / 2, width: W, height: totalH }}>
      {sides.map((side, s) => {
        const panelW = panelWs[s]!;
        const textW = textWs[s]!;
        const left = beside && s === 1 ? panelWs[0]! + gap : 0;
        const top = beside ? 0 : s === 0 ? 0 : panelH[0]! + gap;
        const fill = fills[s]!;
        const onFill = readableOn(fill, colors.background);
        const panelDelay = delay + s * stagger * 2;
        // The band on the outer edge: left on the first card, right on the second.
        const bandLeft = s === 0 ? 0 : panelW - bandW;
        const textLeft = s === 0 ? bandW + pad : pad;
        return (
          <Enter key={s} theme={theme} delay={panelDelay} distance={30 * u} part="comparison-panel" style={{ position: 'absolute', left, top, width: panelW, height: panelH[s], borderRadius: radius, background: colors.surface, boxShadow: depthShadow(theme, u), overflow: 'hidden' }}>
            <div style={{ position: 'absolute', left: bandLeft, top: 0, width: bandW, height: panelH[s], background: fill, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: space }}>
              <SideVisual theme={theme} side={side} index={s} size={disc[s]!} fill={fill} delay={panelDelay + 4} />
              <FittedText part="comparison-title" text={side.title} width={bandW - space * 2} height={titleH} maxLines={2} maxFontSize={titleFont} family={theme.fonts.heading} weight={800} color={onFill} align="center" lineHeight={TITLE_LINE} />
            </div>
            <div style={{ position: 'absolute', left: textLeft, top: (panelH[s]! - pointsH[s]!) / 2, width: panelW - bandW - pad * 2, display: 'flex', flexDirection: 'column', gap: pointGap }}>
              {side.points.map((point, i) => {
                const lines = pointLines(point, textW, pointFont, theme.fonts.body, pointLine);
                return (
                  <Enter key={i} theme={theme} delay={panelDelay + 6 + i * stagger} distance={16 * u} part="comparison-point" style={{ display: 'flex', alignItems: 'flex-start', gap: markerGap }}>
                    <div style={{ flex: 'none', width: marker, height: marker, marginTop: (pointFont * pointLine - marker) / 2, borderRadius: cornerRadius(theme, marker, marker / 2) || 0, background: fill }} />
                    <FittedText part="comparison-text" text={point} width={textW} height={lines * pointFont * pointLine + 1} maxLines={lines} maxFontSize={pointFont} family={theme.fonts.body} weight={500} color={colors.onSurface} lineHeight={pointLine} />
                  </Enter>
                );
              })}
            </div>
          </Enter>
        );
      })}
    </div>
  );
};
