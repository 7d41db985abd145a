import { useEffect, useMemo, useState } from 'react';
import { continueRender, delayRender } from 'remotion';
import type { Theme } from '../../scene-props';
import { composite, kitColors, mix, parseColor, readableOn, toHex } from '../color';
import { packLayout } from '../heading';
import type { Layout } from '../layout';

/** Where an image of a natural size lands in a box: its drawn size and offset. */
export interface ImageBox {
  width: number;
  height: number;
  left: number;
  top: number;
  scale: number;
}

/**
 * The drawn size of an image of `naturalWidth` × `naturalHeight` in a box: `cover` fills the box
 * (cropping what spills over), `contain` shows the whole image. The ratio is always kept. An
 * unknown natural size (0) gives the box itself.
 */
export function imageFit(naturalWidth: number, naturalHeight: number, boxWidth: number, boxHeight: number, mode: 'cover' | 'contain'): ImageBox {
  if (!(naturalWidth > 0 && naturalHeight > 0)) return { width: boxWidth, height: boxHeight, left: 0, top: 0, scale: 1 };
  const scale = mode === 'cover' ? Math.max(boxWidth / naturalWidth, boxHeight / naturalHeight) : Math.min(boxWidth / naturalWidth, boxHeight / naturalHeight);
  const width = naturalWidth * scale;
  const height = naturalHeight * scale;
  return { width, height, left: (boxWidth - width) / 2, top: (boxHeight - height) / 2, scale };
}

/** A natural image size. */
export interface NaturalSize {
  width: number;
  height: number;
}

function bytesOf(base64: string, count?: number): Uint8Array {
  const clean = base64.replace(/[^A-Za-z0-9+/=_-]/g, '').replace(/-/g, '+').replace(/_/g, '/');
  const wanted = count === undefined ? clean : clean.slice(0, Math.ceil(count / 3) * 4);
  const binary = atob(wanted.length % 4 === 0 ? wanted : wanted.slice(0, wanted.length - (wanted.length % 4)));
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) out[i] = binary.charCodeAt(i);
  return out;
}

