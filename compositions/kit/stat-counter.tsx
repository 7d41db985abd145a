import React from 'react';
import { Easing, interpolate, useCurrentFrame } from 'remotion';
import type { Theme } from '../scene-props';
import { kitColors } from './color';
import { FitLines, FittedText, fitText } from './fitted-text';
import { packLayout } from './heading';
import { IconPanel, visualSide } from './icon-panel';
import { ColourField } from './lists/colour-field';
import { colourFieldBox } from './lists/colour-field-layout';
import { useLayout } from './layout';
import { entranceStyle, useEntrance } from './motion';
import { useNarrationBuild } from './narration-build';
import { panelIcons } from './panel-icons';
import { SceneFrame } from './scene-frame';

/** A number as shown: thousands separated, fixed decimals. */
export function formatNumber(value: number, decimals = 0): string {
  return value.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

/**
 * A figure that counts up to its value, with a label under it, beside an icon panel picked from the
 * label (a trend for growth, a clock for time …): to the right on a wide canvas, above the figure on
 * a stacked one, so the figure never sits alone in an empty frame. A `picture` (an image URL such as
 * a visual library illustration) takes the icon's place. The panel stands on a full-bleed colour
 * field (the canvas's right part, or its top), as a title card's picture does, so the frame reads as
 * a poster of a figure and its picture rather than a disc on a plain field. The panel floats while
 * the figure holds.
 */
export const StatCounter: React.FC<{ theme: Theme; value: number; prefix?: string; suffix?: string; label: string; decimals?: number; source?: string; picture?: string }> = ({
  theme,
  value,
  prefix = '',
  suffix = '',
  label,
  decimals = 0,
  source,
  picture,
}) => {
  const layout = useLayout();
  const frame = useCurrentFrame();
  const colors = kitColors(theme);
  // The count starts as the narration names the figure (else at once) and eases out onto its value.
  const finalText = `${prefix}${formatNumber(value, decimals)}${suffix}`;
  const countStart = useNarrationBuild([finalText], [0], { first: 0 }).enter[0] ?? 0;
  const enter = useEntrance(theme, Math.max(0, countStart - 4));
  const enterLabel = useEntrance(theme, countStart + theme.motion.staggerFrames * 3);
  const counted = Number((value * interpolate(frame - countStart, [0, theme.motion.durationFrames * 3], [0, 1], { easing: Easing.out(Easing.cubic), extrapolateLeft: 'clamp', extrapolateRight: 'clamp' })).toFixed(decimals));
  const beside = layout.columns === 2;
  const gap = layout.contentWidth * 0.05;
  // A tall canvas gives the panel more of its height, so figure and panel span it together.
  const side = visualSide(layout, layout.ratio < 0.7 ? 0.4 : layout.orientation === 'portrait' ? 0.36 : 0.21);
  const textWidth = beside ? layout.contentWidth - side - gap : layout.contentWidth;
  const panelHeight = beside ? layout.contentHeight : side;
  const textHeight = beside ? layout.contentHeight : layout.contentHeight - panelHeight - gap;
  const align = beside ? 'left' : packLayout(theme).align;
  // Sized once for the final figure, so the counting digits never change the type size.
  const figureFit = fitText({ text: finalText, width: textWidth, height: textHeight * (beside ? 0.42 : 0.5), maxLines: 1, maxFontSize: 260 * layout.unit, family: theme.fonts.heading, weight: 800, lineHeight: 1.1, fontVariantNumeric: 'tabular-nums' });
  const sourceHeight = source ? 34 * layout.unit : 0;
  const panelWidth = beside ? layout.contentWidth - textWidth - gap : layout.contentWidth;
  const visual = beside ? { left: layout.margin + textWidth + gap, top: layout.margin, width: panelWidth, height: panelHeight } : { left: layout.margin, top: layout.margin, width: panelWidth, height: panelHeight };
  const panel = (
    <IconPanel theme={theme} icons={panelIcons(label, [], 'trending-up', false)} picture={typeof picture === 'string' && picture ? picture : undefined} width={beside ? layout.contentWidth - textWidth - gap : layout.contentWidth} height={panelHeight} unit={layout.unit} delay={theme.motion.staggerFrames * 2} />
  );
  return (
    <SceneFrame theme={theme} seed={`stat-${label}`}>
      <ColourField theme={theme} box={colourFieldBox(layout.width, layout.height, visual, gap, beside)} beside={beside} />
      <div style={{ position: 'absolute', left: layout.margin, top: layout.margin, width: layout.contentWidth, height: layout.contentHeight, display: 'flex', flexDirection: beside ? 'row' : 'column', alignItems: 'center', justifyContent: 'center', gap }}>
        {beside ? null : panel}
        <div data-kit-part="stat" style={{ width: textWidth, height: textHeight, flex: 'none', display: 'flex', flexDirection: 'column', justifyContent: 'center', alignItems: align === 'center' ? 'center' : 'flex-start' }}>
          <div style={entranceStyle(theme, enter, 50 * layout.unit)}>
            <FitLines fit={{ ...figureFit, lines: [`${prefix}${formatNumber(counted, decimals)}${suffix}`] }} width={textWidth} family={theme.fonts.heading} weight={800} color={colors.primaryText} lineHeight={1.1} align={align} part="figure" style={{ fontVariantNumeric: 'tabular-nums' }} />
          </div>
          <div style={{ ...entranceStyle(theme, enterLabel, 30 * layout.unit), marginTop: 24 * layout.unit }}>
            <FittedText part="label" text={label} width={textWidth * (align === 'center' ? 1 : 0.92)} height={textHeight * 0.3} maxLines={3} maxFontSize={56 * layout.unit} family={theme.fonts.body} weight={600} color={colors.text} align={align} lineHeight={1.25} />
          </div>
          {source ? (
            <div style={{ marginTop: 16 * layout.unit, opacity: enterLabel }}>
              <FittedText part="source" text={source} width={textWidth} height={sourceHeight} maxLines={1} maxFontSize={26 * layout.unit} family={theme.fonts.body} weight={400} color={colors.muted} align={align} />
            </div>
          ) : null}
        </div>
        {beside ? panel : null}
      </div>
    </SceneFrame>
  );
};
