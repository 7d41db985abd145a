import { visualIndex, type IndexHit, type LanguageIndex } from './visual-index.js';
import type { VisualKind } from './visual-sets.js';
import { resolveVisualLanguage, tokenize, type VisualLanguage } from './visual-text.js';

/** Options of {@link searchVisuals}. */
export interface SearchVisualsOptions {
  /** The request's language (BCP 47; 'de', 'fr-CA'); languages without annotations search English. */
  language: string;
  /** The most matches returned. @default 8 */
  limit?: number;
  /** Only these kinds. @default every kind */
  kinds?: readonly VisualKind[];
}

/** A picture that fits the query. */
export interface VisualMatch {
  /** `<set>:<name>`, the value `visualSvg` takes: 'fluent-emoji-flat:bread'. */
  id: string;
  set: string;
  kind: VisualKind;
  name: string;
  /** 0..1; every match returned scores at least {@link VISUAL_MATCH_THRESHOLD}. */
  score: number;
  /** The label, keyword or name the query matched, as its source writes it ("Brot", "airplane"). */
  matched: string;
}

/** The lowest score a match must reach; below it the query has no fitting picture and nothing is returned. */
export const VISUAL_MATCH_THRESHOLD = 0.5;

const DEFAULT_LIMIT = 8;

// How much a match is worth by the way the query word met the index word.
const MATCH = {
  // The index word is the query word's last part, the head of a compound: "Sauerteig|brot" is a bread.
  compoundHead: 0.85,
  // The index word is the query word's first part: "Wärme|pumpe" says something about warmth, less.
  compoundModifier: 0.5,
  // One word is the other plus at most two letters, an ending the stemmer left: "warm" / "warmth".
  inflection: 0.85,
} as const;

// English words stand in for the request's language at this factor: CLDR has no entry for many
// loanwords and cognates ("Laptop", "tomate"), and Lucide's tags are English only.
const ENGLISH_FALLBACK = 0.8;

// Endings that make adjectives and abstract nouns; they are never the thing a compound names
// ("-haft", "-lich", "-less"), so they do not count as a compound head.
const NOT_A_HEAD = new Set([
  'haft', 'lich', 'isch', 'heit', 'keit', 'schaft', 'ung', 'voll', 'sam', 'chen', 'lein', 'bar',
  'less', 'ness', 'ship', 'like', 'able', 'ful', 'tastic', 'ment', 'ique', 'eur', 'eux', 'ible', 'mente',
]);

const MIN_PART = 4;

// What one word may add to the other to count as its inflection or derivation, after both were
// stemmed: "warm|th", "Wärm|e", "recycl|age". Any other tail makes another word: "Mara" is no
// "maraca", "pick" no "pickaxe".
const ENDINGS: Record<VisualLanguage, ReadonlySet<string>> = {
  en: new Set(['s', 'e', 'd', 'ed', 'er', 'y', 'th', 'al', 'ic', 'n', 'en', 'ly']),
  de: new Set(['e', 'n', 'en', 'er', 's', 'es', 't', 'st', 'ig', 'in']),
  fr: new Set(['e', 's', 'es', 'x', 'er', 'r', 'é', 'ee', 'al', 'ie']),
  es: new Set(['s', 'es', 'a', 'o', 'r', 'ar', 'er', 'ir', 'al', 'ia']),
};

function isInflection(word: string, term: string, language: VisualLanguage): boolean {
  const [short, long] = word.length <= term.length ? [word, term] : [term, word];
  return long.startsWith(short) && ENDINGS[language].has(long.slice(short.length));
}
const MIN_REST = 3;
// German joins compound parts with up to two letters: Wärme|pumpe, Arbeit|s|platz, Sonne|n|schein.
const LINKING_LETTERS = 2;

interface TokenHit {
  score: number;
  source: string;
}

function keepBest(hits: Map<number, TokenHit>, doc: number, score: number, source: string): void {
  const previous = hits.get(doc);
  if (!previous || previous.score < score) hits.set(doc, { score, source });
}

// Each further name, label or keyword of a picture that holds the word adds a little, up to two:
// "money" is a tag of both the red envelope and the money bag, and the money bag's label too.
const AGREEING_FIELD = 0.04;
const MAX_AGREEING = 2;

function addAll(hits: Map<number, TokenHit>, found: Map<number, IndexHit> | undefined, factor: number, skip?: (doc: number) => boolean): void {
  if (!found) return;
  for (const [doc, hit] of found) {
    if (skip?.(doc)) continue;
    const agreeing = Math.max(0, Math.min(MAX_AGREEING, hit.fields - 1)) * AGREEING_FIELD;
    keepBest(hits, doc, Math.min(1, hit.weight + agreeing) * factor, hit.source);
  }
}

