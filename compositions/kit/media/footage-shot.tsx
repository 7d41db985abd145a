import React from 'react';
import { measureText } from '@remotion/layout-utils';
import { AbsoluteFill, Freeze, Img, OffthreadVideo, useCurrentFrame, useVideoConfig } from 'remotion';
import type { Theme } from '../../scene-props';
import { kitColors } from '../color';
import { FitLines, fitText } from '../fitted-text';
import { fontFamily, fontWeight } from '../fonts';
import { useLayout } from '../layout';
import { entranceStyle, useEntrance } from '../motion';
import { SceneFrame } from '../scene-frame';
import { FOOTAGE_MOVES, hashText, shotCamera, type FootageMove } from './footage-camera';
import { DrawnPlates } from './footage-drawn';
import { DepthPlate, FilmGrain, LightSweep, Motes, Vignette } from './footage-layers';
import { cardShadow, cornerRadius, photoPanel, typeUnit } from './image-fit';

export type { FootageMove } from './footage-camera';

/** A subtitle-like caption at the bottom of the shot, on a near-opaque panel hugging its text. */
const FootageCaption: React.FC<{ theme: Theme; text: string }> = ({ theme, text }) => {
  const layout = useLayout();
  const tu = typeUnit(layout);
  const panel = photoPanel(theme);
  const enter = useEntrance(theme, theme.motion.staggerFrames * 2);
  const padX = 30 * tu;
  const padY = 18 * tu;
  const maxWidth = layout.orientation === 'landscape' ? layout.contentWidth * 0.76 : layout.contentWidth;
  const lineHeight = 1.25;
  const fit = fitText({ text, width: maxWidth - padX * 2, height: 2 * 60 * tu * lineHeight, maxLines: 2, maxFontSize: 60 * tu, family: theme.fonts.body, weight: 600, lineHeight });
  const family = fontFamily(theme.fonts.body);
  const weight = fontWeight(theme.fonts.body, 600);
  const width = Math.ceil(Math.max(0, ...fit.lines.map((line) => measureText({ text: line, fontFamily: family, fontWeight: weight, fontSize: fit.fontSize }).width))) + 2;
  return (
    <div style={{ position: 'absolute', left: layout.margin, top: layout.margin, width: layout.contentWidth, height: layout.contentHeight, display: 'flex', flexDirection: 'column', justifyContent: 'flex-end', alignItems: 'center' }}>
      <div
        data-kit-part="footage-caption"
        style={{ padding: `${padY}px ${padX}px`, background: panel.fill, borderRadius: cornerRadius(theme, layout.unit, 16), boxShadow: cardShadow(theme, layout.unit), ...entranceStyle(theme, enter, 24 * layout.unit) }}
      >
        <FitLines part="caption" fit={fit} width={width} family={theme.fonts.body} weight={600} color={panel.text} lineHeight={lineHeight} align="center" />
      </div>
    </div>
  );
};

/**
 * A filmed clip covering the frame, muted (the soundtrack is mixed for the whole video). A clip
 * shorter than the scene (a model makes only some lengths) holds its last frame to the end.
 */
const FootageClip: React.FC<{ src: string; seconds?: number }> = ({ src, seconds }) => {
  const frame = useCurrentFrame();
  const { fps } = useVideoConfig();
  const last = seconds !== undefined && seconds > 0 ? Math.max(0, Math.floor(seconds * fps) - 1) : Number.POSITIVE_INFINITY;
  return (
    <AbsoluteFill data-kit-part="footage-clip">
      <Freeze frame={Number.isFinite(last) ? last : 0} active={frame > last}>
        <OffthreadVideo src={src} muted style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />
      </Freeze>
    </AbsoluteFill>
  );
};

/**
 * A moving shot made from a still, offline: the camera moves over the whole shot (`move`), the
 * picture is split into layers at different depths (parallax), light sweeps over it, film grain
 * changes on every frame, and a vignette frames it. With `image` the layers are a blurred back
 * plate and the sharp picture with a soft edge; without one the shot is drawn: a landscape of the
 * pack's colors with `pictures` (library illustrations the shot's words name) standing in it at
 * three depths, or the icon its `description` suggests. Everything derives from the
 * frame and `seed` (@default the description), so a shot renders the same every time. `move`
 * @default picked from the seed. With `clip` (a video model's clip of the shot, `clipSeconds` long)
 * the clip is the picture and the camera is its own; the light, vignette, grain and caption stay.
 */
export const FootageShot: React.FC<{ theme: Theme; image?: string; description: string; move?: FootageMove; seed?: string; caption?: string; clip?: string; clipSeconds?: number; pictures?: string[] }> = ({
  theme,
  image,
  description,
  pictures,
  move,
  seed,
  caption,
  clip,
  clipSeconds,
}) => {
  const frame = useCurrentFrame();
  const { durationInFrames } = useVideoConfig();
  const layout = useLayout();
  const colors = kitColors(theme);
  const shotSeed = seed ?? description ?? 'footage';
  const shotMove = move && FOOTAGE_MOVES.includes(move) ? move : FOOTAGE_MOVES[hashText(shotSeed) % FOOTAGE_MOVES.length]!;
  const camera = shotCamera(shotMove, shotSeed, frame / Math.max(1, durationInFrames - 1));
  const cover: React.CSSProperties = { width: '100%', height: '100%', objectFit: 'cover', display: 'block' };
  // The sharp plate fades into the blurred one toward its edges, as a shallow depth of field does.
  const softEdge = 'radial-gradient(ellipse 72% 72% at 50% 50%, #000 58%, transparent 100%)';
  return (
    <SceneFrame theme={theme} seed={`footage-${shotSeed}`} push={false} slowExit>
      <AbsoluteFill data-kit-bleed="footage" data-kit-part="footage" style={{ overflow: 'hidden', backgroundColor: '#000000' }}>
        {clip ? (
          <FootageClip src={clip} {...(clipSeconds !== undefined ? { seconds: clipSeconds } : {})} />
        ) : image ? (
          <>
            <DepthPlate camera={camera} depth={0.45} part="footage-back-plate">
              <Img src={image} style={{ ...cover, filter: `blur(${Math.max(2, 16 * layout.unit).toFixed(2)}px) brightness(0.82) saturate(1.15)`, transform: 'scale(1.12)' }} />
            </DepthPlate>
            <DepthPlate camera={camera} depth={1} part="footage-subject-plate" style={{ maskImage: softEdge, WebkitMaskImage: softEdge }}>
              <Img data-kit-part="footage-subject" src={image} style={cover} />
            </DepthPlate>
          </>
        ) : (
          <DrawnPlates theme={theme} description={description} camera={camera} {...(pictures ? { pictures } : {})} />
        )}
        {clip ? null : <Motes camera={camera} seed={shotSeed} color="rgba(255, 248, 232, 0.9)" />}
        <LightSweep seed={shotSeed} tint={colors.accent} />
        <Vignette />
        <FilmGrain seed={shotSeed} />
      </AbsoluteFill>
      {caption ? <FootageCaption theme={theme} text={caption} /> : null}
    </SceneFrame>
  );
};
