import React from 'react';
import { measureText } from '@remotion/layout-utils';
import { Easing, Img, interpolate, random, useCurrentFrame, useVideoConfig } from 'remotion';
import type { Theme } from '../../scene-props';
import { kitColors } from '../color';
import { FitLines, fitText, type TextFit } from '../fitted-text';
import { fontFamily, fontWeight } from '../fonts';
import { packLayout } from '../heading';
import { useLayout, type Layout } from '../layout';
import { idleSeconds } from '../motion';
import { SceneFrame } from '../scene-frame';
import { imageFit, typeUnit, useNaturalSize } from './image-fit';

/**
 * A brand sting: the logo (PNG or SVG, never stretched; a monogram disc without one) inside a ring,
 * the brand's name as lettering under it (beside it on wide banners) and the tagline. `draw`
 * strokes the ring and the name's letters on and fills them as the logo scales in; `mask` reveals
 * the logo through a growing iris with a light sweeping across and wipes the name on; `particles`
 * gathers dots from around the canvas into the logo and the name. The tagline slides in after;
 * then a sheen passes over the logo and its glow pulses, in steps. The default style follows the
 * pack's entrance, so packs differ.
 */

export type StingStyle = 'draw' | 'mask' | 'particles';

interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The style a pack's entrance suggests: wipes mask, pops and glitches gather particles, the calm ones draw. */
export function stingStyleFor(theme: Theme): StingStyle {
  switch (theme.motion.entrance) {
    case 'mask-reveal':
    case 'wipe':
    case 'slide-in':
    case 'slide-up':
      return 'mask';
    case 'scale-pop':
    case 'bounce':
    case 'glitch-in':
      return 'particles';
    default:
      return 'draw';
  }
}

/** Where the mark (logo in its ring), the name and the tagline go. */
export interface StingBoxes {
  /** The box the ring and the logo inside it are fitted to. */
  mark: { width: number; height: number };
  name: { width: number; height: number };
  tagline: { width: number; height: number };
  /** Mark beside the texts (wide banners), else stacked. */
  row: boolean;
  gap: number;
  textGap: number;
}

/** The sting's boxes on a canvas: stacked and centred, or the mark beside the texts on a banner. */
export function stingLayout(layout: Layout, parts: { logo: boolean; name: boolean; tagline: boolean }): StingBoxes {
  const { contentWidth: cw, contentHeight: ch, unit } = layout;
  const tu = typeUnit(layout);
  const row = layout.ratio >= 2.2 && (parts.name || parts.tagline);
  const gap = (row ? 64 : 40) * unit;
  const textGap = parts.name && parts.tagline ? 18 * unit : 0;
  if (row) {
    const markWidth = Math.min(cw * 0.36, ch * (parts.logo ? 1.6 : 1));
    const textWidth = cw - markWidth - gap;
    return {
      mark: { width: markWidth, height: ch * (parts.logo ? 0.92 : 0.6) },
      name: { width: textWidth, height: parts.name ? ch * (parts.tagline ? 0.5 : 0.7) : 0 },
      tagline: { width: textWidth, height: parts.tagline ? ch * 0.3 : 0 },
      row,
      gap,
      textGap,
    };
  }
  const portrait = layout.orientation === 'portrait';
  const nameHeight = parts.name ? Math.min(ch * (parts.logo ? 0.22 : 0.3), 2 * 150 * tu) : 0;
  // Room for three lines at a readable size: a long tagline wraps rather than shrinks.
  const taglineHeight = parts.tagline ? Math.min(ch * 0.18, 3 * 62 * tu) : 0;
  const textHeight = nameHeight + taglineHeight + textGap + (parts.name || parts.tagline ? gap : 0);
  const markCap = parts.logo ? (parts.name || parts.tagline ? 0.56 : 0.72) : 0.34;
  return {
    mark: { width: cw * (portrait ? 0.86 : 0.62), height: Math.min(ch - textHeight, ch * markCap) },
    name: { width: cw * (portrait ? 1 : 0.9), height: nameHeight },
    tagline: { width: cw * (portrait ? 1 : 0.86), height: taglineHeight },
    row,
    gap,
    textGap,
  };
}

