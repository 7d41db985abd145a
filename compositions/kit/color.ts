import type { Theme } from '../scene-props';

/** An sRGB color with alpha, channels 0..255 and alpha 0..1. */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

/** Parses `#rgb`, `#rrggbb`, `#rrggbbaa`, `rgb()` and `rgba()`; undefined for anything else. */
export function parseColor(color: string): Rgba | undefined {
  const text = color.trim();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(text)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
    const channel = (i: number) => parseInt(full.slice(i * 2, i * 2 + 2), 16);
    return { r: channel(0), g: channel(1), b: channel(2), a: full.length === 8 ? channel(3) / 255 : 1 };
  }
  const fn = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:[\s,/]+([\d.]+%?))?\s*\)$/i.exec(text);
  if (fn) {
    const alpha = fn[4] === undefined ? 1 : fn[4].endsWith('%') ? Number(fn[4].slice(0, -1)) / 100 : Number(fn[4]);
    return { r: Number(fn[1]), g: Number(fn[2]), b: Number(fn[3]), a: alpha };
  }
  return undefined;
}

/** `#rrggbb` of an opaque color. */
export function toHex(color: Rgba): string {
  return `#${[color.r, color.g, color.b].map((c) => Math.round(Math.max(0, Math.min(255, c))).toString(16).padStart(2, '0')).join('')}`.toUpperCase();
}

/** `color` painted with `alpha` over an opaque `base`. */
export function composite(color: Rgba, base: Rgba, alpha = color.a): Rgba {
  return { r: color.r * alpha + base.r * (1 - alpha), g: color.g * alpha + base.g * (1 - alpha), b: color.b * alpha + base.b * (1 - alpha), a: 1 };
}

/** WCAG 2 relative luminance of an opaque color. */
export function luminance(color: Rgba): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(color.r) + 0.7152 * linear(color.g) + 0.0722 * linear(color.b);
}

/** WCAG 2 contrast ratio of two opaque colors, 1..21. */
export function contrastRatio(a: Rgba, b: Rgba): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const BLACK: Rgba = { r: 0, g: 0, b: 0, a: 1 };
const WHITE: Rgba = { r: 255, g: 255, b: 255, a: 1 };

/** Mixes `a` toward `b` by `t` (0 = a, 1 = b). */
export function mix(a: Rgba, b: Rgba, t: number): Rgba {
  return { r: a.r + (b.r - a.r) * t, g: a.g + (b.g - a.g) * t, b: a.b + (b.b - a.b) * t, a: 1 };
}

/** Body text must reach this ratio against what it sits on (WCAG AA). */
export const MIN_TEXT_CONTRAST = 4.5;

/**
 * The color to draw text in on `background` (one color, or every color the backdrop may take):
 * `preferred` when it is readable on all of them, else `preferred` darkened or lightened just
 * enough (keeping its hue), else black or white. The target is a little above the minimum so
 * anti-aliasing and rounding cannot dip under it.
 */
export function readableOn(background: string | string[], preferred: string, minimum = MIN_TEXT_CONTRAST): string {
  const backdrops = (Array.isArray(background) ? background : [background]).map(parseColor).filter((c): c is Rgba => c !== undefined).map((c) => composite(c, WHITE));
  const fg = parseColor(preferred);
  if (backdrops.length === 0 || !fg) return preferred;
  const target = minimum + 0.2;
  const worst = (color: Rgba) => Math.min(...backdrops.map((backdrop) => contrastRatio(color, backdrop)));
  if (worst(fg) >= target) return toHex(fg);
  const meanLuminance = backdrops.reduce((sum, b) => sum + luminance(b), 0) / backdrops.length;
  for (const pole of meanLuminance > 0.18 ? [BLACK, WHITE] : [WHITE, BLACK]) {
    for (let t = 0.05; t <= 1.0001; t += 0.05) {
      const candidate = mix(fg, pole, t);
      if (worst(candidate) >= target) return toHex(candidate);
    }
  }
  return worst(BLACK) > worst(WHITE) ? '#000000' : '#FFFFFF';
}

