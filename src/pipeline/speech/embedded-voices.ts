import { NARRATION_LANGUAGE_CODES } from './languages.js';

/** A voice as the catalog lists it (the spec's fields). */
export interface VoiceCatalogItem {
  id: string;
  name: string;
  description: string;
  gender: string;
  accent: string;
  age: string;
  use_case: string;
  languages: string[];
}

/** An embedded voice: catalog fields plus the eSpeak NG variant it speaks with. */
export interface EmbeddedVoice extends Omit<VoiceCatalogItem, 'languages'> {
  /** eSpeak NG variant name applied over each language's base voice. */
  variant: string;
  /** Base pitch (0-99) and speed (words per minute) the engine speaks this voice with. */
  pitch: number;
  wordsPerMinute: number;
}

/**
 * The embedded speech engine's voices. Each speaks every narration language: eSpeak NG applies a
 * variant (timbre) over the language's own phoneme set.
 */
export const EMBEDDED_VOICES: readonly EmbeddedVoice[] = [
  { id: 'embedded-ava', name: 'Ava', description: 'Clear, warm female narrator with an even pace.', gender: 'female', accent: 'neutral', age: 'young', use_case: 'narration', variant: 'f3', pitch: 55, wordsPerMinute: 160 },
  { id: 'embedded-noah', name: 'Noah', description: 'Calm, steady male narrator for explainers.', gender: 'male', accent: 'neutral', age: 'middle_aged', use_case: 'narration', variant: 'm3', pitch: 45, wordsPerMinute: 155 },
  { id: 'embedded-mia', name: 'Mia', description: 'Bright, upbeat female voice for promos and social clips.', gender: 'female', accent: 'neutral', age: 'young', use_case: 'social_media', variant: 'f2', pitch: 62, wordsPerMinute: 172 },
  { id: 'embedded-leo', name: 'Leo', description: 'Energetic male voice for launches and ads.', gender: 'male', accent: 'neutral', age: 'young', use_case: 'advertisement', variant: 'm2', pitch: 50, wordsPerMinute: 170 },
  { id: 'embedded-grace', name: 'Grace', description: 'Composed, mature female voice for corporate and training videos.', gender: 'female', accent: 'neutral', age: 'middle_aged', use_case: 'informative_educational', variant: 'f4', pitch: 48, wordsPerMinute: 150 },
  { id: 'embedded-owen', name: 'Owen', description: 'Deep, unhurried male voice for documentaries and stories.', gender: 'male', accent: 'neutral', age: 'old', use_case: 'narrative_story', variant: 'm7', pitch: 35, wordsPerMinute: 145 },
  { id: 'embedded-zoe', name: 'Zoe', description: 'Soft, gentle female voice for wellness and calm topics.', gender: 'female', accent: 'neutral', age: 'young', use_case: 'meditation', variant: 'f5', pitch: 58, wordsPerMinute: 140 },
  { id: 'embedded-max', name: 'Max', description: 'Crisp, neutral male voice for news-style updates.', gender: 'male', accent: 'neutral', age: 'middle_aged', use_case: 'news', variant: 'm1', pitch: 47, wordsPerMinute: 165 },
];

/** The embedded voices as catalog items. */
export function embeddedVoiceCatalog(): VoiceCatalogItem[] {
  return EMBEDDED_VOICES.map(({ variant: _variant, pitch: _pitch, wordsPerMinute: _wpm, ...item }) => ({
    ...item,
    languages: [...NARRATION_LANGUAGE_CODES],
  }));
}
