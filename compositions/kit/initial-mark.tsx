import React from 'react';
import { FitLines, fitText } from './fitted-text';

/** The first letter of a text, upper-cased (a label whose words suggest no icon shows it). */
export function initialOf(text: string): string {
  return Array.from(text.trim())[0]?.toLocaleUpperCase() ?? '';
}

/**
 * A text's initial, set large in the middle of a disc `size` wide: the mark a diagram node or a
 * comparison's side shows when no picture or icon fits its words, never a stand-in icon.
 */
export const InitialMark: React.FC<{ text: string; size: number; family: string; color: string; part: string; fontShare: number }> = ({ text, size, family, color, part, fontShare }) => (
  <FitLines part={part} fit={fitText({ text: initialOf(text), width: size * 0.6, height: size * 0.6, maxLines: 1, maxFontSize: size * fontShare, family, weight: 800, lineHeight: 1 })} width={size * 0.6} family={family} weight={800} color={color} lineHeight={1} align="center" />
);
