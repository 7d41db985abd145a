import React from 'react';
import { Easing, Img, interpolate, useCurrentFrame, useVideoConfig } from 'remotion';
import type { Theme } from '../../scene-props';
import { kitColors, luminance, parseColor, readableOn } from '../color';
import { mixColors } from '../data/common';
import { iconComponent, iconFor } from '../data/icons';
import { FittedText, fitText } from '../fitted-text';
import { Heading, packLayout } from '../heading';
import { useLayout, type Layout } from '../layout';
import { entranceStyle, idleSeconds, useEntrance } from '../motion';
import { SceneFrame } from '../scene-frame';
import { typeUnit, useNaturalSize, type NaturalSize } from './image-fit';

/**
 * A screenshot framed in a drawn device: a phone (rounded body, island, side buttons), a laptop
 * (lid with bezel on a base) or a browser window (title bar with three dots and an address field).
 * The device enters with a slight 3D tilt that settles flat, then floats in slow steps; inside it a
 * tall screenshot scrolls in flicks from top to bottom, or the view pushes in (to a focus area, or
 * slowly). Heading and caption stand beside the device on wide canvases, above and below it on tall
 * ones. Without a screenshot the screen shows a soft gradient with an icon for the heading.
 */

export type DeviceKind = 'phone' | 'laptop' | 'browser';
type ScreenMotion = 'scroll' | 'zoom' | 'still' | 'push';

interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** A device drawn at a width: its outer size, where its screen lies and the screen's rounding. */
export interface DeviceGeometry {
  width: number;
  height: number;
  screen: Rect;
  screenRadius: number;
}

/** Height over width of each device (the browser's title bar grows when its address would be too small). */
const DEVICE_HEIGHT: Record<DeviceKind, number> = { phone: 2.02, laptop: 0.61, browser: 0.695 };
const PHONE_BEZEL = 0.045;
const LAPTOP_LID = { left: 0.07, width: 0.86, side: 0.028, top: 0.03, bottom: 0.04 };
/** The phone stands in front of a disc this share of its height across. */
const PHONE_STAGE = 0.9;

/** The geometry of a device `width` pixels wide; `bar` is the browser's title bar height. */
export function deviceGeometry(kind: DeviceKind, width: number, bar = width * 0.07): DeviceGeometry {
  if (kind === 'phone') {
    const bezel = PHONE_BEZEL * width;
    const height = DEVICE_HEIGHT.phone * width;
    return { width, height, screen: { left: bezel, top: bezel, width: width - 2 * bezel, height: height - 2 * bezel }, screenRadius: 0.11 * width };
  }
  if (kind === 'laptop') {
    const lid = LAPTOP_LID;
    const screenWidth = (lid.width - 2 * lid.side) * width;
    return { width, height: DEVICE_HEIGHT.laptop * width, screen: { left: (lid.left + lid.side) * width, top: lid.top * width, width: screenWidth, height: screenWidth * 0.625 }, screenRadius: 0.004 * width };
  }
  return { width, height: bar + width * 0.625, screen: { left: 0, top: bar, width, height: width * 0.625 }, screenRadius: 0.02 * width };
}

/** The device a screenshot suits: tall ones a phone, wide ones a browser when there is an address, else a laptop. */
export function deviceFor(device: unknown, natural: NaturalSize | undefined, url: string | undefined): DeviceKind {
  if (device === 'phone' || device === 'laptop' || device === 'browser') return device;
  if (natural && natural.width > 0 && natural.height > 0 && natural.width / natural.height < 0.8) return 'phone';
  return url ? 'browser' : 'laptop';
}

/** Where the device, its stage and the texts go on the canvas. */
export interface MockupBoxes {
  device: Rect;
  /** The disc a phone stands in front of, or the panel a wide device lies across on a tall canvas. */
  stage?: Rect;
  heading?: Rect;
  caption?: Rect;
  /** Text beside the device; `caption` when only the caption is. */
  beside: boolean | 'caption';
}

