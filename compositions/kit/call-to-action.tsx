import React from 'react';
import { measureText } from '@remotion/layout-utils';
import type { Theme } from '../scene-props';
import { kitColors } from './color';
import { FittedText, fitText } from './fitted-text';
import { fontFamily, fontWeight } from './fonts';
import { packLayout } from './heading';
import { IconPanel, visualSide } from './icon-panel';
import { useLayout, type Layout } from './layout';
import { panelIcons } from './panel-icons';
import { entranceStyle, useEntrance } from './motion';
import { SceneFrame } from './scene-frame';
import { ColourField } from './lists/colour-field';
import { colourFieldBox } from './lists/colour-field-layout';

/**
 * The arrangement of a closing scene: on a wide canvas the message and action take the left column
 * and the visual the right one; on a stacked canvas the visual sits above them. The visual covers a
 * fifth of the canvas.
 */
export function ctaLayout(layout: Layout): { beside: boolean; side: number; textLeft: number; textTop: number; textWidth: number; textHeight: number; visualLeft: number; visualTop: number } {
  const side = visualSide(layout);
  const gap = 56 * layout.unit;
  if (layout.columns === 2) {
    const textWidth = layout.contentWidth - side - gap;
    return { beside: true, side, textLeft: layout.margin, textTop: layout.margin, textWidth, textHeight: layout.contentHeight, visualLeft: layout.margin + textWidth + gap, visualTop: layout.margin + (layout.contentHeight - side) / 2 };
  }
  return {
    beside: false,
    side,
    textLeft: layout.margin,
    textTop: layout.margin + side + gap,
    textWidth: layout.contentWidth,
    textHeight: layout.contentHeight - side - gap,
    visualLeft: layout.margin + (layout.contentWidth - side) / 2,
    visualTop: layout.margin,
  };
}

/**
 * A closing scene: a message, an action in a button-like pill and the brand's logo if given, beside
 * (or under) a visual: a `picture` (an image URL such as a visual library illustration) or an icon
 * disc picked from the message, floating while the scene holds. The visual stands on a full-bleed
 * colour field (the canvas's right part, or its top), so the closing frame reads as a poster.
 */
export const CallToAction: React.FC<{ theme: Theme; message: string; action?: string; logo?: string; picture?: string }> = ({ theme, message, action, logo, picture }) => {
  const full = useLayout();
  const box = ctaLayout(full);
  // The text column is laid out like a canvas of its own.
  const layout = { ...full, margin: 0, contentWidth: box.textWidth, contentHeight: box.textHeight };
  const colors = kitColors(theme);
  const radius = packLayout(theme).radius;
  const enter = useEntrance(theme);
  const textAlign = box.beside ? 'left' : 'center';
  const align = box.beside ? 'flex-start' : 'center';
  const enterAction = useEntrance(theme, theme.motion.staggerFrames * 3);
  const pillHeight = 110 * layout.unit;
  const logoHeight = logo ? Math.min(120 * layout.unit, layout.contentHeight * 0.16) : 0;
  const actionFit = action ? fitText({ text: action, width: layout.contentWidth * 0.7, height: pillHeight * 0.46, maxLines: 1, maxFontSize: 48 * layout.unit, family: theme.fonts.body, weight: 700, lineHeight: 1.15 }) : undefined;
  const pillPadding = 56 * layout.unit;
  // The pill hugs its label: the label's measured width at the fitted size.
  const actionWidth = action && actionFit ? Math.min(layout.contentWidth * 0.7, Math.ceil(measureText({ text: action, fontFamily: fontFamily(theme.fonts.body), fontWeight: fontWeight(theme.fonts.body, 700), fontSize: actionFit.fontSize }).width) + 2) : 0;
  return (
    <SceneFrame theme={theme} seed={`cta-${message}`}>
      <ColourField theme={theme} box={colourFieldBox(full.width, full.height, { left: box.visualLeft, top: box.visualTop, width: box.side, height: box.side }, 56 * full.unit, box.beside)} beside={box.beside} />
      <div style={{ position: 'absolute', left: box.visualLeft, top: box.visualTop }}>
        <IconPanel theme={theme} icons={panelIcons(message, [], 'rocket', false)} picture={typeof picture === 'string' && picture ? picture : undefined} width={box.side} height={box.side} unit={layout.unit} delay={theme.motion.staggerFrames * 2} />
      </div>
      <div data-kit-part="cta" style={{ position: 'absolute', left: box.textLeft, top: box.textTop, width: layout.contentWidth, height: layout.contentHeight, display: 'flex', flexDirection: 'column', justifyContent: 'center', alignItems: align, gap: 44 * layout.unit }}>
        {logo ? <img data-kit-part="logo" src={logo} style={{ height: logoHeight, maxWidth: layout.contentWidth * 0.5, objectFit: 'contain', ...entranceStyle(theme, enter, 20 * layout.unit) }} /> : null}
        <div style={entranceStyle(theme, enter, 50 * layout.unit)}>
          <FittedText part="message" text={message} width={layout.contentWidth} height={layout.contentHeight * 0.5 - logoHeight} maxLines={layout.orientation === 'portrait' ? 5 : 3} maxFontSize={120 * layout.unit} family={theme.fonts.heading} color={colors.text} align={textAlign} />
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
