import type { EditOperationName } from './edit-operations.js';
import { isColor } from './grammar-helpers.js';

/** A language the rule grammar reads. */
export type GrammarLanguage = 'en' | 'de' | 'fr' | 'es';

/** One canonical phrasing of an operation: what a refusal offers as the closest change understood. */
export interface CanonicalPhrasing {
  op: EditOperationName;
  language: GrammarLanguage;
  text: string;
}

const phrasings = (language: GrammarLanguage, rows: [EditOperationName, string][]): CanonicalPhrasing[] => rows.map(([op, text]) => ({ op, language, text }));

/**
 * Canonical phrasings per operation and language; every one reads with the rule grammar (the tests
 * check this), so a refusal never suggests something that would be refused too.
 */
export const CANONICAL_PHRASINGS: readonly CanonicalPhrasing[] = [
  ...phrasings('en', [
    ['retext', 'make the title say "Hello"'],
    ['retext', 'change the title to "Hello"'],
    ['retext', 'change the text of scene 2 to "Hello"'],
    ['replace_text', 'replace "Acme" with "Globex"'],
    ['set_picture', 'replace the picture in scene 2 with a honey jar'],
    ['set_picture', 'use a lighthouse picture in the last scene'],
    ['recolor_text', 'make the title red'],
    ['recolor_text', 'make the text white'],
    ['recolor_text', 'make the text of scene 2 red'],
    ['resize_text', 'make the text bigger'],
    ['resize_text', 'make the text smaller'],
    ['resize_text', 'make the title bigger'],
    ['restyle', 'change the background to dark blue'],
    ['restyle', 'change the color to teal'],
    ['restyle', 'make the accent color orange'],
    ['restyle', 'use the font Lora'],
    ['set_length', 'make the video 20 seconds long'],
    ['set_length', 'cut it to 15 seconds'],
    ['retime', 'make scene 2 shorter'],
    ['retime', 'make the last scene a bit longer'],
    ['retime', 'make scene 2 5 seconds'],
    ['swap', 'swap the first two scenes'],
    ['swap', 'swap scenes 2 and 3'],
    ['reorder', 'move the last scene to the start'],
    ['reorder', 'move scene 3 before scene 1'],
    ['remove_scene', 'remove the last scene'],
    ['remove_scene', 'remove scene 3'],
    ['add_scene', 'add a scene at the end saying "Thanks for watching"'],
    ['set_music', 'use calmer music'],
    ['set_music', 'add calm music'],
    ['set_music', 'no music'],
    ['set_sfx', 'no sound effects'],
    ['set_narration', 'no narration'],
    ['set_voice', 'use the voice Noah'],
    ['set_language', 'narrate in German'],
    ['regenerate_scene', 'redo scene 2'],
  ]),
  ...phrasings('de', [
    ['retext', 'Ändere den Titel in "Hallo"'],
    ['set_picture', 'Ersetze das Bild in Szene 2 durch ein Honigglas'],
    ['recolor_text', 'Mach den Titel rot'],
    ['recolor_text', 'Mach den Text weiß'],
    ['resize_text', 'Mach den Text größer'],
    ['resize_text', 'Mach den Text kleiner'],
    ['restyle', 'Mach den Hintergrund dunkelblau'],
    ['set_length', 'Mach das Video 20 Sekunden lang'],
    ['retime', 'Mach die zweite Szene kürzer'],
    ['swap', 'Tausche die ersten beiden Szenen'],
    ['swap', 'Vertausche Szene 2 und 3'],
    ['reorder', 'Verschiebe die letzte Szene an den Anfang'],
    ['remove_scene', 'Entferne die letzte Szene'],
    ['set_music', 'Ruhigere Musik'],
    ['set_music', 'Keine Musik'],
    ['set_narration', 'Keine Sprecherstimme'],
  ]),
  ...phrasings('fr', [
    ['retext', 'Change le titre en "Bonjour"'],
    ['set_picture', "Remplace l'image de la scène 2 par un pot de miel"],
    ['recolor_text', 'Mets le titre en rouge'],
    ['recolor_text', 'Mets le texte en blanc'],
    ['resize_text', 'Mets le texte plus grand'],
    ['resize_text', 'Mets le texte plus petit'],
    ['restyle', 'Mets le fond en bleu foncé'],
    ['set_length', 'Fais une vidéo de 20 secondes'],
    ['retime', 'Raccourcis la deuxième scène'],
    ['swap', 'Échange les deux premières scènes'],
    ['swap', 'Inverse les scènes 2 et 3'],
    ['reorder', 'Déplace la dernière scène au début'],
    ['remove_scene', 'Supprime la dernière scène'],
    ['set_music', 'Une musique plus calme'],
    ['set_music', 'Pas de musique'],
    ['set_narration', 'Pas de narration'],
  ]),
  ...phrasings('es', [
    ['retext', 'Cambia el título a "Hola"'],
    ['set_picture', 'Reemplaza la imagen de la escena 2 por una foca'],
    ['recolor_text', 'Pon el título en rojo'],
    ['recolor_text', 'Pon el texto en blanco'],
    ['resize_text', 'Haz el texto más grande'],
    ['resize_text', 'Haz el texto más pequeño'],
    ['restyle', 'Pon el fondo azul oscuro'],
    ['set_length', 'Haz que el vídeo dure 20 segundos'],
    ['retime', 'Acorta la segunda escena'],
    ['swap', 'Intercambia las dos primeras escenas'],
    ['swap', 'Intercambia las escenas 2 y 3'],
    ['reorder', 'Mueve la última escena al principio'],
    ['remove_scene', 'Elimina la última escena'],
    ['set_music', 'Una música más tranquila'],
    ['set_music', 'Sin música'],
    ['set_narration', 'Sin narración'],
  ]),
];