/** The browser's title bar height at a device width: tall enough for a readable address (small print, near body size). */
export function browserBar(layout: Layout, width: number): number {
  return Math.max(width * 0.07, 0.09 * Math.min(layout.width, layout.height));
}

/** Device height at `width` (the browser's depends on its title bar). */
function heightAt(layout: Layout, kind: DeviceKind, width: number): number {
  return kind === 'browser' ? browserBar(layout, width) + width * 0.625 : DEVICE_HEIGHT[kind] * width;
}

/** The share of the content height a heading above the device takes; a long one gets more. */
export function stackedHeadingShare(layout: Layout, long: boolean): number {
  if (layout.orientation === 'portrait') return long ? 0.24 : 0.19;
  return long ? 0.32 : 0.24;
}

/** The largest device width that fits a box. */
function fitDevice(layout: Layout, kind: DeviceKind, boxWidth: number, boxHeight: number): number {
  let width = Math.min(boxWidth, boxHeight / DEVICE_HEIGHT[kind]);
  // The browser's bar has a floor, so shrink until it fits.
  while (width > 1 && heightAt(layout, kind, width) > boxHeight) width *= 0.98;
  return Math.max(1, width);
}

/** The phone's disc, as wide as the room beside or around it allows. */
function stageFor(kind: DeviceKind, device: Rect, room: number, size = Math.min(device.height * PHONE_STAGE, room)): Rect | undefined {
  if (kind !== 'phone') return undefined;
  return { left: device.left + device.width / 2 - size / 2, top: device.top + device.height / 2 - size / 2, width: size, height: size };
}


/**
 * The mockup's boxes on a canvas: text beside the device on wide canvases (text left, device
 * right), heading above and caption below on square and tall ones (beside a device, a square's
 * text column would be too narrow; a phone on a square keeps its caption beside it). A long heading
 * gets three lines' room above the device.
 */
