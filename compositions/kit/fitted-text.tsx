import React from 'react';
import { fitTextOnNLines } from '@remotion/layout-utils';
import { fontFamily as shippedFamily } from './fonts';

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
  align?: 'left' | 'center';
  lineHeight?: number;
  style?: React.CSSProperties;
}> = ({ text, width, height, maxLines, maxFontSize, family, weight = 800, color, align = 'left', lineHeight = 1.12, style }) => {
  const fontFamily = shippedFamily(family);
  const fitted = fitTextOnNLines({ text, maxLines, maxBoxWidth: width, fontFamily, fontWeight: weight, maxFontSize });
  // The lines must also fit the box's height.
  const fontSize = Math.max(8, Math.min(fitted.fontSize, height / (fitted.lines.length * lineHeight)));
  return (
    <div style={{ width, fontFamily, fontWeight: weight, fontSize, lineHeight, color, textAlign: align, ...style }}>
      {fitted.lines.map((line, index) => (
        <div key={index} style={{ whiteSpace: 'nowrap' }}>
          {line}
        </div>
      ))}
    </div>
  );
};
