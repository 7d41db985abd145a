import React from 'react';
import { AbsoluteFill, interpolate, random, useCurrentFrame, useVideoConfig } from 'remotion';
import type { Theme } from '../scene-props';

/** The pack's background: solid, gradient, grain, floating shapes or particles, always moving gently. */
export const Background: React.FC<{ theme: Theme; seed?: string; color?: string }> = ({ theme, seed = 'bg', color }) => {
  const frame = useCurrentFrame();
  const { width, height, durationInFrames } = useVideoConfig();
  const base = color ?? theme.palette.background ?? '#ffffff';
  const primary = theme.palette.primary ?? '#2563eb';
  const secondary = theme.palette.secondary ?? '#64748b';
  const drift = interpolate(frame, [0, Math.max(1, durationInFrames)], [0, 1]);
  const kind = theme.background.kind;
  const layers: React.ReactNode[] = [];
  if (kind === 'gradient' || kind === 'grain') {
    layers.push(
      <AbsoluteFill
        key="gradient"
        style={{
          background: `radial-gradient(circle at ${30 + drift * 20}% ${25 + drift * 10}%, ${primary}33 0%, transparent 55%), radial-gradient(circle at ${80 - drift * 15}% ${80}%, ${secondary}2e 0%, transparent 60%)`,
        }}
      />,
    );
  }
  if (kind === 'shapes' || kind === 'particles') {
    const count = kind === 'shapes' ? 6 : 28;
    const unit = Math.min(width, height);
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
            opacity: kind === 'shapes' ? 0.12 : 0.5,
            transform: `rotate(${drift * 90 + i * 30}deg)`,
          }}
        />,
      );
    }
  }
  return <AbsoluteFill style={{ backgroundColor: base }}>{layers}</AbsoluteFill>;
};
