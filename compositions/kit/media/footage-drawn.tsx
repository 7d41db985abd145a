// A shot drawn when there is no still: a layered landscape of gradient ridges and abstract planes
// in the pack's colors, with the subject standing between them, each layer at its own depth. The
// subject is the library pictures the shot's words name (its caption's subject large in the middle
// ground, the others smaller, one far and one near, so the camera's move parts them); without
// any, a disc with the icon its description suggests.
import React from 'react';
import { AbsoluteFill, Img, random, useCurrentFrame, useVideoConfig } from 'remotion';
import type { Theme } from '../../scene-props';
import { kitColors, luminance, mix, parseColor, toHex, type Rgba } from '../color';
import { iconComponent, iconFor } from '../data/icons';
import { hashText, type ShotCamera } from './footage-camera';
import { DepthPlate } from './footage-layers';

const WHITE: Rgba = { r: 255, g: 255, b: 255, a: 1 };
const BLACK: Rgba = { r: 0, g: 0, b: 0, a: 1 };

/** The colors of a drawn shot, from the pack's palette. */
function drawnPalette(theme: Theme) {
  const colors = kitColors(theme);
  const rgb = (color: string) => parseColor(color) ?? WHITE;
  const background = rgb(colors.background);
  const primary = rgb(colors.primary);
  const secondary = rgb(colors.secondary);
  const accent = rgb(colors.accent);
  const dark = luminance(background) < 0.18;
  const hex = (color: Rgba) => toHex(color);
  return {
    skyTop: hex(mix(mix(primary, background, 0.35), BLACK, dark ? 0.45 : 0.15)),
    skyMid: hex(mix(secondary, background, 0.35)),
    horizon: hex(mix(accent, WHITE, 0.45)),
    glow: hex(mix(accent, WHITE, 0.6)),
    ridges: [hex(mix(mix(secondary, background, 0.45), WHITE, 0.15)), hex(mix(primary, BLACK, 0.2)), hex(mix(mix(primary, secondary, 0.4), BLACK, 0.55))],
    plane: [hex(mix(primary, WHITE, 0.25)), hex(mix(secondary, WHITE, 0.2)), hex(mix(accent, WHITE, 0.2))],
    disc: [colors.primary, hex(mix(primary, accent, 0.55))],
    icon: colors.onPrimary,
  };
}

/** A ridge across the canvas as an SVG path: a smooth line through seeded heights around `base`. */
function ridgePath(seed: string, width: number, height: number, base: number, amplitude: number, steps: number): string {
  const points = Array.from({ length: steps + 1 }, (_, i) => ({
    x: (i / steps) * width,
    y: base - amplitude * (0.2 + 0.8 * random(`${seed}-${i}`)),
  }));
  let d = `M 0 ${height} L ${points[0]!.x} ${points[0]!.y.toFixed(1)}`;
  for (let i = 1; i < points.length; i += 1) {
    const prev = points[i - 1]!;
    const point = points[i]!;
    const mid = { x: (prev.x + point.x) / 2, y: (prev.y + point.y) / 2 };
    d += ` Q ${prev.x.toFixed(1)} ${prev.y.toFixed(1)} ${mid.x.toFixed(1)} ${mid.y.toFixed(1)}`;
  }
  const last = points[points.length - 1]!;
  return `${d} L ${last.x} ${last.y.toFixed(1)} L ${width} ${height} Z`;
}

/** The shot's pictures as layers: the subject in the middle ground, a second one far and small, a third near and large at a side. */
const PICTURE_LAYERS = [
  { depth: 0.95, size: 0.46, x: 0.5, y: 0.5 },
  { depth: 0.6, size: 0.2, x: 0.16, y: 0.36 },
  { depth: 1.35, size: 0.3, x: 0.86, y: 0.74 },
] as const;

/** A library picture standing in the shot at its layer's depth, bobbing gently. */
const PicturePlate: React.FC<{ src: string; index: number; camera: ShotCamera; subjectX: number }> = ({ src, index, camera, subjectX }) => {
  const frame = useCurrentFrame();
  const { width, height, fps } = useVideoConfig();
  const layer = PICTURE_LAYERS[index]!;
  const unit = Math.min(width, height);
  const size = unit * layer.size;
  const left = (index === 0 ? subjectX : width * layer.x) - size / 2;
  const bob = Math.sin((frame / fps) * (1.1 + index * 0.4) + index) * unit * 0.01;
  return (
    <DepthPlate camera={camera} depth={layer.depth} part={index === 0 ? 'footage-subject-plate' : `footage-picture-${index}`}>
      <Img
        data-kit-part={index === 0 ? 'footage-subject' : 'footage-picture'}
        src={src}
        style={{ position: 'absolute', left, top: height * layer.y - size / 2 + bob, width: size, height: size, objectFit: 'contain', filter: `drop-shadow(0 ${unit * 0.02}px ${unit * 0.03}px rgba(0, 0, 0, 0.35))${index === 1 ? ' saturate(0.8) brightness(0.92)' : ''}` }}
      />
    </DepthPlate>
  );
};

