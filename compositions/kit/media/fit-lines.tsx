import React from 'react';
import type { TextFit } from '../fitted-text';
import { fontFamily, fontWeight } from '../fonts';

/**
 * Lines already fitted with `fitText()`, drawn at their fitted size: for text
 * whose fit drives the layout around it (a bar hugging a name), so it is measured only once.
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
