import React from 'react';
import { Img, useCurrentFrame, useVideoConfig } from 'remotion';
import type { Theme } from '../../scene-props';
import type { useLayout } from '../layout';
import { idleSeconds, useEntrance } from '../motion';

/**
 * Where a headline's hero picture goes: a square beside the text on wide canvases, above it on
 * square and tall ones (beside, a square's text column would be too narrow). It is sized to cover at
 * least a fifth of the canvas, the layout rules' least visual.
 */
export function heroPictureBox(layout: ReturnType<typeof useLayout>): { left: number; top: number; size: number; gap: number; beside: boolean } {
  const gap = 48 * layout.unit;
  if (layout.width < layout.height * 1.3) {
    // As large as a fifth of the canvas needs (a little more), leaving the rest to the headline.
    const size = Math.min(layout.contentWidth * 0.78, layout.contentHeight * 0.56, Math.max(Math.sqrt(0.207 * layout.width * layout.height), layout.contentHeight * 0.45));
    return { left: layout.margin + (layout.contentWidth - size) / 2, top: layout.margin, size, gap: 34 * layout.unit, beside: false };
  }
  const size = Math.min(layout.contentHeight * 0.96, layout.contentWidth * 0.42);
  return { left: layout.margin + layout.contentWidth - size, top: layout.margin + (layout.contentHeight - size) / 2, size, gap, beside: true };
}

/**
 * The hero picture: pops in, then floats and sways a little, so the title never stands still. The
 * idle motion moves in steps of a sixth of a second (smooth at this speed): frames within a step
 * have the same markup, so the renderer captures one and holds it for the rest (see hold-plan.ts).
 */
export const HeroPicture: React.FC<{ theme: Theme; src: string; left: number; top: number; size: number }> = ({ theme, src, left, top, size }) => {
  const frame = useCurrentFrame();
  const { fps } = useVideoConfig();
  const enter = useEntrance(theme, theme.motion.staggerFrames);
  const seconds = idleSeconds(frame, fps, enter);
  const float = Math.sin(seconds * 1.4) * size * 0.03;
  const sway = Math.sin(seconds * 0.9) * 2.5;
  const scale = 0.7 + 0.3 * Math.min(1, enter);
  return (
    <div style={{ position: 'absolute', left, top, width: size, height: size, opacity: Math.min(1, enter * 1.5), transform: `translateY(${float}px) rotate(${sway}deg) scale(${scale})` }}>
      <Img data-kit-part="hero-picture" src={src} style={{ width: '100%', height: '100%', display: 'block', objectFit: 'contain' }} />
    </div>
  );
};