/** Words that mark a language (articles, pronouns, common verbs of edits). */
const MARKERS: Readonly<Record<GrammarLanguage, RegExp>> = {
  en: /^(?:the|a|an|and|make|change|use|set|scene|scenes|slide|title|text|music|video|seconds|swap|move|remove|add|bigger|smaller|shorter|longer|to|of|it|please|can|you|picture|replace|with|show)$/u,
  de: /^(?:der|die|das|den|dem|und|mach|mache|ändere|bitte|szene|szenen|folie|titel|musik|keine|ohne|soll|größer|kleiner|kürzer|länger|hintergrund|schrift|sekunden|tausche|entferne|lösche|ein|eine|bild|ersetze|durch|zeige)$/u,
  fr: /^(?:le|la|les|du|des|et|mets|mettre|fais|change|une|un|scène|scènes|titre|musique|pas|plus|fond|secondes|supprime|échange|texte|vidéo|pour|avec|image|remplace|par|montre)$/u,
  es: /^(?:el|los|las|del|y|pon|haz|cambia|una|escena|escenas|título|música|sin|más|fondo|segundos|elimina|intercambia|texto|vídeo|video|con|que|imagen|reemplaza|por|muestra)$/u,
};

/** The language most of a text's words mark, English on a tie or when none do. */
export function phrasingLanguage(text: string): GrammarLanguage {
  const words = text.toLowerCase().split(/[^\p{L}]+/u).filter(Boolean);
  let best: GrammarLanguage = 'en';
  let most = 0;
  for (const [language, marker] of Object.entries(MARKERS) as [GrammarLanguage, RegExp][]) {
    const count = words.filter((word) => marker.test(word)).length;
    if (count > most) [best, most] = [language, count];
  }
  return best;
}

/** A word of a phrasing, with the class that stands for it when comparing: a quote, a number or a color. */
interface Token {
  text: string;
  key: string;
}

const QUOTE = /"[^"]*"|“[^”]*”|‘[^’]*’|«[^»]*»|„[^“”]*[“”]|(?<![\p{L}])'[^']*'(?![\p{L}])/gu;