export function mockupLayout(layout: Layout, kind: DeviceKind, text: { heading: boolean; caption: boolean; longHeading?: boolean }): MockupBoxes {
  const { margin, contentWidth: cw, contentHeight: ch, unit } = layout;
  const gap = 56 * unit;
  const place = (width: number, left: number, top: number): Rect => ({ left, top, width, height: heightAt(layout, kind, width) });
  if (!text.heading && !text.caption) {
    const width = fitDevice(layout, kind, cw, ch);
    const device = place(width, margin + (cw - width) / 2, margin + (ch - heightAt(layout, kind, width)) / 2);
    return { device, stage: stageFor(kind, device, cw), beside: false };
  }
  const beside = (): MockupBoxes => {
    const room = cw * 0.62 - gap;
    const width = fitDevice(layout, kind, room, ch);
    const height = heightAt(layout, kind, width);
    const column = kind === 'phone' ? Math.max(width, Math.min(height * PHONE_STAGE, room)) : width;
    const textWidth = Math.min(cw * 0.5, cw - column - gap);
    const left = margin + (cw - column - gap - textWidth) / 2;
    const device = place(width, left + textWidth + gap + (column - width) / 2, margin + (ch - height) / 2);
    const headingHeight = text.heading ? ch * (text.caption ? 0.56 : 0.8) : 0;
    const captionHeight = text.caption ? ch * (text.heading ? 0.3 : 0.5) : 0;
    const textGap = text.heading && text.caption ? 24 * unit : 0;
    const top = margin + (ch - headingHeight - captionHeight - textGap) / 2;
    return {
      device,
      stage: stageFor(kind, device, column),
      heading: text.heading ? { left, top, width: textWidth, height: headingHeight } : undefined,
      caption: text.caption ? { left, top: top + headingHeight + textGap, width: textWidth, height: captionHeight } : undefined,
      beside: true,
    };
  };
  const stacked = (): MockupBoxes => {
    const headingHeight = text.heading ? ch * stackedHeadingShare(layout, text.longHeading ?? false) : 0;
    // Two lines of body text at least.
    const captionHeight = text.caption ? Math.max(ch * (layout.orientation === 'portrait' ? 0.1 : 0.12), 2 * 1.3 * 0.045 * Math.min(layout.width, layout.height)) : 0;
    const headingGap = text.heading ? gap * 0.7 : 0;
    const captionGap = text.caption ? gap * 0.6 : 0;
    const room = ch - headingHeight - captionHeight - headingGap - captionGap;
    const width = fitDevice(layout, kind, cw, room);
    const height = heightAt(layout, kind, width);
    // On a tall canvas a wide device lies across a tall panel, which carries it down the canvas.
    const panel = kind !== 'phone' && layout.orientation === 'portrait';
    const column = panel ? Math.min(room, height * 1.9) : height;
    const top = margin + (room - column) / 2;
    const columnTop = top + headingHeight + headingGap;
    const device = place(width, margin + (cw - width) / 2, columnTop + (column - height) / 2);
    // Above and below a phone there is little width to fill: its disc grows to the room's height.
    const stage = panel ? { left: margin + (cw - width * 0.84) / 2, top: columnTop, width: width * 0.84, height: column } : stageFor(kind, device, Math.min(cw, room * 1.08) / PHONE_STAGE, Math.min(cw, room * 1.08));
    return {
      device,
      stage,
      heading: text.heading ? { left: margin, top, width: cw, height: headingHeight } : undefined,
      caption: text.caption ? { left: margin, top: columnTop + column + captionGap, width: cw, height: captionHeight } : undefined,
      beside: false,
    };
  };
  // A phone on a square: the heading above, the caption beside the phone (a narrow device leaves the width to it).
  const headed = (): MockupBoxes => {
    const headingHeight = text.heading ? ch * stackedHeadingShare(layout, text.longHeading ?? false) : 0;
    const headingGap = text.heading ? gap * 0.7 : 0;
    const room = ch - headingHeight - headingGap;
    const width = fitDevice(layout, kind, cw * 0.5, room);
    const height = heightAt(layout, kind, width);
    const column = Math.max(width, Math.min(height * PHONE_STAGE, cw * 0.6));
    const captionWidth = cw - column - gap;
    const top = margin + headingHeight + headingGap;
    const device = place(width, margin + cw - column / 2 - width / 2, top + (room - height) / 2);
    return {
      device,
      stage: stageFor(kind, device, column),
      heading: text.heading ? { left: margin, top: margin, width: cw, height: headingHeight } : undefined,
      caption: { left: margin, top: top + room * 0.2, width: captionWidth, height: room * 0.6 },
      beside: 'caption',
    };
  };
  if (layout.orientation === 'landscape') return beside();
  return kind === 'phone' && layout.orientation === 'square' && text.caption ? headed() : stacked();
}

/** A share 0..1, or undefined for anything else. */
function share(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : undefined;
}

/** The focus area in shares of the image, defaulting to the top centre. */
function focusArea(focus: unknown): { x: number; y: number; width: number; height: number } {
  const given = (focus && typeof focus === 'object' ? focus : {}) as Record<string, unknown>;
  const width = Math.max(0.08, share(given.width) ?? 0.5);
  const height = Math.max(0.05, share(given.height) ?? 0.3);
  return { x: Math.min(1 - width, share(given.x) ?? 0.25), y: Math.min(1 - height, share(given.y) ?? 0.08), width, height };
}

const easeInOut = Easing.inOut(Easing.cubic);

/** Progress 0..1 of a scroll made of `count` flicks, each followed by a pause, between two frames. */
function flickProgress(frame: number, start: number, end: number, count: number): number {
  const segment = (end - start) / count;
  let total = 0;
  for (let i = 0; i < count; i += 1) {
    total += interpolate(frame, [start + i * segment, start + i * segment + segment * 0.5], [0, 1], { easing: easeInOut, extrapolateLeft: 'clamp', extrapolateRight: 'clamp' });
  }
  return total / count;
}

/** What the screen shows: the image point at its centre and the scale. */
interface View {
  x: number;
  y: number;
  scale: number;
}

