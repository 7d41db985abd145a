import React from 'react';
import { fitTextOnNLines } from '@remotion/layout-utils';
import { fontFamily, fontWeight } from './fonts';

/** The size text gets in a box: measured in the browser with the real font. */
export interface TextFit {
  fontSize: number;
  lines: string[];
  /** Height the fitted lines take. */
  height: number;
}

/**
 * Fits text into a box of `width` × `height` on at most `maxLines` lines, no larger than
 * `maxFontSize`. A word too long for the box shrinks the type rather than overflowing.
 */
export function fitText(options: { text: string; width: number; height: number; maxLines: number; maxFontSize: number; family: string; weight: number; lineHeight: number; letterSpacing?: number; fontVariantNumeric?: string }): TextFit {
  const family = fontFamily(options.family);
  const weight = fontWeight(options.family, options.weight);
  // Each line count gets its own break and size: few long lines suit a wide box, more short
  // lines a tall one. The biggest type that fits both the width and the height wins.
  let best: TextFit | undefined;
  for (let maxLines = 1; maxLines <= Math.max(1, options.maxLines); maxLines += 1) {
    const fitted = fitTextOnNLines({
      text: options.text,
      maxLines,
      maxBoxWidth: options.width,
      fontFamily: family,
      fontWeight: weight,
      maxFontSize: options.maxFontSize,
      ...(options.letterSpacing !== undefined ? { letterSpacing: `${options.letterSpacing}em` } : {}),
      ...(options.fontVariantNumeric !== undefined ? { fontVariantNumeric: options.fontVariantNumeric } : {}),
      // The scene host loads every face before the first frame and fails the render if one does
      // not load; layout-utils' own check compares widths with a fallback font and misfires when
      // they match by chance ("April" in Inter 600), so it is off.
      validateFontIsLoaded: false,
    });
    const lines = fitted.lines.length > 0 ? fitted.lines : [options.text];
    // A small safety margin absorbs sub-pixel rounding.
    const fontSize = Math.max(6, Math.min(fitted.fontSize * 0.98, options.height / (lines.length * options.lineHeight)));
    if (!best || fontSize > best.fontSize * 1.02) best = { fontSize, lines, height: fontSize * options.lineHeight * lines.length };
    if (fitted.fontSize >= options.maxFontSize) break;
  }
  return best!;
}

/**
 * Lines already fitted with {@link fitText}, drawn at their fitted size: for text whose fit drives
 * the layout around it (a bar hugging a name), so it is measured only once.
 */
export const FitLines: React.FC<{
  fit: TextFit;
  width: number;
  family: string;
  weight: number;
  color: string;
  lineHeight: number;
  align?: 'left' | 'center' | 'right';
  letterSpacing?: number;
  part?: string;
  style?: React.CSSProperties;
}> = ({ fit, width, family, weight, color, lineHeight, align = 'left', letterSpacing, part, style }) => (
  <div
    data-kit-part={part}
    style={{
      width,
      height: fit.height,
      fontFamily: fontFamily(family),
      fontWeight: fontWeight(family, weight),
      fontSize: fit.fontSize,
      lineHeight,
      color,
      textAlign: align,
      ...(letterSpacing !== undefined ? { letterSpacing: `${letterSpacing}em` } : {}),
      ...style,
    }}
  >
    {fit.lines.map((line, index) => (
      <div key={index} style={{ whiteSpace: 'nowrap' }}>
        {line}
      </div>
    ))}
  </div>
);

/** The multiple of its designed size a scene's fitted text may reach (the scene host sets it from `textScale`). @default 1 */
export const TextScaleContext = React.createContext(1);

/** Text measured in the browser and sized to fit its box: never clipped, never overflowing. */
export const FittedText: React.FC<{
  text: string;
  /** Width the text may use, in pixels. */
  width: number;
  /** Height the text may use, in pixels. */
  height: number;
  maxLines: number;
  maxFontSize: number;
  family: string;
  weight?: number;
  color: string;
  align?: 'left' | 'center' | 'right';
  lineHeight?: number;
  /** Letter spacing in em. */
  letterSpacing?: number;
  uppercase?: boolean;
  /** Names the element in layout audits. */
  part?: string;
  style?: React.CSSProperties;
}> = ({ text, width, height, maxLines, maxFontSize, family, weight = 800, color, align = 'left', lineHeight = 1.12, letterSpacing, uppercase = false, part, style }) => {
  const scale = React.useContext(TextScaleContext);
  const fit = fitText({ text: uppercase ? text.toUpperCase() : text, width, height, maxLines, maxFontSize: maxFontSize * scale, family, weight, lineHeight, letterSpacing });
  return <FitLines fit={fit} width={width} family={family} weight={weight} color={color} lineHeight={lineHeight} align={align} letterSpacing={letterSpacing} part={part} style={style} />;
};
