import React from 'react';
import { AbsoluteFill } from 'remotion';
import type { Theme } from '../scene-props';
import { Background } from './background';
import { FittedText } from './fitted-text';
import { useLayout } from './layout';
import { entranceStyle, useEntrance } from './motion';

/** A closing scene: a message and an action in a button-like pill. */
export const CallToAction: React.FC<{ theme: Theme; message: string; action?: string }> = ({ theme, message, action }) => {
  const layout = useLayout();
  const enter = useEntrance(theme);
  const enterAction = useEntrance(theme, theme.motion.staggerFrames * 3);
  const pillHeight = 110 * layout.unit;
  return (
    <AbsoluteFill>
      <Background theme={theme} seed={`cta-${message}`} />
      <AbsoluteFill style={{ padding: layout.margin, justifyContent: 'center', alignItems: 'center' }}>
        <div style={entranceStyle(theme, enter, 50 * layout.unit)}>
          <FittedText text={message} width={layout.contentWidth} height={layout.contentHeight * 0.5} maxLines={layout.orientation === 'portrait' ? 5 : 3} maxFontSize={120 * layout.unit} family={theme.fonts.heading} color={theme.palette.text ?? '#111'} align="center" />
        </div>
        {action ? (
          <div style={{ ...entranceStyle(theme, enterAction, 30 * layout.unit), marginTop: 50 * layout.unit, height: pillHeight, padding: `0 ${60 * layout.unit}px`, borderRadius: pillHeight / 2, background: theme.palette.primary, display: 'flex', alignItems: 'center' }}>
            <FittedText text={action} width={layout.contentWidth * 0.7} height={pillHeight * 0.5} maxLines={1} maxFontSize={48 * layout.unit} family={theme.fonts.body} weight={600} color={theme.palette.background ?? '#fff'} align="center" />
          </div>
        ) : null}
      </AbsoluteFill>
    </AbsoluteFill>
  );
};
