import React from 'react';
import { AbsoluteFill, Easing, interpolate, random, useCurrentFrame, useVideoConfig } from 'remotion';
import type { Theme } from '../scene-props';
import { backgroundVariant, bandAlpha, seedHash as hashOf } from './background-layout';
import { BACKGROUND_TINTS, luminance, parseColor } from './color';
import { settle } from './motion';

/**
 * How far the background has drifted (0..1) at a frame: it moves with the scene's own motion over
 * the entrance (the first second, at most a third of the scene) and rests after it, through the
 * exit too (the content fades out over it: a blend the renderer makes from two pictures). A
 * background that drifted on every frame would make every frame differ, and the renderer could
 * hold none of the still stretches.
 */
export function backgroundDrift(frame: number, durationInFrames: number, fps: number): number {
  const entrance = Math.max(1, Math.min(fps, Math.floor(durationInFrames / 3)));
  // The eased ends are drawn settled (see settle in motion.ts): their last frames move a gradient by a
  // hundredth of a pixel, and the renderer would capture each of them.
  return 0.7 * settle(interpolate(frame, [0, entrance], [0, 1], { easing: Easing.out(Easing.cubic), extrapolateLeft: 'clamp', extrapolateRight: 'clamp' }));
}

/**
 * The pack's background: solid, gradient, grain, floating shapes or particles, drifting gently as
 * the scene comes in and goes out (see {@link backgroundDrift}); the grain is a still texture.
 * Each scene arranges the pack's glows and a soft band its own way, chosen from its seed
 * ({@link backgroundVariant}), so neighbouring scenes' backgrounds differ within the pack.
 * Decoration stays faint (the audit composites it under every text element), and bleeds off the
 * canvas on purpose. Nothing at all with `theme.transparent` (a transparent render).
 */
export const Background: React.FC<{ theme: Theme; seed?: string; color?: string }> = ({ theme, seed = 'bg', color }) => {
  const frame = useCurrentFrame();
  const { width, height, durationInFrames, fps } = useVideoConfig();
  const base = color ?? theme.palette.background ?? '#FFFFFF';
  const primary = theme.palette.primary ?? '#2563EB';
  const secondary = theme.palette.secondary ?? primary;
  const drift = backgroundDrift(frame, durationInFrames, fps);
  const kind = theme.background.kind;
  const dark = luminance(parseColor(base) ?? { r: 255, g: 255, b: 255, a: 1 }) < 0.18;
  const tints = BACKGROUND_TINTS[kind];
  const hexAlpha = (alpha: number) => Math.round(alpha * 255).toString(16).padStart(2, '0');
  // Filter ids must be valid in url(#...): the seed may hold any text.
  const seedHash = hashOf(seed);
  // The scene's own arrangement of the pack's glows and band (background-layout.ts).
  const variant = backgroundVariant(seed);
  const [glow, glow2] = variant.glows;
  const grainId = `grain-${seedHash.toString(36)}`;
  const grainSeed = seedHash % 50;
  const unit = Math.min(width, height);
  const layers: React.ReactNode[] = [];
  if (kind === 'gradient' || kind === 'grain') {
    layers.push(
      <AbsoluteFill
        key="gradient"
        style={{
          background: `radial-gradient(circle at ${glow.x + drift * 20 * (glow.x < 50 ? 1 : -1)}% ${glow.y + drift * 10}%, ${primary}${hexAlpha(tints.primary)} 0%, transparent 55%), radial-gradient(circle at ${glow2.x - drift * 15 * (glow2.x < 50 ? -1 : 1)}% ${glow2.y}%, ${secondary}${hexAlpha(tints.secondary)} 0%, transparent 60%)`,
        }}
      />,
    );
  }
  if (kind !== 'solid') {
    // A soft band of the primary across the canvas, its direction the scene's own; still on holds.
    const { angle, at } = variant.band;
    const band = `${primary}${hexAlpha(bandAlpha(tints.primary))}`;
    layers.push(
      <AbsoluteFill key="band" style={{ background: `linear-gradient(${angle}deg, transparent ${at - 22}%, ${band} ${at}%, transparent ${at + 22}%)` }} />,
    );
  }
  if (kind === 'grain') {
    const grainColor = dark ? '#FFFFFF' : '#000000';
    layers.push(
      <svg key="grain" width={width} height={height} style={{ position: 'absolute', inset: 0 }} data-kit-paint={`${grainColor} ${tints.grain}`}>
        <filter id={grainId}>
          <feTurbulence type="fractalNoise" baseFrequency={0.8} numOctaves={2} seed={grainSeed} />
          <feColorMatrix type="matrix" values={`0 0 0 0 ${dark ? 1 : 0}  0 0 0 0 ${dark ? 1 : 0}  0 0 0 0 ${dark ? 1 : 0}  0 0 0 ${tints.grain} 0`} />
        </filter>
        <rect width={width} height={height} filter={`url(#${grainId})`} />
      </svg>,
    );
  }
  if (kind === 'shapes' || kind === 'particles') {
    const count = kind === 'shapes' ? 6 : 28;
    for (let i = 0; i < count; i += 1) {
      const size = kind === 'shapes' ? unit * (0.08 + random(`${seed}-s${i}`) * 0.16) : unit * (0.004 + random(`${seed}-s${i}`) * 0.008);
      const x = random(`${seed}-x${i}`) * width;
      const y = (random(`${seed}-y${i}`) * height - drift * unit * (kind === 'particles' ? 0.3 : 0.1) + height) % height;
      layers.push(
        <div
          key={`shape-${i}`}
          style={{
            position: 'absolute',
            left: x - size / 2,
            top: y - size / 2,
            width: size,
            height: size,
            borderRadius: kind === 'particles' || i % 2 === 0 ? '50%' : size * 0.2,
            background: i % 3 === 0 ? primary : secondary,
            opacity: i % 3 === 0 ? tints.primary : tints.secondary,
            transform: `rotate(${drift * 90 + i * 30}deg)`,
          }}
        />,
      );
    }
  }
  // A transparent render leaves the canvas undrawn (alpha 0); a scene that draws its own Background still gets none.
  if (theme.transparent) return null;
  return (
    <AbsoluteFill data-kit-bleed="background" data-kit-part="background" style={{ backgroundColor: base, overflow: 'hidden' }}>
      {layers}
    </AbsoluteFill>
  );
};
