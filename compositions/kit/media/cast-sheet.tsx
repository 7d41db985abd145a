// A cast sheet: one recurring character or subject of a video, shown for review before any shot is
// made: its portrait (the attached picture, a generated one, or one drawn from its look), its name
// and how it looks, in words.
import React from 'react';
import { Img } from 'remotion';
import type { Theme } from '../../scene-props';
import { kitColors } from '../color';
import { iconComponent, iconFor } from '../data/icons';
import { FittedText } from '../fitted-text';
import { useLayout } from '../layout';
import { entranceStyle, useEntrance } from '../motion';
import { SceneFrame } from '../scene-frame';

/** A portrait drawn from a look: the icon its words suggest on a disc of the pack's colors, ringed. */
const DrawnPortrait: React.FC<{ theme: Theme; look: string; name: string; size: number }> = ({ theme, look, name, size }) => {
  const colors = kitColors(theme);
  const Icon = iconComponent(iconFor(`${look} ${name}`)) ?? iconComponent('user')!;
  return (
    <div
      data-kit-part="cast-portrait"
      style={{
        width: size,
        height: size,
        borderRadius: '50%',
        background: `radial-gradient(circle at 35% 30%, ${colors.accent}, ${colors.primary} 62%, ${colors.secondary})`,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        boxShadow: `0 0 0 ${Math.round(size * 0.03)}px ${colors.text}22`,
      }}
    >
      <Icon size={size * 0.48} color={colors.onPrimary} strokeWidth={1.6} />
    </div>
  );
};

/**
 * A cast sheet: the portrait (`image`, else drawn from `look`) beside the name, with the look
 * below it and a "Cast" kicker. Side by side on wide canvases, stacked on tall ones; the text is
 * fitted, so a long look never overflows.
 */
export const CastSheet: React.FC<{ theme: Theme; name: string; look: string; image?: string; kicker?: string }> = ({ theme, name, look, image, kicker = 'Cast' }) => {
  const layout = useLayout();
  const colors = kitColors(theme);
  const { unit } = layout;
  const enter = useEntrance(theme);
  const enterText = useEntrance(theme, theme.motion.staggerFrames * 2);
  const side = layout.columns === 2;
  const portrait = Math.round(side ? Math.min(layout.contentHeight * 0.82, layout.contentWidth * 0.4) : Math.min(layout.contentWidth * 0.7, layout.contentHeight * 0.42));
  const textWidth = side ? layout.contentWidth - portrait - 64 * unit : layout.contentWidth;
  const textHeight = side ? layout.contentHeight : layout.contentHeight - portrait - 48 * unit;
  const kickerHeight = Math.min(44 * unit, textHeight * 0.15);
  const nameHeight = textHeight * 0.32;
  const lookHeight = textHeight - kickerHeight - nameHeight - 40 * unit;
  return (
    <SceneFrame theme={theme} seed={`cast-${name}`}>
      <div
        style={{
          position: 'absolute',
          inset: layout.margin,
          display: 'flex',
          flexDirection: side ? 'row' : 'column',
          alignItems: 'center',
          justifyContent: 'center',
          gap: side ? 64 * unit : 48 * unit,
        }}
      >
        <div style={entranceStyle(theme, enter, 30 * unit)}>
          {image ? (
            <Img data-kit-part="cast-portrait" src={image} style={{ width: portrait, height: portrait, borderRadius: '50%', objectFit: 'cover', display: 'block' }} />
          ) : (
            <DrawnPortrait theme={theme} look={look} name={name} size={portrait} />
          )}
        </div>
        <div style={{ ...entranceStyle(theme, enterText, 30 * unit), width: textWidth, display: 'flex', flexDirection: 'column', gap: 14 * unit, alignItems: side ? 'flex-start' : 'center' }}>
          <FittedText part="kicker" text={kicker} uppercase letterSpacing={0.12} width={textWidth} height={kickerHeight} maxLines={1} maxFontSize={32 * unit} family={theme.fonts.body} weight={700} color={colors.accentText} align={side ? 'left' : 'center'} />
          <FittedText part="headline" text={name} width={textWidth} height={nameHeight} maxLines={2} maxFontSize={96 * unit} family={theme.fonts.heading} color={colors.text} align={side ? 'left' : 'center'} />
          <FittedText part="body" text={look} width={textWidth} height={Math.max(40 * unit, lookHeight)} maxLines={6} maxFontSize={40 * unit} family={theme.fonts.body} weight={500} color={colors.text} align={side ? 'left' : 'center'} lineHeight={1.3} />
        </div>
      </div>
    </SceneFrame>
  );
};
