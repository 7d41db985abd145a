import { measureText } from '@remotion/layout-utils';
import React from 'react';
import type { Theme } from '../../scene-props';
import { kitColors } from '../color';
import { FitLines, FittedText, fitText } from '../fitted-text';
import { packLayout } from '../heading';
import { useLayout } from '../layout';
import { entranceStyle, useEntrance } from '../motion';
import { SceneFrame } from '../scene-frame';
import { fontFamily, fontWeight } from '../fonts';
import { typeUnit } from './image-fit';

// One opening quotation mark ("6" shape) in a 50 × 80 box: a round drop and its tail.
const MARK_DROP = 'M25 36 C38.8 36 50 47.2 50 61 C50 74.8 38.8 86 25 86 C11.2 86 0 74.8 0 61 C0 47.2 11.2 36 25 36 Z';
const MARK_TAIL = 'M0.6 62 C-1.5 36 10 12 40 0 L46 9.5 C28 19 20.5 31 21 44 L4 58 Z';

/** A large opening quotation mark drawn as shapes (decoration, not text). */
export const QuoteMark: React.FC<{ size: number; color: string; progress: number }> = ({ size, color, progress }) => (
  <svg
    data-kit-part="quote-mark"
    width={size}
    height={size * 0.8}
    viewBox="-2 -2 114 90"
    style={{ display: 'block', overflow: 'visible', opacity: Math.min(1, progress * 1.4), transform: `scale(${0.6 + 0.4 * progress}) rotate(${(1 - progress) * -12}deg)`, transformOrigin: '30% 70%' }}
  >
    {[0, 60].map((x) => (
      <g key={x} transform={`translate(${x} 0)`} fill={color}>
        <path d={MARK_DROP} />
        <path d={MARK_TAIL} />
      </g>
    ))}
  </svg>
);

