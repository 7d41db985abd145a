/** The languages the catalog searches in: those with CLDR annotations loaded into the index. */
export const VISUAL_LANGUAGES = ['en', 'de', 'fr', 'es'] as const;

/** A language the catalog searches in. */
export type VisualLanguage = (typeof VISUAL_LANGUAGES)[number];

/** The catalog language for a request language ('de-AT' -> 'de'); English where the catalog has no annotations for it. */
export function resolveVisualLanguage(language: string): VisualLanguage {
  const primary = language.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return (VISUAL_LANGUAGES as readonly string[]).includes(primary) ? (primary as VisualLanguage) : 'en';
}

// Articles, prepositions and conjunctions: they join the words of CLDR labels ("copo de nieve",
// "pain de mie") and of queries but never name a picture.
const STOPWORDS: Record<VisualLanguage, ReadonlySet<string>> = {
  en: new Set(['a', 'an', 'the', 'of', 'and', 'or', 'with', 'in', 'on', 'at', 'for', 'to', 'from', 'by']),
  de: new Set(['der', 'die', 'das', 'den', 'dem', 'des', 'ein', 'eine', 'einer', 'einen', 'einem', 'eines', 'und', 'oder', 'mit', 'von', 'vom', 'im', 'in', 'am', 'an', 'auf', 'aus', 'zu', 'zum', 'zur', 'fur']),
  fr: new Set(['le', 'la', 'les', 'l', 'un', 'une', 'des', 'de', 'du', 'd', 'et', 'ou', 'avec', 'en', 'au', 'aux', 'a', 'pour', 'sur', 'dans']),
  es: new Set(['el', 'la', 'los', 'las', 'un', 'una', 'unos', 'unas', 'de', 'del', 'y', 'o', 'con', 'en', 'al', 'a', 'para', 'por']),
};

/** Lower case, accents and umlauts folded to their base letter, ß to ss: "Wärmepumpe" -> "warmepumpe". */
export function foldText(text: string): string {
  return text.toLowerCase().replace(/ß/g, 'ss').normalize('NFD').replace(/\p{M}/gu, '');
}

// Inflection endings, longest first; a word keeps at least three letters. Light on purpose: it only
// has to bring a plural or a gendered form onto the CLDR label's form, and both sides go through it.
const SUFFIXES: Record<VisualLanguage, readonly string[]> = {
  en: ['ies', 'es', 's'],
  de: ['ern', 'en', 'er', 'es', 'e', 'n', 's'],
  fr: ['aux', 'es', 'e', 's', 'x'],
  es: ['es', 'as', 'os', 'a', 'o', 's'],
};

/** A folded word reduced to its stem by stripping one inflection ending. */
export function stemWord(word: string, language: VisualLanguage): string {
  if (language === 'en' && word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (language === 'en' && /(ss|us|is)$/.test(word)) return word;
  // English adds "es" only after a hissing sound (boxes, buses, churches); "honeybees" is honeybee + s.
  if (language === 'en' && word.endsWith('es') && !/(s|x|z|ch|sh)es$/.test(word) && word.length > 4) return word.slice(0, -1);
  for (const suffix of SUFFIXES[language]) {
    if (word.length - suffix.length >= 3 && word.endsWith(suffix)) return word.slice(0, -suffix.length);
  }
  return word;
}

/** The stems of a text's words, stop words left out, in order. */
export function tokenize(text: string, language: VisualLanguage): string[] {
  const stopwords = STOPWORDS[language];
  return foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0 && !stopwords.has(word))
    .map((word) => stemWord(word, language));
}
