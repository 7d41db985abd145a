import React from 'react';
import { measureText } from '@remotion/layout-utils';
import { random } from 'remotion';
import type { Theme } from '../../scene-props';
import { kitColors } from '../color';
import { FittedText, fitText } from '../fitted-text';
import { fontFamily, fontWeight } from '../fonts';
import { Ornament, packLayout } from '../heading';
import { useLayout } from '../layout';
import { entranceStyle, useEntrance } from '../motion';
import { SceneFrame } from '../scene-frame';
import { HeroPicture, heroPictureBox } from './hero-picture';
import { ColourField } from '../lists/colour-field';
import { colourFieldBox } from '../lists/colour-field-layout';

/** The indexes of the words (split on spaces) that `emphasis` covers, at its first occurrence. */
export function emphasizedWords(text: string, emphasis: string | undefined): Set<number> {
  const out = new Set<number>();
  const needle = (emphasis ?? '').trim().replace(/\s+/g, ' ').toLowerCase();
  if (!needle) return out;
  const start = text.toLowerCase().indexOf(needle);
  if (start < 0) return out;
  const end = start + needle.length;
  let index = 0;
  for (const match of text.matchAll(/\S+/g)) {
    const from = match.index ?? 0;
    if (from < end && from + match[0].length > start) out.add(index);
    index += 1;
  }
  return out;
}

/** A word's piece on a line: the word it belongs to, and its text (a hyphenated part ends in '-'). */
interface Piece {
  text: string;
  word: number;
}

const PREFIXES = ['counter', 'multi', 'inter', 'under', 'over', 'trans', 'super'];
const SUFFIXES = ['bilities', 'bility', 'ization', 'isation', 'ation', 'tion', 'sion', 'ities', 'ments', 'ment', 'ness', 'ship', 'able', 'ible', 'inary', 'ional'];

/**
 * Where a long word may break at the end of a line: after a hyphen it has, or between a common
 * prefix or suffix and the rest (multi-disciplinary, international-ization, responsi-bilities),
 * each part at least four letters; the most even break first. Empty for short words.
 */
export function hyphenBreaks(word: string): [string, string][] {
  const out: [string, string][] = [];
  const add = (at: number, hyphen: boolean) => {
    if (at >= 4 && word.length - at >= 4 && !out.some(([head]) => head.replace(/-$/, '').length === at)) out.push([word.slice(0, at) + (hyphen ? '-' : ''), word.slice(at)]);
  };
  for (let i = word.indexOf('-'); i > 0; i = word.indexOf('-', i + 1)) add(i + 1, false);
  if (word.length >= 11 && /^[\p{L}]+[.,;:!?]?$/u.test(word)) {
    const lower = word.toLowerCase();
    for (const prefix of PREFIXES) if (lower.startsWith(prefix)) add(prefix.length, true);
    const letters = lower.replace(/[.,;:!?]$/, '');
    for (const suffix of SUFFIXES) if (letters.endsWith(suffix)) add(letters.length - suffix.length, true);
  }
  return out.sort((a, b) => Math.max(a[0].length, a[1].length) - Math.max(b[0].length, b[1].length));
}

/**
 * The words broken into lines no wider than `width` at `fontSize`, a long word hyphenated where
 * it does not fit whole (see {@link hyphenBreaks}); undefined when a piece is still too wide.
 */
function hyphenatedLines(words: string[], width: number, fontSize: number, family: string): Piece[][] | undefined {
  const measure = (text: string) => measureText({ text, fontFamily: fontFamily(family), fontWeight: fontWeight(family, 800), fontSize, validateFontIsLoaded: false }).width;
  const lines: Piece[][] = [];
  let line: Piece[] = [];
  const text = (pieces: Piece[]) => pieces.map((piece) => piece.text).join(' ');
  words.forEach((word, index) => {
    let rest: Piece = { text: word, word: index };
    for (;;) {
      if (measure(text([...line, rest])) <= width) {
        line.push(rest);
        return;
      }
      // The word's head ends this line when it fits there.
      const head = hyphenBreaks(rest.text).find(([first]) => measure(text([...line, { text: first, word: index }])) <= width);
      if (head && (line.length > 0 || measure(rest.text) > width)) {
        line.push({ text: head[0], word: index });
        lines.push(line);
        line = [];
        rest = { text: head[1], word: index };
        continue;
      }
      if (line.length === 0) {
        line.push(rest);
        return;
      }
      lines.push(line);
      line = [];
    }
  });
  if (line.length > 0) lines.push(line);
  return lines.every((pieces) => measure(text(pieces)) <= width + 0.5) ? lines : undefined;
}

