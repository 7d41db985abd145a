import React from 'react';
import { measureText } from '@remotion/layout-utils';
import { Easing, interpolate, Sequence, useCurrentFrame, useVideoConfig } from 'remotion';
import type { Theme } from '../../scene-props';
import { backdropColors, kitColors, mix, parseColor, readableOn, toHex } from '../color';
import { FitLines, FittedText, fitText } from '../fitted-text';
import { fontFamily, fontWeight } from '../fonts';
import { Heading, kickerRowHeight, packLayout } from '../heading';
import { useLayout, type Layout } from '../layout';
import { entranceStyle, useEntrance } from '../motion';
import { LeavesAtEnd } from '../paging';
import { SceneFrame } from '../scene-frame';
import { formatNumber } from '../stat-counter';

/** The units a chart value may carry: currencies go before the number, percent after it. */
const PREFIX_UNITS = new Set(['$', '€', '£']);

/** A chart value as shown: `$1,200`, `-€3.5`, `42%`, `1,234`, and with a table's scale `$1,400k`, `€2.5M`. */
export function formatValue(value: number, unit = '', decimals = 0): string {
  const rounded = Number(value.toFixed(decimals));
  const sign = rounded < 0 ? '-' : '';
  const body = formatNumber(Math.abs(rounded), decimals);
  const trimmed = unit.trim();
  if (PREFIX_UNITS.has(trimmed)) return `${sign}${trimmed}${body}`;
  const scaled = /^([$€£]?)(k|M|B)$/.exec(trimmed);
  if (scaled) return `${sign}${scaled[1]}${body}${scaled[2]}`;
  if (trimmed === '%') return `${sign}${body}%`;
  return `${sign}${body}${trimmed ? ` ${trimmed}` : ''}`;
}

/** The decimals a set of values needs (0..2), so 2.5 and 3 both show as 2.5 and 3.0. */
export function decimalsOf(values: number[]): number {
  let decimals = 0;
  for (const value of values) {
    const text = String(Math.abs(value));
    const dot = text.indexOf('.');
    if (dot >= 0 && !text.includes('e')) decimals = Math.max(decimals, text.length - dot - 1);
  }
  return Math.min(2, decimals);
}

/** A chart's points: at most `max`, every value finite, every point labelled. */
export function chartPoints(labels: string[] | undefined, values: number[] | undefined, max = 12): { label: string; value: number }[] {
  const list = Array.isArray(values) ? values : [];
  return list.slice(0, max).map((value, index) => ({ label: String(labels?.[index] ?? index + 1), value: Number.isFinite(Number(value)) ? Number(value) : 0 }));
}

interface FitOptions {
  width: number;
  height: number;
  maxLines: number;
  maxFontSize: number;
  family: string;
  weight: number;
  lineHeight: number;
  fontVariantNumeric?: string;
}

/**
 * One type size for a set of texts: the largest at which every one fits its box. Passing it as
 * `maxFontSize` to each FittedText keeps sibling labels the same size.
 */
export function uniformSize(texts: string[], options: FitOptions): number {
  let size = options.maxFontSize;
  for (const text of texts) if (text) size = Math.min(size, bestFit(text, options).fontSize);
  return size;
}

/**
 * The largest size a text reaches in a box on up to `maxLines` lines. fitText fills all the lines
 * it is allowed and then shrinks to the height; in a short box fewer, larger lines can win, so each
 * line count is tried. A FittedText given `maxLines` and this size as `maxFontSize` draws it so.
 */
export function bestFit(text: string, options: FitOptions): { fontSize: number; lines: number } {
  let best = { fontSize: 0, lines: 1 };
  for (let lines = 1; lines <= options.maxLines; lines += 1) {
    const fit = fitText({ text, ...options, maxLines: lines, width: Math.max(4, options.width), height: Math.max(4, options.height) });
    if (fit.fontSize > best.fontSize + 0.01) best = { fontSize: fit.fontSize, lines: fit.lines.length };
  }
  return best;
}