function tokens(text: string): Token[] {
  const out: Token[] = [];
  let last = 0;
  const words = (part: string) => {
    for (const word of part.toLowerCase().split(/[^\p{L}\p{N}#.,]+/u)) {
      const clean = word.replace(/[.,]+$/u, '');
      if (!clean) continue;
      const key = /^\d+(?:[.,]\d+)?$/u.test(clean) ? '<number>' : isColor(clean) ? '<color>' : clean;
      out.push({ text: clean, key });
    }
  };
  for (const match of text.matchAll(QUOTE)) {
    words(text.slice(last, match.index));
    out.push({ text: match[0], key: '<quote>' });
    last = match.index + match[0].length;
  }
  words(text.slice(last));
  return out;
}

/** Optimal string alignment distance: edits, a swap of neighbours counting as one ("titel" → "title"). */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = value;
    }
  }
  return rows[a.length]![b.length]!;
}

/** How alike two words are, 0..1: equal (or of one class) 1, a typo of a longer word in between, else 0. */
function wordSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  if (a.startsWith('<') || b.startsWith('<') || Math.min(a.length, b.length) < 3) return 0;
  const similarity = 1 - editDistance(a, b) / Math.max(a.length, b.length);
  return similarity >= 0.6 ? similarity : 0;
}

/**
 * How alike two phrasings are, 0..1: the words of each matched one to one with their most alike
 * word of the other (typos count in part), as a Dice coefficient.
 */
export function phrasingSimilarity(a: string, b: string): number {
  const left = tokens(a);
  const right = tokens(b);
  if (left.length === 0 || right.length === 0) return 0;
  const pairs = left.flatMap((x, i) => right.map((y, j) => ({ i, j, score: wordSimilarity(x.key, y.key) }))).filter((pair) => pair.score > 0);
  pairs.sort((p, q) => q.score - p.score);
  const usedLeft = new Set<number>();
  const usedRight = new Set<number>();
  let matched = 0;
  for (const pair of pairs) {
    if (usedLeft.has(pair.i) || usedRight.has(pair.j)) continue;
    usedLeft.add(pair.i);
    usedRight.add(pair.j);
    matched += pair.score;
  }
  return (2 * matched) / (left.length + right.length);
}

/** A canonical phrasing with the user's own quote, number and color put in its place ("make the titel green" → "make the title green"). */
function withUserValues(canonical: string, text: string): string {
  const mine = tokens(text);
  const theirs = tokens(canonical);
  const take = (key: string) => mine.filter((token) => token.key === key).map((token) => token.text);
  const values: Record<string, string[]> = { '<quote>': take('<quote>'), '<number>': take('<number>'), '<color>': take('<color>') };
  let result = canonical;
  for (const token of theirs) {
    const pool = values[token.key];
    const value = pool?.shift();
    if (value === undefined) continue;
    // Whole words only: "red" in "reduce" stays.
    result = result.replace(new RegExp(`(?<![\\p{L}\\p{N}#])${token.text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'iu'), () => value);
  }
  return result;
}

/**
 * The canonical phrasing closest to `text` (word overlap with typos forgiven, the text's own
 * language first on a tie), with the user's quoted text, numbers and colors put in; `reads` says
 * whether a candidate reads, and one that does not falls back to the canonical phrasing as it is.
 */
export function closestPhrasing(text: string, reads: (candidate: string) => boolean = () => true): string {
  const language = phrasingLanguage(text);
  const ranked = CANONICAL_PHRASINGS.map((phrasing, index) => ({ phrasing, index, score: phrasingSimilarity(text, phrasing.text) + (phrasing.language === language ? 0.05 : 0) })).sort(
    (a, b) => b.score - a.score || a.index - b.index,
  );
  const best = ranked[0]!.phrasing.text;
  const personal = withUserValues(best, text);
  return personal !== best && reads(personal) ? personal : best;
}
