const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth', 'eleventh', 'twelfth'];
const NUMBER_WORDS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];

const ORDINAL = `(?:${ORDINALS.join('|')}|last|final|closing|opening|ending|penultimate|second[- ]to[- ]last|next[- ]to[- ]last|\\d+(?:st|nd|rd|th)|(?:erste|zweite|dritte|vierte|fünfte|sechste|letzte)[nrs]?|premi[eè]re?|deuxi[eè]me|troisi[eè]me|derni[eè]re?|primera?|segunda?|tercera?|[uú]ltima?)`;
const NUMBER = `(?:\\d+|${NUMBER_WORDS.join('|')})`;
const NOUN = '(?:scenes?|slides?|szenen?|sc[eè]nes?|escenas?)';

/**
 * A regular-expression source matching one scene reference: "scene 2", "scene #2", "slide two",
 * "the second scene", "the last one", "the opening/closing scene", "the intro", "the outro"
 * (and "Szene 2", "la scène 2", "la escena 2", "die letzte Szene", "la dernière scène").
 */
export const SCENE_REF = `(?:(?:the|die|der|la|le|l')\\s*)?(?:${ORDINAL}\\s+(?:${NOUN}|one)|${NOUN}\\s+(?:number\\s+|no\\.?\\s*|nr\\.?\\s*|n[°º]\\s*|#)?${NUMBER}|${NOUN}\\s+${ORDINAL}|intro|outro|opening|ending)`;

/** A bare scene reference inside "swap scenes 2 and 3" / "swap the first and last scenes". */
export const BARE_REF = `(?:${NUMBER}|${ORDINAL})`;

/**
 * The 1-based scene number a reference means in a video of `count` scenes, or undefined when it is
 * not a reference. Numbers past the end are returned as written: applying them reports the error.
 */
export function sceneNumberOf(reference: string, count: number): number | undefined {
  const text = reference.toLowerCase().trim();
  if (/\b(?:penultimate|second[- ]to[- ]last|next[- ]to[- ]last)\b/.test(text)) return count - 1;
  if (/\b(?:last|final|closing|ending|outro|letzte[nrs]?|derni[eè]re?|[uú]ltima?)\b|(?:^|\s)(?:última?)(?:\s|$)/.test(text)) return count;
  if (/\b(?:opening|intro|erste[nrs]?|premi[eè]re?|primera?)\b/.test(text)) return 1;
  const digits = /(\d+)/.exec(text);
  if (digits) return Number(digits[1]);
  const german = ['erste', 'zweite', 'dritte', 'vierte', 'fünfte', 'sechste'];
  for (const [index, word] of german.entries()) if (new RegExp(`(?:^|\\s)${word}[nrs]?(?:\\s|$)`).test(text)) return index + 1;
  const romance: [RegExp, number][] = [[/deuxi[eè]me|segunda?/, 2], [/troisi[eè]me|tercera?/, 3]];
  for (const [pattern, number] of romance) if (pattern.test(text)) return number;
  for (const [index, word] of ORDINALS.entries()) if (new RegExp(`\\b${word}\\b`).test(text)) return index + 1;
  for (const [index, word] of NUMBER_WORDS.entries()) if (new RegExp(`\\b${word}\\b`).test(text)) return index + 1;
  return undefined;
}
