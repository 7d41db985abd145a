import React from 'react';
import { measureText } from '@remotion/layout-utils';
import type { Theme } from '../scene-props';
import { kitColors } from './color';
import { FittedText, fitText } from './fitted-text';
import { fontFamily, fontWeight } from './fonts';
import { packLayout } from './heading';
import { useLayout } from './layout';
import { entranceStyle, useEntrance } from './motion';
import { SceneFrame } from './scene-frame';

/** A closing scene: a message, an action in a button-like pill, and the brand's logo if given. */
export const CallToAction: React.FC<{ theme: Theme; message: string; action?: string; logo?: string }> = ({ theme, message, action, logo }) => {
  const layout = useLayout();
  const colors = kitColors(theme);
  const radius = packLayout(theme).radius;
  const enter = useEntrance(theme);
  const enterAction = useEntrance(theme, theme.motion.staggerFrames * 3);
  const pillHeight = 110 * layout.unit;
  const logoHeight = logo ? Math.min(120 * layout.unit, layout.contentHeight * 0.16) : 0;
  const actionFit = action ? fitText({ text: action, width: layout.contentWidth * 0.7, height: pillHeight * 0.46, maxLines: 1, maxFontSize: 48 * layout.unit, family: theme.fonts.body, weight: 700, lineHeight: 1.15 }) : undefined;
  const pillPadding = 56 * layout.unit;
  // The pill hugs its label: the label's measured width at the fitted size.
  const actionWidth = action && actionFit ? Math.min(layout.contentWidth * 0.7, Math.ceil(measureText({ text: action, fontFamily: fontFamily(theme.fonts.body), fontWeight: fontWeight(theme.fonts.body, 700), fontSize: actionFit.fontSize }).width) + 2) : 0;
  return (
    <SceneFrame theme={theme} seed={`cta-${message}`}>
      <div data-kit-part="cta" style={{ position: 'absolute', left: layout.margin, top: layout.margin, width: layout.contentWidth, height: layout.contentHeight, display: 'flex', flexDirection: 'column', justifyContent: 'center', alignItems: 'center', gap: 44 * layout.unit }}>
        {logo ? <img data-kit-part="logo" src={logo} style={{ height: logoHeight, maxWidth: layout.contentWidth * 0.5, objectFit: 'contain', ...entranceStyle(theme, enter, 20 * layout.unit) }} /> : null}
        <div style={entranceStyle(theme, enter, 50 * layout.unit)}>
          <FittedText part="message" text={message} width={layout.contentWidth} height={layout.contentHeight * 0.5 - logoHeight} maxLines={layout.orientation === 'portrait' ? 5 : 3} maxFontSize={120 * layout.unit} family={theme.fonts.heading} color={colors.text} align="center" />
        </div>
        {action && actionFit ? (
          <div style={{ ...entranceStyle(theme, enterAction, 30 * layout.unit), height: pillHeight, padding: `0 ${pillPadding}px`, borderRadius: (pillHeight / 2) * Math.max(0.15, radius), background: colors.primary, display: 'flex', alignItems: 'center', boxShadow: theme.depth === '3d' ? `0 ${12 * layout.unit}px ${30 * layout.unit}px rgba(0,0,0,0.3)` : undefined }}>
            <FittedText part="action" text={action} width={actionWidth} height={pillHeight * 0.46} maxLines={1} maxFontSize={48 * layout.unit} family={theme.fonts.body} weight={700} color={colors.onPrimary} align="center" lineHeight={1.15} />
          </div>
        ) : null}
      </div>
    </SceneFrame>
  );
};