/** The image's box on the screen for a view, never leaving a gap at the screen's edges. */
function placeImage(view: View, image: { width: number; height: number }, screen: { width: number; height: number }): Rect {
  const width = image.width * view.scale;
  const height = image.height * view.scale;
  const clamp = (offset: number, size: number, room: number) => (size <= room ? (room - size) / 2 : Math.min(0, Math.max(room - size, offset)));
  return { left: clamp(screen.width / 2 - view.x * view.scale, width, screen.width), top: clamp(screen.height / 2 - view.y * view.scale, height, screen.height), width, height };
}

/**
 * The image cropped to what the screen shows, the element itself keeping the screen's box (so
 * nothing of it lies outside the device): the shown part of the image as its view box.
 */
function cropStyle(box: Rect, screen: { width: number; height: number }, natural: NaturalSize | undefined): React.CSSProperties {
  if (!natural || !(natural.width > 0 && natural.height > 0)) return { objectFit: 'cover', objectPosition: '50% 0%' };
  const k = natural.width / box.width;
  const left = Math.max(0, -box.left * k);
  const top = Math.max(0, -box.top * k);
  const right = Math.max(0, natural.width - (screen.width - box.left) * k);
  const bottom = Math.max(0, natural.height - (screen.height - box.top) * k);
  return { objectFit: 'cover', objectViewBox: `inset(${top}px ${right}px ${bottom}px ${left}px)` } as React.CSSProperties;
}

const EmptyScreen: React.FC<{ theme: Theme; label: string; width: number; height: number; unit: number }> = ({ theme, label, width, height, unit }) => {
  const colors = kitColors(theme);
  const Icon = iconComponent(iconFor(label)) ?? iconComponent('circle-dot');
  const disc = Math.min(width, height) * 0.32;
  const bar = (share: number, opacity: number) => <div style={{ width: width * share, height: Math.max(6 * unit, disc * 0.1), borderRadius: disc, background: colors.onSurface, opacity }} />;
  return (
    <div style={{ position: 'absolute', inset: 0, background: `linear-gradient(160deg, ${mixColors(colors.surface, colors.primary, 0.16)} 0%, ${colors.surface} 55%, ${mixColors(colors.surface, colors.secondary, 0.22)} 100%)`, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: disc * 0.16 }}>
      <div data-kit-part="icon-disc" style={{ width: disc, height: disc, borderRadius: '50%', background: colors.primary, display: 'flex', alignItems: 'center', justifyContent: 'center', marginBottom: disc * 0.12 }}>
        {Icon ? <Icon size={disc * 0.5} color={colors.onPrimary} strokeWidth={2} /> : null}
      </div>
      {bar(0.5, 0.22)}
      {bar(0.34, 0.12)}
    </div>
  );
};

