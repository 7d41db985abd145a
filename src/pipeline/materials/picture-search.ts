// Finding a library picture for words of a scene: a label, a headline, a list's points.
import { searchVisuals } from '../../catalog/visuals/index.js';
import { foldText, resolveVisualLanguage, tokenize } from '../../catalog/visuals/visual-text.js';

/**
 * The score a label's best illustration must reach to stand for it in an icon grid: the picture's
 * own name, or the head of its name ("shoe" in "running shoe"), or a keyword that more than one of
 * its fields agree on. Single keywords rank too loosely still ("growth" finds a tulip), and a wrong
 * picture is worse than the kit's line icon. On the 44 everyday words of
 * test/fixtures/picture-judgements.ts this bar gives 16 pictures judged right and 1 wrong, and leaves
 * the rest to the line icons.
 */
export const PICTURE_MIN_SCORE = 0.8;

/** The score of a picture's own name (or a label that is the word alone) in the request's language. */
const OWN_NAME_SCORE = 0.95;

/** The colour illustration (`fluent-emoji-flat:…` or a flag) that best shows a label, in the request's language, with its score; undefined when none fits well. */
function bestPicture(label: string, language: string): { id: string; score: number } | undefined {
  const [best] = searchVisuals(label, { language, limit: 1, kinds: ['illustration', 'flag'] });
  return best && best.score >= PICTURE_MIN_SCORE ? { id: best.id, score: best.score } : undefined;
}

/** The colour illustration (`fluent-emoji-flat:…` or a flag) that best shows a label, in the request's language; undefined when none fits well. */
export function pictureFor(label: string, language: string): string | undefined {
  return bestPicture(label, language)?.id;
}

// Words of a headline that join its nouns but never name its subject: question words, common verbs,
// possessives and a few adjectives (besides the catalog's own articles and prepositions).
const HEADLINE_FILLER: Record<string, ReadonlySet<string>> = {
  en: new Set(['how', 'why', 'what', 'which', 'who', 'when', 'where', 'is', 'are', 'was', 'do', 'does', 'did', 'can', 'make', 'makes', 'work', 'works', 'get', 'gets', 'your', 'our', 'my', 'its', 'their', 'new', 'about', 'into', 'vs', 'versus', 'explained', 'guide', 'please']),
  de: new Set(['wie', 'warum', 'was', 'welche', 'welcher', 'wer', 'wann', 'wo', 'ist', 'sind', 'funktioniert', 'funktionieren', 'macht', 'unser', 'unsere', 'unserer', 'mein', 'meine', 'dein', 'deine', 'ihr', 'ihre', 'neu', 'neue', 'neuer', 'neues', 'uber', 'erklart', 'bitte']),
  fr: new Set(['comment', 'pourquoi', 'quoi', 'quel', 'quelle', 'qui', 'quand', 'ou', 'est', 'sont', 'fonctionne', 'fonctionnent', 'marche', 'notre', 'nos', 'mon', 'ma', 'mes', 'votre', 'vos', 'nouveau', 'nouvelle', 'explique', 'plait']),
  es: new Set(['como', 'por', 'que', 'cual', 'quien', 'cuando', 'donde', 'es', 'son', 'funciona', 'funcionan', 'nuestro', 'nuestra', 'nuestros', 'mi', 'mis', 'tu', 'tus', 'su', 'sus', 'nuevo', 'nueva', 'explicado', 'favor']),
};

/** The runs of adjacent words of a headline that may name something ("heat pump", "cats purr"), fillers left out. */
function contentRuns(headline: string, language: string): string[][] {
  const filler = HEADLINE_FILLER[resolveVisualLanguage(language)]!;
  const runs: string[][] = [];
  // Punctuation ends a run as a filler word does: "A running shoe, please".
  for (const clause of headline.split(/[.,;:!?¿¡()"“”«»…]+/u)) {
    runs.push([]);
    for (const word of clause.split(/[^\p{L}\p{N}]+/u)) {
      const content = word.length >= 3 && !filler.has(foldText(word)) && tokenize(word, resolveVisualLanguage(language)).length > 0;
      if (content) runs.at(-1)!.push(word);
      else if (runs.at(-1)!.length > 0) runs.push([]);
    }
  }
  return runs.filter((run) => run.length > 0);
}

/**
 * The hero picture of a headline ("How honeybees make honey" → a honeybee), undefined when nothing
 * fits. Each run of adjacent words is read as one name first ("running shoe"); a word of a longer
 * run stands alone only when it is a picture's own name (a "heat pump" is not a fuel pump, and no
 * picture is better than that one); with `headsOnly` (sentences), only a run's head may. The
 * best-scoring candidate wins.
 */
export function heroPictureFor(headline: string, language: string, options: { headsOnly?: boolean } = {}): string | undefined {
  let best: { id: string; score: number } | undefined;
  const consider = (found: { id: string; score: number } | undefined) => {
    if (found && (!best || found.score > best.score)) best = found;
  };
  for (const run of contentRuns(headline, language)) {
    if (run.length === 1) {
      consider(bestPicture(run[0]!, language));
      continue;
    }
    const whole = bestPicture(run.join(' '), language);
    if (whole) {
      consider(whole);
      continue;
    }
    // In sentences (a list's points) only a run's head may stand alone: "house bees" are bees, not a house.
    const headLast = !['fr', 'es'].includes(resolveVisualLanguage(language));
    const words = options.headsOnly ? [headLast ? run.at(-1)! : run[0]!] : run;
    for (const word of words) {
      const alone = bestPicture(word, language);
      if (alone && alone.score >= OWN_NAME_SCORE) consider(alone);
    }
  }
  return best?.id;
}
