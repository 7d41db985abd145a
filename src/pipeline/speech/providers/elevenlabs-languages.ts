/** eleven_multilingual_v2's 29 languages; the v2.5 models add Hungarian, Norwegian and Vietnamese. */
const MULTILINGUAL_V2 = [
  'en', 'ja', 'zh', 'de', 'hi', 'fr', 'ko', 'pt', 'it', 'es', 'id', 'nl', 'tr', 'tl', 'pl', 'sv', 'bg', 'ro', 'ar',
  'cs', 'el', 'fi', 'hr', 'ms', 'sk', 'da', 'ta', 'uk', 'ru',
];
const V2_5 = [...MULTILINGUAL_V2, 'hu', 'nb', 'vi'];

/**
 * The languages each ElevenLabs model speaks, as ElevenLabs' model docs list them (ISO 639-1,
 * Filipino as `tl`, Norwegian as `nb`). Used when `GET /v1/models` cannot be read; a model in
 * neither is taken to speak what its voices are verified in.
 */
export const ELEVENLABS_MODEL_LANGUAGES: Readonly<Record<string, readonly string[]>> = {
  eleven_multilingual_v2: MULTILINGUAL_V2,
  eleven_flash_v2_5: V2_5,
  eleven_turbo_v2_5: V2_5,
  eleven_flash_v2: ['en'],
  eleven_turbo_v2: ['en'],
  eleven_monolingual_v1: ['en'],
};

/**
 * Whether a model takes `language_code` (it enforces the language and its text normalization):
 * the v2.5 models and v3. ElevenLabs refuses the field for models that do not.
 */
export function takesLanguageCode(model: string): boolean {
  return /_v2_5$/.test(model) || model.startsWith('eleven_v3');
}

/** An ElevenLabs language id (`en`, `pt-BR`, `fil`, `no`) as the node writes languages. */
export function normalizeLanguage(id: string): string {
  const code = id.split(/[-_]/)[0]?.toLowerCase() ?? '';
  return code === 'fil' ? 'tl' : code === 'no' ? 'nb' : code;
}