/** The drawn shot's layers, far to near, each moving with the camera at its depth. */
export const DrawnPlates: React.FC<{ theme: Theme; description: string; camera: ShotCamera; pictures?: string[] }> = ({ theme, description, camera, pictures = [] }) => {
  const { seed } = camera;
  const frame = useCurrentFrame();
  const { width, height, fps } = useVideoConfig();
  const palette = drawnPalette(theme);
  const shown = (Array.isArray(pictures) ? pictures : []).filter((src): src is string => typeof src === 'string' && src.length > 0).slice(0, PICTURE_LAYERS.length);
  const unit = Math.min(width, height);
  const Icon = iconComponent(iconFor(description)) ?? iconComponent('sparkles')!;
  const sunX = 20 + random(`${seed}-sun`) * 60;
  const subjectX = width * (0.38 + random(`${seed}-subject`) * 0.24);
  const subjectSize = unit * 0.3;
  const bob = Math.sin((frame / fps) * 1.3) * unit * 0.008;
  const seconds = frame / fps;
  const ridgeSpecs = [
    { depth: 0.45, base: 0.62, amplitude: 0.2, steps: 7 },
    { depth: 0.75, base: 0.74, amplitude: 0.16, steps: 9 },
    { depth: 1.2, base: 0.9, amplitude: 0.12, steps: 6 },
  ];
  // Gradient ids are page-wide: the seed keeps two shots on one page apart.
  const idBase = `footage-${hashText(seed).toString(36)}`;
  const ridge = (index: number) => {
    const spec = ridgeSpecs[index]!;
    const fillId = `${idBase}-ridge-${index}`;
    return (
      <DepthPlate key={`ridge-${index}`} camera={camera} depth={spec.depth} part={`footage-ridge-${index}`}>
        <svg width={width} height={height} style={{ position: 'absolute', inset: 0 }}>
          <defs>
            <linearGradient id={fillId} x1="0" y1="0" x2="0" y2="1">
              <stop offset="0" stopColor={palette.ridges[index]} />
              <stop offset="1" stopColor={toHex(mix(parseColor(palette.ridges[index]!) ?? BLACK, BLACK, 0.35))} />
            </linearGradient>
          </defs>
          <path d={ridgePath(`${seed}-ridge-${index}`, width, height, height * spec.base, height * spec.amplitude, spec.steps)} fill={`url(#${fillId})`} />
        </svg>
      </DepthPlate>
    );
  };
  return (
    <>
      <DepthPlate camera={camera} depth={0.2} part="footage-sky" style={{ background: `linear-gradient(180deg, ${palette.skyTop} 0%, ${palette.skyMid} 55%, ${palette.horizon} 100%)` }}>
        <AbsoluteFill style={{ background: `radial-gradient(circle at ${sunX}% 42%, ${palette.glow} 0%, transparent 38%)`, opacity: 0.85 }} />
      </DepthPlate>
      <DepthPlate camera={camera} depth={0.35} part="footage-planes">
        {palette.plane.map((color, i) => {
          const size = unit * (0.35 + random(`${seed}-plane-size-${i}`) * 0.3);
          return (
            <div
              key={i}
              style={{
                position: 'absolute',
                left: width * (0.1 + 0.32 * i + random(`${seed}-plane-x-${i}`) * 0.1) - size / 2,
                top: height * (0.15 + random(`${seed}-plane-y-${i}`) * 0.25) - size / 2,
                width: size,
                height: size * 0.62,
                borderRadius: size * 0.08,
                background: `linear-gradient(135deg, ${color} 0%, transparent 85%)`,
                opacity: 0.32,
                transform: `rotate(${-20 + random(`${seed}-plane-r-${i}`) * 40 + seconds * (i % 2 === 0 ? 2.5 : -2)}deg)`,
              }}
            />
          );
        })}
      </DepthPlate>
      {shown.length > 1 ? <PicturePlate src={shown[1]!} index={1} camera={camera} subjectX={subjectX} /> : null}
      {ridge(0)}
      {ridge(1)}
      {shown.length > 0 ? (
        <PicturePlate src={shown[0]!} index={0} camera={camera} subjectX={subjectX} />
      ) : (
      <DepthPlate camera={camera} depth={0.95} part="footage-subject-plate">
        <div
          data-kit-part="footage-subject"
          style={{
            position: 'absolute',
            left: subjectX - subjectSize / 2,
            top: height * 0.44 - subjectSize / 2 + bob,
            width: subjectSize,
            height: subjectSize,
            borderRadius: '50%',
            background: `radial-gradient(circle at 35% 30%, ${palette.disc[1]} 0%, ${palette.disc[0]} 70%)`,
            boxShadow: `0 ${unit * 0.02}px ${unit * 0.06}px rgba(0, 0, 0, 0.35), 0 0 ${unit * 0.08}px ${palette.glow}`,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
          }}
        >
          <Icon size={subjectSize * 0.5} color={palette.icon} strokeWidth={1.75} />
        </div>
      </DepthPlate>
      )}
      {ridge(2)}
      {shown.length > 2 ? <PicturePlate src={shown[2]!} index={2} camera={camera} subjectX={subjectX} /> : null}
    </>
  );
};