/** The screenshot in the screen, moved by the screen's motion. */
const ScreenContent: React.FC<{ theme: Theme; src?: string; natural?: NaturalSize; screen: Rect; motion?: unknown; focus?: unknown; label: string; unit: number; settled: number }> = ({ theme, src, natural, screen, motion, focus, label, unit, settled }) => {
  const frame = useCurrentFrame();
  const { fps, durationInFrames } = useVideoConfig();
  if (!src) return <EmptyScreen theme={theme} label={label} width={screen.width} height={screen.height} unit={unit} />;
  const ratio = natural && natural.width > 0 && natural.height > 0 ? natural.height / natural.width : screen.height / screen.width;
  // The screenshot spans the screen's width (or its height, when it is wider than the screen).
  const fill = Math.max(1, screen.height / (screen.width * ratio));
  const image = { width: screen.width * fill, height: screen.width * ratio * fill };
  const tall = image.height > screen.height * 1.25;
  const chosen: ScreenMotion = motion === 'scroll' || motion === 'zoom' || motion === 'still' ? motion : tall ? 'scroll' : 'push';
  const kind: ScreenMotion = chosen === 'scroll' && !tall ? 'push' : chosen;
  const top: View = { x: image.width / 2, y: screen.height / 2, scale: 1 };
  const start = settled + 8;
  let view = top;
  if (kind === 'scroll') {
    const travel = image.height - screen.height;
    const flicks = Math.min(4, Math.max(1, Math.round(travel / (screen.height * 0.6))));
    view = { ...top, y: top.y + travel * flickProgress(frame, start, durationInFrames - 20, flicks) };
  } else if (kind === 'zoom') {
    const area = focusArea(focus);
    const scale = Math.min(3.5, Math.max(1, 0.9 * Math.min(screen.width / (area.width * image.width), screen.height / (area.height * image.height))));
    const p = interpolate(frame, [start, start + 40], [0, 1], { easing: easeInOut, extrapolateLeft: 'clamp', extrapolateRight: 'clamp' });
    const target = { x: (area.x + area.width / 2) * image.width, y: (area.y + area.height / 2) * image.height };
    view = { x: top.x + (target.x - top.x) * p, y: top.y + (target.y - top.y) * p, scale: 1 + (scale - 1) * p };
  } else if (kind === 'push') {
    const seconds = idleSeconds(frame, fps, frame >= settled ? 1 : 0);
    view = { ...top, scale: 1 + 0.07 * Math.min(1, seconds / (durationInFrames / fps)) };
  }
  const box = placeImage(view, image, screen);
  return <Img data-kit-part="screenshot" src={src} style={{ position: 'absolute', left: 0, top: 0, width: screen.width, height: screen.height, display: 'block', ...cropStyle(box, screen, natural) }} />;
};

/** The phone's body, rim and side buttons, drawn under the screen. */
const PhoneBody: React.FC<{ geometry: DeviceGeometry }> = ({ geometry }) => {
  const { width: w, height: h } = geometry;
  const button = w * 0.018;
  return (
    <svg width={w} height={h} viewBox={`0 0 ${w} ${h}`} style={{ position: 'absolute', left: 0, top: 0, overflow: 'visible' }}>
      <rect x={-button} y={h * 0.2} width={button * 1.5} height={h * 0.05} rx={button * 0.5} fill="#2B2F36" />
      <rect x={-button} y={h * 0.27} width={button * 1.5} height={h * 0.09} rx={button * 0.5} fill="#2B2F36" />
      <rect x={-button} y={h * 0.38} width={button * 1.5} height={h * 0.09} rx={button * 0.5} fill="#2B2F36" />
      <rect x={w - button * 0.5} y={h * 0.3} width={button * 1.5} height={h * 0.13} rx={button * 0.5} fill="#2B2F36" />
      <rect x={0} y={0} width={w} height={h} rx={w * 0.155} fill="#111318" stroke="#4A505B" strokeWidth={w * 0.012} />
      <rect x={w * 0.02} y={w * 0.02} width={w * 0.96} height={h - w * 0.04} rx={w * 0.135} fill="none" stroke="#2A2E35" strokeWidth={w * 0.006} />
    </svg>
  );
};

/** The laptop's lid, hinge and base. */
const LaptopBody: React.FC<{ geometry: DeviceGeometry }> = ({ geometry }) => {
  const { width: w, height: h } = geometry;
  const lid = LAPTOP_LID;
  const lidHeight = geometry.screen.top + geometry.screen.height + lid.bottom * w;
  const baseTop = lidHeight;
  return (
    <svg width={w} height={h} viewBox={`0 0 ${w} ${h}`} style={{ position: 'absolute', left: 0, top: 0 }}>
      <defs>
        <linearGradient id="laptop-base" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#E4E7EB" />
          <stop offset="0.55" stopColor="#C3C8CF" />
          <stop offset="1" stopColor="#8E949D" />
        </linearGradient>
      </defs>
      <rect x={lid.left * w} y={0} width={lid.width * w} height={lidHeight + w * 0.01} rx={w * 0.022} fill="#15171C" stroke="#555B66" strokeWidth={w * 0.004} />
      <circle cx={w / 2} cy={lid.top * w * 0.5} r={w * 0.0045} fill="#3A3F48" />
      <rect x={lid.left * w + w * 0.02} y={baseTop - w * 0.004} width={lid.width * w - w * 0.04} height={w * 0.012} fill="#30343B" />
      <path d={`M0 ${baseTop + w * 0.006} H${w} V${h - w * 0.016} Q${w} ${h} ${w - w * 0.03} ${h} H${w * 0.03} Q0 ${h} 0 ${h - w * 0.016} Z`} fill="url(#laptop-base)" />
      <rect x={w * 0.42} y={baseTop + w * 0.006} width={w * 0.16} height={w * 0.011} rx={w * 0.005} fill="#9AA0A9" />
    </svg>
  );
};

