import { createRequire } from 'node:module';
import type { VisualLanguage } from './visual-text.js';

const require = createRequire(import.meta.url);

/** One emoji's Unicode CLDR annotation in one locale, from emojibase-data. */
export interface EmojiAnnotation {
  /** Upper-case hex codepoints joined by '-', as emojibase writes them ('1F35E', '1F1E9-1F1EA'). */
  hexcode: string;
  /** The CLDR short name: "bread", "Brot", "pain de mie". */
  label: string;
  /** The CLDR keywords. */
  tags: readonly string[];
  /** The emoji's group in Unicode's order (0 smileys and emotion, 1 people and body, 3 food, …). */
  group: number;
}

interface CompactEmoji {
  hexcode: string;
  label: string;
  tags?: string[];
  group?: number;
}

// British English adds spellings ("aeroplane") that American English lacks; both feed the 'en' index.
const LOCALES: Record<VisualLanguage, readonly string[]> = { en: ['en', 'en-gb'], de: ['de'], fr: ['fr'], es: ['es'] };

/**
 * The CLDR annotations for a language, one entry per emoji and locale (skin-tone variants left
 * out: emojibase nests them under their base emoji). Components such as regional indicators, which
 * have no group, are left out too.
 */
export function emojiAnnotations(language: VisualLanguage): EmojiAnnotation[] {
  const annotations: EmojiAnnotation[] = [];
  // A second locale of the language (en-gb after en) adds only what the first lacks: the same
  // label or keyword twice would count as two fields agreeing on a word.
  const seen = new Map<string, Set<string>>();
  for (const locale of LOCALES[language]) {
    const emojis = require(`emojibase-data/${locale}/compact.json`) as CompactEmoji[];
    for (const emoji of emojis) {
      if (emoji.group === undefined) continue;
      const known = seen.get(emoji.hexcode);
      const tags = (emoji.tags ?? []).filter((tag) => !known?.has(tag));
      if (known?.has(emoji.label) && tags.length === 0) continue;
      annotations.push({ hexcode: emoji.hexcode, label: known?.has(emoji.label) ? '' : emoji.label, tags, group: emoji.group });
      const words = known ?? new Set<string>();
      words.add(emoji.label);
      for (const tag of tags) words.add(tag);
      seen.set(emoji.hexcode, words);
    }
  }
  return annotations;
}

/** A hexcode in one spelling for lookups: lower case, variation selector 16 (FE0F) dropped. */
export function normalizeHexcode(hexcode: string): string {
  return hexcode
    .toLowerCase()
    .split('-')
    .filter((part) => part !== 'fe0f')
    .join('-');
}

const REGIONAL_A = 0x1f1e6;
const TAG_A = 0xe0061;

/**
 * The circle-flags name of a flag emoji: two regional indicators give the ISO 3166 code ('de'),
 * a black flag with tag letters gives a subdivision ('gb-eng'); undefined for any other emoji.
 */
export function flagCodeOf(hexcode: string): string | undefined {
  const points = normalizeHexcode(hexcode)
    .split('-')
    .map((part) => Number.parseInt(part, 16));
  const letter = (point: number, base: number) => String.fromCharCode(97 + point - base);
  if (points.length === 2 && points.every((point) => point >= REGIONAL_A && point < REGIONAL_A + 26)) {
    return points.map((point) => letter(point, REGIONAL_A)).join('');
  }
  if (points[0] === 0x1f3f4 && points.length > 3) {
    const letters = points.slice(1, -1).map((point) => letter(point, TAG_A)).join('');
    return `${letters.slice(0, 2)}-${letters.slice(2)}`;
  }
  return undefined;
}
