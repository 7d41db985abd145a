import React from 'react';
import type { Theme } from '../scene-props';
import { kitColors } from './color';
import { FittedText } from './fitted-text';
import { Heading, packLayout } from './heading';
import { useLayout } from './layout';
import { entranceStyle, useEntrance } from './motion';
import { SceneFrame } from './scene-frame';

/**
 * A hook or title scene: a large fitted headline, an optional kicker and subtitle. The headline
 * may grow to a share of the canvas's shorter side, so a short title ("Hello") fills the frame
 * instead of sitting small in it; longer ones are bounded by their box.
 */
export const TitleCard: React.FC<{ theme: Theme; title: string; subtitle?: string; kicker?: string }> = ({ theme, title, subtitle, kicker }) => {
  const layout = useLayout();
  const colors = kitColors(theme);
  const align = packLayout(theme).align;
  const enterSub = useEntrance(theme, theme.motion.staggerFrames * 2);
  const headingHeight = layout.contentHeight * (subtitle ? 0.62 : 0.8);
  return (
    <SceneFrame theme={theme} seed={`title-${title}`}>
      <div data-kit-part="title-card" style={{ position: 'absolute', left: layout.margin, top: layout.margin, width: layout.contentWidth, height: layout.contentHeight, display: 'flex', flexDirection: 'column', justifyContent: 'center', alignItems: align === 'center' ? 'center' : 'flex-start', gap: 28 * layout.unit }}>
        <Heading theme={theme} text={title} kicker={kicker} width={layout.contentWidth} height={headingHeight} unit={layout.unit} maxLines={layout.orientation === 'portrait' ? 5 : 3} maxFontSize={Math.min(layout.width, layout.height) * (subtitle ? 0.2 : layout.orientation === 'portrait' ? 0.34 : 0.26)} />
        {subtitle ? (
          <div style={entranceStyle(theme, enterSub, 40 * layout.unit)}>
            <FittedText part="subtitle" text={subtitle} width={layout.contentWidth * (align === 'center' ? 1 : 0.9)} height={layout.contentHeight * 0.24} maxLines={3} maxFontSize={54 * layout.unit} family={theme.fonts.body} weight={400} color={colors.muted} align={align} lineHeight={1.3} />
          </div>
        ) : null}
      </div>
    </SceneFrame>
  );
};