/** Colors of the browser's chrome, light or dark with the theme's background. */
function browserChrome(theme: Theme): { bar: string; field: string; text: string; edge: string } {
  const colors = kitColors(theme);
  const dark = luminance(parseColor(colors.background) ?? { r: 255, g: 255, b: 255, a: 1 }) < 0.2;
  const bar = dark ? '#2A2D34' : '#E6E9EE';
  const field = dark ? '#1B1D22' : '#FFFFFF';
  return { bar, field, text: readableOn(field, dark ? '#D1D5DB' : '#374151'), edge: dark ? '#454A54' : '#C9CED6' };
}

/** The browser window's frame and title bar with its dots and address field. */
const BrowserBody: React.FC<{ theme: Theme; geometry: DeviceGeometry; url?: string }> = ({ theme, geometry, url }) => {
  const { width: w, height: h, screen } = geometry;
  const chrome = browserChrome(theme);
  const bar = screen.top;
  const dot = Math.min(bar * 0.26, w * 0.014);
  const fieldLeft = dot * 2 + dot * 9;
  const fieldHeight = bar * 0.66;
  const fieldWidth = w - fieldLeft - dot * 3;
  const radius = geometry.screenRadius;
  return (
    <>
      <svg width={w} height={h} viewBox={`0 0 ${w} ${h}`} style={{ position: 'absolute', left: 0, top: 0 }}>
        <rect x={0} y={0} width={w} height={h} rx={radius} fill={chrome.bar} stroke={chrome.edge} strokeWidth={Math.max(1, w * 0.002)} />
        {['#FF5F57', '#FEBC2E', '#28C840'].map((color, i) => (
          <circle key={color} cx={dot * 2 + i * dot * 3} cy={bar / 2} r={dot} fill={color} />
        ))}
        <rect x={fieldLeft} y={(bar - fieldHeight) / 2} width={fieldWidth} height={fieldHeight} rx={fieldHeight / 2} fill={chrome.field} />
      </svg>
      {url ? (
        <div data-kit-role="fineprint" style={{ position: 'absolute', left: fieldLeft + fieldHeight * 0.5, top: (bar - fieldHeight) / 2, height: fieldHeight, display: 'flex', alignItems: 'center' }}>
          <FittedText part="device-url" text={url} width={fieldWidth - fieldHeight} height={fieldHeight * 0.8} maxLines={1} maxFontSize={fieldHeight * 0.62} family={theme.fonts.body} weight={500} color={chrome.text} lineHeight={1.2} />
        </div>
      ) : null}
    </>
  );
};

/** Over the screen: the phone's island and a faint glass glare that sweeps once as the device settles. */
const ScreenGlass: React.FC<{ kind: DeviceKind; geometry: DeviceGeometry; sweep: number }> = ({ kind, geometry, sweep }) => {
  const { screen, width: w } = geometry;
  const glare = -60 + sweep * 220;
  return (
    <>
      <div style={{ position: 'absolute', left: screen.left, top: screen.top, width: screen.width, height: screen.height, borderRadius: geometry.screenRadius, overflow: 'hidden', pointerEvents: 'none', background: `linear-gradient(115deg, rgba(255,255,255,0) ${glare - 18}%, rgba(255,255,255,0.16) ${glare}%, rgba(255,255,255,0) ${glare + 18}%)` }} />
      {kind === 'phone' ? <div style={{ position: 'absolute', left: w / 2 - w * 0.15, top: screen.top + w * 0.03, width: w * 0.3, height: w * 0.085, borderRadius: w * 0.05, background: '#050608' }} /> : null}
    </>
  );
};

