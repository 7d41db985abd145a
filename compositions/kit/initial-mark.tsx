import React from 'react';
import { FitLines, fitText } from './fitted-text';

/**
 * The mark a diagram node or a comparison's side shows when no picture or icon fits its words: its
 * step number (1-based), set large in the middle of a disc `size` wide in the pack's heading face.
 * Never a letter of the label (a "B" for "Bend your knees" reads as a stand-in) and never a stand-in
 * icon. `visual.names` calls what it shows `step N`.
 */
export const StepMark: React.FC<{ number: number; size: number; family: string; color: string; part: string; fontShare: number }> = ({ number, size, family, color, part, fontShare }) => (
  // A mark, not body text: it is as large as its disc lets it be, and the layout audit reads it as a
  // badge's number (small print), as it reads a diagram's shoulder badge.
  <div data-kit-role="fineprint" style={{ display: 'flex' }}>
    <FitLines part={part} fit={fitText({ text: String(number), width: size * 0.6, height: size * 0.6, maxLines: 1, maxFontSize: size * fontShare, family, weight: 800, lineHeight: 1 })} width={size * 0.6} family={family} weight={800} color={color} lineHeight={1} align="center" />
  </div>
);