/** A pull quote or testimonial: a big quotation mark, the quote fitted large and its attribution. */
export const Quote: React.FC<{ theme: Theme; quote: string; author?: string; role?: string }> = ({ theme, quote, author, role }) => {
  const layout = useLayout();
  const colors = kitColors(theme);
  const pack = packLayout(theme);
  const { unit } = layout;
  const tu = typeUnit(layout);
  const side = layout.orientation === 'landscape';
  const align = side ? 'left' : pack.align;
  const enterMark = useEntrance(theme);
  const enterQuote = useEntrance(theme, theme.motion.staggerFrames * 2);
  const enterAuthor = useEntrance(theme, theme.motion.staggerFrames * 4 + theme.motion.durationFrames * 0.5);
  // The mark sits beside the quote in landscape, above it otherwise.
  const markSize = side ? Math.min(layout.contentHeight * 0.4, layout.contentWidth * 0.15, 230 * tu) : Math.min(layout.contentWidth * 0.28, layout.contentHeight * 0.1 * 1.25, 190 * unit);
  const markGap = side ? 44 * unit : 24 * unit;
  const textWidth = side ? layout.contentWidth - markSize - markGap : layout.contentWidth;
  const authorHeight = author ? 56 * tu : 0;
  // A long role wraps to a second line rather than shrinking under readable size (4.2% of the
  // shorter side); the quote keeps whatever height the role does not take.
  const roleFit = role ? fitText({ text: role, width: textWidth, height: 46 * tu * 1.15 * 2, maxLines: 2, maxFontSize: 46 * tu, family: theme.fonts.body, weight: 400, lineHeight: 1.15 }) : undefined;
  const roleHeight = roleFit ? roleFit.height : 0;
  const ruleHeight = 28 * unit;
  const attributionHeight = author || role ? ruleHeight + authorHeight + roleHeight + (author && role ? 8 * unit : 0) : 0;
  const quoteHeight = layout.contentHeight - attributionHeight - (side ? 0 : markSize * 0.8 + markGap);
  const text = quote.trim().replace(/\s+/g, ' ');
  // On a wide banner a short quote may set larger (its height allows it), so it spans the banner.
  // Display type a little tight, so a long quote keeps its size over many lines.
  const lineHeight = 1.18;
  const fitAt = (maxFontSize: number) => fitText({ text, width: textWidth, height: quoteHeight, maxLines: layout.ratio >= 2.2 ? 4 : layout.orientation === 'portrait' ? 14 : 9, maxFontSize, family: theme.fonts.heading, weight: 600, lineHeight });
  const widestLine = (candidate: ReturnType<typeof fitText>) => Math.max(0, ...candidate.lines.map((line) => measureText({ text: line, fontFamily: fontFamily(theme.fonts.heading), fontWeight: fontWeight(theme.fonts.heading, 600), fontSize: candidate.fontSize, validateFontIsLoaded: false }).width));
  // A quote is typography: it spans most of the canvas's width. A condensed face at the usual
  // largest size sets short, narrow lines: its size may then grow (up to half as large again)
  // until its longest line reaches the width, as far as the height allows.
  const baseMax = (layout.ratio >= 2.2 ? 150 : 124) * tu;
  const wanted = Math.min(textWidth * 0.98, layout.width * 0.76 - (side ? markSize + markGap : 0));
  let fit = fitAt(baseMax);
  for (let max = baseMax, step = 0; step < 6 && fit.fontSize >= max * 0.95 && widestLine(fit) < wanted && max < baseMax * 1.5; step += 1) {
    max = Math.min(baseMax * 1.5, max * Math.min(1.25, Math.max(1.04, wanted / Math.max(1, widestLine(fit)))));
    const grown = fitAt(max);
    if (grown.fontSize <= fit.fontSize) break;
    fit = grown;
  }
  const itemsAlign = align === 'center' ? 'center' : 'flex-start';
  return (
    <SceneFrame theme={theme} seed={`quote-${text.slice(0, 40)}`}>
      <div
        data-kit-part="quote"
        style={{ position: 'absolute', left: layout.margin, top: layout.margin, width: layout.contentWidth, height: layout.contentHeight, display: 'flex', flexDirection: 'column', justifyContent: 'center', alignItems: side ? 'flex-start' : itemsAlign }}
      >
       <div style={{ display: 'flex', flexDirection: side ? 'row' : 'column', alignItems: side ? 'flex-start' : itemsAlign, gap: markGap }}>
        <div style={{ flex: 'none', paddingTop: side ? fit.fontSize * 0.18 : 0 }}>
          <QuoteMark size={markSize} color={colors.primary} progress={enterMark} />
        </div>
        <div style={{ display: 'flex', flexDirection: 'column', alignItems: itemsAlign, width: textWidth }}>
          <div style={entranceStyle(theme, enterQuote, 40 * unit)}>
            <FitLines part="quote-text" fit={fit} width={textWidth} family={theme.fonts.heading} weight={600} color={colors.text} align={align} lineHeight={lineHeight} />
          </div>
          {author || role ? (
            <div style={{ ...entranceStyle(theme, enterAuthor, 24 * unit), display: 'flex', flexDirection: 'column', alignItems: itemsAlign, gap: 8 * unit, marginTop: 0 }}>
              <div style={{ height: ruleHeight, display: 'flex', alignItems: 'center' }}>
                <div style={{ width: 64 * unit * enterAuthor, height: 5 * unit, borderRadius: 3 * unit, background: colors.accent }} />
              </div>
              {author ? <FittedText part="author" text={author} width={textWidth} height={authorHeight} maxLines={1} maxFontSize={48 * tu} family={theme.fonts.body} weight={700} color={colors.text} align={align} lineHeight={1.15} /> : null}
              {roleFit ? <FitLines part="role" fit={roleFit} width={textWidth} family={theme.fonts.body} weight={400} color={colors.muted} align={align} lineHeight={1.15} /> : null}
            </div>
          ) : null}
        </div>
       </div>
      </div>
    </SceneFrame>
  );
};