/** The widest of some texts at a font size, in px (tabular digits). */
export function widestText(texts: string[], family: string, weight: number, fontSize: number): number {
  let widest = 0;
  for (const text of texts) widest = Math.max(widest, measureText({ text, fontFamily: fontFamily(family), fontWeight: fontWeight(family, weight), fontSize, fontVariantNumeric: 'tabular-nums', validateFontIsLoaded: false }).width);
  return Math.ceil(widest) + 2;
}

/** The lines a text takes at a size no larger than `maxFontSize` in a box. */
export function linesAt(text: string, options: FitOptions): number {
  return fitText({ text, ...options }).lines.length;
}

/**
 * A number that counts up to its value. The type is sized once for the final text (tabular digits)
 * so the counting never changes the size or overflows the box.
 */
export const CountText: React.FC<{
  value: number;
  progress: number;
  unit?: string;
  decimals: number;
  width: number;
  height: number;
  maxFontSize: number;
  family: string;
  weight?: number;
  color: string;
  align?: 'left' | 'center' | 'right';
  part: string;
  suffix?: string;
  style?: React.CSSProperties;
}> = ({ value, progress, unit = '', decimals, width, height, maxFontSize, family, weight = 700, color, align = 'left', part, suffix = '', style }) => {
  const finalText = `${formatValue(value, unit, decimals)}${suffix}`;
  const fit = fitText({ text: finalText, width, height, maxLines: 1, maxFontSize, family, weight, lineHeight: 1.15, fontVariantNumeric: 'tabular-nums' });
  const shown = `${formatValue(value * Math.max(0, Math.min(1, progress)), unit, decimals)}${suffix}`;
  // Sized for the final figure; the counting one is drawn at that size.
  return <FitLines fit={{ ...fit, lines: [shown] }} width={width} family={family} weight={weight} color={color} lineHeight={1.15} align={align} part={part} style={{ fontVariantNumeric: 'tabular-nums', ...style }} />;
};

/** Progress 0..1 of a longer reveal (a bar growing, a line drawing), eased out, clamped. */
export function useReveal(delay: number, duration: number): number {
  const frame = useCurrentFrame();
  return interpolate(frame - delay, [0, Math.max(1, duration)], [0, 1], { easing: Easing.out(Easing.cubic), extrapolateLeft: 'clamp', extrapolateRight: 'clamp' });
}

/** Frames between staggered items so `count` items all start within `budget` frames. */
export function staggerFor(theme: Theme, count: number, budget = 42): number {
  return Math.min(theme.motion.staggerFrames, budget / Math.max(1, count));
}

/** Frame the body of a data scene starts entering, after the heading. */
export function bodyDelay(theme: Theme): number {
  return Math.min(18, Math.round(theme.motion.durationFrames * 0.6));
}

/** Whether the canvas is a wide banner (3:1 and the like). */
export function isBanner(layout: { ratio: number }): boolean {
  return layout.ratio > 2.2;
}

/**
 * The frame every data scene shares: the pack background, a heading (kicker, title, ornament and
 * an optional subtitle) at the top, the body in a box of known size below it, and an optional
 * source caption at the bottom. The heading and body are centred together, so a one-line title
 * leaves no hole.
 */