/** The largest size (to 1%) at which `hyphenatedLines` fits the box on at most `maxLines` lines, and those lines. */
function fitHyphenated(words: string[], options: { width: number; height: number; maxLines: number; maxFontSize: number; family: string; lineHeight: number }, from: number): { fontSize: number; lines: Piece[][] } | undefined {
  let best: { fontSize: number; lines: Piece[][] } | undefined;
  for (let size = options.maxFontSize; size > from; size *= 0.99) {
    const lines = hyphenatedLines(words, options.width, size, options.family);
    if (lines && lines.length <= options.maxLines && lines.length * size * options.lineHeight <= options.height) {
      best = { fontSize: size * 0.98, lines };
      break;
    }
  }
  return best;
}

/** Per-word motion: the pack's entrance reduced to opacity and transform (no clipping). */
function wordStyle(theme: Theme, p: number, distance: number, seed: string): React.CSSProperties {
  switch (theme.motion.entrance) {
    case 'mask-reveal':
      return { opacity: p, transform: `translateY(${(1 - p) * distance}px)` };
    case 'glitch-in': {
      const jitter = (random(seed) - 0.5) * 2 * distance;
      return { opacity: p < 0.15 ? 0 : p < 0.5 ? 0.6 : p, transform: `translateX(${(1 - p) * jitter}px)` };
    }
    case 'slow-fade':
      return { opacity: p, transform: `scale(${0.96 + 0.04 * p})` };
    default:
      return entranceStyle(theme, p, distance);
  }
}

const Word: React.FC<{ theme: Theme; word: string; delay: number; fontSize: number; emphasized: boolean; colors: ReturnType<typeof kitColors>; seed: string }> = ({ theme, word, delay, fontSize, emphasized, colors, seed }) => {
  const enter = useEntrance(theme, delay);
  const underline = useEntrance(theme, delay + theme.motion.durationFrames * 0.3);
  return (
    <span
      data-kit-part={emphasized ? 'emphasis' : 'word'}
      style={{ display: 'inline-block', position: 'relative', isolation: 'isolate', color: emphasized ? colors.primaryText : colors.text, transformOrigin: '50% 70%', ...wordStyle(theme, enter, fontSize * 0.45, seed) }}
    >
      {word}
      {emphasized ? (
        <span
          aria-hidden
          style={{ position: 'absolute', left: 0, right: 0, bottom: '0.02em', height: '0.1em', background: colors.accent, zIndex: -1, transformOrigin: 'left center', transform: `scaleX(${underline})`, borderRadius: '0.05em' }}
        />
      ) : null}
    </span>
  );
};

/** The space between two emphasized words, underlined so the phrase reads as one. */
const UnderlinedSpace: React.FC<{ theme: Theme; delay: number; color: string }> = ({ theme, delay, color }) => {
  const underline = useEntrance(theme, delay + theme.motion.durationFrames * 0.3);
  return (
    <span style={{ display: 'inline-block', position: 'relative', whiteSpace: 'pre' }}>
      {' '}
      <span aria-hidden style={{ position: 'absolute', left: -1, right: -1, bottom: '0.02em', height: '0.1em', background: color, transformOrigin: 'left center', transform: `scaleX(${underline})` }} />
    </span>
  );
};

/**
 * A big statement whose words land one after another: the whole text is fitted once (the layout
 * never moves while words appear) and `emphasis`, a word or phrase of it, is set in the brand color.
 * With a `picture` (an image URL, such as a visual library illustration) the picture is the hero,
 * beside the words on wide canvases and above them on square and tall ones, standing on a
 * full-bleed colour field (the canvas's right part, or its top) as a title card's does, so the
 * frame reads as a poster: a colour field and a text field.
 */