/** How strongly each background kind tints the base color at most (see background.tsx). */
export const BACKGROUND_TINTS: Readonly<Record<Theme['background']['kind'], { primary: number; secondary: number; grain: number }>> = {
  solid: { primary: 0, secondary: 0, grain: 0 },
  gradient: { primary: 0.15, secondary: 0.13, grain: 0 },
  grain: { primary: 0.15, secondary: 0.13, grain: 0.07 },
  shapes: { primary: 0.09, secondary: 0.09, grain: 0 },
  particles: { primary: 0.3, secondary: 0.3, grain: 0 },
};

/** Every color the pack's background may show under text: the base and the base under each tint. */
export function backdropColors(theme: Theme, base = theme.palette.background ?? '#FFFFFF'): string[] {
  const baseColor = composite(parseColor(base) ?? WHITE, WHITE);
  const tints = BACKGROUND_TINTS[theme.background.kind];
  const out = [toHex(baseColor)];
  const add = (color: string | undefined, alpha: number) => {
    const parsed = color ? parseColor(color) : undefined;
    if (parsed && alpha > 0) out.push(toHex(composite(parsed, baseColor, alpha)));
  };
  add(theme.palette.primary, tints.primary);
  add(theme.palette.secondary, tints.secondary);
  // Two shapes of the same tint can overlap.
  const twice = (color: string | undefined, alpha: number) => {
    const parsed = color ? parseColor(color) : undefined;
    if (parsed && alpha > 0) out.push(toHex(composite(parsed, composite(parsed, baseColor, alpha), alpha)));
  };
  twice(theme.palette.primary, tints.primary);
  twice(theme.palette.secondary, tints.secondary);
  // Both tints can overlap.
  if (tints.primary > 0 && theme.palette.primary && theme.palette.secondary) {
    const both = composite(parseColor(theme.palette.secondary) ?? WHITE, composite(parseColor(theme.palette.primary) ?? WHITE, baseColor, tints.primary), tints.secondary);
    out.push(toHex(both));
  }
  if (tints.grain > 0) {
    const grain = luminance(baseColor) < 0.18 ? WHITE : BLACK;
    for (const color of [...out]) out.push(toHex(composite(grain, parseColor(color)!, tints.grain)));
  }
  return out;
}

/** The colors a kit component draws with, every text color checked against what it sits on. */
export interface KitColors {
  background: string;
  /** Panels and cards drawn on the background. */
  surface: string;
  /** Body and heading text on the background. */
  text: string;
  /** Secondary text (subtitles, labels) on the background. */
  muted: string;
  /** The brand or pack color for shapes: bars, markers, pills. */
  primary: string;
  secondary: string;
  accent: string;
  /** Text drawn on `primary` (pill labels, numbered markers). */
  onPrimary: string;
  /** Text drawn on `surface`. */
  onSurface: string;
  /** `primary` adjusted to be readable as text on the background (figures, kickers). */
  primaryText: string;
  /** `accent` adjusted to be readable as text on the background. */
  accentText: string;
}

/** The theme's palette resolved into colors that hold together and stay readable. */
export function kitColors(theme: Theme): KitColors {
  const p = theme.palette;
  const background = p.background ?? '#FFFFFF';
  const surface = p.surface ?? background;
  const primary = p.primary ?? '#2563EB';
  const secondary = p.secondary ?? primary;
  const accent = p.accent ?? primary;
  const backdrops = backdropColors(theme);
  const text = readableOn(backdrops, p.text ?? '#111111');
  return {
    background,
    surface,
    text,
    muted: readableOn(backdrops, p.muted ?? secondary),
    primary,
    secondary,
    accent,
    onPrimary: readableOn(primary, background),
    onSurface: readableOn(surface, p.text ?? text),
    primaryText: readableOn(backdrops, primary),
    accentText: readableOn(backdrops, accent),
  };
}
