import React from 'react';
import { measureText } from '@remotion/layout-utils';
import { AbsoluteFill, Img, interpolate, useCurrentFrame, useVideoConfig } from 'remotion';
import type { Theme } from '../../scene-props';
import { kitColors, readableOn } from '../color';
import { FitLines, FittedText, fitText, type TextFit } from '../fitted-text';
import { fontFamily, fontWeight } from '../fonts';
import { Heading, packLayout } from '../heading';
import { useLayout } from '../layout';
import { entranceStyle, useEntrance } from '../motion';
import { SceneFrame } from '../scene-frame';
import { cardShadow, cornerRadius, photoPanel, typeUnit } from './image-fit';

/** The widest line of a fitted text, measured with its font. */
function linesWidth(fit: TextFit, family: string, weight: number, letterSpacing?: number): number {
  return Math.max(
    0,
    ...fit.lines.map((line) =>
      measureText({ text: line, fontFamily: fontFamily(family), fontWeight: fontWeight(family, weight), fontSize: fit.fontSize, ...(letterSpacing !== undefined ? { letterSpacing: `${letterSpacing}em` } : {}) }).width,
    ),
  );
}

/** Fits on one line unless that makes the type smaller than `minFontSize`; then on two. */
function fitOneOrTwo(options: Parameters<typeof fitText>[0], minFontSize: number, lineBudget: number): TextFit {
  const single = fitText({ ...options, maxLines: 1, height: lineBudget });
  if (single.fontSize >= minFontSize) return single;
  const double = fitText({ ...options, maxLines: 2, height: lineBudget * 2 });
  return double.fontSize > single.fontSize ? double : single;
}

/** A full-bleed photo pushing in slowly (a Ken Burns move), cropped to cover the canvas. */
export const PushImage: React.FC<{ src: string; seed: string; zoom?: number }> = ({ src, seed, zoom = 0.1 }) => {
  const frame = useCurrentFrame();
  const { durationInFrames } = useVideoConfig();
  const t = interpolate(frame, [0, Math.max(1, durationInFrames)], [0, 1], { extrapolateLeft: 'clamp', extrapolateRight: 'clamp' });
  // A direction from the seed: the push drifts toward one corner.
  const hash = [...seed].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 11);
  const dx = (hash % 2 === 0 ? 1 : -1) * 1.6 * t;
  const dy = ((hash >> 1) % 2 === 0 ? 1 : -1) * 1.0 * t;
  return (
    <AbsoluteFill data-kit-bleed="ken-burns" style={{ transform: `scale(${1.04 + zoom * t}) translate(${dx}%, ${dy}%)`, transformOrigin: '50% 50%' }}>
      <Img src={src} style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
    </AbsoluteFill>
  );
};

/**
 * A name caption: a bar sliding in at the bottom left with the person's name and role, over their
 * photo (slowly pushing in) or the pack's background; `title` names the segment.
 */
