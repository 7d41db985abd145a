import React from 'react';
import { AbsoluteFill } from 'remotion';
import type { Theme } from '../scene-props';
import { Background } from './background';
import { FittedText } from './fitted-text';
import { useLayout } from './layout';
import { entranceStyle, useEntrance, useExit } from './motion';

/** A hook or title scene: a large fitted headline, an optional subtitle and an accent bar. */
export const TitleCard: React.FC<{ theme: Theme; title: string; subtitle?: string; kicker?: string }> = ({ theme, title, subtitle, kicker }) => {
  const layout = useLayout();
  const enter = useEntrance(theme);
  const enterSub = useEntrance(theme, theme.motion.staggerFrames * 2);
  const exit = useExit();
  const text = theme.palette.text ?? '#111111';
  const accent = theme.palette.accent ?? theme.palette.primary ?? '#2563eb';
  const headlineHeight = layout.contentHeight * (subtitle ? 0.5 : 0.62);
  return (
    <AbsoluteFill style={{ opacity: 1 - exit }}>
      <Background theme={theme} seed={`title-${title}`} />
      <AbsoluteFill style={{ padding: layout.margin, justifyContent: 'center', alignItems: 'flex-start' }}>
        {kicker ? (
          <div style={{ ...entranceStyle(theme, enter, 30 * layout.unit), marginBottom: 24 * layout.unit }}>
            <FittedText text={kicker.toUpperCase()} width={layout.contentWidth * 0.7} height={40 * layout.unit} maxLines={1} maxFontSize={34 * layout.unit} family={theme.fonts.body} weight={600} color={accent} />
          </div>
        ) : null}
        <div style={entranceStyle(theme, enter, 60 * layout.unit)}>
          <FittedText text={title} width={layout.contentWidth} height={headlineHeight} maxLines={layout.orientation === 'portrait' ? 5 : 3} maxFontSize={150 * layout.unit} family={theme.fonts.heading} color={text} />
        </div>
        <div style={{ width: 160 * layout.unit * enter, height: 12 * layout.unit, background: accent, borderRadius: 6 * layout.unit, margin: `${30 * layout.unit}px 0` }} />
        {subtitle ? (
          <div style={entranceStyle(theme, enterSub, 40 * layout.unit)}>
            <FittedText text={subtitle} width={layout.contentWidth * 0.9} height={layout.contentHeight * 0.22} maxLines={3} maxFontSize={56 * layout.unit} family={theme.fonts.body} weight={400} color={theme.palette.secondary ?? text} lineHeight={1.3} />
          </div>
        ) : null}
      </AbsoluteFill>
    </AbsoluteFill>
  );
};
