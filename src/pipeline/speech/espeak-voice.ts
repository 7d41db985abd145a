import { EMBEDDED_VOICES, type EmbeddedVoice } from './embedded-voices.js';
import type { NarrationLanguage } from './languages.js';

/** eSpeak NG voice names that differ from the BCP-47 code. */
const ESPEAK_LANGUAGE: Partial<Record<NarrationLanguage, string>> = {
  zh: 'cmn',
  en: 'en-us',
};

/** Languages eSpeak NG speaks too loudly at full volume (Māori peaks at full scale). */
const QUIET_LANGUAGES: ReadonlySet<string> = new Set(['mi']);

/** How the engine speaks one voice in one language. */
export interface EspeakSettings {
  /** eSpeak NG voice with variant, e.g. `de+f3`. */
  voice: string;
  wordsPerMinute: number;
  pitch: number;
  volume: number;
}

/** The embedded voice with this id, or undefined. */
export function findEmbeddedVoice(id: string): EmbeddedVoice | undefined {
  return EMBEDDED_VOICES.find((voice) => voice.id === id);
}

/** eSpeak NG settings for an embedded voice speaking a language. */
export function espeakSettings(voice: EmbeddedVoice, language: NarrationLanguage): EspeakSettings {
  return {
    voice: `${ESPEAK_LANGUAGE[language] ?? language}+${voice.variant}`,
    wordsPerMinute: voice.wordsPerMinute,
    pitch: voice.pitch,
    volume: QUIET_LANGUAGES.has(language) ? 60 : 100,
  };
}
