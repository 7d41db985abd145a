// Building a scene with its narration: when the narrator reaches each item a scene shows (a step, a
// node, a bar, a place), so the item enters as it is named and is emphasised while it is spoken
// about. The node puts each narrated scene's word timings in its settings (`narrationTiming`, see
// src/pipeline/speech/narration-timing.ts); SceneHost provides them to the kit through
// {@link NarrationTimingContext}. Pure parts are unit tested (test/render/narration-build.test.ts).
import React, { useContext } from 'react';
import { interpolate, useCurrentFrame, useVideoConfig } from 'remotion';

/** A spoken word of a scene's narration: its characters in `text` and when it is said. */
export interface TimedWord {
  /** Index of the word's first character in the narration text (UTF-16). */
  index: number;
  length: number;
  /** Seconds from the scene's start (the narration's lead included). */
  start: number;
}

/** A scene's narration as it is heard in the video: its text and each word's time. */
export interface NarrationTiming {
  text: string;
  words: TimedWord[];
  /** Seconds from the scene's start at which the narration starts and ends. */
  start: number;
  end: number;
}

/** The settings key a scene's narration timing lives under. */
export const NARRATION_TIMING_KEY = 'narrationTiming';

/** A scene's narration timing from its settings, when it carries a well-formed one. */
export function narrationTimingOf(settings: Record<string, unknown> | undefined): NarrationTiming | undefined {
  const value = settings?.[NARRATION_TIMING_KEY] as Partial<NarrationTiming> | undefined;
  if (!value || typeof value !== 'object' || typeof value.text !== 'string' || !Array.isArray(value.words)) return undefined;
  const words = value.words.filter((word): word is TimedWord => !!word && typeof word.index === 'number' && typeof word.length === 'number' && typeof word.start === 'number');
  const start = typeof value.start === 'number' ? value.start : (words[0]?.start ?? 0);
  const end = typeof value.end === 'number' ? value.end : start;
  return { text: value.text, words, start, end };
}

/** The narration timing of the scene being rendered (undefined in a silent scene, a still or a preview without narration). */
export const NarrationTimingContext = React.createContext<NarrationTiming | undefined>(undefined);

/** Words that never tie an item to the moment it is said (articles, pronouns, linking words) in the languages the node reads. */
const STOPWORDS = new Set(
  (
    'the and for with from that this then than into onto your you our are was were has have had its their them they his her not but all can will one two ' +
    'der die das und mit von den dem des ein eine einer ist sind wir ihr sie auf aus bei für nach oder über unter ' +
    'les des une est sont avec pour dans par sur aux qui que vous nous leur ' +
    'los las una con para por del que son sus como más ' +
    'gli della delle con per che sono nel una dei'
  ).split(' '),
);

