import type { EspeakSettings } from '../speech/espeak-voice.js';

/** A word's place in synthesized speech. */
export interface SpokenWord {
  /** Start, in seconds from the start of the clip. */
  start: number;
  /** Index of the word's first character in the text (UTF-16). */
  index: number;
  length: number;
}

/** Work the audio worker thread does. */
export type AudioTask =
  | { type: 'speak'; text: string; settings: EspeakSettings; outputPath: string }
  | { type: 'mix'; plan: MixPlan; outputPath: string }
  | { type: 'detect-language'; text: string };

/** What `speak` answers. */
export interface SpeakResult {
  durationSeconds: number;
  sampleRate: number;
  words: SpokenWord[];
  /** Share of 10 ms windows above the silence floor. */
  voicedShare: number;
}

/** A timeline to mix: every source placed in seconds. */
export interface MixPlan {
  durationSeconds: number;
  sampleRate: number;
  /** Speech clips (WAV files) and where they start. */
  narration: { path: string; start: number }[];
  /** Procedural music, or undefined for none. */
  music?: { seed: number; bpm: number; mood: MusicMood; beatOffset: number };
  /** A client music track, decoded to a WAV at the mix rate, and where it starts in it. */
  clientMusic?: { path: string; offset: number };
  /** Client voiceover and sfx clips (WAV at the mix rate). */
  clips: { path: string; start: number; gain: number }[];
  /** Synthesized effects and when. */
  effects: { kind: 'whoosh' | 'pop' | 'riser'; at: number }[];
}

/** Moods the music generator knows. */
export type MusicMood = 'bright' | 'calm' | 'driving' | 'warm' | 'dark';

/** Worker → parent. */
export type AudioWorkerMessage = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: string };