/** The ring's box around a logo fitted in the mark's box: a pad all round. */
function markGeometry(box: { width: number; height: number }, natural: { width: number; height: number } | undefined): { ring: Rect; logo: Rect } {
  const pad = Math.min(box.width, box.height) * 0.12;
  const fitted = imageFit(natural?.width ?? 1, natural?.height ?? 1, box.width - 2 * pad, box.height - 2 * pad, 'contain');
  const ring = { left: 0, top: 0, width: fitted.width + 2 * pad, height: fitted.height + 2 * pad };
  return { ring, logo: { left: pad, top: pad, width: fitted.width, height: fitted.height } };
}

const easeOut = Easing.out(Easing.cubic);
const easeInOut = Easing.inOut(Easing.cubic);

/** Progress 0..1 between two frames. */
function span(frame: number, from: number, to: number, easing = easeOut): number {
  return interpolate(frame, [from, Math.max(from + 1, to)], [0, 1], { easing, extrapolateLeft: 'clamp', extrapolateRight: 'clamp' });
}

/** The sting's clock: when the mark, the name and the tagline reveal, and when it has settled. */
interface Timing {
  start: number;
  reveal: number;
  tagline: number;
  settled: number;
}

function timingFor(theme: Theme, style: StingStyle): Timing {
  const start = 4;
  // Gathering dots is the show itself, so the particles take half as long again to land.
  const stretch = style === 'particles' ? 1.5 : 1;
  const reveal = Math.round(stretch * Math.min(48, Math.max(26, Math.round(theme.motion.durationFrames * 1.8))));
  const tagline = start + Math.round(reveal * 1.25);
  return { start, reveal, tagline, settled: tagline + theme.motion.durationFrames };
}

/** Scripts whose letters join: drawn a line at a time, never a letter at a time. */
const JOINED_SCRIPT = /[\u0590-\u08FF\u0900-\u0DFF\u0E00-\u0EFF\u1000-\u109F]/;

/** The name's glyph runs (letters, or whole lines for joined scripts) with their x offsets. */
function glyphRuns(fit: TextFit, family: string, letterSpacing: number): { line: number; x: number; text: string; lineWidth: number }[] {
  const measure = (text: string) => measureText({ text, fontFamily: fontFamily(family), fontWeight: fontWeight(family, 800), fontSize: fit.fontSize, letterSpacing: `${letterSpacing}em`, validateFontIsLoaded: false }).width;
  return fit.lines.flatMap((text, line) => {
    const lineWidth = measure(text);
    if (JOINED_SCRIPT.test(text)) return [{ line, x: 0, text, lineWidth }];
    const letters = [...text];
    return letters.map((letter, i) => ({ line, x: measure(letters.slice(0, i).join('')), text: letter, lineWidth })).filter((run) => run.text.trim() !== '');
  });
}

/** The lettering's line height, side pad and height: room above and below for tall faces' ascenders and descenders. */
function letteringBox(fit: TextFit): { lineHeight: number; pad: number; height: number } {
  const lineHeight = fit.fontSize * 1.22;
  const pad = fit.fontSize * 0.11;
  return { lineHeight, pad, height: lineHeight * fit.lines.length + pad * 4 };
}

