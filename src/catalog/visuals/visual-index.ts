import { createRequire } from 'node:module';
import { emojiAnnotations, flagCodeOf, normalizeHexcode, type EmojiAnnotation } from './emoji-annotations.js';
import { loadIconSet, loadIconSetChars, type VisualKind } from './visual-sets.js';
import { VISUAL_LANGUAGES, foldText, tokenize, type VisualLanguage } from './visual-text.js';

const require = createRequire(import.meta.url);

/** One picture in the catalog. */
export interface VisualDoc {
  /** `<set prefix>:<icon name>`, e.g. 'fluent-emoji-flat:bread'. */
  id: string;
  set: string;
  kind: VisualKind;
  name: string;
  /** The English label, name and keywords it is found by, as their sources write them, first ones first (what a model choosing among pictures is shown). */
  keywords: string[];
}

/** A document that a word or phrase points to, with how strongly (0..1) and the source wording. */
export interface IndexHit {
  weight: number;
  /** The label, tag or name the weight came from, as written in its source. */
  source: string;
  /** How many of the picture's names, labels and keywords hold the word, half for one it only modifies (more agreeing fields, surer match). */
  fields: number;
}

/** The words of one language: stemmed word -> documents, and whole stemmed phrase -> documents. */
export interface LanguageIndex {
  terms: Map<string, Map<number, IndexHit>>;
  phrases: Map<string, Map<number, IndexHit>>;
  /** The keys of `terms`, kept as an array for the compound and prefix scans. */
  termList: string[];
}

/** The catalog's search index, built once per process. */
export interface VisualIndex {
  docs: VisualDoc[];
  languages: Record<VisualLanguage, LanguageIndex>;
  /** How long the build took, in milliseconds. */
  buildMs: number;
}

// How much a field says about the picture: the CLDR short name most, an icon's own name nearly as
// much, keywords less (they list associations: bread's keywords include "restaurant").
const WEIGHT = {
  label: 1,
  emojiName: 0.95,
  iconName: 0.9,
  translatedLabel: 0.85,
  tag: 0.75,
  iconTag: 0.7,
  translatedTag: 0.65,
  flagWord: 0.6,
} as const;

// A word inside a longer label says less than a label of that one word, and how much less depends on
// whether it is the label's head, the thing named: "shoe" in "running shoe" is a shoe, "water" in
// "person playing water polo" is not water. English and German labels end in their head ("roter
// Apfel"), French and Spanish ones begin with it ("pomme rouge", "búfalo de agua").
const HEAD_OF_PHRASE = 0.85;
const MODIFIER_IN_PHRASE = 0.55;
const HEAD_LAST: Record<VisualLanguage, boolean> = { en: true, de: true, fr: false, es: false };

// Faces and people stand for feelings and persons; as the picture of a thing they mislead ("money"
// finds the money-mouth face, "time" a sad-but-relieved face), so they rank below objects that
// match as well. Unicode's emoji groups 0 (smileys and emotion) and 1 (people and body).
const PERSON_GROUPS = new Set([0, 1]);
const PERSON_FACTOR = 0.75;

// A flag's colours are not what it stands for: the transgender flag is tagged "light blue", "pink"
// and "white", and would be the picture of "white light". Flags (Unicode's emoji group 9) are
// found by their label and their other tags; a black or white flag keeps its colour in its label.
const FLAG_GROUP = 9;
const COLOUR_TAGS = new Set([
  'white', 'black', 'blue', 'light blue', 'light', 'pink', 'red', 'yellow', 'green', 'orange', 'purple',
  'weiß', 'weiss', 'schwarz', 'blau', 'hellblau', 'rosa', 'rot', 'gelb', 'grün',
  'blanc', 'noir', 'bleu', 'bleu clair', 'rose', 'rouge', 'jaune', 'vert',
  'blanco', 'negro', 'azul', 'azul claro', 'celeste', 'rosa', 'rojo', 'amarillo', 'verde',
]);

