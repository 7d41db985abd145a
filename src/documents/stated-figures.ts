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
      const suffix = unit === 'percent' || unit === '%' ? '%' : unit === 'million' || unit === 'm' ? 'M' : unit === 'billion' ? 'B' : unit === 'thousand' || unit === 'k' ? 'K' : unit === 'x' ? 'x' : '';
      const rest = sentence.slice((match.index ?? 0) + match[0].length).replace(/^\s*(?:of|in|for)?\s*/i, '').replace(/[.!?]+$/, '');
      const before = sentence.slice(0, match.index ?? 0).replace(/[.!?,:]+\s*$/, '').trim();
      const label = capitalize(limitWords((rest.length >= 8 ? rest : before || rest || 'as stated').replace(/^[\s,;:–—-]+/, ''), 12));
      figures.push({ value, prefix: match[1] ?? '', suffix, decimals: raw.includes('.') ? Math.min(2, raw.split('.')[1]!.length) : 0, label, sentence });
    }
  }
  return figures;
}
