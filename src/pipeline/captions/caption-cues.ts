import type { SpokenWord } from '../audio/audio-protocol.js';

/** One scene's spoken narration, placed on the video's timeline. */
export interface NarrationSpan {
  /** The words spoken, as the scene's script has them. */
  text: string;
  /** The clip's word timings, seconds from the clip's start. */
  words: SpokenWord[];
  /** Where the clip starts in the video, seconds. */
  start: number;
  /** The clip's length, seconds. */
  seconds: number;
  /** Where the scene ends in the video: no cue of this narration goes past it. @default start + seconds */
  end?: number;
}

/** A caption cue: when it shows, seconds in the video (whole milliseconds), and its one or two lines. */
export interface CaptionCue {
  start: number;
  end: number;
  lines: string[];
}

/** How cues are cut, public form: every field optional. */
export interface CueLimits {
  /** Longest line, in characters (grapheme clusters). @default 42, or 18 for Chinese and Japanese */
  lineLength?: number;
  /** Lines a cue holds at most. @default 2 */
  maxLines?: number;
  /** Shortest a cue shows, seconds (a narration shorter than this gets one cue of its own length). @default 1 */
  minSeconds?: number;
  /** Longest a cue shows, seconds. @default 7 */
  maxSeconds?: number;
}

/** {@link CueLimits} resolved: lengths in characters, times in milliseconds. */
interface ResolvedLimits {
  lineLength: number;
  maxLines: number;
  minMs: number;
  maxMs: number;
}

/** Languages written without spaces between words, whose lines are counted in full-width characters. */
const CJK_LANGUAGES = new Set(['ja', 'zh']);

/** Full-width characters a line of Chinese or Japanese holds: each is about two Latin letters wide, so a line stays about as wide as a Latin one. */
const CJK_LINE_LENGTH = 18;

/** Characters a line of a spaced script holds (the common broadcast and streaming guideline). */
const LINE_LENGTH = 42;

/** Resolves the limits for a narration language, once. */
export function resolveCueLimits(language: string, limits: CueLimits = {}): ResolvedLimits {
  return {
    lineLength: limits.lineLength ?? (CJK_LANGUAGES.has(language) ? CJK_LINE_LENGTH : LINE_LENGTH),
    maxLines: limits.maxLines ?? 2,
    minMs: Math.round((limits.minSeconds ?? 1) * 1000),
    maxMs: Math.round((limits.maxSeconds ?? 7) * 1000),
  };
}

/** A piece of text a line may break after: a word of a spaced script, a character of Chinese or Japanese. */
interface Unit {
  text: string;
  /** Whether the script has a space before it (it joins the previous unit with one). */
  spaced: boolean;
  /** When it is spoken, milliseconds in the video. */
  start: number;
  /** How good a place to end a cue or a line after it is: 2 a sentence's end, 1 a clause's, 0 neither. */
  strength: number;
}