/**
 * Documents one query word points to in one language: exact stems, inflections, compound parts.
 * Names (`exactOnly`, the flags) match only exactly: "argent" is money, not Argentina.
 */
function matchWord(index: LanguageIndex, language: VisualLanguage, word: string, factor: number, hits: Map<number, TokenHit>, exactOnly: (doc: number) => boolean): void {
  addAll(hits, index.terms.get(word), factor);
  if (word.length < MIN_PART) return;
  const heads: string[] = [];
  const modifiers: string[] = [];
  for (const term of index.termList) {
    if (term.length < MIN_PART || term === word) continue;
    const rest = word.length - term.length;
    if (Math.abs(rest) <= 2 && isInflection(word, term, language)) {
      addAll(hits, index.terms.get(term), factor * MATCH.inflection, exactOnly);
    } else if (rest >= MIN_REST && word.endsWith(term) && !NOT_A_HEAD.has(term)) {
      heads.push(term);
    } else if (rest >= MIN_REST && word.startsWith(term)) {
      modifiers.push(term);
    }
  }
  // When the first part is a known word too ("Wärme|pumpe"), the compound names neither part alone:
  // the head is worth no more than the modifier. When it is unknown ("Sauerteig|brot"), the head
  // is the best reading there is.
  const longestModifier = Math.max(0, ...modifiers.map((term) => term.length));
  for (const head of heads) {
    const split = longestModifier + head.length >= word.length - LINKING_LETTERS;
    addAll(hits, index.terms.get(head), factor * (split ? MATCH.compoundModifier : MATCH.compoundHead), exactOnly);
  }
  for (const modifier of modifiers) addAll(hits, index.terms.get(modifier), factor * MATCH.compoundModifier, exactOnly);
}

/**
 * Pictures for a word or phrase in the request's language, best first: fluent-emoji-flat
 * illustrations, Lucide icons and circle flags, matched against icon names, Lucide tags and
 * Unicode CLDR emoji annotations (en, de, fr, es). A phrase scores by its words' mean best match,
 * or by a whole-label match where that is higher. Returns an empty list when nothing reaches
 * {@link VISUAL_MATCH_THRESHOLD}: no generic placeholder.
 */
export function searchVisuals(query: string, options: SearchVisualsOptions): VisualMatch[] {
  const language = resolveVisualLanguage(options.language);
  const index = visualIndex();
  const passes = language === 'en' ? [{ language, factor: 1 }] : [{ language, factor: 1 }, { language: 'en' as const, factor: ENGLISH_FALLBACK }];

  const isFlag = (doc: number) => index.docs[doc]!.kind === 'flag';
  const scored = new Map<number, TokenHit>();
  for (const pass of passes) {
    const words = [...new Set(tokenize(query, pass.language))];
    if (words.length === 0) continue;
    const languageIndex = index.languages[pass.language];
    const perWord = words.map((word) => {
      const hits = new Map<number, TokenHit>();
      matchWord(languageIndex, pass.language, word, pass.factor, hits, isFlag);
      return hits;
    });
    const docs = new Set(perWord.flatMap((hits) => [...hits.keys()]));
    for (const doc of docs) {
      const parts = perWord.map((hits) => hits.get(doc));
      const mean = parts.reduce((sum, hit) => sum + (hit?.score ?? 0), 0) / words.length;
      const best = parts.reduce<TokenHit | undefined>((top, hit) => (hit && (!top || hit.score > top.score) ? hit : top), undefined);
      if (best) keepBest(scored, doc, mean, best.source);
    }
    addAll(scored, languageIndex.phrases.get(words.join(' ')), pass.factor);
  }

  const kinds = options.kinds;
  return [...scored]
    .filter(([doc, hit]) => hit.score >= VISUAL_MATCH_THRESHOLD && (!kinds || kinds.includes(index.docs[doc]!.kind)))
    .sort(([a, left], [b, right]) => right.score - left.score || a - b)
    .slice(0, options.limit ?? DEFAULT_LIMIT)
    .map(([doc, hit]) => {
      const { id, set, kind, name } = index.docs[doc]!;
      return { id, set, kind, name, score: Math.round(hit.score * 1000) / 1000, matched: hit.source };
    });
}

/**
 * What a picture is found by in English, its label, name and keywords (at most `limit`, first ones
 * first): what a model choosing a picture among the search's candidates is shown of each.
 */
export function visualKeywords(id: string, limit = 8): string[] {
  const doc = visualIndex().docs.find((entry) => entry.id === id);
  return doc ? doc.keywords.slice(0, limit) : [];
}