export const LowerThird: React.FC<{ theme: Theme; name: string; role?: string; image?: string; title?: string }> = ({ theme, name, role, image, title }) => {
  const layout = useLayout();
  const colors = kitColors(theme);
  const pack = packLayout(theme);
  const { unit } = layout;
  const tu = typeUnit(layout);
  const landscape = layout.orientation === 'landscape';
  const radius = cornerRadius(theme, unit, 16);
  const panel = photoPanel(theme, 1);
  const enterBar = useEntrance(theme, theme.motion.staggerFrames * 2);
  const enterRole = useEntrance(theme, theme.motion.staggerFrames * 4);
  const enterTitle = useEntrance(theme);

  // The bar hugs its text, up to most of the width (all of it when the canvas is narrow).
  const barMax = landscape ? Math.min(layout.contentWidth * 0.66, 1100 * unit) : layout.contentWidth;
  const padX = 34 * tu;
  const stripe = 10 * tu;
  const nameFit = fitOneOrTwo({ text: name, width: barMax - padX * 2 - stripe, height: 0, maxLines: 1, maxFontSize: 64 * tu, family: theme.fonts.heading, weight: 800, lineHeight: 1.12 }, 42 * tu, 72 * tu);
  const roleFit = role ? fitOneOrTwo({ text: role, width: barMax - padX * 2 - stripe, height: 0, maxLines: 1, maxFontSize: 46 * tu, family: theme.fonts.body, weight: 600, lineHeight: 1.2 }, 44 * tu, 56 * tu) : undefined;
  const nameWidth = Math.ceil(linesWidth(nameFit, theme.fonts.heading, 800)) + 2;
  const roleWidth = roleFit ? Math.ceil(linesWidth(roleFit, theme.fonts.body, 600)) + 2 : 0;
  const namePadY = 20 * tu;
  const rolePadY = 14 * tu;
  const nameBlock = nameFit.height + namePadY * 2;
  const roleBlock = roleFit ? roleFit.height + rolePadY * 2 : 0;
  const barHeight = nameBlock + roleBlock;

  // What stands above the bar: the segment title, or (with no photo) the person's initials.
  const aboveHeight = Math.max(0, layout.contentHeight - barHeight - 40 * unit);
  const initials = name
    .split(/\s+/)
    .filter((word) => /^\p{L}/u.test(word))
    .map((word) => [...word][0]!.toUpperCase())
    .slice(0, 2)
    .join('');
  const avatar = !image && !title ? Math.min(landscape ? layout.contentHeight * 0.62 : aboveHeight * 0.8, landscape ? layout.contentWidth * 0.3 : layout.contentWidth * 0.6) : 0;
  const titleTag = image && title ? fitText({ text: title.toUpperCase(), width: layout.contentWidth * (landscape ? 0.5 : 0.8) - 40 * unit, height: 34 * tu, maxLines: 1, maxFontSize: 28 * tu, family: theme.fonts.body, weight: 700, lineHeight: 1.2, letterSpacing: 0.12 }) : undefined;
  const titleTagWidth = titleTag ? Math.ceil(linesWidth(titleTag, theme.fonts.body, 700, 0.12)) + 2 : 0;
  const onAvatar = readableOn(colors.primary, colors.background);
  const shadow = cardShadow(theme, unit, Boolean(image));

  return (
    <SceneFrame theme={theme} seed={`lower-third-${name}`}>
      {image ? (
        <>
          <PushImage src={image} seed={name} />
          <AbsoluteFill data-kit-bleed="shade" style={{ background: 'linear-gradient(180deg, rgba(0,0,0,0) 55%, rgba(0,0,0,0.35) 100%)' }} />
        </>
      ) : null}
      {titleTag ? (
        <div data-kit-part="segment" style={{ position: 'absolute', left: layout.margin, top: layout.margin, padding: `${12 * tu}px ${20 * tu}px`, background: panel.fill, borderRadius: radius, boxShadow: shadow, ...entranceStyle(theme, enterTitle, 30 * unit) }}>
          <FitLines part="segment-title" fit={titleTag} letterSpacing={0.12} width={titleTagWidth} family={theme.fonts.body} weight={700} color={panel.accent} lineHeight={1.2} />
        </div>
      ) : null}
      {!image && title && aboveHeight > 60 * unit ? (
        <div style={{ position: 'absolute', left: layout.margin, top: layout.margin, width: layout.contentWidth, height: aboveHeight, display: 'flex', flexDirection: 'column', justifyContent: 'center', alignItems: pack.align === 'center' ? 'center' : 'flex-start' }}>
          <Heading theme={theme} text={title} width={layout.contentWidth * (landscape ? 0.8 : 1)} height={aboveHeight} unit={tu} maxLines={landscape ? 2 : 4} maxFontSize={110 * tu} />
        </div>
      ) : null}
      {avatar > 0 && initials ? (
        <div
          style={{
            position: 'absolute',
            left: landscape ? layout.margin + layout.contentWidth - avatar - layout.contentWidth * 0.06 : layout.margin + (layout.contentWidth - avatar) / 2,
            top: landscape ? layout.margin + (layout.contentHeight - avatar) / 2 : layout.margin + (aboveHeight - avatar) / 2,
            width: avatar,
            height: avatar,
            borderRadius: '50%',
            background: colors.primary,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            boxShadow: cardShadow(theme, unit, false),
            ...entranceStyle(theme, enterTitle, 40 * unit),
          }}
        >
          <FittedText part="initials" text={initials} width={avatar * 0.62} height={avatar * 0.42} maxLines={1} maxFontSize={avatar * 0.4} family={theme.fonts.heading} weight={800} color={onAvatar} align="center" lineHeight={1.1} />
        </div>
      ) : null}
      <div
        data-kit-part="lower-third"
        style={{
          position: 'absolute',
          left: layout.margin,
          top: layout.margin + layout.contentHeight - barHeight,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'flex-start',
          filter: theme.depth === '3d' || image ? `drop-shadow(0 ${8 * unit}px ${18 * unit}px rgba(0,0,0,0.3))` : undefined,
        }}
      >
        <div
          style={{
            display: 'flex',
            background: colors.primary,
            borderRadius: roleFit ? `${radius}px ${radius}px ${radius}px 0` : radius,
            overflow: 'hidden',
            clipPath: `inset(0 ${(1 - enterBar) * 100}% 0 0)`,
            transform: `translateX(${(1 - enterBar) * -40 * unit}px)`,
          }}
        >
          <div style={{ width: stripe, background: colors.accent }} />
          <div style={{ padding: `${namePadY}px ${padX}px` }}>
            <FitLines part="name" fit={nameFit} width={nameWidth} family={theme.fonts.heading} weight={800} color={colors.onPrimary} lineHeight={1.12} />
          </div>
        </div>
        {roleFit && role ? (
          <div
            style={{
              padding: `${rolePadY}px ${padX}px`,
              marginLeft: stripe,
              background: panel.fill,
              borderRadius: `0 0 ${radius}px ${radius}px`,
              clipPath: `inset(0 ${(1 - enterRole) * 100}% 0 0)`,
              transform: `translateX(${(1 - enterRole) * -30 * unit}px)`,
            }}
          >
            <FitLines part="role" fit={roleFit} width={roleWidth} family={theme.fonts.body} weight={600} color={panel.text} lineHeight={1.2} />
          </div>
        ) : null}
      </div>
    </SceneFrame>
  );
};
