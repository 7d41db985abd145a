// Figures stated in prose ("62% of teams ...", "$4.2 million in sales"), found with the words
// around them. Documents (key statements of a PDF) and the embedded providers (the prompt) both
// read figures this way, so it sits here, below both.

/** Splits text into sentences: after `.`, `!` or `?` before a capital in any script, a digit, a quote, `¿` or `¡`. */
export function sentences(text: string): string[] {
  return text
    .replace(/\s+/g, ' ')
    .split(/(?<=[.!?])\s+(?=[\p{Lu}\p{N}"'“¿¡])/u)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The text with its first letter upper-cased. */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Shortens text to at most `words` words, at a word boundary. */
export function limitWords(text: string, words: number): string {
  const parts = text.split(/\s+/);
  return parts.length <= words ? text : parts.slice(0, words).join(' ');
}

/** A figure stated in the prompt, such as "62% of teams ..." or "$4.2 million in sales". */
export interface StatedFigure {
  value: number;
  prefix: string;
  suffix: string;
  decimals: number;
  label: string;
  /** The sentence that states it. */
  sentence: string;
}

/** Units of time, distance, weight and volume that follow a number, in en/de/fr/es. */
const MEASURE = /^\s*(hours?|hrs|days?|weeks?|months?|years?|km|kg|g|lbs?|miles?|meters?|metres?|liters?|litres?|stunden|tage[n]?|wochen|monate[n]?|jahre[n]?|heures|jours|semaines|mois|ans|horas|días|semanas|meses|años)(?![\p{L}])/iu;

/** Words that begin a clause that goes on from another, not one that stands alone. */
const JOINING = /^(?:and|or|but|which|that|und|oder|aber|et|ou|mais|y|o|pero|que)\b/i;

/** A subject pronoun at a clause's start: the label reads better without it ("It ferments …" → "Ferments …"). */
const PRONOUN = /^(?:it|they|we|he|she|es|sie|er|wir|il|elle|ils|elles|nous|on|ello|ella|ellos)\s+/i;

/**
 * The words that say what a figure counts: what follows it when that stands alone ("62% of teams
 * ship weekly" → "Teams ship weekly"), else the clause that states it, whole ("It ferments for 48
 * hours and is baked every morning" → "Ferments for 48 hours"), never a fragment that ends on "for".
 */
function labelFor(sentence: string, start: number, end: number, rest: string): string {
  if (rest.length >= 8 && !JOINING.test(rest)) return rest;
  const boundary = /,\s+|;\s+|\s+(?:and|und|et|y|but|aber|mais|pero)\s+/gi;
  let from = 0;
  let to = sentence.length;
  for (const cut of sentence.matchAll(boundary)) {
    const at = cut.index ?? 0;
    if (at + cut[0].length <= start) from = at + cut[0].length;
    else if (at >= end) {
      to = at;
      break;
    }
  }
  const clause = sentence.slice(from, to).replace(/[.!?]+$/, '').trim().replace(PRONOUN, '');
  return clause || rest || 'as stated';
}

/** Finds figures stated in the text with the words around them. */
export function findFigures(text: string): StatedFigure[] {
  const figures: StatedFigure[] = [];
  // Whole words only, longest first: "4.2 million" is 4.2M, not 4.2m followed by "illion".
  const pattern = /([$€£]?)(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*(%|percent\b|million\b|billion\b|thousand\b|x\b|k\b|m\b)?/gi;
  for (const sentence of sentences(text)) {
    for (const match of sentence.matchAll(pattern)) {
      const raw = match[2]!.replace(/,/g, '');
      const value = Number(raw);
      const unit = (match[3] ?? '').toLowerCase();
      // A year is written without a thousands separator: "1,850 hours" is a figure, "in 1850" a year.
      const isYear = !match[1] && !unit && value >= 1500 && value <= 2099 && !match[2]!.includes(',') && !raw.includes('.');
      // "a 60 second video" states the video's length, not a fact to show.
      const isLength = /^[\s-]*(?:s|secs?|seconds?|mins?|minutes?)\b/i.test(sentence.slice((match.index ?? 0) + match[0].length));
      if (!Number.isFinite(value) || isYear || isLength || (!match[1] && !unit && value < 10)) continue;
      let suffix = unit === 'percent' || unit === '%' ? '%' : unit === 'million' || unit === 'm' ? 'M' : unit === 'billion' ? 'B' : unit === 'thousand' || unit === 'k' ? 'K' : unit === 'x' ? 'x' : '';
      let end = (match.index ?? 0) + match[0].length;
      // A measure word right after the number belongs to the figure: "48 hours", "12 km", "3 Jahre".
      const measure = suffix ? undefined : MEASURE.exec(sentence.slice(end));
      if (measure) {
        suffix = ` ${measure[1]}`;
        end += measure[0].length;
      }
      const rest = sentence.slice(end).replace(/^\s*(?:of|in|for)?\s*/i, '').replace(/[.!?]+$/, '');
      const label = capitalize(limitWords(labelFor(sentence, match.index ?? 0, end, rest), 12));
      figures.push({ value, prefix: match[1] ?? '', suffix, decimals: raw.includes('.') ? Math.min(2, raw.split('.')[1]!.length) : 0, label, sentence });
    }
  }
  return figures;
}
