import React from 'react';
import { interpolate, useCurrentFrame } from 'remotion';
import type { Theme } from '../scene-props';
import { kitColors } from './color';
import { FitLines, FittedText, fitText } from './fitted-text';
import { packLayout } from './heading';
import { useLayout } from './layout';
import { entranceStyle, useEntrance } from './motion';
import { SceneFrame } from './scene-frame';

/** A number as shown: thousands separated, fixed decimals. */
export function formatNumber(value: number, decimals = 0): string {
  return value.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

/** A figure that counts up to its value, with a label under it. */
export const StatCounter: React.FC<{ theme: Theme; value: number; prefix?: string; suffix?: string; label: string; decimals?: number; source?: string }> = ({ theme, value, prefix = '', suffix = '', label, decimals = 0, source }) => {
  const layout = useLayout();
  const frame = useCurrentFrame();
  const colors = kitColors(theme);
  const align = packLayout(theme).align;
  const enter = useEntrance(theme);
  const enterLabel = useEntrance(theme, theme.motion.staggerFrames * 3);
  const counted = interpolate(frame, [0, theme.motion.durationFrames * 3], [0, value], { extrapolateLeft: 'clamp', extrapolateRight: 'clamp' });
  // Sized once for the final figure, so the counting digits never change the type size.
  const finalText = `${prefix}${formatNumber(value, decimals)}${suffix}`;
  const figureFit = fitText({ text: finalText, width: layout.contentWidth, height: layout.contentHeight * 0.42, maxLines: 1, maxFontSize: 260 * layout.unit, family: theme.fonts.heading, weight: 800, lineHeight: 1.1, fontVariantNumeric: 'tabular-nums' });
  const sourceHeight = source ? 34 * layout.unit : 0;
  return (
    <SceneFrame theme={theme} seed={`stat-${label}`}>
      <div data-kit-part="stat" style={{ position: 'absolute', left: layout.margin, top: layout.margin, width: layout.contentWidth, height: layout.contentHeight, display: 'flex', flexDirection: 'column', justifyContent: 'center', alignItems: align === 'center' ? 'center' : 'flex-start' }}>
        <div style={entranceStyle(theme, enter, 50 * layout.unit)}>
          <FitLines fit={{ ...figureFit, lines: [`${prefix}${formatNumber(counted, decimals)}${suffix}`] }} width={layout.contentWidth} family={theme.fonts.heading} weight={800} color={colors.primaryText} lineHeight={1.1} align={align} part="figure" style={{ fontVariantNumeric: 'tabular-nums' }} />
        </div>
        <div style={{ ...entranceStyle(theme, enterLabel, 30 * layout.unit), marginTop: 24 * layout.unit }}>
          <FittedText part="label" text={label} width={layout.contentWidth * (align === 'center' ? 1 : 0.85)} height={layout.contentHeight * 0.3} maxLines={3} maxFontSize={56 * layout.unit} family={theme.fonts.body} weight={600} color={colors.text} align={align} lineHeight={1.25} />
        </div>
        {source ? (
          <div style={{ marginTop: 16 * layout.unit, opacity: enterLabel }}>
            <FittedText part="source" text={source} width={layout.contentWidth} height={sourceHeight} maxLines={1} maxFontSize={26 * layout.unit} family={theme.fonts.body} weight={400} color={colors.muted} align={align} />
          </div>
        ) : null}
      </div>
    </SceneFrame>
  );
};