export const DataScene: React.FC<{
  theme: Theme;
  seed: string;
  title: string;
  kicker?: string;
  /** A line or two under the title, in smaller muted type. */
  subtitle?: string;
  source?: string;
  /** The theme the heading is drawn with (a chart may keep its ornament off the bar color). */
  headingTheme?: Theme;
  part: string;
  /**
   * Whether the body keeps its text at the floor in a box (a picture that grows with its room, as
   * icon points do, may always answer no). A body that does not gets the room a larger title would
   * take where the title held to its 7.2% floor takes a line less.
   */
  bodyFits?: (box: { width: number; height: number; u: number }) => boolean;
  /**
   * Whether a panel in a tint of the pack's primary colour stands behind the body (and its source
   * line): the chart's field. The body then draws its text with {@link panelTheme}. @default false
   */
  panel?: boolean;
  /** Renders the body into a box of `width` × `height`; `u` is the unit its sizes scale with. */
  children: (box: { width: number; height: number; u: number }) => React.ReactNode;
}> = ({ theme, seed, title, kicker, subtitle, source, headingTheme, part, bodyFits, panel = false, children }) => {
  const layout = useLayout();
  const u = layout.unit;
  const colors = kitColors(theme);
  const banner = isBanner(layout);
  const align = banner ? 'left' : packLayout(theme).align;
  const portrait = layout.orientation === 'portrait';
  const enterSource = useEntrance(theme, bodyDelay(theme) + 20);
  const sourceH = source ? Math.max(14, 30 * u) : 0;
  const sourceGap = source ? 18 * u : 0;
  // A long subtitle takes the height its lines need at the body-text floor (4.2% of the shorter side), at most a quarter of the content.
  const subtitleFloor = 0.042 * Math.min(layout.width, layout.height);
  const subtitleFit = (lines: number) => fitText({ text: subtitle ?? '', width: layout.contentWidth, height: layout.contentHeight, maxLines: lines, maxFontSize: subtitleFloor, family: theme.fonts.body, weight: 500, lineHeight: 1.3 });
  // A subtitle takes its room from the body, or in a banner from the heading's column. One that
  // would go well under 4% on its lines takes one more (not on a square: see the title's lines).
  const baseSubtitleLines = banner || portrait || layout.orientation === 'square' ? 4 : 3;
  const subtitleLines = baseSubtitleLines + (subtitle && !banner && layout.orientation !== 'square' && subtitleFit(baseSubtitleLines).fontSize < BODY_RULE * 0.95 * Math.min(layout.width, layout.height) ? 1 : 0);
  // A title that wraps under a kicker and an ornament would fit under 7% of the shorter side in
  // the stacked heading's share: the heading takes more of the body's height until it reaches 7.2%.
  const headingFloor = 0.072 * Math.min(layout.width, layout.height);
  // A wide banner puts the heading in a column on the left and gives the body the full height;
  // other canvases stack heading, body and source.
  const headW = banner ? bannerHeadingWidth(headingTheme ?? theme, layout, title, kicker, subtitle, headingFloor, subtitleFloor) : layout.contentWidth;
  const subtitleNeed = subtitle && !banner ? subtitleFit(subtitleLines).height * 1.04 : 0;
  const subtitleRoom = subtitle ? Math.round(Math.max(layout.contentHeight * (banner ? BANNER_SUBTITLE_SHARE : portrait ? 0.09 : 0.11), Math.min(subtitleNeed, layout.contentHeight * 0.25))) : 0;
  const subtitleSpace = subtitle ? Math.round(14 * u) : 0;
  // A square's title may take a third line: its stacked heading is as wide as it is tall.
  const baseLines = banner ? 4 : portrait || layout.orientation === 'square' ? 3 : 2;
  const gap = (banner ? 56 : 36) * u;
  const bodyW = Math.floor(banner ? layout.contentWidth - headW - gap : layout.contentWidth);
  /** The heading's height and lines with its title at most `headingMax`, and the body's height under it. */
  const stack = (headingMax: number, withSubtitle = true) => {
    const [subtitleH, subtitleGap] = withSubtitle ? [subtitleRoom, subtitleSpace] : [0, 0];
    let headingLines = baseLines;
    let headingH = banner ? layout.contentHeight * 0.92 - subtitleH - subtitleGap : layout.contentHeight * (portrait ? 0.2 : 0.25) + (kicker ? 20 * u : 0);
    const size = () => headlineSize(headingTheme ?? theme, title, kicker, headW, headingH, u, headingLines, headingMax);
    const start = headingH;
    for (let step = 0; !banner && step < 6 && size() < headingFloor; step += 1) headingH *= 1.08;
    // A long title still under the floor takes more lines rather than smaller type: two more, three
    // on a tall canvas; on a square, whose three lines already leave the body little room, only
    // where the subtitle has left for the start of the scene.
    const extraLines = portrait ? 3 : layout.orientation === 'square' && !withSubtitle ? 1 : layout.orientation === 'square' ? 0 : 2;
    for (let extra = 0; !banner && extra < extraLines && size() < headingFloor; extra += 1) {
      headingLines += 1;
      headingH = start;
      for (let step = 0; step < 8 && size() < headingFloor; step += 1) headingH *= 1.08;
    }
    // The stacked heading keeps only the height its title fills (a one-line title does not hold the
    // room of three): what it leaves goes to the body, so charts and lists are drawn larger.
    if (!banner) headingH = Math.min(headingH, headingUsed(headingTheme ?? theme, title, kicker, headW, headingH, u, headingLines, headingMax));
    const bodyH = Math.floor(banner ? layout.contentHeight - sourceH - sourceGap : layout.contentHeight - headingH - subtitleH - subtitleGap - gap - sourceH - sourceGap);
    return { headingMax, headingLines, headingH, bodyH };
  };
  const planned = (withSubtitle: boolean) => {
    const roomy = stack(HEADLINE_MAX * u, withSubtitle);
    // A body that cannot keep its text at the floor under a large title gets the title at its floor
    // where that saves the title a line (fitText keeps 2% off the size it is allowed, so the cap sits
    // a little over the floor).
    const held = !banner && bodyFits && !bodyFits({ width: bodyW, height: roomy.bodyH, u }) ? stack(headingFloor / 0.97, withSubtitle) : undefined;
    return held && held.bodyH > roomy.bodyH + headingFloor ? held : roomy;
  };
  // A subtitle that would leave the body a strip (a long headline and a long subtitle on a
  // square: under 40% of the height and 30% of the canvas) opens the scene in the body's place,
  // then gives way to the body: in a scene long enough for both (10 s), neither is set under its
  // floor nor the picture shrunk. It holds for as long as reading it takes (1 s and 0.3 s a word),
  // at least 4.5 s, but never past 30% of the scene: the body keeps the rest.
  const { durationInFrames, fps } = useVideoConfig();
  const withSubtitle = planned(true);
  const introSeconds = Math.max(4.5, 1 + 0.3 * wordCount(subtitle ?? ''));
  const introFrames = !banner && subtitle && withSubtitle.bodyH < layout.contentHeight * INTRO_BODY_HEIGHT && bodyW * withSubtitle.bodyH < INTRO_BODY_AREA * layout.width * layout.height && durationInFrames >= 10 * fps ? Math.round(Math.min(durationInFrames * 0.3, introSeconds * fps)) : 0;
  const { headingMax, headingLines, headingH, bodyH } = introFrames > 0 ? planned(false) : withSubtitle;
  const [subtitleH, subtitleGap] = introFrames > 0 ? [0, 0] : [subtitleRoom, subtitleSpace];
  const headingLayout = packLayout(headingTheme ?? theme);
  const heading = <Heading theme={headingTheme ?? theme} text={title} kicker={kicker} kickerTag width={headW} height={headingH} unit={u} maxLines={headingLines} maxFontSize={headingMax} align={banner ? 'left' : undefined} />;
  const subtitleLine = subtitle && introFrames === 0 ? (
    <Enter theme={theme} delay={Math.round(theme.motion.durationFrames * 0.4)} distance={24 * u} style={{ marginTop: subtitleGap, width: headW }}>
      <FittedText
        part="subheadline"
        text={subtitle}
        width={headW}
        height={subtitleH}
        maxLines={subtitleLines}
        maxFontSize={Math.max(45 * u, Math.min(52 * u, headlineSize(headingTheme ?? theme, title, kicker, headW, headingH, u, headingLines, headingMax) * 0.6))}
        family={theme.fonts.body}
        weight={500}
        color={colors.muted}
        align={align}
        lineHeight={1.3}
      />
    </Enter>
  ) : null;
  // The panel reaches a little past the body on every side (less than the canvas margin), and down
  // over the source line.
  // A banner's body runs near the canvas's sides, so its panel keeps closer to it.
  const panelPad = Math.round(Math.min(30 * u, layout.margin * (banner ? 0.2 : 0.55)));
  const panelColors = panel ? panelGradient(theme) : undefined;
  const enterPanel = useEntrance(theme, Math.max(0, bodyDelay(theme) - 8));
  const bodyBox = (
    <div data-kit-part={`${part}-body`} style={{ position: 'relative', width: bodyW, height: bodyH, flex: 'none' }}>
      {panelColors ? (
        <div
          data-kit-part="chart-panel"
          style={{ position: 'absolute', left: -panelPad, top: -panelPad, width: bodyW + panelPad * 2, height: bodyH + panelPad * 2 + (source ? sourceGap + sourceH : 0), borderRadius: cornerRadius(theme, bodyW, 40 * u), background: `linear-gradient(180deg, ${panelColors[0]}, ${panelColors[1]})`, opacity: enterPanel, boxShadow: depthShadow(theme, u) }}
        />
      ) : null}
      {children({ width: bodyW, height: bodyH, u: banner ? u * 1.2 : u })}
    </div>
  );
  const sourceLine = source ? (
    <div style={{ marginTop: sourceGap, opacity: enterSource }}>
      <FittedText part="source" text={source} width={bodyW} height={sourceH} maxLines={1} maxFontSize={26 * u} family={theme.fonts.body} weight={400} color={panel ? readableOn([...backdropColors(theme), ...panelGradient(theme)], colors.muted) : colors.muted} align={align} />
    </div>
  ) : null;
  return (
    <SceneFrame theme={theme} seed={seed}>
      {banner ? (
        <div data-kit-part={part} style={{ position: 'absolute', left: layout.margin, top: layout.margin, width: layout.contentWidth, height: layout.contentHeight, display: 'flex', flexDirection: 'row', alignItems: 'center', gap }}>
          <div style={{ width: headW, height: layout.contentHeight, flex: 'none', display: 'flex', flexDirection: 'column', justifyContent: 'center' }}>
            {heading}
            {subtitleLine}
          </div>
          <div style={{ width: bodyW, flex: 'none' }}>
            {bodyBox}
            {sourceLine}
          </div>
        </div>
      ) : (
        <div data-kit-part={part} style={{ position: 'absolute', left: layout.margin, top: layout.margin, width: layout.contentWidth, height: layout.contentHeight, display: 'flex', flexDirection: 'column', justifyContent: 'center' }}>
          {heading}
          {subtitleLine}
          {introFrames > 0 ? (
            <div style={{ marginTop: gap, position: 'relative', width: bodyW, height: bodyH, flex: 'none' }}>
              <Sequence durationInFrames={introFrames} layout="none" name="subtitle">
                <LeavesAtEnd rise={24 * u}>
                  <Enter theme={theme} delay={Math.round(theme.motion.durationFrames * 0.4)} distance={24 * u} style={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center' }}>
                    <FittedText part="subheadline" text={subtitle!} width={bodyW} height={bodyH} maxLines={8} maxFontSize={56 * u} family={theme.fonts.body} weight={500} color={colors.muted} align={align} lineHeight={1.3} />
                  </Enter>
                </LeavesAtEnd>
              </Sequence>
              <Sequence from={introFrames} layout="none" name="body">
                <div style={{ position: 'absolute', inset: 0 }}>{bodyBox}</div>
              </Sequence>
            </div>
          ) : (
            <div style={{ marginTop: gap }}>{bodyBox}</div>
          )}
          {sourceLine}
        </div>
      )}
    </SceneFrame>
  );
};

const WORDS = new Intl.Segmenter(undefined, { granularity: 'word' });

/** How many words a text has, by the Unicode word breaker (scripts without spaces count by their words). */
function wordCount(text: string): number {
  let words = 0;
  for (const segment of WORDS.segment(text)) if (segment.isWordLike) words += 1;
  return words;
}

/**
 * The least share of the canvas, and of the content's height, a data scene's body keeps beside its
 * subtitle: a body under both gives its place to the subtitle at the start of the scene instead.
 */
const INTRO_BODY_AREA = 0.3;
const INTRO_BODY_HEIGHT = 0.4;

/**
 * The largest a stacked data scene's headline is set, in units: the heading holds its own over the
 * body (two or three type sizes above its labels), where the title's length and the body's room allow.
 */
const HEADLINE_MAX = 108;

/** The smallest body text may be, over the canvas's shorter side (the kit aims a little over it). */
const BODY_RULE = 0.04;

/** The share of a banner's height its subtitle takes, in the heading's column. */
const BANNER_SUBTITLE_SHARE = 0.3;

/**
 * A banner's heading column: 30% of the content's width, or up to 45% where a long title or
 * subtitle would go under its floor in it (the body, given the full height, keeps enough width).
 */
function bannerHeadingWidth(theme: Theme, layout: Layout, title: string, kicker: string | undefined, subtitle: string | undefined, headingFloor: number, subtitleFloor: number): number {
  const u = layout.unit;
  const shares = [0.3, 0.35, 0.4, 0.45];
  const fits = (width: number) => {
    const subtitleH = subtitle ? layout.contentHeight * BANNER_SUBTITLE_SHARE : 0;
    const subtitleOk = !subtitle || fitText({ text: subtitle, width, height: subtitleH, maxLines: 4, maxFontSize: subtitleFloor, family: theme.fonts.body, weight: 500, lineHeight: 1.3 }).fontSize >= subtitleFloor * 0.97;
    const headingH = layout.contentHeight * 0.92 - subtitleH - (subtitle ? Math.round(14 * u) : 0);
    return subtitleOk && headlineSize(theme, title, kicker, width, headingH, u, 4, 88 * u) >= headingFloor;
  };
  const share = shares.find((s) => fits(Math.round(layout.contentWidth * s))) ?? shares[0]!;
  return Math.round(layout.contentWidth * share);
}

/**
 * How Heading fits a title in a box of `width` × `height`: its kicker and ornament take their share
 * of the height first, as Heading lays them out, and the title is fitted in the rest.
 */
function headingFit(theme: Theme, title: string, kicker: string | undefined, width: number, height: number, u: number, maxLines: number, maxFontSize: number) {
  const { ornament, uppercaseHeadings } = packLayout(theme);
  const kickerH = kicker ? kickerRowHeight(height, u, true) + 14 * u : 0;
  const ornamentH = ornament === 'none' ? 0 : 30 * u;
  const text = uppercaseHeadings ? title.toUpperCase() : title;
  const fit = fitText({ text, width, height: Math.max(10, height - kickerH - ornamentH), maxLines, maxFontSize, family: theme.fonts.heading, weight: 800, lineHeight: 1.12 });
  return { fit, kickerH, ornamentH };
}

/** The size Heading fits a title to, so text under it can stay smaller. */
function headlineSize(...args: Parameters<typeof headingFit>): number {
  return headingFit(...args).fit.fontSize;
}

/** The height a Heading fills: its kicker, its title's lines and its ornament, with a little room so the same fit is found again in a box this tall. */
function headingUsed(...args: Parameters<typeof headingFit>): number {
  const { fit, kickerH, ornamentH } = headingFit(...args);
  return Math.ceil(kickerH + fit.height * 1.04 + ornamentH);
}

/**
 * A chart panel's colours, top to bottom: the pack's background with 12% of its primary (a field that reads as one on pale packs too), deepening
 * to 24% at the foot, where the bars and the line stand.
 */
export function panelGradient(theme: Theme): [string, string] {
  const colors = kitColors(theme);
  return [mixColors(colors.background, colors.primary, 0.12), mixColors(colors.background, colors.primary, 0.24)];
}

/**
 * The theme a body on a chart panel draws with: the panel's deepest colour as a solid background,
 * so every text colour is checked against the panel (its lighter top only adds contrast, the
 * gradient running from the background toward primary).
 */
export function panelTheme(theme: Theme): Theme {
  return { ...theme, palette: { ...theme.palette, background: panelGradient(theme)[1] }, background: { ...theme.background, kind: 'solid' } };
}

/** An element that enters with the pack's entrance after `delay` frames. */
export const Enter: React.FC<{ theme: Theme; delay: number; distance: number; style?: React.CSSProperties; part?: string; children: React.ReactNode }> = ({ theme, delay, distance, style, part, children }) => {
  const enter = useEntrance(theme, delay);
  return (
    <div data-kit-part={part} style={{ ...style, ...entranceStyle(theme, enter, distance) }}>
      {children}
    </div>
  );
};

/** A color mixed toward another by `t` (0..1), as `#RRGGBB`. */
export function mixColors(a: string, b: string, t: number): string {
  const ca = parseColor(a);
  const cb = parseColor(b);
  if (!ca || !cb) return a;
  return toHex(mix(ca, cb, t));
}

function distance(a: string, b: string): number {
  const ca = parseColor(a);
  const cb = parseColor(b);
  if (!ca || !cb) return 0;
  return Math.abs(ca.r - cb.r) + Math.abs(ca.g - cb.g) + Math.abs(ca.b - cb.b);
}

/**
 * Colors for `count` categories (slices), derived from the pack: primary, secondary, accent, then
 * their mixes and lighter/darker shades, skipping near-duplicates so neighbours stay apart.
 */
export function categoryColors(theme: Theme, count: number): string[] {
  const c = kitColors(theme);
  const ink = parseColor(c.text) ? c.text : '#000000';
  const paper = parseColor(c.background) ? c.background : '#FFFFFF';
  const candidates = [
    c.primary,
    c.secondary,
    c.accent,
    mixColors(c.primary, c.secondary, 0.5),
    mixColors(c.secondary, c.accent, 0.5),
    mixColors(c.accent, c.primary, 0.5),
    mixColors(c.primary, ink, 0.38),
    mixColors(c.primary, paper, 0.45),
    mixColors(c.secondary, ink, 0.38),
    mixColors(c.accent, paper, 0.45),
    mixColors(c.secondary, paper, 0.45),
    mixColors(c.accent, ink, 0.38),
    mixColors(c.primary, ink, 0.6),
    mixColors(c.primary, paper, 0.7),
    mixColors(c.secondary, ink, 0.6),
    mixColors(c.accent, paper, 0.7),
  ];
  const out: string[] = [];
  for (const threshold of [90, 45, 0]) {
    for (const color of candidates) {
      if (out.length >= count) break;
      if (out.includes(color)) continue;
      if (out.every((taken) => distance(taken, color) >= threshold) && distance(color, paper) >= Math.min(threshold, 40)) out.push(color);
    }
  }
  while (out.length < count) out.push(candidates[out.length % candidates.length]!);
  return out;
}

/** Corner rounding in px for a box of the given short side, following the pack's radius. */
export function cornerRadius(theme: Theme, side: number, max: number): number {
  return Math.min(max, side * 0.5) * packLayout(theme).radius;
}

/** A soft shadow for cards when the pack asks for depth. */
export function depthShadow(theme: Theme, u: number): string | undefined {
  return theme.depth === '3d' ? `0 ${14 * u}px ${32 * u}px rgba(0,0,0,0.28), 0 ${3 * u}px ${8 * u}px rgba(0,0,0,0.18)` : undefined;
}
