/**
 * A full-bleed colour field behind a scene's hero: a band of the pack's primary colour (softened
 * toward the background) with a large disc of a lighter shade in it, sliding in from its edge as
 * the scene opens. It carries no text: the text stays on the background, whose contrast is checked.
 * Box: {@link colourFieldBox}. None in a transparent render (`theme.transparent`): it is a backdrop.
 */
import React from 'react';
import type { Theme } from '../../scene-props';
import { kitColors } from '../color';
import { mixColors } from '../data/common';
import { useEntrance } from '../motion';
import type { FieldBox } from './colour-field-layout';

export const ColourField: React.FC<{ theme: Theme; box: FieldBox; beside: boolean; delay?: number }> = ({ theme, box, beside, delay = 0 }) => {
  const colors = kitColors(theme);
  const enter = useEntrance(theme, delay);
  // A transparent render is laid over someone's footage: a field that bleeds off the canvas is a backdrop, not drawn.
  if (theme.transparent) return null;
  const fill = mixColors(colors.primary, colors.background, 0.3);
  const disc = Math.max(box.width, box.height) * 0.5;
  // It slides in from the edge it bleeds off.
  const shift = beside ? `translateX(${(1 - enter) * box.width * 0.3}px)` : `translateY(${-(1 - enter) * box.height * 0.3}px)`;
  return (
    <div data-kit-bleed="" data-kit-part="colour-field" style={{ position: 'absolute', left: box.left, top: box.top, width: box.width, height: box.height, overflow: 'hidden', background: fill, opacity: Math.min(1, enter * 1.4), transform: shift }}>
      <div style={{ position: 'absolute', width: disc * 2, height: disc * 2, borderRadius: '50%', left: box.width * 0.62 - disc, top: box.height * 0.32 - disc, background: mixColors(colors.primary, colors.background, 0.12) }} />
      <div style={{ position: 'absolute', width: disc, height: disc, borderRadius: '50%', left: box.width * 0.08 - disc / 2, top: box.height * 0.9 - disc / 2, background: mixColors(colors.secondary, colors.primary, 0.5), opacity: 0.35 }} />
    </div>
  );
};