const SENTENCE_END = /[.!?…。！？؟।॥။።։‼⁇⁈⁉][\p{Pe}\p{Pf}"'」』]*$/u;
const CLAUSE_END = /[,;:،؛，、；：—–፣፤][\p{Pe}\p{Pf}"'」』]*$/u;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]/u;
/** Characters that never start a line of Chinese or Japanese (closing marks, small kana, the long vowel mark). */
const NO_LINE_START = /^[\p{Pe}\p{Pf}\p{Po}ーぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ々〻]/u;
const OPENING = /^[\p{Ps}\p{Pi}]$/u;

const graphemes = new Intl.Segmenter('und', { granularity: 'grapheme' });

/** Characters as a reader counts them: grapheme clusters. */
function widthOf(text: string): number {
  let count = 0;
  for (const _ of graphemes.segment(text)) count += 1;
  return count;
}

function strengthOf(text: string): number {
  if (SENTENCE_END.test(text)) return 2;
  return CLAUSE_END.test(text) ? 1 : 0;
}

/**
 * Splits a chunk of text with no spaces into the places a line may break: a chunk of a spaced
 * script is one piece; Chinese and Japanese break between characters, keeping closing marks and
 * small kana with the character before and opening marks with the one after, and a run of Latin
 * letters or digits whole.
 */
function breakPieces(chunk: string): { text: string; offset: number }[] {
  if (!CJK.test(chunk)) return [{ text: chunk, offset: 0 }];
  const pieces: { text: string; offset: number; cjk: boolean }[] = [];
  let opening = '';
  let openingAt = -1;
  for (const { segment, index } of graphemes.segment(chunk)) {
    const last = pieces[pieces.length - 1];
    const cjk = CJK.test(segment);
    if (OPENING.test(segment)) {
      if (openingAt < 0) openingAt = index;
      opening += segment;
      continue;
    }
    if (last && !opening && (NO_LINE_START.test(segment) || (!cjk && !last.cjk))) {
      last.text += segment;
      continue;
    }
    pieces.push({ text: opening + segment, offset: openingAt >= 0 ? openingAt : index, cjk });
    opening = '';
    openingAt = -1;
  }
  if (opening) {
    const last = pieces[pieces.length - 1];
    if (last) last.text += opening;
    else pieces.push({ text: opening, offset: openingAt, cjk: false });
  }
  return pieces;
}

/**
 * The span's text as units with the times they are spoken. Each timed word owns the text from its
 * first character to the next word's (its punctuation, and any word the engine ran together with
 * it); a unit inside a word's text is timed by its share of that text's characters. Text before
 * the first word belongs to it.
 */
function unitsOf(span: NarrationSpan, clipStart: number, clipEnd: number): Unit[] {
  const { text } = span;
  // Only words whose places in the text move forward with time anchor it: eSpeak NG reports every
  // word of a Japanese script at index 0, and such a script is then timed by its characters alone.
  const words: SpokenWord[] = [];
  for (const word of [...span.words].sort((a, b) => a.start - b.start)) {
    const last = words[words.length - 1];
    if (Number.isFinite(word.start) && word.index >= 0 && word.index < text.length && (!last || word.index > last.index)) words.push(word);
  }
  const timed = words.length > 0 ? words : [{ start: 0, index: 0, length: text.length }];
  const units: Unit[] = [];
  let floor = clipStart;
  for (const [n, word] of timed.entries()) {
    const from = n === 0 ? 0 : word.index;
    const to = timed[n + 1]?.index ?? text.length;
    // Word times only move forward and stay inside the clip.
    const start = Math.min(clipEnd, Math.max(floor, clipStart + Math.round(word.start * 1000)));
    const next = timed[n + 1];
    const end = next ? Math.min(clipEnd, Math.max(start, clipStart + Math.round(next.start * 1000))) : clipEnd;
    floor = start;
    const piece = text.slice(from, to);
    const length = Math.max(1, piece.length);
    for (const match of piece.matchAll(/\S+/g)) {
      const spaced = units.length > 0 && (match.index > 0 || /\s$/.test(text.slice(0, from)));
      for (const [p, part] of breakPieces(match[0]).entries()) {
        const offset = match.index + part.offset;
        units.push({
          text: part.text,
          spaced: spaced && p === 0,
          start: start + Math.round(((end - start) * offset) / length),
          strength: strengthOf(part.text),
        });
      }
    }
  }
  return units;
}

function joinUnits(units: Unit[], from: number, to: number): string {
  let line = '';
  for (let k = from; k <= to; k += 1) line += (k > from && units[k]!.spaced ? ' ' : '') + units[k]!.text;
  return line;
}

/**
 * The lines units `from..to` make, or undefined when they do not fit the limits. Two lines break
 * where the lengths are most even, preferring a clause's end; a single word longer than a line
 * stands alone on its line rather than being broken.
 */
function layout(units: Unit[], from: number, to: number, limits: ResolvedLimits): string[] | undefined {
  const whole = joinUnits(units, from, to);
  if (widthOf(whole) <= limits.lineLength || from === to) return [whole];
  if (limits.maxLines < 2) return undefined;
  let best: { lines: string[]; score: number } | undefined;
  for (let k = from; k < to; k += 1) {
    const first = joinUnits(units, from, k);
    const second = joinUnits(units, k + 1, to);
    const a = widthOf(first);
    const b = widthOf(second);
    if (a > limits.lineLength || b > limits.lineLength) continue;
    // Even lines read best; a clause's end is worth some unevenness; a top line a little shorter is the tie-break.
    const score = -Math.abs(a - b) + units[k]!.strength * (limits.lineLength / 4) - (a > b ? 0.5 : 0);
    if (!best || score > best.score) best = { lines: [first, second], score };
  }
  return best?.lines;
}

/**
 * Cuts one span's units into cues: each cue runs to its first sentence end that reads long enough,
 * else to its best-scoring end that fits (a clause's end over a fuller cue), then times are made legal.
 */
function cutSpan(units: Unit[], spanStart: number, spanEnd: number, limits: ResolvedLimits): CaptionCue[] {
  const cues: { start: number; end: number; lines: string[] }[] = [];
  const endOf = (j: number) => units[j + 1]?.start ?? spanEnd;
  let i = 0;
  while (i < units.length) {
    let best: { j: number; lines: string[]; score: number } | undefined;
    for (let j = i; j < units.length; j += 1) {
      const lines = layout(units, i, j, limits);
      if (!lines) break;
      const seconds = endOf(j) - units[i]!.start;
      if (seconds > limits.maxMs && j > i) break;
      const last = j === units.length - 1;
      const rest = spanEnd - endOf(j);
      const fill = widthOf(lines.join(' ')) / (limits.lineLength * limits.maxLines);
      const score =
        (last ? 40 : units[j]!.strength * 15) +
        10 * fill -
        (seconds < limits.minMs && !last ? 50 : 0) -
        (!last && rest < limits.minMs ? 40 : 0);
      if (!best || score >= best.score) best = { j, lines, score };
      // A sentence that reads for long enough is a cue of its own, rather than the top line of two sentences.
      if (units[j]!.strength === 2 && seconds >= limits.minMs && (last || rest >= limits.minMs)) {
        best = { j, lines, score };
        break;
      }
    }
    cues.push({ start: units[i]!.start, end: endOf(best!.j), lines: best!.lines });
    i = best!.j + 1;
  }
  return legalTimes(cues, spanStart, spanEnd, limits);
}

/**
 * Makes each cue last from the shortest to the longest allowed time without overlapping another
 * or leaving the span. A short cue first shows earlier (taking time from the cue before it, or the
 * silence before it), then stays longer; a cue can only be shorter than the minimum when the whole
 * span is.
 */
function legalTimes(cues: CaptionCue[], spanStart: number, spanEnd: number, limits: ResolvedLimits): CaptionCue[] {
  for (const cue of cues) cue.end = Math.min(cue.end, cue.start + limits.maxMs);
  for (const [k, cue] of cues.entries()) {
    const previous = cues[k - 1];
    const next = cues[k + 1];
    let short = limits.minMs - (cue.end - cue.start);
    if (short <= 0) continue;
    // Earlier: into the silence before it, then into the previous cue's time beyond its own minimum.
    const floor = previous ? Math.min(previous.end, previous.start + limits.minMs) : spanStart;
    const earlier = Math.min(short, Math.max(0, cue.start - floor));
    cue.start -= earlier;
    if (previous && previous.end > cue.start) previous.end = cue.start;
    short -= earlier;
    if (short <= 0) continue;
    // Later: into the silence after it, then into the next cue's time beyond its own minimum.
    const ceiling = next ? Math.max(next.start, next.end - limits.minMs) : spanEnd;
    const later = Math.min(short, Math.max(0, ceiling - cue.end));
    cue.end += later;
    if (next && next.start < cue.end) next.start = cue.end;
  }
  return cues.filter((cue) => cue.end > cue.start);
}

/**
 * Cuts narration into caption cues for a caption file: at most `maxLines` lines of at most
 * `lineLength` characters (never breaking a word of a spaced script), each shown 1 to 7 seconds,
 * ending at sentence ends where it can and at clause ends next, in order, never overlapping, each
 * inside its narration's time in the video.
 */
export function cutCaptionCues(spans: NarrationSpan[], language: string, options: CueLimits = {}): CaptionCue[] {
  const limits = resolveCueLimits(language, options);
  const cues: CaptionCue[] = [];
  for (const span of spans) {
    if (!span.text.trim() || !(span.seconds > 0)) continue;
    // Whole milliseconds inside the span, so every later check is exact.
    const spanStart = Math.ceil(span.start * 1000);
    const spanEnd = Math.floor(Math.min(span.start + span.seconds, span.end ?? Infinity) * 1000);
    if (spanEnd <= spanStart) continue;
    const units = unitsOf(span, spanStart, spanEnd);
    for (const cue of cutSpan(units, spanStart, spanEnd, limits)) {
      // A cue starts no earlier than the one before ends (spans of scenes in order never overlap).
      const floor = cues.length > 0 ? cues[cues.length - 1]!.end * 1000 : 0;
      const start = Math.max(cue.start, floor);
      if (cue.end > start) cues.push({ start: start / 1000, end: cue.end / 1000, lines: cue.lines });
    }
  }
  return cues;
}