/** The drawn device with its screen, tilted in on entrance and floating once settled. */
const Device: React.FC<{ theme: Theme; kind: DeviceKind; box: Rect; layout: Layout; src?: string; natural?: NaturalSize; motion?: unknown; focus?: unknown; url?: string; label: string }> = ({ theme, kind, box, layout, src, natural, motion, focus, url, label }) => {
  const frame = useCurrentFrame();
  const { fps } = useVideoConfig();
  const { unit } = layout;
  const enter = useEntrance(theme, 2);
  const geometry = deviceGeometry(kind, box.width, kind === 'browser' ? browserBar(layout, box.width) : undefined);
  const settled = 2 + theme.motion.durationFrames;
  const seconds = idleSeconds(frame, fps, enter);
  const deep = theme.depth === '3d';
  const lean = 1 - enter;
  const float = frame >= settled ? Math.sin((seconds - settled / fps) * 1.1) * 7 * unit : 0;
  const sway = frame >= settled ? Math.sin((seconds - settled / fps) * 0.7) * 0.8 : 0;
  const transform = `perspective(${2400 * unit}px) translate3d(${lean * 50 * unit}px, ${lean * 70 * unit + float}px, 0) rotateX(${lean * (deep ? 14 : 8)}deg) rotateY(${lean * (deep ? -30 : -18) + sway}deg)`;
  const shadow = deep ? `drop-shadow(0 ${26 * unit}px ${40 * unit}px rgba(0,0,0,0.42))` : `drop-shadow(0 ${14 * unit}px ${28 * unit}px rgba(0,0,0,0.22))`;
  const sweep = interpolate(frame, [settled - 6, settled + 24], [0, 1], { extrapolateLeft: 'clamp', extrapolateRight: 'clamp' });
  const { screen } = geometry;
  return (
    <div data-kit-part="device" style={{ position: 'absolute', left: box.left, top: box.top, width: geometry.width, height: geometry.height, opacity: Math.min(1, enter * 1.6), transform, filter: shadow }}>
      {kind === 'phone' ? <PhoneBody geometry={geometry} /> : kind === 'laptop' ? <LaptopBody geometry={geometry} /> : <BrowserBody theme={theme} geometry={geometry} url={url} />}
      <div style={{ position: 'absolute', left: screen.left, top: screen.top, width: screen.width, height: screen.height, overflow: 'hidden', background: '#0B0C0F', borderRadius: kind === 'browser' ? `0 0 ${geometry.screenRadius}px ${geometry.screenRadius}px` : geometry.screenRadius }}>
        <ScreenContent theme={theme} src={src} natural={natural} screen={screen} motion={motion} focus={focus} label={label} unit={unit} settled={settled} />
      </div>
      <ScreenGlass kind={kind} geometry={geometry} sweep={sweep} />
    </div>
  );
};

/** The disc a phone stands in front of (a panel behind a wide device): the brand color, soft, edged with the accent. */
const Stage: React.FC<{ theme: Theme; box: Rect; round: boolean }> = ({ theme, box, round }) => {
  const colors = kitColors(theme);
  const enter = useEntrance(theme, 0);
  const edge = Math.max(2, Math.min(box.width, box.height) * 0.006);
  const radius = round ? box.width / 2 : packLayout(theme).radius * Math.min(box.width, box.height) * 0.12;
  return (
    <svg data-kit-part="device-stage" width={box.width} height={box.height} viewBox={`0 0 ${box.width} ${box.height}`} style={{ position: 'absolute', left: box.left, top: box.top, opacity: Math.min(1, enter * 1.4), transform: `scale(${0.75 + 0.25 * Math.min(1, enter)})` }}>
      <defs>
        <radialGradient id="device-stage-fill">
          <stop offset="0" stopColor={colors.primary} stopOpacity={0.34} />
          <stop offset="1" stopColor={colors.secondary} stopOpacity={0.16} />
        </radialGradient>
      </defs>
      <rect x={edge} y={edge} width={box.width - 2 * edge} height={box.height - 2 * edge} rx={radius} fill="url(#device-stage-fill)" stroke={colors.accent} strokeOpacity={0.55} strokeWidth={edge} />
    </svg>
  );
};

