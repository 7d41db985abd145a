import { isNarrationLanguage, type NarrationLanguage } from './languages.js';

/** Scripts that belong to one narration language each. */
const SCRIPTS: [RegExp, NarrationLanguage][] = [
  [/[\u3040-\u30ff]/, 'ja'], // kana first: Japanese text mixes kana with Han
  [/[\u4e00-\u9fff]/, 'zh'],
  [/[\u1200-\u137f]/, 'am'],
  [/[\u0b00-\u0b7f]/, 'or'],
  [/[\u0a00-\u0a7f]/, 'pa'],
  [/[\u0a80-\u0aff]/, 'gu'],
  [/[\u0b80-\u0bff]/, 'ta'],
  [/[\u0c00-\u0c7f]/, 'te'],
  [/[\u0c80-\u0cff]/, 'kn'],
  [/[\u0d00-\u0d7f]/, 'ml'],
  [/[\u0d80-\u0dff]/, 'si'],
  [/[\u1000-\u109f]/, 'my'],
  [/[\u0e00-\u0e7f]/, 'th'],
  [/[\u10a0-\u10ff]/, 'ka'],
  [/[\u0530-\u058f]/, 'hy'],
  [/[\u0370-\u03ff]/, 'el'],
  [/[\u0590-\u05ff]/, 'he'],
];

type Detector = { detect(text: string): { language: string; isReliable(): boolean } };
let detector: Promise<Detector> | undefined;

/**
 * The narration language of a prompt: by its script where the script names one language (kana,
 * Han, Ethiopic, the Indic scripts, Thai, Georgian, Armenian, Greek, Hebrew; Bengali script is
 * Assamese when it uses ৰ or ৱ), otherwise by the `eld` n-gram detector; English when neither is
 * sure or the result is not one of the 74. The detector's first load holds the event loop for about
 * 0.6 s and keeps 45 MB: the server asks `AudioThread.detectLanguage` instead.
 */
export async function detectLanguage(text: string): Promise<NarrationLanguage> {
  for (const [pattern, language] of SCRIPTS) if (pattern.test(text)) return language;
  if (/[\u0980-\u09ff]/.test(text)) return /[ৰৱ]/.test(text) ? 'as' : 'bn';
  detector ??= import('eld/small').then((module) => (module as unknown as { eld: Detector }).eld);
  const result = (await detector).detect(text);
  const code = result.language === 'no' ? 'nb' : result.language;
  return isNarrationLanguage(code) ? code : 'en';
}