/** A word as items and narration are compared: lower case, without accents, letters and digits only. */
function fold(word: string): string {
  return word
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/** The words of an item's label that can tie it to the narration: three letters or more (or a figure), not a linking word. */
export function cueWords(label: string): string[] {
  return label
    .split(/[\s\-–—/,.;:!?()"“”«»]+/u)
    .map(fold)
    .filter((word) => (word.length >= 3 || /\d/.test(word)) && !STOPWORDS.has(word));
}

/** Whether a spoken word names a label's word: the same word, or the same stem (its first five letters, for plurals and endings). */
function names(spoken: string, word: string): boolean {
  if (spoken === word) return true;
  if (/\d/.test(word)) return spoken.replace(/\D/g, '') === word.replace(/\D/g, '') && spoken.replace(/\D/g, '').length > 0;
  const stem = Math.min(5, word.length);
  return spoken.length >= stem && word.length >= 4 && spoken.slice(0, stem) === word.slice(0, stem);
}

/**
 * The second at which the narration names each item, in order: the first word after the previous
 * item's that names one of the item's words ({@link cueWords}). An item the narration never names
 * gets a time between its named neighbours; when none is named, items are spread over the spoken
 * part of the scene. Times never go backwards. Undefined entries only when there is no timing.
 */
export function spokenTimes(labels: string[], timing: NarrationTiming | undefined): (number | undefined)[] {
  if (!timing || timing.words.length === 0) return labels.map(() => undefined);
  const spoken = timing.words.map((word) => ({ text: fold(timing.text.slice(word.index, word.index + word.length)), start: word.start }));
  const found: (number | undefined)[] = [];
  let cursor = 0;
  for (const label of labels) {
    const words = cueWords(label);
    let at: number | undefined;
    for (let i = cursor; i < spoken.length && at === undefined; i += 1) {
      if (words.some((word) => names(spoken[i]!.text, word))) {
        at = spoken[i]!.start;
        cursor = i + 1;
      }
    }
    found.push(at);
  }
  // Fill the gaps: between named neighbours, or over the spoken span.
  const span = { start: timing.start, end: Math.max(timing.start, timing.end) };
  const times: number[] = [];
  for (let i = 0; i < labels.length; i += 1) {
    if (found[i] !== undefined) {
      times.push(found[i]!);
      continue;
    }
    let before = i - 1;
    while (before >= 0 && found[before] === undefined) before -= 1;
    let after = i + 1;
    while (after < labels.length && found[after] === undefined) after += 1;
    const from = before >= 0 ? { index: before, time: found[before]! } : { index: -1, time: span.start };
    const to = after < labels.length ? { index: after, time: found[after]! } : { index: labels.length, time: span.start + (span.end - span.start) * 0.85 };
    times.push(from.time + ((to.time - from.time) * (i - from.index)) / (to.index - from.index));
  }
  for (let i = 1; i < times.length; i += 1) times[i] = Math.max(times[i]!, times[i - 1]!);
  return times;
}

/** When a scene's items enter and which is being spoken about. */
export interface NarrationBuild {
  /** The frame each item starts entering at. */
  enter: number[];
  /** The item being spoken about at this frame (the last to have entered), or -1 before the first. */
  active: number;
  /** Whether the items are timed from the narration (false: the component's own stagger). */
  narrated: boolean;
  /** The frame the narration ends at (at most the scene's length); infinity when the items are not timed from it. */
  end: number;
  /**
   * How much item `i` is emphasised at this frame, 0..1: 1 for the item being spoken about, 0 for
   * the others once a second item has entered and until the narration ends (then all are 1 again,
   * the whole picture held together). Eased over a few frames, settled in between.
   */
  emphasis: (i: number) => number;
}

/** Frames an emphasis takes to move from one item to the next. */
const EMPHASIS_FRAMES = 8;
/** Frames an item enters ahead of the word that names it: it is on screen as the word is heard. */
const AHEAD_FRAMES = 4;

/**
 * When each item enters, timed from the narration's words: item `i` enters as its words are
 * said ({@link spokenTimes}), a few frames ahead of the word, never before `first` (after the
 * heading), at least `gap` frames after the one before and no later than `last`. Without narration timing (a
 * silent scene, a still) the items keep the component's own delays `fallback`.
 */
export function buildFrames(labels: string[], timing: NarrationTiming | undefined, fps: number, fallback: number[], options: { first?: number; gap?: number; last?: number } = {}): { enter: number[]; narrated: boolean } {
  const times = spokenTimes(labels, timing);
  if (times.some((time) => time === undefined)) return { enter: fallback.slice(0, labels.length), narrated: false };
  const first = options.first ?? fallback[0] ?? 0;
  const gap = options.gap ?? 3;
  const enter: number[] = [];
  for (const [i, time] of times.entries()) {
    let frame = Math.round(time! * fps) - AHEAD_FRAMES;
    frame = Math.max(frame, first, i > 0 ? enter[i - 1]! + gap : first);
    if (options.last !== undefined) frame = Math.min(frame, options.last);
    enter.push(frame);
  }
  return { enter, narrated: true };
}

/** The emphasis of item `i` at `frame`: see {@link NarrationBuild.emphasis}. */
export function emphasisAt(i: number, frame: number, enter: number[], endFrame: number): number {
  if (enter.length < 2) return 1;
  // Before the second item comes in, and after the narration ends, everything is shown alike.
  const since = (at: number) => interpolate(frame, [at, at + EMPHASIS_FRAMES], [0, 1], { extrapolateLeft: 'clamp', extrapolateRight: 'clamp' });
  const focusing = since(enter[1]!) * (1 - since(endFrame));
  if (focusing <= 0) return 1;
  // How much `i` is the spoken item: it becomes it at its entrance and stops being it when the next enters.
  const own = i === 0 ? 1 : since(enter[i]!);
  const next = i + 1 < enter.length ? since(enter[i + 1]!) : 0;
  const spoken = own * (1 - next);
  return 1 - focusing * (1 - spoken);
}

/**
 * When a scene's items enter and which is emphasised, from the narration of the scene being
 * rendered. `labels` are the items' texts in the order they are shown; `fallback` the delays (in
 * frames) the component gives them without narration. `first` is the earliest frame an item may
 * enter (after the heading), `gap` the fewest frames between two entrances.
 */
export function useNarrationBuild(labels: string[], fallback: number[], options: { first?: number; gap?: number } = {}): NarrationBuild {
  const timing = useContext(NarrationTimingContext);
  const frame = useCurrentFrame();
  const { fps, durationInFrames } = useVideoConfig();
  // An item still enters with a second to show before the scene ends.
  const last = Math.max(0, durationInFrames - Math.round(fps * 1.2));
  const { enter, narrated } = buildFrames(labels, timing, fps, fallback, { ...options, last });
  const endFrame = narrated && timing ? Math.min(durationInFrames, Math.round(timing.end * fps)) : Number.POSITIVE_INFINITY;
  let active = -1;
  for (const [i, at] of enter.entries()) if (frame >= at) active = i;
  return {
    enter,
    active,
    narrated,
    end: endFrame,
    emphasis: (i: number) => (narrated ? emphasisAt(i, frame, enter, endFrame) : 1),
  };
}
