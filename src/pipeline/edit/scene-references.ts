const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth', 'eleventh', 'twelfth'];
const NUMBER_WORDS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];

/** Ordinal words of German, French and Spanish, by the number they mean (inflected endings are matched by the patterns). */
const FOREIGN_ORDINALS: readonly [RegExp, number][] = [
  [/^(?:erste[nmrs]?|premi[eè]re?|primer[oa]?)$/u, 1],
  [/^(?:zweite[nmrs]?|deuxi[eè]me|second[e]?|segund[oa])$/u, 2],
  [/^(?:dritte[nmrs]?|troisi[eè]me|tercer[oa]?)$/u, 3],
  [/^(?:vierte[nmrs]?|quatri[eè]me|cuart[oa])$/u, 4],
  [/^(?:fünfte[nmrs]?|cinqui[eè]me|quint[oa])$/u, 5],
  [/^(?:sechste[nmrs]?|sixi[eè]me|sext[oa])$/u, 6],
];
const LAST = /^(?:last|final|closing|ending|outro|letzte[nmrs]?|derni[eè]re?|[uú]ltim[oa])$/u;
const FIRST = /^(?:opening|intro)$/u;
const PENULTIMATE = /(?:penultimate|second[- ]to[- ]last|next[- ]to[- ]last|vorletzte[nmrs]?|avant[- ]derni[eè]re?|pen[uú]ltim[oa])/u;

const ORDINAL = `(?:${ORDINALS.join('|')}|last|final|closing|opening|ending|penultimate|second[- ]to[- ]last|next[- ]to[- ]last|\\d+(?:st|nd|rd|th|\\.)|(?:erste|zweite|dritte|vierte|fünfte|sechste|vorletzte|letzte)[nmrs]?|premi[eè]re?|deuxi[eè]me|troisi[eè]me|quatri[eè]me|cinqui[eè]me|sixi[eè]me|avant[- ]derni[eè]re?|derni[eè]re?|primer[oa]?|segund[oa]|tercer[oa]?|cuart[oa]|quint[oa]|pen[uú]ltim[oa]|[uú]ltim[oa])`;
const NUMBER = `(?:\\d+|${NUMBER_WORDS.join('|')})`;
/** The words for a scene: scene, slide, card (and the German, French and Spanish ones). */
export const SCENE_NOUN = '(?:scenes?|slides?|cards?|szenen?|folien?|karten?|sc[eè]nes?|diapositives?|diapos?|escenas?|diapositivas?|tarjetas?)';
const NOUN = SCENE_NOUN;

/**
 * A regular-expression source matching one scene reference: "scene 2", "scene #2", "slide two",
 * "card 3", "the second scene", "the last one", "the opening/closing scene", "the intro", "the outro"
 * (and "Szene 2", "die letzte Folie", "la scène 2", "la dernière diapositive", "la escena 2",
 * "la última diapositiva").
 */
export const SCENE_REF = `(?:(?:the|die|der|den|dem|das|la|le|l'|el)\\s*)?(?:${ORDINAL}\\s+(?:${NOUN}|one)|${NOUN}\\s+(?:number\\s+|no\\.?\\s*|nr\\.?\\s*|n[°º]\\s*|#)?${NUMBER}|${NOUN}\\s+${ORDINAL}|intro|outro|opening|ending)`;

/** A bare scene reference inside "swap scenes 2 and 3" / "swap the first and last scenes". */
export const BARE_REF = `(?:${NUMBER}|${ORDINAL})`;

/** The ordinal words a reference may use, as a regular-expression source ("first", "2nd", "letzte", "dernière", "última"). */
export const ORDINAL_WORD = ORDINAL;

/**
 * The 1-based scene number a reference means in a video of `count` scenes, or undefined when it is
 * not a reference. Numbers past the end are returned as written: applying them reports the error.
 */
export function sceneNumberOf(reference: string, count: number): number | undefined {
  const text = reference.toLowerCase().trim();
  if (PENULTIMATE.test(text)) return count - 1;
  const words = text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  if (words.some((word) => LAST.test(word))) return count;
  if (words.some((word) => FIRST.test(word))) return 1;
  const digits = /(\d+)/u.exec(text);
  if (digits) return Number(digits[1]);
  for (const word of words) {
    const foreign = FOREIGN_ORDINALS.find(([pattern]) => pattern.test(word));
    if (foreign) return foreign[1];
    const ordinal = ORDINALS.indexOf(word);
    if (ordinal >= 0) return ordinal + 1;
  }
  for (const word of words) {
    const number = NUMBER_WORDS.indexOf(word);
    if (number >= 0) return number + 1;
  }
  return undefined;
}
