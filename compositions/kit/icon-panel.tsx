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
/** The same on a strip's ellipse: out to its sides, clear of the disc in the middle. */
const STRIP_ANGLES: Record<number, number[]> = { 0: [], 1: [0], 2: [180, 0], 3: [180, -35, 35], 4: [215, 145, -35, 35] };

/**
 * A visual beside text: a soft disc in a tint of the pack's primary color with the hero icon (or a
 * `picture`, floating in steps) large in it, a thin orbit ring and the satellites as solid badges on the ring, each popping in at
 * `delays[point]` (in step with the point it stands for). In a wide strip the orbit is an ellipse
 * across the strip (see {@link panelGeometry}). While it holds, a picture floats and sways in
 * sixth-of-a-second steps; a drawn icon rests (the scene frame's push keeps it moving), so a panel
 * without a picture costs the renderer no extra captured frames. It fills the largest square in its box and holds no
 * text, so it never sits under any.
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
  const count = Math.min(icons.satellites.length, 4);
  const { box, orbitX, orbitY, disc, badge, strip } = panelGeometry(width, height, count);
  const enter = useEntrance(theme, delay);
  const { fps } = useVideoConfig();
  const seconds = idleSeconds(useCurrentFrame(), fps, enter);
  const float = Math.sin(seconds * 1.3) * disc * 0.03;
  const sway = Math.sin(seconds * 0.9) * 3;
  const Hero = iconComponent(icons.hero) ?? iconComponent(FALLBACK_ICON)!;
  const tint = mixColors(colors.primary, colors.background, 0.8);
  const [cx, cy] = [box.width / 2, box.height / 2];
  return (
    <div style={{ position: 'relative', width, height, flex: 'none' }}>
      <div data-kit-part="icon-panel" style={{ position: 'absolute', left: (width - box.width) / 2, top: (height - box.height) / 2, width: box.width, height: box.height }}>
        {count > 0 ? (
          <div
            data-kit-part="orbit"
            style={{ position: 'absolute', left: cx - orbitX, top: cy - orbitY, width: orbitX * 2, height: orbitY * 2, boxSizing: 'border-box', borderRadius: '50%', border: `${Math.max(1, 3 * unit)}px solid ${colors.primary}`, opacity: 0.3 * Math.min(1, enter) }}
          />
        ) : null}
        <div
          data-kit-part="icon-disc"
          style={{ position: 'absolute', left: cx - disc / 2, top: cy - disc / 2, width: disc, height: disc, borderRadius: '50%', background: tint, display: 'flex', alignItems: 'center', justifyContent: 'center', opacity: Math.min(1, enter * 1.5), transform: `scale(${0.6 + 0.4 * Math.min(1, enter)})` }}
        >
          {picture ? (
            <Img data-kit-part="picture" src={picture} style={{ width: Math.round(disc * 0.64), height: Math.round(disc * 0.64), display: 'block', transform: `translateY(${float}px) rotate(${sway}deg)` }} />
          ) : (
            <Hero size={Math.round(disc * 0.5)} color={colors.primary} strokeWidth={1.75} absoluteStrokeWidth={false} />
          )}
        </div>
        {icons.satellites.slice(0, count).map(({ name, point }, index) => (
          <Satellite key={name} theme={theme} name={name} size={badge} angle={(strip ? STRIP_ANGLES : ANGLES)[count]![index]!} orbitX={orbitX} orbitY={orbitY} cx={cx} cy={cy} delay={delays[point] ?? delay + (index + 1) * theme.motion.staggerFrames * 2} />
        ))}
      </div>
    </div>
  );
};

/**
 * The side of a square visual that covers `share` of the canvas (the layout rules ask a fifth; a
 * little more leaves room for the float), no larger than the safe area allows.
 */
export function visualSide(layout: { width: number; height: number; contentWidth: number; contentHeight: number }, share = 0.21): number {
  return Math.min(layout.contentWidth, layout.contentHeight, Math.sqrt(share * layout.width * layout.height));
}

/** A strip is at least this much wider than tall: its orbit becomes an ellipse across the width. */
const STRIP_RATIO = 1.4;

/**
 * The panel's drawn box in its `width` × `height` and the sizes in it: the largest square, or in a
 * wide strip (a stacked canvas's band above a list) a box as wide as the strip, whose orbit is an
 * ellipse carrying the badges out to its sides.
 */
export function panelGeometry(width: number, height: number, count: number): { box: { width: number; height: number }; orbitX: number; orbitY: number; disc: number; badge: number; strip: boolean } {
  const side = Math.min(width, height);
  const strip = count > 0 && width >= height * STRIP_RATIO;
  const box = strip ? { width, height } : { width: side, height: side };
  const badge = count > 0 ? side * (strip ? 0.34 : 0.24) : 0;
  const orbitY = (side - badge) / 2;
  const orbitX = strip ? (box.width - badge) / 2 : orbitY;
  const disc = count > 0 ? (strip ? side * 0.9 : orbitY * 1.56) : side * 0.92;
  return { box, orbitX, orbitY, disc, badge, strip };
}

const Satellite: React.FC<{ theme: Theme; name: string; size: number; angle: number; orbitX: number; orbitY: number; cx: number; cy: number; delay: number }> = ({ theme, name, size, angle, orbitX, orbitY, cx, cy, delay }) => {
  const colors = kitColors(theme);
  const pop = useEntrance(theme, delay);
  const Icon = iconComponent(name) ?? iconComponent(FALLBACK_ICON)!;
  const radians = (angle * Math.PI) / 180;
  const x = cx + Math.cos(radians) * orbitX - size / 2;
  const y = cy + Math.sin(radians) * orbitY - size / 2;
  return (
    <div
      data-kit-part="icon-badge"
      style={{ position: 'absolute', left: x, top: y, width: size, height: size, borderRadius: '50%', background: colors.primary, display: 'flex', alignItems: 'center', justifyContent: 'center', opacity: Math.min(1, pop * 1.5), transform: `scale(${0.4 + 0.6 * Math.min(1, pop)})` }}
    >
      <Icon size={Math.round(size * 0.5)} color={colors.onPrimary} strokeWidth={2} absoluteStrokeWidth={false} />
    </div>
  );
};