/** The brand name as lettering: stroked on and filled (draw), wiped on (mask) or faded in as dots arrive (particles). */
const NameLettering: React.FC<{ theme: Theme; fit: TextFit; style: StingStyle; timing: Timing; align: 'left' | 'center'; unit: number }> = ({ theme, fit, style, timing, align, unit }) => {
  const frame = useCurrentFrame();
  const colors = kitColors(theme);
  const pack = packLayout(theme);
  const family = theme.fonts.heading;
  const letterSpacing = pack.uppercaseHeadings ? 0.06 : 0.01;
  const runs = glyphRuns(fit, family, letterSpacing);
  const { lineHeight, pad, height } = letteringBox(fit);
  const width = Math.max(...runs.map((run) => run.lineWidth), 1) + 2 * pad;
  const { start, reveal } = timing;
  const dash = fit.fontSize * 6;
  const wipe = style === 'mask' ? span(frame, start + reveal * 0.45, start + reveal * 1.1, easeInOut) : 1;
  const arrive = style === 'particles' ? span(frame, start + reveal * 0.55, start + reveal * 1.05) : 1;
  return (
    <div style={{ position: 'relative', width, height, flex: 'none' }}>
      <svg data-kit-part="brand-name" width={width} height={height} viewBox={`0 0 ${width} ${height}`} style={{ display: 'block', clipPath: style === 'mask' ? `inset(0 ${(1 - wipe) * 100}% 0 0)` : undefined, opacity: arrive, transform: style === 'particles' ? `scale(${0.94 + 0.06 * arrive})` : undefined }}>
        {runs.map((run, i) => {
          const offset = align === 'center' ? (width - 2 * pad - run.lineWidth) / 2 : 0;
          const order = runs.length > 1 ? i / (runs.length - 1) : 0;
          const stroke = style === 'draw' ? span(frame, start + reveal * (0.3 + 0.45 * order), start + reveal * (0.75 + 0.45 * order), easeInOut) : 1;
          const fill = style === 'draw' ? span(frame, start + reveal * (0.6 + 0.45 * order), start + reveal * (0.9 + 0.45 * order)) : 1;
          return (
            <text
              key={i}
              x={pad + offset + run.x}
              y={pad * 2 + (run.line + 0.5) * lineHeight}
              dominantBaseline="central"
              fill={colors.text}
              fillOpacity={fill}
              stroke={colors.text}
              strokeWidth={style === 'draw' ? Math.max(1, fit.fontSize * 0.022) : 0}
              strokeDasharray={style === 'draw' ? dash : undefined}
              strokeDashoffset={style === 'draw' ? dash * (1 - stroke) : undefined}
              style={{ fontFamily: fontFamily(family), fontWeight: fontWeight(family, 800), fontSize: fit.fontSize, letterSpacing: `${letterSpacing}em`, color: colors.text, whiteSpace: 'pre' }}
            >
              {run.text}
            </text>
          );
        })}
      </svg>
      {style === 'mask' && wipe > 0 && wipe < 1 ? <div style={{ position: 'absolute', top: -pad, height: height + 2 * pad, left: wipe * width - 3 * unit, width: 6 * unit, borderRadius: 3 * unit, background: colors.accent }} /> : null}
    </div>
  );
};

