// What a narrated scene's settings carry for the kit to build the scene with its narration: the
// script and each word's time as heard in the video (compositions/kit/narration-build.ts reads it
// under the same key). Items then enter as the narrator names them and the one spoken about is
// emphasised, whichever speech engine spoke: each reports its words' times (SpokenWord).
import type { SpokenWord } from '../audio/audio-protocol.js';

/** The settings key of a scene's narration timing (NARRATION_TIMING_KEY in the kit). */
export const NARRATION_TIMING_KEY = 'narrationTiming';

/** A scene's narration as it is heard: its text, each word's time from the scene's start, and when it starts and ends. */
export interface NarrationTiming {
  text: string;
  words: { index: number; length: number; start: number }[];
  start: number;
  end: number;
}

/** Seconds rounded to a millisecond: settings stay small and their hash stable. */
const ms = (seconds: number) => Math.round(seconds * 1000) / 1000;

/**
 * The timing of a script spoken into a clip of `seconds` that starts `lead` seconds into its scene.
 * Word times some engines report out of order (eSpeak puts every Japanese word at index 0) are
 * kept only where their text positions advance, so a word is never timed before the one it follows.
 */
export function narrationTiming(text: string, words: SpokenWord[], lead: number, seconds: number): NarrationTiming {
  const kept: NarrationTiming['words'] = [];
  let lastIndex = -1;
  let lastStart = -1;
  for (const word of words) {
    if (word.index <= lastIndex || word.start < lastStart || word.length <= 0 || word.index + word.length > text.length) continue;
    kept.push({ index: word.index, length: word.length, start: ms(lead + word.start) });
    lastIndex = word.index;
    lastStart = word.start;
  }
  return { text, words: kept, start: ms(lead), end: ms(lead + seconds) };
}

/** Settings with the scene's narration timing set (or taken off, for a scene without narration). */
export function withNarrationTiming(settings: Record<string, unknown>, timing: NarrationTiming | undefined): Record<string, unknown> {
  const next = { ...settings };
  delete next[NARRATION_TIMING_KEY];
  if (timing && timing.words.length > 0) next[NARRATION_TIMING_KEY] = timing;
  return next;
}
