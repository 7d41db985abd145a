import React from 'react';
import { AbsoluteFill } from 'remotion';
import type { Theme } from '../scene-props';
import { Background } from './background';
import { FittedText } from './fitted-text';
import { useLayout } from './layout';
import { entranceStyle, useEntrance, useExit } from './motion';

const BulletItem: React.FC<{ theme: Theme; text: string; index: number; width: number; height: number; unit: number }> = ({ theme, text, index, width, height, unit }) => {
  const enter = useEntrance(theme, theme.motion.durationFrames / 2 + index * theme.motion.staggerFrames * 2);
  const marker = Math.round(Math.min(height * 0.5, 44 * unit));
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 28 * unit, height, ...entranceStyle(theme, enter, 40 * unit) }}>
      <div style={{ flex: 'none', width: marker, height: marker, borderRadius: '50%', background: theme.palette.primary, color: theme.palette.background, fontFamily: 'Inter', fontWeight: 800, fontSize: marker * 0.5, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        {index + 1}
      </div>
      <FittedText text={text} width={width - marker - 28 * unit} height={height * 0.9} maxLines={2} maxFontSize={54 * unit} family={theme.fonts.body} weight={600} color={theme.palette.text ?? '#111'} lineHeight={1.2} />
    </div>
  );
};

/** A heading and up to five points that enter one after another. */
export const BulletList: React.FC<{ theme: Theme; heading: string; items: string[] }> = ({ theme, heading, items }) => {
  const layout = useLayout();
  const enter = useEntrance(theme);
  const exit = useExit();
  const shown = items.slice(0, 5);
  const headingHeight = layout.contentHeight * 0.24;
  const itemHeight = Math.min((layout.contentHeight - headingHeight) / Math.max(shown.length, 1), 150 * layout.unit);
  return (
    <AbsoluteFill style={{ opacity: 1 - exit }}>
      <Background theme={theme} seed={`list-${heading}`} />
      <AbsoluteFill style={{ padding: layout.margin, justifyContent: 'center' }}>
        <div style={{ ...entranceStyle(theme, enter, 40 * layout.unit), marginBottom: 20 * layout.unit }}>
          <FittedText text={heading} width={layout.contentWidth} height={headingHeight * 0.85} maxLines={2} maxFontSize={90 * layout.unit} family={theme.fonts.heading} color={theme.palette.text ?? '#111'} />
        </div>
        {shown.map((item, index) => (
          <BulletItem key={index} theme={theme} text={item} index={index} width={layout.contentWidth} height={itemHeight} unit={layout.unit} />
        ))}
      </AbsoluteFill>
    </AbsoluteFill>
  );
};