/** The logo (or a monogram disc) in its ring, revealed in the sting's style, then glowing and catching a sheen. */
const Mark: React.FC<{ theme: Theme; logo?: string; initial: string; box: { width: number; height: number }; style: StingStyle; timing: Timing; unit: number }> = ({ theme, logo, initial, box, style, timing, unit }) => {
  const frame = useCurrentFrame();
  const { fps } = useVideoConfig();
  const colors = kitColors(theme);
  const pack = packLayout(theme);
  const natural = useNaturalSize(logo);
  const { ring, logo: logoBox } = markGeometry(box, logo ? natural : undefined);
  const { start, reveal, settled } = timing;
  const stroke = Math.max(2, 5 * unit);
  const radius = (Math.min(ring.width, ring.height) / 2) * Math.min(1, 0.1 + pack.radius * 3);
  // How each style brings the ring and the logo in.
  const ringDrawn = style === 'draw' ? span(frame, start, start + reveal * 0.7, easeInOut) : 1;
  const ringIn = style === 'draw' ? 1 : style === 'mask' ? span(frame, start, start + reveal * 0.5) : span(frame, start + reveal * 0.6, start + reveal);
  const logoIn = style === 'draw' ? span(frame, start + reveal * 0.35, start + reveal * 0.85) : style === 'mask' ? span(frame, start + reveal * 0.15, start + reveal * 0.75, easeInOut) : span(frame, start + reveal * 0.5, start + reveal);
  const iris = style === 'mask' ? `circle(${logoIn * 75}% at 50% 50%)` : undefined;
  const logoScale = style === 'draw' ? 0.6 + 0.4 * logoIn : style === 'particles' ? 0.9 + 0.1 * logoIn : 1;
  // Idle: the glow breathes and a sheen passes every few seconds, in the steps the renderer holds.
  const idle = frame >= settled ? idleSeconds(frame, fps, 1) - settled / fps : 0;
  const glow = frame >= settled ? 0.75 + 0.25 * Math.sin(idle * 2.4) : Math.min(1, logoIn);
  const revealSweep = style === 'mask' ? span(frame, start + reveal * 0.45, start + reveal * 1.05, easeInOut) : 0;
  const cycle = idle % 3;
  const sheen = frame >= settled && cycle < 1.2 ? cycle / 1.2 : revealSweep > 0 && revealSweep < 1 ? revealSweep : undefined;
  const mask = logo ? { WebkitMaskImage: `url(${JSON.stringify(logo)})`, maskImage: `url(${JSON.stringify(logo)})`, WebkitMaskSize: '100% 100%', maskSize: '100% 100%' } : { borderRadius: '50%' };
  const disc = Math.min(logoBox.width, logoBox.height);
  return (
    <div style={{ position: 'relative', width: ring.width, height: ring.height, flex: 'none' }}>
      <div style={{ position: 'absolute', inset: -stroke * 3, borderRadius: radius + stroke * 3, background: `radial-gradient(ellipse closest-side, ${colors.primary}55 0%, ${colors.primary}00 100%)`, opacity: glow }} />
      <svg data-kit-part="logo-ring" width={ring.width} height={ring.height} viewBox={`0 0 ${ring.width} ${ring.height}`} style={{ position: 'absolute', left: 0, top: 0, opacity: ringIn, transform: style === 'mask' ? `scale(${1.25 - 0.25 * ringIn})` : undefined }}>
        <rect x={stroke} y={stroke} width={ring.width - 2 * stroke} height={ring.height - 2 * stroke} rx={Math.max(0, radius - stroke)} fill="none" stroke={colors.primary} strokeWidth={stroke} pathLength={1} strokeDasharray={1} strokeDashoffset={1 - ringDrawn} />
      </svg>
      <div style={{ position: 'absolute', ...logoBox, opacity: style === 'mask' ? 1 : logoIn, clipPath: iris, transform: `scale(${logoScale})`, filter: theme.depth === '3d' ? `drop-shadow(0 ${12 * unit}px ${20 * unit}px rgba(0,0,0,0.35))` : undefined }}>
        {logo ? (
          <Img data-kit-part="logo" src={logo} style={{ display: 'block', width: logoBox.width, height: logoBox.height, objectFit: 'contain' }} />
        ) : (
          <div data-kit-part="icon-disc" style={{ position: 'absolute', left: (logoBox.width - disc) / 2, top: (logoBox.height - disc) / 2, width: disc, height: disc, borderRadius: '50%', background: colors.primary, display: 'flex', alignItems: 'center', justifyContent: 'center', color: colors.onPrimary, fontFamily: fontFamily(theme.fonts.heading), fontWeight: fontWeight(theme.fonts.heading, 800), fontSize: disc * 0.5, lineHeight: 1 }}>
            {initial}
          </div>
        )}
        {sheen !== undefined ? (
          <div style={{ position: 'absolute', inset: 0, pointerEvents: 'none', ...mask, background: `linear-gradient(105deg, rgba(255,255,255,0) ${sheen * 160 - 60}%, rgba(255,255,255,0.55) ${sheen * 160 - 40}%, rgba(255,255,255,0) ${sheen * 160 - 20}%)` }} />
        ) : null}
      </div>
    </div>
  );
};

/** Dots flying in from around the canvas to where the mark and the name form. */
const Particles: React.FC<{ theme: Theme; layout: Layout; seed: string; targets: Rect[]; timing: Timing }> = ({ theme, layout, seed, targets, timing }) => {
  const frame = useCurrentFrame();
  const colors = kitColors(theme);
  const { fps } = useVideoConfig();
  const { start, reveal, settled } = timing;
  if (targets.length === 0) return null;
  if (frame > start + reveal * 1.4) return frame >= settled ? <Embers theme={theme} layout={layout} seed={seed} around={targets[0]!} seconds={idleSeconds(frame, fps, 1) - settled / fps} /> : null;
  const { width, height, unit } = layout;
  const palette = [colors.primary, colors.accent, colors.secondary];
  const reach = Math.hypot(width, height) * 0.6;
  const count = 160;
  const dots = Array.from({ length: count }, (_, i) => {
    const r = (key: string) => random(`${seed}-${i}-${key}`);
    const area = targets[i % targets.length]!;
    const angle = r('angle') * Math.PI * 2;
    const distance = reach * (0.7 + 0.3 * r('distance'));
    const from = { x: width / 2 + Math.cos(angle) * distance, y: height / 2 + Math.sin(angle) * distance };
    const to = { x: area.left + r('x') * area.width, y: area.top + r('y') * area.height };
    const delay = start + r('delay') * reveal * 0.35;
    const p = span(frame, delay, delay + reveal * 0.55);
    const swirl = Math.sin(p * Math.PI) * distance * 0.18 * (r('swirl') - 0.5);
    const fade = 1 - span(frame, delay + reveal * 0.5, delay + reveal * 0.85);
    return { x: from.x + (to.x - from.x) * p - Math.sin(angle) * swirl, y: from.y + (to.y - from.y) * p + Math.cos(angle) * swirl, size: (4 + 7 * r('size')) * unit, color: palette[i % palette.length]!, opacity: Math.min(1, p * 3) * fade };
  });
  return (
    <svg data-kit-bleed="particles" width={width} height={height} style={{ position: 'absolute', left: 0, top: 0, pointerEvents: 'none' }}>
      {dots.map((dot, i) => (dot.opacity > 0.01 ? <circle key={i} cx={dot.x} cy={dot.y} r={dot.size} fill={dot.color} opacity={dot.opacity} /> : null))}
    </svg>
  );
};

