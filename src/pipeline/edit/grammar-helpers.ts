import { cssColorHex } from './css-colors.js';
import type { EditOperation } from './edit-operations.js';
import type { EditSource } from './edit-source.js';
import { sceneNumberOf } from './scene-references.js';

/** What a rule reads an instruction against: the video, and the voices it may name. */
export interface GrammarContext {
  source: EditSource;
  voices: readonly { id: string; name: string }[];
}

/** A rule's reading: operations, or why a clause it recognised cannot be done (shown to the user). */
export type RuleReading = EditOperation[] | { problem: string };

/** One rule of the edit grammar: phrasings and what they mean. */
export interface GrammarRule {
  name: string;
  patterns: RegExp[];
  read(groups: Record<string, string>, context: GrammarContext): RuleReading | undefined;
}

/** A pattern matching a whole clause, case-insensitive. */
export const rx = (source: string) => new RegExp(`^(?:${source})$`, 'iu');

const QUOTES: [string, string][] = [['"', '"'], ["'", "'"], ['“', '”'], ['‘', '’'], ['«', '»'], ['„', '“'], ['„', '”'], ['‚', '‘'], ['»', '«']];

/** Text as the user meant it: surrounding quotes removed. */
export function unquote(text: string): string {
  const trimmed = text.trim();
  for (const [open, close] of QUOTES) {
    if (trimmed.length >= 2 && trimmed.startsWith(open) && trimmed.endsWith(close)) return trimmed.slice(open.length, -close.length).trim();
  }
  return trimmed;
}

/** The 1-based scene a reference means in the context's video. */
export const sceneOf = (reference: string, context: GrammarContext) => sceneNumberOf(reference, context.source.scenes.length);

/** German, French and Spanish color words, as the CSS name they mean. */
const COLOR_WORDS: Readonly<Record<string, string>> = {
  rot: 'red', blau: 'blue', grün: 'green', gruen: 'green', gelb: 'yellow', schwarz: 'black', weiß: 'white', weiss: 'white', grau: 'gray', lila: 'purple', violett: 'violet', rosa: 'pink', braun: 'brown', türkis: 'turquoise', silber: 'silver',
  rouge: 'red', bleu: 'blue', bleue: 'blue', vert: 'green', verte: 'green', jaune: 'yellow', noir: 'black', noire: 'black', blanc: 'white', blanche: 'white', gris: 'gray', grise: 'gray', violette: 'violet', rose: 'pink', marron: 'brown', brun: 'brown', doré: 'gold', dorée: 'gold', argent: 'silver', pourpre: 'purple',
  rojo: 'red', roja: 'red', azul: 'blue', verde: 'green', amarillo: 'yellow', amarilla: 'yellow', negro: 'black', negra: 'black', blanco: 'white', blanca: 'white', naranja: 'orange', morado: 'purple', morada: 'purple', violeta: 'violet', rosado: 'pink', marrón: 'brown', turquesa: 'turquoise', dorado: 'gold', dorada: 'gold', plateado: 'silver',
};
const DARK = /^(?:dark|deep|dunkel|fonc[ée]e?|oscur[oa])$/u;
const LIGHT = /^(?:light|pale|hell|clair[e]?|clar[oa])$/u;

/** The CSS color a name in English, German, French or Spanish means ("dark blue", "dunkelblau", "bleu foncé", "azul oscuro"). */
function namedColor(name: string): string | undefined {
  const direct = cssColorHex(name);
  if (direct) return direct;
  let words = name.toLowerCase().split(/[\s-]+/u).filter(Boolean);
  // German writes the shade into the word: dunkelblau, hellgrün.
  if (words.length === 1) {
    const compound = /^(dunkel|hell)(.+)$/u.exec(words[0]!);
    if (compound) words = [compound[1]!, compound[2]!];
  }
  const shade = words.find((word) => DARK.test(word)) ? 'dark' : words.find((word) => LIGHT.test(word)) ? 'light' : '';
  const rest = words.filter((word) => !DARK.test(word) && !LIGHT.test(word));
  if (rest.length !== 1) return undefined;
  const base = COLOR_WORDS[rest[0]!] ?? rest[0]!;
  return cssColorHex(`${shade}${base}`);
}

/** A color as `#RRGGBB`: hex, or a color name ("teal", "dark blue", "rot", "bleu foncé"); a problem otherwise. */
export function colorOf(text: string): string | { problem: string } {
  const value = unquote(text).trim();
  if (/^#?(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(value) && (value.startsWith('#') || /\d/.test(value))) {
    const hex = value.startsWith('#') ? value : `#${value}`;
    return hex.length === 4 ? `#${hex[1]}${hex[1]}${hex[2]}${hex[2]}${hex[3]}${hex[3]}`.toUpperCase() : hex.toUpperCase();
  }
  return namedColor(value) ?? { problem: `"${value}" is not a hex color (#RRGGBB) or a CSS color name` };
}