export const KineticHeadline: React.FC<{ theme: Theme; text: string; emphasis?: string; kicker?: string; picture?: string }> = ({ theme, text, emphasis, kicker, picture }) => {
  const layout = useLayout();
  const hero = typeof picture === 'string' && picture ? heroPictureBox(layout) : undefined;
  const boxWidth = hero && hero.beside ? layout.contentWidth - hero.size - hero.gap : layout.contentWidth;
  const boxHeight = hero && !hero.beside ? layout.contentHeight - hero.size - hero.gap : layout.contentHeight;
  const boxTop = hero && !hero.beside ? layout.margin + hero.size + hero.gap : layout.margin;
  const colors = kitColors(theme);
  const pack = packLayout(theme);
  const { unit } = layout;
  const normalized = text.trim().replace(/\s+/g, ' ');
  const shown = pack.uppercaseHeadings ? normalized.toUpperCase() : normalized;
  const emphasized = emphasizedWords(normalized, emphasis);
  const wordCount = shown.split(' ').length;
  const banner = layout.ratio >= 2.2;
  const kickerHeight = kicker ? Math.min(42 * unit, boxHeight * 0.1) : 0;
  const kickerGap = kicker ? 22 * unit : 0;
  // The underlined emphasis is the ornament when there is one.
  const ornamentHeight = pack.ornament === 'none' || emphasized.size > 0 ? 0 : 44 * unit;
  // A square takes a seventh line before a long statement drops under headline size.
  const baseLines = banner ? 3 : layout.orientation === 'portrait' ? 8 : layout.orientation === 'square' ? 7 : 5;
  // Headline size: 7% of the shorter side, with a hair to spare.
  const headlineFloor = 0.072 * Math.min(layout.width, layout.height);
  // Only where seven lines leave a long statement under headline size (long words in a wide face
  // on a square) does a square take an eighth: shorter lines of larger type rather than small type.
  const textHeight = boxHeight - kickerHeight - kickerGap - ornamentHeight;
  const spare = React.useMemo(
    () => layout.orientation === 'square' && !hero && fitText({ text: shown, width: boxWidth, height: textHeight, maxLines: Math.min(baseLines, wordCount), maxFontSize: 250 * unit, family: theme.fonts.heading, weight: 800, lineHeight: 1.04 }).fontSize < headlineFloor,
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [layout.orientation, Boolean(hero), shown, boxWidth, textHeight, baseLines, wordCount, unit, theme.fonts.heading, headlineFloor],
  );
  const maxLines = baseLines + (spare ? 1 : 0);
  const lineHeight = 1.04;
  const fitOptions = {
    text: shown,
    width: boxWidth,
    height: textHeight,
    maxFontSize: banner ? boxHeight * 0.42 : 250 * unit * (hero ? 0.8 : 1),
    family: theme.fonts.heading,
    weight: 800,
    lineHeight,
  };
  const [fit, fitWidth] = React.useMemo((): [ReturnType<typeof fitText>, number] => {
    const lines = Math.min(maxLines, wordCount);
    const best = fitText({ ...fitOptions, maxLines: lines });
    // A short line broken into a tower of single words sits narrow in a square or tall frame: of
    // the line counts whose longest line spans most of the box, the one with the largest type wins.
    const widest = (candidate: typeof best) =>
      Math.max(...candidate.lines.map((line) => measureText({ text: line, fontFamily: fontFamily(fitOptions.family), fontWeight: fontWeight(fitOptions.family, 800), fontSize: candidate.fontSize, validateFontIsLoaded: false }).width));
    // Wide enough: most of the box, and most of the canvas (a narrow margin box on a tall frame).
    const enough = Math.min(boxWidth * 0.98, Math.max(boxWidth * 0.78, layout.width * 0.74));
    if (hero || widest(best) >= enough) return [best, widest(best)];
    let wide: typeof best | undefined;
    for (let count = 1; count <= lines; count += 1) {
      const candidate = fitText({ ...fitOptions, maxLines: count });
      if (candidate.lines.length === count && widest(candidate) >= enough && (!wide || candidate.fontSize > wide.fontSize)) wide = candidate;
    }
    const chosen = wide ?? best;
    return [chosen, widest(chosen)];
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [JSON.stringify(fitOptions), maxLines, wordCount, Boolean(hero)]);
  // A long word that sets the size for the whole headline (internationalization on a square) is
  // hyphenated at a prefix or suffix instead, when that makes the type clearly larger.
  const hyphenated = React.useMemo(() => {
    const words = shown.split(' ');
    if (!words.some((word) => hyphenBreaks(word).length > 0)) return undefined;
    return fitHyphenated(words, { ...fitOptions, maxLines: Math.min(maxLines, wordCount * 2), maxFontSize: Math.min(fitOptions.maxFontSize, fit.fontSize * 1.6) }, fit.fontSize * 1.06);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [JSON.stringify(fitOptions), maxLines, wordCount, fit.fontSize]);
  const fontSize = hyphenated ? hyphenated.fontSize : fit.fontSize;
  let counted = 0;
  const lines: Piece[][] = hyphenated ? hyphenated.lines : fit.lines.map((line) => line.split(' ').map((text) => ({ text, word: counted++ })));
  const linesWidth = hyphenated
    ? Math.max(...lines.map((pieces) => measureText({ text: pieces.map((piece) => piece.text).join(' '), fontFamily: fontFamily(theme.fonts.heading), fontWeight: fontWeight(theme.fonts.heading, 800), fontSize, validateFontIsLoaded: false }).width))
    : fitWidth;
  // Words land one after another; the whole run stays under ~60 frames however long the text,
  // so everything has settled by frame ~100.
  const start = kicker ? Math.min(theme.motion.staggerFrames * 2, 12) : 0;
  const step = Math.min(theme.motion.staggerFrames * 1.5, 50 / Math.max(1, wordCount - 1));
  const enterKicker = useEntrance(theme);
  const enterOrnament = useEntrance(theme, start + step * (wordCount - 1) + theme.motion.durationFrames * 0.5);
  const align = hero && hero.beside ? 'left' : pack.align;
  // Without a picture or kicker, the block is as wide as its longest line and centred on the canvas.
  const blockWidth = hero || kicker ? boxWidth : Math.min(boxWidth, Math.ceil(linesWidth) + 4);
  return (
    <SceneFrame theme={theme} seed={`kinetic-${normalized}`}>
      {hero ? <ColourField theme={theme} box={colourFieldBox(layout.width, layout.height, { left: hero.left, top: hero.top, width: hero.size, height: hero.size }, hero.gap, hero.beside)} beside={hero.beside} /> : null}
      {hero ? <HeroPicture theme={theme} src={picture!} left={hero.left} top={hero.top} size={hero.size} /> : null}
      <div
        data-kit-part="kinetic-headline"
        style={{ position: 'absolute', left: layout.margin, top: boxTop, width: boxWidth, height: boxHeight, display: 'flex', flexDirection: 'column', justifyContent: 'center', alignItems: align === 'center' || blockWidth < boxWidth ? 'center' : 'flex-start' }}
      >
        {kicker ? (
          <div style={{ ...entranceStyle(theme, enterKicker, 20 * unit), marginBottom: kickerGap }}>
            <FittedText part="kicker" text={kicker} uppercase letterSpacing={0.14} width={boxWidth} height={kickerHeight} maxLines={1} maxFontSize={34 * unit} family={theme.fonts.body} weight={700} color={colors.accentText} align={align} />
          </div>
        ) : null}
        <div
          data-kit-part="headline"
          style={{ width: blockWidth, height: hyphenated ? fontSize * lineHeight * lines.length + fontSize * 0.2 : fit.height, fontFamily: fontFamily(theme.fonts.heading), fontWeight: fontWeight(theme.fonts.heading, 800), fontSize, lineHeight, textAlign: align }}
        >
          {lines.map((pieces, lineIndex) => (
            <div key={lineIndex} style={{ whiteSpace: 'nowrap' }}>
              {pieces.map((piece, i) => {
                const index = piece.word;
                return (
                  <React.Fragment key={i}>
                    {i > 0 ? emphasized.has(index - 1) && emphasized.has(index) ? <UnderlinedSpace theme={theme} delay={start + (index - 1) * step} color={colors.accent} /> : ' ' : null}
                    <Word theme={theme} word={piece.text} delay={start + index * step} fontSize={fontSize} emphasized={emphasized.has(index)} colors={colors} seed={`${normalized}-${index}`} />
                  </React.Fragment>
                );
              })}
            </div>
          ))}
        </div>
        {ornamentHeight > 0 ? (
          <div style={{ width: blockWidth, height: ornamentHeight, display: 'flex', alignItems: 'flex-end', justifyContent: align === 'center' ? 'center' : 'flex-start' }}>
            <Ornament theme={theme} unit={unit} width={blockWidth} progress={enterOrnament} align={align} />
          </div>
        ) : null}
      </div>
    </SceneFrame>
  );
};
