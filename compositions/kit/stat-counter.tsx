import React from 'react';
import { fitTextOnNLines } from '@remotion/layout-utils';
import { AbsoluteFill, interpolate, useCurrentFrame } from 'remotion';
import type { Theme } from '../scene-props';
import { Background } from './background';
import { FittedText } from './fitted-text';
import { fontFamily } from './fonts';
import { useLayout } from './layout';
import { entranceStyle, useEntrance, useExit } from './motion';

function format(value: number, decimals: number): string {
  return value.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

/** A figure that counts up to its value, with a label under it. */
export const StatCounter: React.FC<{ theme: Theme; value: number; prefix?: string; suffix?: string; label: string; decimals?: number }> = ({ theme, value, prefix = '', suffix = '', label, decimals = 0 }) => {
  const layout = useLayout();
  const frame = useCurrentFrame();
  const enter = useEntrance(theme);
  const enterLabel = useEntrance(theme, theme.motion.staggerFrames * 3);
  const exit = useExit();
  const family = fontFamily(theme.fonts.heading);
  const counted = interpolate(frame, [0, theme.motion.durationFrames * 3], [0, value], { extrapolateLeft: 'clamp', extrapolateRight: 'clamp' });
  // Sized once for the final figure, so the counting digits never change the type size.
  const finalText = `${prefix}${format(value, decimals)}${suffix}`;
  const fitted = fitTextOnNLines({ text: finalText, maxLines: 1, maxBoxWidth: layout.contentWidth, fontFamily: family, fontWeight: 800, maxFontSize: 260 * layout.unit });
  const fontSize = Math.min(fitted.fontSize, layout.contentHeight * 0.4);
  return (
    <AbsoluteFill style={{ opacity: 1 - exit }}>
      <Background theme={theme} seed={`stat-${label}`} />
      <AbsoluteFill style={{ padding: layout.margin, justifyContent: 'center', alignItems: 'center' }}>
        <div style={{ ...entranceStyle(theme, enter, 50 * layout.unit), fontFamily: family, fontWeight: 800, fontSize, lineHeight: 1.1, color: theme.palette.primary, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
          {`${prefix}${format(counted, decimals)}${suffix}`}
        </div>
        <div style={{ ...entranceStyle(theme, enterLabel, 30 * layout.unit), marginTop: 24 * layout.unit }}>
          <FittedText text={label} width={layout.contentWidth * 0.85} height={layout.contentHeight * 0.3} maxLines={3} maxFontSize={56 * layout.unit} family={theme.fonts.body} weight={600} color={theme.palette.text ?? '#111'} align="center" lineHeight={1.25} />
        </div>
      </AbsoluteFill>
    </AbsoluteFill>
  );
};