/** Once the sting has settled, a few dots left over from the gathering drift up around the mark and fade, over and over. */
const Embers: React.FC<{ theme: Theme; layout: Layout; seed: string; around: Rect; seconds: number }> = ({ theme, layout, seed, around, seconds }) => {
  const colors = kitColors(theme);
  const palette = [colors.primary, colors.accent, colors.secondary];
  const { width, height, unit } = layout;
  const centre = { x: around.left + around.width / 2, y: around.top + around.height / 2 };
  const spread = Math.max(around.width, around.height) * 0.75;
  const dots = Array.from({ length: 18 }, (_, i) => {
    const r = (key: string) => random(`${seed}-ember-${i}-${key}`);
    const period = 3.5 + 2 * r('period');
    const life = ((seconds + r('phase') * period) % period) / period;
    const angle = r('angle') * Math.PI * 2;
    const x = centre.x + Math.cos(angle) * spread * (0.8 + 0.35 * life);
    const y = centre.y + Math.sin(angle) * spread * 0.8 - life * spread * 0.3;
    return { x, y, size: (3 + 4 * r('size')) * unit, color: palette[i % palette.length]!, opacity: Math.sin(life * Math.PI) * 0.8 };
  });
  return (
    <svg data-kit-bleed="embers" width={width} height={height} style={{ position: 'absolute', left: 0, top: 0, pointerEvents: 'none' }}>
      {dots.map((dot, i) => (dot.opacity > 0.01 ? <circle key={i} cx={dot.x} cy={dot.y} r={dot.size} fill={dot.color} opacity={dot.opacity} /> : null))}
    </svg>
  );
};