// Fluent has one icon per skin tone; the base icon stands for them all.
const SKIN_TONE = /-(1f3fb|1f3fc|1f3fd|1f3fe|1f3ff)(-|$)/;
const SKIN_TONE_NAME = /-(light|medium-light|medium|medium-dark|dark)$/;

function emptyLanguage(): LanguageIndex {
  return { terms: new Map(), phrases: new Map(), termList: [] };
}

function put(map: Map<string, Map<number, IndexHit>>, key: string, doc: number, hit: Omit<IndexHit, 'fields'>, counts = 1): void {
  let hits = map.get(key);
  if (!hits) map.set(key, (hits = new Map()));
  const previous = hits.get(doc);
  // A field the word names the picture in counts whole; one it only modifies ("new" in "new moon",
  // "money" in "money bag") counts half.
  const fields = (previous?.fields ?? 0) + counts;
  hits.set(doc, !previous || previous.weight < hit.weight ? { ...hit, fields } : { ...previous, fields });
}

class IndexBuilder {
  readonly docs: VisualDoc[] = [];
  readonly languages = Object.fromEntries(VISUAL_LANGUAGES.map((language) => [language, emptyLanguage()])) as Record<
    VisualLanguage,
    LanguageIndex
  >;
  private readonly ids = new Map<string, number>();

  doc(set: string, kind: VisualKind, name: string): number {
    const id = `${set}:${name}`;
    let index = this.ids.get(id);
    if (index === undefined) {
      index = this.docs.push({ id, set, kind, name, keywords: [] }) - 1;
      this.ids.set(id, index);
    }
    return index;
  }

  /** Docs (by index) whose weights are scaled, e.g. faces and people; 1 when absent. */
  readonly factors = new Map<number, number>();

  add(language: VisualLanguage, doc: number, text: string, weight: number): void {
    const stems = tokenize(text, language).filter((stem) => stem.length > 1);
    if (stems.length === 0) return;
    const keywords = this.docs[doc]!.keywords;
    if (language === 'en' && !keywords.includes(text)) keywords.push(text);
    const index = this.languages[language];
    const scaled = weight * (this.factors.get(doc) ?? 1);
    put(index.phrases, stems.join(' '), doc, { weight: scaled, source: text });
    const head = HEAD_LAST[language] ? stems.length - 1 : 0;
    stems.forEach((stem, i) => {
      const named = stems.length === 1 || i === head;
      const partWeight = stems.length === 1 ? scaled : scaled * (named ? HEAD_OF_PHRASE : MODIFIER_IN_PHRASE);
      put(index.terms, stem, doc, { weight: partWeight, source: text }, named ? 1 : 0.5);
    });
  }

  finish(): void {
    for (const language of VISUAL_LANGUAGES) this.languages[language].termList = [...this.languages[language].terms.keys()];
  }
}

function nameAsWords(name: string): string {
  return name.replace(/-/g, ' ');
}

