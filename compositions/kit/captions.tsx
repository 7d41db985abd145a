import React from 'react';
import { AbsoluteFill, useCurrentFrame, useVideoConfig } from 'remotion';
import type { Theme } from '../scene-props';
import { FittedText } from './fitted-text';
import { useLayout } from './layout';

/** A caption line and when it shows, in seconds from the scene's start. */
export interface CaptionChunk {
  text: string;
  start: number;
  end: number;
}

/** Burned-in captions timed to the narration: one short line at a time, low on the canvas. */
export const Captions: React.FC<{ theme: Theme; chunks: CaptionChunk[] }> = ({ theme, chunks }) => {
  const frame = useCurrentFrame();
  const { fps } = useVideoConfig();
  const layout = useLayout();
  const time = frame / fps;
  const current = chunks.find((chunk) => time >= chunk.start && time < chunk.end);
  if (!current) return null;
  const height = 2 * 56 * layout.unit;
  return (
    <AbsoluteFill style={{ justifyContent: 'flex-end', alignItems: 'center', paddingBottom: layout.margin * 0.6 }}>
      <div data-kit-part="captions" style={{ background: 'rgba(0, 0, 0, 0.78)', borderRadius: 12 * layout.unit, padding: `${10 * layout.unit}px ${22 * layout.unit}px` }}>
        <FittedText part="caption" text={current.text} width={layout.contentWidth * 0.86} height={height} maxLines={2} maxFontSize={46 * layout.unit} family={theme.fonts.body} weight={600} color="#FFFFFF" align="center" lineHeight={1.2} />
      </div>
    </AbsoluteFill>
  );
};