/** Whether a heading above the device would fall under heading size (7% of the shorter side) in its usual room. */
function needsThreeLines(theme: Theme, layout: Layout, heading: string): boolean {
  const pack = packLayout(theme);
  const height = layout.contentHeight * stackedHeadingShare(layout, false) - (pack.ornament === 'none' ? 0 : 30 * typeUnit(layout));
  const fit = fitText({ text: pack.uppercaseHeadings ? heading.toUpperCase() : heading, width: layout.contentWidth, height, maxLines: 3, maxFontSize: 80 * typeUnit(layout), family: theme.fonts.heading, weight: 800, lineHeight: 1.12 });
  return fit.fontSize < 0.072 * Math.min(layout.width, layout.height);
}

function text(value: unknown): string | undefined {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

/** A screenshot in a drawn phone, laptop or browser window, with a heading and caption. */
export const DeviceMockup: React.FC<{
  theme: Theme;
  image?: string;
  device?: 'phone' | 'laptop' | 'browser' | 'auto';
  heading?: string;
  caption?: string;
  motion?: 'scroll' | 'zoom' | 'still';
  focus?: { x: number; y: number; width: number; height: number };
  url?: string;
}> = ({ theme, image, device = 'auto', heading, caption, motion, focus, url }) => {
  const layout = useLayout();
  const colors = kitColors(theme);
  const pack = packLayout(theme);
  const tu = typeUnit(layout);
  const src = text(image);
  const headingText = text(heading);
  const captionText = text(caption);
  const address = text(url);
  const natural = useNaturalSize(src);
  const kind = deviceFor(device, natural, address);
  const boxes = mockupLayout(layout, kind, { heading: Boolean(headingText), caption: Boolean(captionText), longHeading: headingText ? needsThreeLines(theme, layout, headingText) : false });
  const enterCaption = useEntrance(theme, theme.motion.staggerFrames * 3 + 4);
  const align = boxes.beside ? 'left' : pack.align;
  return (
    <SceneFrame theme={theme} seed={`device-${headingText ?? kind}`}>
      {boxes.stage ? <Stage theme={theme} box={boxes.stage} round={kind === 'phone'} /> : null}
      <Device theme={theme} kind={kind} box={boxes.device} layout={layout} src={src} natural={natural} motion={motion} focus={focus} url={kind === 'browser' ? address : undefined} label={headingText ?? captionText ?? ''} />
      {boxes.heading && headingText ? (
        <div style={{ position: 'absolute', ...boxes.heading, display: 'flex', flexDirection: 'column', justifyContent: boxes.beside === true && captionText ? 'flex-end' : 'center', alignItems: align === 'center' ? 'center' : 'flex-start' }}>
          <Heading theme={theme} text={headingText} width={boxes.heading.width} height={boxes.heading.height} unit={tu} maxLines={boxes.beside === true ? 4 : 3} maxFontSize={(boxes.beside === true ? 96 : 80) * tu} align={align} delay={theme.motion.staggerFrames * 2} />
        </div>
      ) : null}
      {boxes.caption && captionText ? (
        <div style={{ position: 'absolute', ...boxes.caption, display: 'flex', alignItems: boxes.beside === true ? 'flex-start' : 'center', justifyContent: align === 'center' ? 'center' : 'flex-start', ...entranceStyle(theme, enterCaption, 24 * layout.unit) }}>
          <FittedText part="caption" text={captionText} width={boxes.caption.width} height={boxes.caption.height} maxLines={boxes.beside ? 4 : 2} maxFontSize={48 * tu} family={theme.fonts.body} weight={400} color={colors.muted} align={align} lineHeight={1.3} />
        </div>
      ) : null}
    </SceneFrame>
  );
};
