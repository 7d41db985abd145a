import React from 'react';
import { evolvePath } from '@remotion/paths';
import type { Theme } from '../../scene-props';
import { kitColors, readableOn } from '../color';
import { FitLines, fitText } from '../fitted-text';
import { useEntrance } from '../motion';
import { mixColors, useReveal, widestText } from './common';
import { calloutGeometry, type CalloutAnchor } from './series-callout-layout';

/** The badge's size for a text at a font size: the text's width and line plus padding. */
export function calloutBadgeSize(text: string, family: string, fontSize: number, u: number): { width: number; height: number; pad: number } {
  const pad = Math.round(fontSize * 0.45);
  return { width: widestText([text], family, 800, fontSize) + pad * 2, height: Math.ceil(fontSize * 1.15 + Math.max(8, 16 * u)), pad };
}

/**
 * The change called out on a series chart: a bracket drawn on from one point up to `level`, across
 * and down onto the other, with an arrowhead there, and a bold badge in the pack's accent centred
 * on it that pops in as the bracket lands. It enters at `delay` (after the series has drawn).
 * Without `bracket` the badge stands alone at its place (a chart whose points run down the canvas).
 */
export const SeriesCalloutMark: React.FC<{ theme: Theme; text: string; a: CalloutAnchor; b: CalloutAnchor; level: number; boxWidth: number; boxHeight: number; fontSize: number; u: number; delay: number; bracket?: boolean }> = ({ theme, text, a, b, level, boxWidth, boxHeight, fontSize, u, delay, bracket = true }) => {
  const colors = kitColors(theme);
  const family = theme.fonts.heading;
  const size = calloutBadgeSize(text, family, fontSize, u);
  const badgeW = Math.min(boxWidth, size.width);
  const geo = calloutGeometry(a, b, level, badgeW, size.height, boxWidth, Math.round(10 * u), Math.max(8, 18 * u));
  const draw = useReveal(delay, 16);
  const pop = useEntrance(theme, bracket ? delay + 10 : delay);
  const dash = evolvePath(draw, geo.path);
  const line = mixColors(colors.accent, colors.text, 0.3);
  const badge = colors.accent;
  const ink = readableOn(badge, colors.background);
  const fit = fitText({ text, width: badgeW - size.pad * 2, height: size.height, maxLines: 1, maxFontSize: fontSize, family, weight: 800, lineHeight: 1.15 });
  const stroke = Math.max(2, 5 * u);
  return (
    <>
      {bracket ? (
      <svg data-kit-part="callout-bracket" width={boxWidth} height={boxHeight} style={{ position: 'absolute', left: 0, top: 0, overflow: 'visible', pointerEvents: 'none' }}>
        <path d={geo.path} fill="none" stroke={line} strokeWidth={stroke} strokeLinecap="round" strokeLinejoin="round" strokeDasharray={dash.strokeDasharray} strokeDashoffset={dash.strokeDashoffset} />
        <path d={geo.head} fill="none" stroke={line} strokeWidth={stroke} strokeLinecap="round" strokeLinejoin="round" opacity={draw >= 0.98 ? 1 : 0} />
      </svg>
      ) : null}
      <div
        data-kit-part="callout"
        style={{ position: 'absolute', left: geo.badge.left, top: geo.badge.top, width: badgeW, height: size.height, boxSizing: 'border-box', borderRadius: size.height / 2, background: badge, display: 'flex', alignItems: 'center', justifyContent: 'center', opacity: Math.min(1, pop * 1.5), transform: `scale(${0.6 + 0.4 * pop})` }}
      >
        <FitLines fit={fit} width={badgeW - size.pad * 2} family={family} weight={800} color={ink} lineHeight={1.15} align="center" part="callout-text" />
      </div>
    </>
  );
};
