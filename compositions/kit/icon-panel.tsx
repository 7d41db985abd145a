import React from 'react';
import { Img, useCurrentFrame, useVideoConfig } from 'remotion';
import type { Theme } from '../scene-props';
import { kitColors } from './color';
import { mixColors } from './data/common';
import { FALLBACK_ICON, iconComponent } from './data/icons';
import { idleSeconds, useEntrance } from './motion';
import type { PanelIcons } from './panel-icons';

/** Where satellites sit on the orbit, in degrees clockwise from 3 o'clock, by how many there are. */
const ANGLES: Record<number, number[]> = { 0: [], 1: [-40], 2: [-40, 140], 3: [-40, 70, 180], 4: [-45, 45, 135, 225] };

/**
 * A visual beside text: a soft disc in a tint of the pack's primary color with the hero icon (or a
 * `picture`, floating in steps) large in it, a thin orbit ring and the satellites as solid badges on the ring, each popping in at
 * `delays[point]` (in step with the point it stands for). It fills the largest square in its box and
 * holds no text, so it never sits under any.
 */
export const IconPanel: React.FC<{ theme: Theme; icons: PanelIcons; picture?: string; width: number; height: number; unit: number; delay: number; delays?: number[] }> = ({
  theme,
  icons,
  picture,
  width,
  height,
  unit,
  delay,
  delays = [],
}) => {
  const colors = kitColors(theme);
  const side = Math.min(width, height);
  const count = Math.min(icons.satellites.length, 4);
  const badge = count > 0 ? side * 0.24 : 0;
  const orbit = (side - badge) / 2;
  const disc = count > 0 ? orbit * 1.56 : side * 0.92;
  const enter = useEntrance(theme, delay);
  const { fps } = useVideoConfig();
  const float = Math.sin(idleSeconds(useCurrentFrame(), fps, enter) * 1.3) * disc * 0.03;
  const Hero = iconComponent(icons.hero) ?? iconComponent(FALLBACK_ICON)!;
  const tint = mixColors(colors.primary, colors.background, 0.8);
  return (
    <div data-kit-part="icon-panel" style={{ position: 'relative', width, height, flex: 'none' }}>
      <div style={{ position: 'absolute', left: (width - side) / 2, top: (height - side) / 2, width: side, height: side }}>
        {count > 0 ? (
          <div
            data-kit-part="orbit"
            style={{ position: 'absolute', left: side / 2 - orbit, top: side / 2 - orbit, width: orbit * 2, height: orbit * 2, boxSizing: 'border-box', borderRadius: '50%', border: `${Math.max(1, 3 * unit)}px solid ${colors.primary}`, opacity: 0.3 * Math.min(1, enter) }}
          />
        ) : null}
        <div
          data-kit-part="icon-disc"
          style={{ position: 'absolute', left: (side - disc) / 2, top: (side - disc) / 2, width: disc, height: disc, borderRadius: '50%', background: tint, display: 'flex', alignItems: 'center', justifyContent: 'center', opacity: Math.min(1, enter * 1.5), transform: `scale(${0.6 + 0.4 * Math.min(1, enter)})` }}
        >
          {picture ? (
            <Img data-kit-part="picture" src={picture} style={{ width: Math.round(disc * 0.64), height: Math.round(disc * 0.64), display: 'block', transform: `translateY(${float}px)` }} />
          ) : (
            <Hero size={Math.round(disc * 0.5)} color={colors.primary} strokeWidth={1.75} absoluteStrokeWidth={false} />
          )}
        </div>
        {icons.satellites.slice(0, count).map(({ name, point }, index) => (
          <Satellite key={name} theme={theme} name={name} size={badge} angle={ANGLES[count]![index]!} orbit={orbit} center={side / 2} delay={delays[point] ?? delay + (index + 1) * theme.motion.staggerFrames * 2} />
        ))}
      </div>
    </div>
  );
};

const Satellite: React.FC<{ theme: Theme; name: string; size: number; angle: number; orbit: number; center: number; delay: number }> = ({ theme, name, size, angle, orbit, center, delay }) => {
  const colors = kitColors(theme);
  const pop = useEntrance(theme, delay);
  const Icon = iconComponent(name) ?? iconComponent(FALLBACK_ICON)!;
  const radians = (angle * Math.PI) / 180;
  const x = center + Math.cos(radians) * orbit - size / 2;
  const y = center + Math.sin(radians) * orbit - size / 2;
  return (
    <div
      data-kit-part="icon-badge"
      style={{ position: 'absolute', left: x, top: y, width: size, height: size, borderRadius: '50%', background: colors.primary, display: 'flex', alignItems: 'center', justifyContent: 'center', opacity: Math.min(1, pop * 1.5), transform: `scale(${0.4 + 0.6 * Math.min(1, pop)})` }}
    >
      <Icon size={Math.round(size * 0.5)} color={colors.onPrimary} strokeWidth={2} absoluteStrokeWidth={false} />
    </div>
  );
};
