import type { MusicMood, SpokenWord } from '../audio/audio-protocol.js';
import type { SpeechProviderName } from '../speech/providers/speech-config.js';
import type { NarrationLanguage } from '../speech/languages.js';
import type { SceneTheme } from '../theme/resolve-theme.js';
import type { SceneFact } from '../providers/provider-types.js';

/** The plan as stored on the job (`videos.plan`, the plan checkpoint): the arc plus the theme and sound chosen for it. */
export interface StoredPlan {
  title: string;
  theme: SceneTheme;
  planner: string;
  audio?: StoredAudio;
  /** Prepared asset files by name, relative to files/ (images, the brand logo). */
  assets?: Record<string, string>;
  /** The attached images and the role each was given. */
  images?: { name: string; field: string; role: string }[];
  /** The figures and dates the scenes state, by scene position, with their basis (the job's `facts`). */
  facts?: ({ position: number } & SceneFact)[];
}

/** The sound of a job, decided at planning. */
export interface StoredAudio {
  narration: boolean;
  music: boolean;
  sfx: boolean;
  language: NarrationLanguage;
  voice: string;
  /** Who speaks `voice` when the node's speech model does (`--speech`); absent for the embedded engine. */
  voiceProvider?: SpeechProviderName;
  bpm: number;
  mood: MusicMood;
  seed: number;
  /** A client music track (WAV under files/) and its beat grid; it replaces the score. */
  clientMusic?: { path: string; bpm: number; offset: number };
  /** A client voiceover (WAV under files/), placed at the start. */
  voiceover?: string;
  /** Client sound effects (WAVs under files/). */
  clientSfx?: string[];
}

/** A scene's spoken narration: the WAV (relative to files/), its length and word timings. */
export interface NarrationClip {
  path: string;
  seconds: number;
  words: SpokenWord[];
}

/** What narrating a plan decided: the sound, and each scene's clip (none for a silent scene). */
export interface NarratedPlan {
  audio: StoredAudio;
  speech: (NarrationClip | undefined)[];
}

/** The job's stored plan; throws when the plan checkpoint is missing (a stage ran out of order). */
export function storedPlanOf(row: { id: string; plan: string | null }): StoredPlan {
  if (!row.plan) throw new Error(`video ${row.id} has no stored plan`);
  return JSON.parse(row.plan) as StoredPlan;
}
