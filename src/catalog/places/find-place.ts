// Country names in prompts and plans resolved to places on the map: one name (findPlace) or every
// country a free text names (placesIn), in any language i18n-iso-countries ships.
import { aliasesOf, countries, type Country } from './countries.js';

/** A place the kit's maps can show. */
export interface Place {
  kind: 'country';
  /** ISO 3166-1 alpha-3. */
  code: string;
  /** The name in the requested language, else in English. */
  name: string;
  lon: number;
  lat: number;
}

/**
 * Names that are also ordinary words (a turkey, china, a jersey, Chad or Jordan the person): in a
 * free text they count only when capitalised.
 */
const ORDINARY_WORDS = new Set(['chad', 'turkey', 'georgia', 'jordan', 'china', 'japan', 'guinea', 'chile', 'jersey', 'guernsey', 'reunion', 'niger', 'panama', 'bermuda', 'maurice', 'wales', 'america', 'amerika', 'korea', 'the states']);

/** The words of a text: letters with the apostrophes and dots inside them ("U.S.", "d'Ivoire"). */
const WORD = /[\p{L}\p{M}][\p{L}\p{M}\p{N}'’.]*/gu;

/** Lower case, no diacritics, elisions, dots or apostrophes: "Côte d'Ivoire" and "cote ivoire" meet, "l'Allemagne" is "allemagne". */
function normalizeWord(word: string): string {
  return word
    .replace(/^(?:l|d|dell|nell|all)['’](?=\p{L})/iu, '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’.]/g, '')
    .replace(/ß/g, 'ss');
}

/** A name as a key: its words normalised and joined by single spaces. */
export function nameKey(name: string): string {
  return (name.match(WORD) ?? []).map(normalizeWord).filter(Boolean).join(' ');
}

/** Articles a country's name may be written with: "the Netherlands", "la France", "die Schweiz". */
const ARTICLE = /^(?:the|la|le|les|el|los|las|die|der|das|il|lo|de|het) /;

/** The keys a name is found under: as written, with its elisions kept whole, without a bracketed part; a query also without a leading article. */
function keysOf(name: string, query = false): string[] {
  const keys = [nameKey(name), nameKey(name.replace(/['’]/g, '')), nameKey(name.replace(/\([^)]*\)/g, ' '))];
  if (query && ARTICLE.test(keys[0]!)) keys.push(keys[0]!.replace(ARTICLE, ''));
  return [...new Set(keys.filter(Boolean))];
}

interface Index {
  /** Names by key, per language; `*` holds the aliases. */
  byLanguage: Map<string, Map<string, Country>>;
  byCode: Map<string, Country>;
  /** The most words a name has. */
  longest: number;
}

let cachedIndex: Index | undefined;

function index(): Index {
  if (cachedIndex) return cachedIndex;
  const byLanguage = new Map<string, Map<string, Country>>();
  const byCode = new Map<string, Country>();
  let longest = 1;
  const add = (language: string, name: string, country: Country) => {
    const names = byLanguage.get(language) ?? new Map<string, Country>();
    byLanguage.set(language, names);
    for (const key of keysOf(name)) {
      // The first country listed under a shared name keeps it ("Congo").
      if (!names.has(key)) names.set(key, country);
      longest = Math.max(longest, key.split(' ').length);
    }
  };
  for (const country of countries()) {
    byCode.set(country.code, country);
    for (const [language, names] of country.names) for (const name of names) add(language, name, country);
  }
  // Aliases go last, so a listed name is never taken by an alias.
  for (const country of countries()) for (const alias of aliasesOf(country.code)) add('*', alias, country);
  cachedIndex = { byLanguage, byCode, longest };
  return cachedIndex;
}

/** The base language of a tag: `de-AT` → `de`. */
function baseLanguage(language: string | undefined): string {
  return (language ?? 'en').toLowerCase().split(/[-_]/)[0] || 'en';
}

function placeOf(country: Country, language: string): Place {
  const name = country.names.get(language)?.[0] ?? country.names.get('en')?.[0] ?? country.code;
  return { kind: 'country', code: country.code, name, lon: country.lon, lat: country.lat };
}

/**
 * The country a name means, in `language` (a BCP 47 tag, English by default) or else any language
 * or alias: case and diacritics do not matter. An alpha-3 or alpha-2 code in capitals works too.
 */
export function findPlace(name: string, language?: string): Place | undefined {
  if (typeof name !== 'string' || !name.trim()) return undefined;
  const lang = baseLanguage(language);
  const { byLanguage, byCode } = index();
  const trimmed = name.trim();
  const byIso = /^[A-Z]{3}$/.test(trimmed) ? byCode.get(trimmed) : undefined;
  if (byIso) return placeOf(byIso, lang);
  const keys = keysOf(trimmed, true);
  for (const source of [lang, 'en', '*', ...byLanguage.keys()]) {
    const names = byLanguage.get(source);
    for (const key of keys) {
      const country = names?.get(key);
      if (country) return placeOf(country, lang);
    }
  }
  return undefined;
}

/** Whether a matched phrase, as written, may be a country: abbreviations in capitals, ordinary words capitalised. */
function writtenAsName(written: string, key: string): boolean {
  const letters = written.replace(/[^\p{L}]/gu, '');
  if (letters.length <= 3) return letters === letters.toUpperCase();
  if (ORDINARY_WORDS.has(key)) return /^\p{Lu}/u.test(written);
  return true;
}

/**
 * The countries a free text names, in the order it first names them: the names of `language`
 * (English by default), English and the aliases. The longest name wins ("Papua New Guinea", not
 * "Guinea"); names that are also ordinary words count only when capitalised.
 */
export function placesIn(text: string, language?: string): Place[] {
  if (typeof text !== 'string' || !text) return [];
  const lang = baseLanguage(language);
  const { byLanguage, longest } = index();
  const sources = [...new Set([lang, 'en', '*'])].map((source) => byLanguage.get(source)).filter((names): names is Map<string, Country> => names !== undefined);
  const words = [...text.matchAll(WORD)].map((match) => ({ text: match[0], start: match.index, key: normalizeWord(match[0]) }));
  const found = new Map<string, Place>();
  for (let i = 0; i < words.length; ) {
    let matched = 0;
    for (let n = Math.min(longest, words.length - i); n >= 1 && matched === 0; n -= 1) {
      const span = words.slice(i, i + n);
      const key = span.map((word) => word.key).join(' ');
      const country = sources.map((names) => names.get(key)).find(Boolean);
      const last = span[span.length - 1]!;
      const written = text.slice(span[0]!.start, last.start + last.text.length);
      if (country && writtenAsName(written, key)) {
        if (!found.has(country.code)) found.set(country.code, placeOf(country, lang));
        matched = n;
      }
    }
    i += Math.max(1, matched);
  }
  return [...found.values()];
}
