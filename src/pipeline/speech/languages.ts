/**
 * The 74 narration languages the node speaks, as BCP-47 codes without a region tag.
 * This list is the one source: request validation, the voice catalog, language detection and
 * docs/voices.md all read it. Each is spoken by the embedded engine (eSpeak NG).
 */
export const NARRATION_LANGUAGES = {
  af: 'Afrikaans', am: 'Amharic', ar: 'Arabic', as: 'Assamese', az: 'Azerbaijani', be: 'Belarusian',
  bg: 'Bulgarian', bn: 'Bengali', bs: 'Bosnian', ca: 'Catalan', cs: 'Czech', cy: 'Welsh', da: 'Danish',
  de: 'German', el: 'Greek', en: 'English', eo: 'Esperanto', es: 'Spanish', et: 'Estonian', fa: 'Persian',
  fi: 'Finnish', fr: 'French', ga: 'Irish', gd: 'Scottish Gaelic', gu: 'Gujarati', he: 'Hebrew', hi: 'Hindi',
  hr: 'Croatian', hu: 'Hungarian', hy: 'Armenian', id: 'Indonesian', is: 'Icelandic', it: 'Italian',
  ja: 'Japanese', ka: 'Georgian', kk: 'Kazakh', kn: 'Kannada', ky: 'Kyrgyz', la: 'Latin', lt: 'Lithuanian',
  lv: 'Latvian', mi: 'Maori', mk: 'Macedonian', ml: 'Malayalam', mr: 'Marathi', ms: 'Malay', mt: 'Maltese',
  my: 'Burmese', nb: 'Norwegian Bokmål', ne: 'Nepali', nl: 'Dutch', or: 'Odia', pa: 'Punjabi', pl: 'Polish',
  pt: 'Portuguese', ro: 'Romanian', ru: 'Russian', si: 'Sinhala', sk: 'Slovak', sl: 'Slovenian',
  sq: 'Albanian', sr: 'Serbian', sv: 'Swedish', sw: 'Swahili', ta: 'Tamil', te: 'Telugu', th: 'Thai',
  tr: 'Turkish', tt: 'Tatar', uk: 'Ukrainian', ur: 'Urdu', uz: 'Uzbek', vi: 'Vietnamese', zh: 'Chinese (Mandarin)',
} as const satisfies Record<string, string>;

/** A supported narration language code. */
export type NarrationLanguage = keyof typeof NARRATION_LANGUAGES;

/** The codes, in alphabetical order. */
export const NARRATION_LANGUAGE_CODES = Object.keys(NARRATION_LANGUAGES) as NarrationLanguage[];

/** Whether a code is one of the 74. */
export function isNarrationLanguage(code: string): code is NarrationLanguage {
  return Object.hasOwn(NARRATION_LANGUAGES, code);
}
