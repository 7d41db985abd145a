import React from 'react';
import { Img, interpolate } from 'remotion';
import type { Theme } from '../../scene-props';
import { kitColors } from '../color';
import { FittedText } from '../fitted-text';
import { packLayout } from '../heading';
import { useLayout } from '../layout';
import { entranceStyle, useEntrance } from '../motion';
import { SceneFrame } from '../scene-frame';
import { imageFit, typeUnit, useNaturalSize } from './image-fit';

/**
 * A brand sting: the logo (PNG or SVG, never stretched) revealed by a wipe as it scales up, its
 * name and tagline below.
 */
export const LogoReveal: React.FC<{ theme: Theme; logo: string; name?: string; tagline?: string }> = ({ theme, logo, name, tagline }) => {
  const layout = useLayout();
  const colors = kitColors(theme);
  const pack = packLayout(theme);
  const { unit } = layout;
  const tu = typeUnit(layout);
  const natural = useNaturalSize(logo);
  const reveal = useEntrance(theme, 4);
  const wipe = interpolate(reveal, [0, 1], [0, 1], { extrapolateLeft: 'clamp', extrapolateRight: 'clamp' });
  const enterName = useEntrance(theme, 4 + theme.motion.durationFrames * 0.7);
  const enterTagline = useEntrance(theme, 4 + theme.motion.durationFrames * 0.7 + theme.motion.staggerFrames * 2);
  const portrait = layout.orientation === 'portrait';
  const nameHeight = name ? Math.min(layout.contentHeight * 0.2, 110 * tu) : 0;
  const taglineHeight = tagline ? Math.min(layout.contentHeight * 0.14, 2 * 50 * tu) : 0;
  const gap = 36 * unit;
  const textHeight = nameHeight + taglineHeight + (name ? gap : 0) + (tagline ? 14 * unit : 0);
  // The logo's box comes from the layout; the logo is contained in it at its own ratio.
  const boxWidth = layout.contentWidth * (portrait ? 0.82 : layout.ratio >= 2.2 ? 0.5 : 0.62);
  const boxHeight = Math.min(layout.contentHeight - textHeight, layout.contentHeight * (name || tagline ? 0.46 : 0.66));
  const fitted = imageFit(natural?.width ?? 0, natural?.height ?? 0, boxWidth, boxHeight, 'contain');
  // The halo stays clear of the name below it (text is checked against every color under it).
  const haloWidth = Math.min(fitted.width + fitted.height * 0.8, layout.contentWidth);
  const haloHeight = fitted.height + gap * 1.6;
  const textWidth = layout.contentWidth * (portrait ? 1 : 0.8);
  const sweep = wipe > 0 && wipe < 1 ? 1 : 0;
  return (
    <SceneFrame theme={theme} seed={`logo-${name ?? ''}`}>
      <div data-kit-part="logo-reveal" style={{ position: 'absolute', left: layout.margin, top: layout.margin, width: layout.contentWidth, height: layout.contentHeight, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center' }}>
        <div style={{ position: 'relative', width: fitted.width, height: fitted.height, flex: 'none' }}>
          {/* A soft halo in the brand color, behind the logo only. */}
          <div
            data-kit-part="halo"
            style={{ position: 'absolute', left: (fitted.width - haloWidth) / 2, top: (fitted.height - haloHeight) / 2, width: haloWidth, height: haloHeight, background: `radial-gradient(ellipse closest-side, ${colors.primary}38 0%, ${colors.primary}00 100%)`, opacity: Math.min(1, reveal), transform: `scale(${0.6 + 0.4 * Math.min(1, reveal)})` }}
          />
          <div style={{ position: 'absolute', inset: 0, clipPath: `inset(0 ${(1 - wipe) * 100}% 0 0)`, transform: `scale(${0.82 + 0.18 * reveal})` }}>
            <Img data-kit-part="logo" src={logo} style={{ display: 'block', width: fitted.width, height: fitted.height, objectFit: 'contain' }} />
          </div>
          {/* The wipe's leading edge: a bright bar that sweeps across and leaves. */}
          <div style={{ position: 'absolute', top: -fitted.height * 0.08, height: fitted.height * 1.16, left: wipe * fitted.width - 3 * unit, width: 6 * unit, borderRadius: 3 * unit, background: colors.accent, opacity: sweep }} />
        </div>
        {name ? (
          <div style={{ ...entranceStyle(theme, enterName, 30 * unit), marginTop: gap }}>
            <FittedText part="brand-name" text={name} uppercase={pack.uppercaseHeadings} letterSpacing={pack.uppercaseHeadings ? 0.06 : undefined} width={textWidth} height={nameHeight} maxLines={1} maxFontSize={96 * tu} family={theme.fonts.heading} weight={800} color={colors.text} align="center" />
          </div>
        ) : null}
        {tagline ? (
          <div style={{ ...entranceStyle(theme, enterTagline, 20 * unit), marginTop: 14 * unit }}>
            <FittedText part="tagline" text={tagline} width={textWidth} height={taglineHeight} maxLines={2} maxFontSize={44 * tu} family={theme.fonts.body} weight={400} color={colors.muted} align="center" lineHeight={1.3} />
          </div>
        ) : null}
      </div>
    </SceneFrame>
  );
};