function svgSize(svg: string): NaturalSize | undefined {
  const tag = /<svg\b[^>]*>/i.exec(svg)?.[0];
  if (!tag) return undefined;
  const attr = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']\\s*([\\d.]+)\\s*(px)?\\s*["']`, 'i').exec(tag);
  const width = attr('width');
  const height = attr('height');
  if (width && height) return { width: Number(width[1]), height: Number(height[1]) };
  const viewBox = /\sviewBox\s*=\s*["']\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)\s*["']/i.exec(tag);
  return viewBox ? { width: Number(viewBox[1]), height: Number(viewBox[2]) } : undefined;
}

/**
 * The natural size of a data: URL image read from its header (PNG, JPEG, GIF, WebP, SVG), so a
 * layout can depend on it from the first render; undefined for other URLs or unknown formats.
 */
export function dataUrlImageSize(src: string): NaturalSize | undefined {
  const match = /^data:([^;,]+)((?:;[^;,]*)*),/i.exec(src);
  if (!match) return undefined;
  const mime = match[1]!.toLowerCase();
  const base64 = /;base64/i.test(match[2] ?? '');
  const payload = src.slice(match[0].length);
  try {
    if (mime === 'image/svg+xml') return svgSize(base64 ? new TextDecoder().decode(bytesOf(payload)) : decodeURIComponent(payload));
    if (!base64) return undefined;
    const head = bytesOf(payload, 64);
    const u16be = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!;
    const u16le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8);
    const u24le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16);
    if (head[0] === 0x89 && head[1] === 0x50 && head[2] === 0x4e && head[3] === 0x47) {
      return { width: (u16be(head, 16) << 16) | u16be(head, 18), height: (u16be(head, 20) << 16) | u16be(head, 22) };
    }
    if (head[0] === 0x47 && head[1] === 0x49 && head[2] === 0x46) return { width: u16le(head, 6), height: u16le(head, 8) };
    if (head[0] === 0x52 && head[1] === 0x49 && head[2] === 0x46 && head[3] === 0x46 && String.fromCharCode(...head.slice(8, 12)) === 'WEBP') {
      const chunk = String.fromCharCode(...head.slice(12, 16));
      if (chunk === 'VP8 ') return { width: u16le(head, 26) & 0x3fff, height: u16le(head, 28) & 0x3fff };
      if (chunk === 'VP8L') {
        const bits = head[21]! | (head[22]! << 8) | (head[23]! << 16) | (head[24]! << 24);
        return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
      }
      if (chunk === 'VP8X') return { width: u24le(head, 24) + 1, height: u24le(head, 27) + 1 };
      return undefined;
    }
    if (head[0] === 0xff && head[1] === 0xd8) {
      const bytes = bytesOf(payload);
      let i = 2;
      while (i + 9 < bytes.length) {
        if (bytes[i] !== 0xff) {
          i += 1;
          continue;
        }
        const marker = bytes[i + 1]!;
        if (marker === 0xff) {
          i += 1;
          continue;
        }
        // Start of frame markers (baseline, progressive, ...), not DHT/JPG/DAC.
        if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
          return { width: u16be(bytes, i + 7), height: u16be(bytes, i + 5) };
        }
        if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
          i += 2;
          continue;
        }
        i += 2 + u16be(bytes, i + 2);
      }
    }
  } catch {
    return undefined;
  }
  return undefined;
}

/**
 * The natural size of an image: at once for data: URLs, else once it has loaded (the frame waits
 * for it). Undefined until known; `{0, 0}` when it cannot be known (lay out with the box then).
 */
export function useNaturalSize(src: string | undefined): NaturalSize | undefined {
  const known = useMemo(() => (src ? dataUrlImageSize(src) : { width: 0, height: 0 }), [src]);
  const [loaded, setLoaded] = useState<{ src: string; size: NaturalSize } | undefined>(undefined);
  const [handle] = useState(() => (known ? undefined : delayRender(`measuring image ${String(src).slice(0, 60)}`)));
  useEffect(() => {
    if (known || !src) return undefined;
    let cancelled = false;
    const image = new Image();
    image.onload = () => {
      if (!cancelled) setLoaded({ src, size: { width: image.naturalWidth, height: image.naturalHeight } });
    };
    image.onerror = () => {
      if (!cancelled) setLoaded({ src, size: { width: 0, height: 0 } });
    };
    image.src = src;
    return () => {
      cancelled = true;
    };
    // `known` is derived from `src`.
  }, [src]);
  useEffect(() => {
    if (handle !== undefined && loaded) continueRender(handle);
  }, [handle, loaded]);
  if (known) return known;
  return loaded && loaded.src === src ? loaded.size : undefined;
}

/**
 * A panel laid over a photo: its fill (the pack's surface, near-opaque) and text colors readable
 * whatever the photo shows under it (the panel is composited over black and over white).
 */
export function photoPanel(theme: Theme, alpha = 0.94): { fill: string; text: string; muted: string; accent: string } {
  const colors = kitColors(theme);
  const surface = parseColor(colors.surface) ?? { r: 255, g: 255, b: 255, a: 1 };
  const over = [composite(surface, { r: 0, g: 0, b: 0, a: 1 }, alpha * surface.a), composite(surface, { r: 255, g: 255, b: 255, a: 1 }, alpha * surface.a)].map(toHex);
  return {
    fill: `rgba(${surface.r}, ${surface.g}, ${surface.b}, ${alpha * surface.a})`,
    text: readableOn(over, theme.palette.text ?? colors.onSurface),
    // Secondary text: the text color eased toward the panel, then made readable again.
    muted: readableOn(over, toHex(mix(parseColor(readableOn(over, theme.palette.text ?? colors.onSurface)) ?? surface, surface, 0.3))),
    accent: readableOn(over, colors.primary),
  };
}

/**
 * The unit type is sized in: the layout's unit, a little larger on very wide banners (3:1), where
 * the short side alone would make text look lost.
 */
export function typeUnit(layout: Layout): number {
  return layout.unit * (layout.ratio >= 2.2 ? 1.3 : 1);
}

/** Corner radius of a card of `size` pixels for the pack (0 = square corners). */
export function cornerRadius(theme: Theme, unit: number, max = 28): number {
  return packLayout(theme).radius * max * unit;
}

/** The pack's card shadow: deep for 3D packs, soft otherwise. */
export function cardShadow(theme: Theme, unit: number, soft = true): string | undefined {
  if (theme.depth === '3d') return `0 ${18 * unit}px ${44 * unit}px rgba(0, 0, 0, 0.38)`;
  return soft ? `0 ${10 * unit}px ${30 * unit}px rgba(0, 0, 0, 0.18)` : undefined;
}

