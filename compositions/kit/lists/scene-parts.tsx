// Parts the list and figure scenes share: a scene that keeps its heading optional, a picture with
// a drawn fallback, the smallest body type the canvas allows, and defensive readers of settings.
import React from 'react';
import { Img, useCurrentFrame, useVideoConfig } from 'remotion';
import type { Theme } from '../../scene-props';
import { kitColors } from '../color';
import { DataScene, isBanner, mixColors } from '../data/common';
import { FALLBACK_ICON, iconComponent, iconFor } from '../data/icons';
import { useLayout, type Layout } from '../layout';
import { idleSeconds } from '../motion';
import { SceneFrame } from '../scene-frame';

/** The smallest body type a canvas allows: 4% of its shorter side, with a hair to spare. */
export function bodyFloor(layout: Layout): number {
  return Math.ceil(Math.min(layout.width, layout.height) * 0.041);
}

/** A value as text: '' for anything that is not a string or a number. */
export function textOf(value: unknown): string {
  return typeof value === 'string' ? value.trim() : typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
}

/** A value as a finite number, or `fallback`. */
export function numberOf(value: unknown, fallback = 0): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value.replace(/[,\s]/g, '')) : NaN;
  return Number.isFinite(n) ? n : fallback;
}

/** A picture URL, or undefined for anything else. */
export function pictureOf(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** The list in `value`, or an empty one. */
export function listOf<T = unknown>(value: unknown): T[] {
  return Array.isArray(value) ? (value as T[]) : [];
}

/**
 * A data scene whose heading is optional: with a title the body sits under the heading (beside it
 * on a banner), without one it takes the whole safe area.
 */
export const TitledScene: React.FC<{
  theme: Theme;
  seed: string;
  title: string;
  kicker?: string;
  part: string;
  panel?: boolean;
  /** Whether the body keeps its text at the floor in a box: see DataScene's `bodyFits`. */
  bodyFits?: (box: { width: number; height: number; u: number }) => boolean;
  children: (box: { width: number; height: number; u: number }) => React.ReactNode;
}> = ({ theme, seed, title, kicker, part, panel, bodyFits, children }) => {
  const layout = useLayout();
  if (title !== '') {
    return (
      <DataScene theme={theme} seed={seed} title={title} kicker={kicker || undefined} part={part} panel={panel} bodyFits={bodyFits}>
        {children}
      </DataScene>
    );
  }
  const box = { width: Math.floor(layout.contentWidth), height: Math.floor(layout.contentHeight), u: isBanner(layout) ? layout.unit * 1.2 : layout.unit };
  return (
    <SceneFrame theme={theme} seed={seed}>
      <div data-kit-part={`${part}-body`} style={{ position: 'absolute', left: layout.margin, top: layout.margin, width: box.width, height: box.height }}>
        {children(box)}
      </div>
    </SceneFrame>
  );
};

/**
 * A picture of `size` px square that floats while the scene holds (in steps of a sixth of a second),
 * or without one a Lucide icon chosen from `label` (`fallbackIcon` when no word suggests one) on a
 * soft disc of the primary colour.
 */
export const PictureOrIcon: React.FC<{ theme: Theme; src?: string; label: string; fallbackIcon?: string; size: number; entered: number; phase?: number; part?: string; style?: React.CSSProperties }> = ({
  theme,
  src,
  label,
  fallbackIcon = FALLBACK_ICON,
  size,
  entered,
  phase = 0,
  part = 'picture',
  style,
}) => {
  const frame = useCurrentFrame();
  const { fps } = useVideoConfig();
  const colors = kitColors(theme);
  const seconds = idleSeconds(frame, fps, entered);
  const float = Math.sin(seconds * 1.5 + phase) * size * 0.04;
  const box: React.CSSProperties = { flex: 'none', width: size, height: size, transform: `translateY(${float}px) scale(${0.6 + 0.4 * Math.min(1, entered)})`, ...style };
  if (src) return <Img data-kit-part={part} src={src} style={{ ...box, display: 'block', objectFit: 'contain' }} />;
  const named = iconFor(label);
  const Icon = iconComponent(named === FALLBACK_ICON ? fallbackIcon : named) ?? iconComponent(FALLBACK_ICON)!;
  return (
    <div data-kit-part="icon-disc" style={{ ...box, borderRadius: '50%', background: mixColors(colors.primary, colors.surface, 0.84), display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Icon size={Math.round(size * 0.52)} color={colors.primary} strokeWidth={2} />
    </div>
  );
};