/** Whether a text names a color (hex or a color name in one of the grammar's languages). */
export const isColor = (text: string) => typeof colorOf(text) === 'string';

/** The scene "the title" means: the first title card, else the opening scene. */
export function titleScene(context: GrammarContext): number {
  const at = context.source.scenes.findIndex((item) => item.kind === 'title');
  return at >= 0 ? at + 1 : 1;
}

/**
 * The scene "the second title" means: among the video's title cards when it has that many
 * (for "the last title", at least two), else the scene of that number; "the first title" is
 * {@link titleScene}.
 */
export function nthTitleScene(ordinal: string | undefined, context: GrammarContext): number | undefined {
  if (!ordinal) return titleScene(context);
  const count = context.source.scenes.length;
  const number = sceneOf(`${ordinal} scene`, context);
  if (number === undefined) return undefined;
  if (number === 1 && !/last|letzt|derni|[uú]ltim/iu.test(ordinal)) return titleScene(context);
  const cards = context.source.scenes.flatMap((scene, index) => (scene.kind === 'title' ? [index + 1] : []));
  const last = number === count && /last|final|closing|letzt|derni|[uú]ltim/iu.test(ordinal);
  if (last) return cards.length >= 2 ? cards[cards.length - 1]! : count;
  return cards.length >= number ? cards[number - 1]! : number;
}

type Mood = 'bright' | 'calm' | 'driving' | 'warm' | 'dark';

/** Mood words (plain and comparative) in English, German, French and Spanish. */
const MOOD_WORDS: readonly [Mood, RegExp][] = [
  ['calm', /^(?:calm(?:er|ing)?|relax(?:ed|ing)?|chill(?:er)?|soft(?:er)?|gentler?|quiet(?:er)?|peaceful|mellow(?:er)?|slow(?:er)?|soothing|ruhig(?:er)?e?[nrs]?|entspannt(?:er)?e?[nrs]?|sanft(?:er)?e?[nrs]?|calme|douce|doux|apaisante?|relaxante?|tranquil[oa]|calmad[oa]|suave|relajad[oa]|relajante)$/u],
  ['bright', /^(?:bright(?:er)?|upbeat|happ(?:y|ier)|cheerful|cheerier|fun|joyful|lively|livelier|positive|fröhlich(?:er)?e?[nrs]?|heiter(?:er)?e?[nrs]?|beschwingt(?:er)?e?[nrs]?|lustig(?:er)?e?[nrs]?|joyeu(?:x|se)|gaie?|enjou[ée]e?|entra[iî]nante?|alegre|animad[oa]|feliz)$/u],
  ['driving', /^(?:driving|energetic|intense|fast(?:er)?|epic|punchy|punchier|powerful|energisch(?:er)?e?[nrs]?|schnell(?:er)?e?[nrs]?|dynamisch(?:er)?e?[nrs]?|[ée]nergique|rapide|dynamique|intense|en[ée]rgic[oa]|r[aá]pid[oa]|intens[oa]|din[aá]mic[oa])$/u],
  ['warm', /^(?:warm(?:er)?|cozy|cosy|cozier|cosier|friendly|w[aä]rmer(?:e[nrs]?)?|warme[nrs]?|chaleureu(?:x|se)|c[aá]lid[oa])$/u],
  ['dark', /^(?:dark(?:er)?|moody|moodier|dramatic|tense|serious|sad|sadder|dunkl(?:er)?e?[nrs]?|düster(?:er)?e?[nrs]?|dramatisch(?:er)?e?[nrs]?|traurig(?:er)?e?[nrs]?|sombre|dramatique|triste|oscur[oa]|dram[aá]tic[oa])$/u],
];
const MORE = /^(?:more|a|bit|little|lot|much|slightly|somewhat|mehr|etwas|ein|bisschen|wenig|viel|plus|un|peu|beaucoup|m[aá]s|poco|mucho|something|einer?|une?|una)$/u;

/** The music mood words mean ("calmer", "more upbeat", "ruhigere", "plus calme", "más tranquila"), or undefined. */
export function moodOf(words: string): Mood | undefined {
  const rest = words.toLowerCase().split(/\s+/u).filter((word) => word && !MORE.test(word));
  if (rest.length !== 1) return undefined;
  return MOOD_WORDS.find(([, pattern]) => pattern.test(rest[0]!))?.[0];
}

/** Seconds from a duration's groups: `seconds`, `minutes`, `one` (a minute) or `half` (half a minute). */
export function secondsOf(groups: Record<string, string>): number | undefined {
  const number = (text: string) => Number(text.replace(',', '.'));
  if (groups.seconds) return number(groups.seconds);
  if (groups.minutes) return number(groups.minutes) * 60;
  if (groups.half) return 30;
  if (groups.one) return 60;
  return undefined;
}

/** Whether a text was written in quotes (so it is words to show, never a color). */
export const isQuoted = (text: string) => unquote(text) !== text.trim();
