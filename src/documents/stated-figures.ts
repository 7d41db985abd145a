// Figures stated in prose ("62% of teams ...", "$4.2 million in sales"), found with the words
// around them. Documents (key statements of a PDF) and the embedded providers (the prompt) both
// read figures this way, so it sits here, below both.

/**
 * A piece that ends on an abbreviation, not a sentence: titles, company forms, months, "e.g.", letters
 * with stops ("d.C.", "a.C.", "B.C.", "U.S."), the era words "Chr." and "J.-C.", and an initial.
 */
export const ABBREVIATIONS = /(?:\b(?:mr|mrs|ms|dr|prof|st|inc|ltd|co|corp|vs|etc|no|fig|approx|est|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|chr|ca)|\b\p{L}(?:\.\p{L})+|\bJ\.-C|\be\.g|\bi\.e|(?:^|\s)\p{Lu})\.$/iu;

/**
 * Splits text into sentences: after `.`, `!` or `?` before a capital in any script, a digit, a quote,
 * `¿` or `¡`, but never after an abbreviation ("nell'80 d.C. Tito lo inaugurò" is one sentence).
 */
export function sentences(text: string): string[] {
  const pieces = text
    .replace(/\s+/g, ' ')
    .split(/(?<=[.!?])\s+(?=[\p{Lu}\p{N}"'“¿¡])/u)
    .map((s) => s.trim())
    .filter(Boolean);
  const joined: string[] = [];
  for (const piece of pieces) {
    const last = joined[joined.length - 1];
    if (last !== undefined && ABBREVIATIONS.test(last)) joined[joined.length - 1] = `${last} ${piece}`;
    else joined.push(piece);
  }
  return joined;
}

/** A sentence's own end: a full stop, question or exclamation mark or ellipsis, and any closing quote or bracket after it. */
const SENTENCE_END = /[.!?…。！？][\p{Pe}\p{Pf}"'」』]*$/u;

/** The text as a sentence: with a full stop added only when it does not already end as one ("Thank you." stays as written, never "Thank you.."). */
export function asSentence(text: string): string {
  const trimmed = text.trim();
  return !trimmed || SENTENCE_END.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** The text with its first letter upper-cased. */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// Words a phrase goes on with (articles, prepositions, conjunctions, relative pronouns) in the
// languages the node reads best: text cut short ends before one, never on one ("a buddy for their
// first" reads as a mistake; "a buddy for their first month" or "a buddy" do not).
const JOINING_WORDS = new Set([
  'a', 'an', 'the', 'of', 'and', 'or', 'but', 'so', 'with', 'without', 'in', 'on', 'at', 'for', 'to', 'from', 'by', 'as', 'than', 'during', 'after', 'before', 'between', 'into', 'about', 'over', 'under', 'through', 'across', 'that', 'which', 'who', 'whose', 'when', 'where', 'while', 'because', 'if', 'their', 'its', 'our', 'your', 'his', 'her', 'my',
  'der', 'die', 'das', 'den', 'dem', 'des', 'ein', 'eine', 'einer', 'einen', 'einem', 'eines', 'und', 'oder', 'aber', 'mit', 'ohne', 'von', 'vom', 'im', 'am', 'an', 'auf', 'aus', 'zu', 'zum', 'zur', 'für', 'als', 'bei', 'nach', 'vor', 'während', 'über', 'unter', 'zwischen', 'bis', 'dass', 'weil', 'wenn', 'damit', 'sein', 'seine', 'ihr', 'ihre', 'unser', 'unsere',
  'le', 'la', 'les', 'l', 'un', 'une', 'des', 'de', 'du', 'd', 'et', 'ou', 'mais', 'avec', 'sans', 'en', 'au', 'aux', 'à', 'pour', 'sur', 'dans', 'par', 'pendant', 'durant', 'après', 'avant', 'entre', 'chez', 'vers', 'que', 'qui', 'dont', 'quand', 'parce', 'leur', 'leurs', 'notre', 'nos', 'son', 'sa', 'ses',
  'el', 'los', 'las', 'unos', 'unas', 'del', 'y', 'o', 'pero', 'con', 'sin', 'al', 'para', 'por', 'durante', 'después', 'antes', 'entre', 'sobre', 'desde', 'hasta', 'hacia', 'quien', 'cuando', 'porque', 'su', 'sus', 'nuestro', 'nuestra',
]);

const joining = (word: string) => JOINING_WORDS.has(word.toLowerCase().replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '').replace(/['’].*$/, ''));

/**
 * Shortens text to about `words` words, at a phrase boundary: a cut is clean before a joining word
 * or after a comma. It is made at `words` where that is clean, else a little later (up to a quarter
 * more words) where that finishes the phrase, else at the last clean place in the second half of the
 * kept words; a kept end never is a joining word.
 */
export function limitWords(text: string, words: number): string {
  const parts = text.split(/\s+/);
  if (parts.length <= words) return text;
  const clean = (at: number) => at >= parts.length || /[,;:]$/.test(parts[at - 1]!) || joining(parts[at]!);
  let end = words;
  if (!clean(words)) {
    const later = Array.from({ length: Math.floor(words / 4) }, (_, i) => words + 1 + i).find(clean);
    const earlier = Array.from({ length: words - Math.ceil(words / 2) }, (_, i) => words - 1 - i).find(clean);
    end = later ?? earlier ?? words;
  }
  while (end > 1 && joining(parts[end - 1]!)) end -= 1;
  return parts.slice(0, end).join(' ').replace(/[,;:]$/, '');
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

/**
 * Units of time, distance, speed, weight, volume and energy that follow a number, in en/de/fr/es/it.
 * A compound unit ("km/h", "m/s") is read whole, and a unit is never cut from one ("km" of "km/h").
 */
const MEASURE = /^\s*(km\/h|mph|kph|m\/s|kwh|mwh|gwh|hours?|hrs|days?|weeks?|months?|years?|km|kg|g|lbs?|miles?|meters?|metres?|liters?|litres?|stunden|tage[n]?|wochen|monate[n]?|jahre[n]?|heures|jours|semaines|mois|ans|horas|días|semanas|meses|años|ore|giorni|settimane|mesi|anni)(?![\p{L}/])/iu;

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

/** A number found in a sentence, before its label: where it stands and what it reads. */
interface FoundNumber {
  value: number;
  prefix: string;
  suffix: string;
  decimals: number;
  start: number;
  end: number;
}

/** Where a list's items part in a sentence: commas, semicolons and "and"/"or" in the four languages. */
const LIST_BREAK = /,\s+|;\s+|:\s+|\s+(?:and|or|und|oder|et|ou|y|e|o)\s+/giu;
/** A list break that is a conjunction: it parts two items only after a number ("Iceland 9 kg and Denmark"), not inside a name ("infrastructure and hosting 420k"). */
const CONJUNCTION_BREAK = /^\s+\S+\s+$/u;

/** A name that carries a number ("Apollo 11", "Windows 95", "COVID-19", "iPhone 15"): a capitalised word or letters right before a bare number. */
function isNameNumber(sentence: string, start: number): boolean {
  const before = sentence.slice(0, start);
  if (/[\p{L}][-‑]?$/u.test(before)) return true;
  const word = /(\S+)\s$/u.exec(before)?.[1];
  // A capitalised word or one with a capital inside ("iPhone", "eBay").
  if (word === undefined || !/^[\p{L}]*\p{Lu}[\p{L}]*$/u.test(word)) return false;
  // At a sentence's start a capital says nothing: "In 15 cities" is a count, "Apollo 11 landed" a name.
  return before.trim() !== word || !SENTENCE_OPENERS.has(word.toLowerCase());
}

/** Words a sentence opens with before a number that counts something ("In 15 cities", "Over 200 shops", "Mit 40 Filialen"). */
const SENTENCE_OPENERS = new Set(
  (
    'in on at for with over under about around nearly almost only just all some by from to of the our we after before since more than up and but each every ' +
    'im in am an auf für mit über unter rund fast nur alle seit nach vor mehr bis von zu und ' +
    'en dans à au aux pour avec sur plus près presque seulement tous depuis après avant de des les nos et ' +
    'en con para sobre más casi solo todos desde tras antes de los las nuestros y'
  ).split(' '),
);

/** The numbers of one sentence that state figures (not years, lengths of the video, names or small counts). */
function numbersIn(sentence: string): FoundNumber[] {
  const found: FoundNumber[] = [];
  // Whole words only, longest first: "4.2 million" is 4.2M, not 4.2m followed by "illion"; "35 m/s" is a speed, not 35M.
  const pattern = /([$€£]?)(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*(%|percent\b|million\b|billion\b|thousand\b|x\b|k\b(?!\/)|m\b(?!\/))?/gi;
  for (const match of sentence.matchAll(pattern)) {
    const raw = match[2]!.replace(/,/g, '');
    const value = Number(raw);
    const unit = (match[3] ?? '').toLowerCase();
    const start = match.index ?? 0;
    // A year is written without a thousands separator: "1,850 hours" is a figure, "in 1850" a year.
    const isYear = !match[1] && !unit && value >= 1500 && value <= 2099 && !match[2]!.includes(',') && !raw.includes('.');
    // "a 60 second video" states the video's length, not a fact to show.
    const isLength = /^[\s-]*(?:s|secs?|seconds?|mins?|minutes?)\b/i.test(sentence.slice(start + match[0].length));
    if (!Number.isFinite(value) || isYear || isLength) continue;
    let suffix = unit === 'percent' || unit === '%' ? '%' : unit === 'million' || unit === 'm' ? 'M' : unit === 'billion' ? 'B' : unit === 'thousand' || unit === 'k' ? 'K' : unit === 'x' ? 'x' : '';
    let end = start + match[0].length;
    // A measure word right after the number belongs to the figure: "48 hours", "12 km", "3 Jahre".
    const measure = suffix ? undefined : MEASURE.exec(sentence.slice(end));
    if (measure) {
      suffix = ` ${measure[1]}`;
      end += measure[0].length;
    }
    const bare = !match[1] && !suffix;
    // A bare small count is no figure to show; nor is the number of a name ("Apollo 11", "COVID-19").
    if (bare && (value < 10 || isNameNumber(sentence, start))) continue;
    found.push({ value, prefix: match[1] ?? '', suffix, decimals: raw.includes('.') ? Math.min(2, raw.split('.')[1]!.length) : 0, start, end });
  }
  return found;
}

/**
 * The labels of figures listed in one sentence, one per list item ("Finland drinks 12 kg, Norway
 * 9.9 kg, Iceland 9 kg and Denmark 8.7 kg" → Finland, Norway, Iceland, Denmark; "Sales grew 12%,
 * costs fell 5%" → Sales grew, Costs fell), or undefined when the numbers are not one to an item.
 */
function listLabels(sentence: string, numbers: FoundNumber[]): string[] | undefined {
  if (numbers.length < 2) return undefined;
  const items: { from: number; to: number }[] = [];
  let from = 0;
  for (const cut of sentence.matchAll(LIST_BREAK)) {
    const at = cut.index ?? 0;
    if (CONJUNCTION_BREAK.test(cut[0]) && !numbers.some((number) => number.start >= from && number.end <= at)) continue;
    items.push({ from, to: at });
    from = at + cut[0].length;
  }
  items.push({ from, to: sentence.length });
  const holders = numbers.map((number) => items.findIndex((item) => number.start >= item.from && number.end <= item.to));
  if (holders.some((index) => index < 0) || new Set(holders).size !== numbers.length) return undefined;
  const texts = numbers.map((number, i) => {
    const item = items[holders[i]!]!;
    return `${sentence.slice(item.from, number.start)} ${sentence.slice(number.end, item.to)}`.replace(/[.!?:]+\s*$/, '').replace(/\s+/g, ' ').trim();
  });
  if (texts.some((text) => text === '')) return undefined;
  // Names in a list ("…, Norway 9.9 kg, Iceland 9 kg"): each item's leading capitalised words, the first item's too.
  const leading = (text: string) => /^(?:\p{Lu}[\p{L}'’.-]*)(?:\s+\p{Lu}[\p{L}'’.-]*)*/u.exec(text)?.[0];
  const named = texts.slice(1).every((text) => leading(text) !== undefined);
  return texts.map((text) => capitalize(limitWords(named ? leading(text)! : text, 12)));
}

/** Finds figures stated in the text with the words around them. */
export function findFigures(text: string): StatedFigure[] {
  const figures: StatedFigure[] = [];
  for (const sentence of sentences(text)) {
    const numbers = numbersIn(sentence);
    const listed = listLabels(sentence, numbers);
    numbers.forEach((number, i) => {
      const rest = sentence.slice(number.end).replace(/^\s*(?:of|in|for)?\s*/i, '').replace(/[.!?]+$/, '');
      const label = listed?.[i] ?? capitalize(limitWords(labelFor(sentence, number.start, number.end, rest), 12));
      figures.push({ value: number.value, prefix: number.prefix, suffix: number.suffix, decimals: number.decimals, label, sentence });
    });
  }
  return figures;
}