function build(): VisualIndex {
  const started = performance.now();
  const builder = new IndexBuilder();
  const annotations = Object.fromEntries(
    VISUAL_LANGUAGES.map((language) => [language, emojiAnnotations(language)]),
  ) as Record<VisualLanguage, EmojiAnnotation[]>;

  const fluentByHex = new Map<string, string>();
  const skinToneNames = new Set<string>();
  for (const [hex, name] of Object.entries(loadIconSetChars('fluent-emoji-flat'))) {
    if (SKIN_TONE.test(hex)) skinToneNames.add(name);
    else fluentByHex.set(normalizeHexcode(hex), name);
  }
  const flagNames = new Set(Object.keys(loadIconSet('circle-flags').icons));

  // Emoji annotations feed fluent illustrations and, for flag emoji, circle flags.
  const englishByHex = new Map<string, EmojiAnnotation[]>();
  for (const language of VISUAL_LANGUAGES) {
    for (const emoji of annotations[language]) {
      const hex = normalizeHexcode(emoji.hexcode);
      if (language === 'en') englishByHex.set(hex, [...(englishByHex.get(hex) ?? []), emoji]);
      const fluent = fluentByHex.get(hex);
      if (fluent) {
        const doc = builder.doc('fluent-emoji-flat', 'illustration', fluent);
        if (PERSON_GROUPS.has(emoji.group)) builder.factors.set(doc, PERSON_FACTOR);
        builder.add(language, doc, emoji.label, WEIGHT.label);
        for (const tag of emoji.tags) if (emoji.group !== FLAG_GROUP || !COLOUR_TAGS.has(tag.toLowerCase())) builder.add(language, doc, tag, WEIGHT.tag);
      }
      const flag = flagCodeOf(emoji.hexcode);
      if (flag && flagNames.has(flag)) {
        const doc = builder.doc('circle-flags', 'flag', flag);
        // CLDR writes "flag: Germany" / "Flagge: Deutschland": the country is after the colon.
        const [flagWord, country] = emoji.label.includes(':') ? emoji.label.split(/:\s*/, 2) : [undefined, emoji.label];
        if (country) builder.add(language, doc, country, WEIGHT.label);
        if (flagWord) builder.add(language, doc, flagWord, WEIGHT.flagWord);
      }
    }
  }
  for (const name of new Set(fluentByHex.values())) {
    if (SKIN_TONE_NAME.test(name) && skinToneNames.has(name)) continue;
    builder.add('en', builder.doc('fluent-emoji-flat', 'illustration', name), nameAsWords(name), WEIGHT.emojiName);
  }

  // Lucide: English names and tags; where an icon's name is an emoji's English name ("house",
  // "rocket", "snowflake"), that emoji's annotations in the other languages carry over to it.
  const emojiByEnglishName = new Map<string, string>();
  for (const [hex, emojis] of englishByHex) {
    for (const emoji of emojis) emojiByEnglishName.set(foldText(emoji.label), hex);
    const fluent = fluentByHex.get(hex);
    if (fluent) emojiByEnglishName.set(nameAsWords(fluent), hex);
  }
  const annotationsByHex = Object.fromEntries(
    VISUAL_LANGUAGES.map((language) => [
      language,
      new Map(annotations[language].map((emoji) => [normalizeHexcode(emoji.hexcode), emoji] as const)),
    ]),
  ) as Record<VisualLanguage, Map<string, EmojiAnnotation>>;
  const lucideTags = require('lucide-static/tags.json') as Record<string, string[]>;
  for (const name of Object.keys(loadIconSet('lucide').icons)) {
    const doc = builder.doc('lucide', 'icon', name);
    builder.add('en', doc, nameAsWords(name), WEIGHT.iconName);
    for (const tag of lucideTags[name] ?? []) builder.add('en', doc, tag, WEIGHT.iconTag);
    const hex = emojiByEnglishName.get(nameAsWords(name));
    if (!hex) continue;
    for (const language of VISUAL_LANGUAGES) {
      if (language === 'en') continue;
      const emoji = annotationsByHex[language].get(hex);
      if (!emoji) continue;
      builder.add(language, doc, emoji.label, WEIGHT.translatedLabel);
      for (const tag of emoji.tags) builder.add(language, doc, tag, WEIGHT.translatedTag);
    }
  }

  // Flags that no emoji names (regions, organisations) are found by their English name, if they have one.
  for (const name of flagNames) {
    if (name.length > 3 && !name.includes('-')) builder.add('en', builder.doc('circle-flags', 'flag', name), name, WEIGHT.iconName);
  }

  builder.finish();
  return { docs: builder.docs, languages: builder.languages, buildMs: performance.now() - started };
}

let cached: VisualIndex | undefined;

/** The search index over every set, built on first use (a few hundred milliseconds) and kept for the process. */
export function visualIndex(): VisualIndex {
  cached ??= build();
  return cached;
}