function text(value: unknown): string | undefined {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

/**
 * A brand sting: the logo revealed in a ring, the name lettered on, the tagline sliding in; then a
 * sheen and a breathing glow. `style` picks the reveal (default: from the pack's entrance).
 */
export const LogoReveal: React.FC<{ theme: Theme; logo?: string; name?: string; tagline?: string; style?: StingStyle }> = ({ theme, logo, name, tagline, style }) => {
  const layout = useLayout();
  const frame = useCurrentFrame();
  const colors = kitColors(theme);
  const pack = packLayout(theme);
  const { unit, margin } = layout;
  const tu = typeUnit(layout);
  const src = text(logo);
  const brand = text(name);
  const line = text(tagline);
  const chosen: StingStyle = style === 'draw' || style === 'mask' || style === 'particles' ? style : stingStyleFor(theme);
  const natural = useNaturalSize(src);
  const boxes = stingLayout(layout, { logo: Boolean(src), name: Boolean(brand), tagline: Boolean(line) });
  const timing = timingFor(theme, chosen);
  const align = boxes.row ? 'left' : 'center';
  const nameFit = brand ? fitText({ text: pack.uppercaseHeadings ? brand.toUpperCase() : brand, width: boxes.name.width * 0.96, height: boxes.name.height * 0.8, maxLines: 2, maxFontSize: (src ? 140 : 160) * tu, family: theme.fonts.heading, weight: 800, lineHeight: 1.22, letterSpacing: pack.uppercaseHeadings ? 0.06 : 0.01 }) : undefined;
  const taglineFit = line ? fitText({ text: line, width: boxes.tagline.width, height: boxes.tagline.height, maxLines: boxes.row ? 2 : 3, maxFontSize: 52 * tu, family: theme.fonts.body, weight: 400, lineHeight: 1.3 }) : undefined;
  // On a banner the tagline's box hugs its lines, so the group is centred on what shows.
  const taglineWidth = taglineFit && boxes.row ? Math.min(boxes.tagline.width, Math.ceil(Math.max(...taglineFit.lines.map((entry) => measureText({ text: entry, fontFamily: fontFamily(theme.fonts.body), fontWeight: fontWeight(theme.fonts.body, 400), fontSize: taglineFit.fontSize, validateFontIsLoaded: false }).width))) + 2) : boxes.tagline.width;
  const taglineIn = span(frame, timing.tagline, timing.tagline + theme.motion.durationFrames);
  const nameLines = nameFit ? letteringBox(nameFit).height : 0;
  const nameWidth = nameFit ? Math.max(...nameFit.lines.map((entry) => measureText({ text: entry, fontFamily: fontFamily(theme.fonts.heading), fontWeight: fontWeight(theme.fonts.heading, 800), fontSize: nameFit.fontSize, letterSpacing: `${pack.uppercaseHeadings ? 0.06 : 0.01}em`, validateFontIsLoaded: false }).width)) : 0;
  // Where the particles land: the mark and the name, as laid out below (the group is centred).
  const textWidth = Math.max(nameWidth, taglineFit ? taglineWidth : 0);
  const textHeight = nameLines + (taglineFit ? taglineFit.height + boxes.textGap : 0);
  // Stacked, the texts were given room for their longest (two lines of name, three of tagline):
  // what a shorter name or tagline leaves goes to the mark, up to 62% of the content's height.
  const spare = boxes.row ? 0 : Math.max(0, boxes.name.height + boxes.tagline.height + (brand && line ? boxes.textGap : 0) - textHeight);
  const markBox = boxes.row ? boxes.mark : { width: boxes.mark.width, height: Math.max(boxes.mark.height, Math.min(boxes.mark.height + spare, layout.contentHeight * 0.62)) };
  const ring = markGeometry(markBox, src ? natural : undefined).ring;
  const groupWidth = boxes.row ? ring.width + boxes.gap + textWidth : Math.max(ring.width, textWidth);
  const groupHeight = boxes.row ? Math.max(ring.height, textHeight) : ring.height + (brand || line ? boxes.gap + textHeight : 0);
  const groupLeft = (layout.width - groupWidth) / 2;
  const groupTop = (layout.height - groupHeight) / 2;
  const markRect = boxes.row ? { left: groupLeft, top: groupTop + (groupHeight - ring.height) / 2, width: ring.width, height: ring.height } : { left: (layout.width - ring.width) / 2, top: groupTop, width: ring.width, height: ring.height };
  const nameRect = boxes.row ? { left: groupLeft + ring.width + boxes.gap, top: groupTop + (groupHeight - textHeight) / 2, width: nameWidth, height: nameLines } : { left: (layout.width - nameWidth) / 2, top: groupTop + ring.height + boxes.gap, width: nameWidth, height: nameLines };
  return (
    <SceneFrame theme={theme} seed={`logo-${brand ?? ''}`}>
      <div data-kit-part="logo-reveal" style={{ position: 'absolute', left: margin, top: margin, width: layout.contentWidth, height: layout.contentHeight, display: 'flex', flexDirection: boxes.row ? 'row' : 'column', alignItems: 'center', justifyContent: 'center', gap: boxes.gap }}>
        <Mark theme={theme} logo={src} initial={[...(brand ?? theme.brand?.name ?? '•')][0]!.toUpperCase()} box={markBox} style={chosen} timing={timing} unit={unit} />
        {brand || line ? (
          <div style={{ display: 'flex', flexDirection: 'column', alignItems: boxes.row ? 'flex-start' : 'center', gap: boxes.textGap }}>
            {nameFit ? <NameLettering theme={theme} fit={nameFit} style={chosen} timing={timing} align={align} unit={unit} /> : null}
            {taglineFit ? (
              <div style={{ opacity: taglineIn, transform: `translateY(${(1 - taglineIn) * 28 * unit}px)` }}>
                <FitLines part="tagline" fit={taglineFit} width={taglineWidth} family={theme.fonts.body} weight={400} color={colors.muted} lineHeight={1.3} align={align} />
              </div>
            ) : null}
          </div>
        ) : null}
      </div>
      {chosen === 'particles' ? <Particles theme={theme} layout={layout} seed={`logo-${brand ?? src?.slice(-24) ?? ''}`} targets={[markRect, ...(nameFit ? [nameRect] : [])]} timing={timing} /> : null}
    </SceneFrame>
  );
};
