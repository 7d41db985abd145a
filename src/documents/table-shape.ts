// How a table's cells are read: which columns name rows, which measure, what unit and what point
// in time a label is. Charts (document-facts.ts) and the analysis (table-analysis.ts) share them.

/** The unit a chart's values are in. */
export type ChartUnit = '%' | '$' | '€' | '£';

// Numeric columns that number the rows rather than measure anything.
const IDENTIFIER_HEADER = /^(?:#|id|no\.?|nr\.?|num|number|index|idx|rank|row|code|zip|postcode|.*[\s_-]id)$/i;

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** Whether a column's header says it numbers the rows (`id`, `#`, `rank`, `zip`, `customer_id`) rather than measures. */
export function isIdentifierHeader(header: string): boolean {
  return IDENTIFIER_HEADER.test(header.trim());
}

/** A header made readable: unit markers such as `(%)` or `[USD]` and underscores removed. */
export function cleanHeader(header: string): string {
  const cleaned = header
    .replace(/_+/g, ' ')
    .replace(/\s*[([]\s*(?:in\s+)?(?:%|percent|[$€£]|usd|eur|gbp|[$€£]?\s*(?:k|m|bn|mn|000s?|thousands?|millions?|billions?))\s*[)\]]/gi, '')
    .replace(/\s+/g, ' ')
    .trim();
  const title = cleaned || header.trim();
  return title.charAt(0).toUpperCase() + title.slice(1);
}

/** The unit a column is in, from its header and cells; `%` wins over a currency. */
export function unitOf(header: string, cells: readonly string[]): ChartUnit | undefined {
  const said = `${header} ${cells.join(' ')}`;
  if (/%|\bpercent(?:age)?\b|\bpct\b/i.test(said)) return '%';
  if (/\$|\busd\b|\bdollars?\b/i.test(said)) return '$';
  if (/€|\beur(?:os?)?\b/i.test(said)) return '€';
  // Not "pounds": that is as often a weight.
  if (/£|\bgbp\b/i.test(said)) return '£';
  return undefined;
}

/**
 * What a header says its values are counted in: 1000 for "($k)", "(in thousands)", "'000s"; a
 * million for "($m)", "(€ mn)", "USD millions"; a billion for "(bn)". 1 when it says none.
 */
export function scaleOf(header: string): number {
  const marker = /[([]\s*(?:in\s+)?(?:[$€£]|usd|eur|gbp)?\s*(k|thousands?|'?000s?|m|mn|mio\.?|millions?|bn|billions?)\s*(?:[$€£]|usd|eur|gbp)?\s*[)\]]|\b(?:usd|eur|gbp|[$€£])\s*(thousands?|millions?|billions?)\b|\b(thousands?|millions?|billions?)\s+of\s+(?:dollars|euros|pounds)\b/i.exec(header);
  const word = (marker?.[1] ?? marker?.[2] ?? marker?.[3] ?? '').toLowerCase().replace(/^'/, '');
  if (!word) return 1;
  if (/^(?:k|thousands?|000s?)$/.test(word)) return 1e3;
  if (/^(?:bn|billions?)$/.test(word)) return 1e9;
  return 1e6;
}

export interface TimeKey {
  /** What kind of time label it is; labels of one chart must all be one kind. */
  kind: 'year' | 'quarter' | 'month' | 'date';
  order: number;
}

/** The position in time a label names, when it names one. */
export function timeKey(label: string): TimeKey | undefined {
  const text = label.trim();
  let match = /^(?:FY\s?)?((?:19|20)\d{2})$/i.exec(text);
  if (match) return { kind: 'year', order: Number(match[1]) };
  match = /^Q([1-4])(?:[\s/'-]*((?:19|20)?\d{2}))?$/i.exec(text);
  if (match) return { kind: 'quarter', order: yearOf(match[2]) * 4 + Number(match[1]) };
  match = /^((?:19|20)\d{2})[\s/-]*Q([1-4])$/i.exec(text);
  if (match) return { kind: 'quarter', order: Number(match[1]) * 4 + Number(match[2]) };
  match = /^((?:19|20)\d{2})-(\d{2})-(\d{2})$/.exec(text);
  if (match) {
    const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
    return Number.isNaN(time) ? undefined : { kind: 'date', order: time };
  }
  match = /^((?:19|20)\d{2})-(\d{2})$/.exec(text);
  if (match && Number(match[2]) >= 1 && Number(match[2]) <= 12) return { kind: 'month', order: Number(match[1]) * 12 + Number(match[2]) };
  match = /^([a-z]{3,9})\.?(?:[\s,/'-]+((?:19|20)?\d{2}))?$/i.exec(text);
  const month = match ? monthOf(match[1]!) : 0;
  if (match && month > 0) return { kind: 'month', order: yearOf(match[2]) * 12 + month };
  return undefined;
}

/** 1 to 12 for a month's name or its abbreviation of 3 letters or more (`Sept` too), else 0. */
function monthOf(name: string): number {
  const lower = name.toLowerCase();
  if (lower === 'sept') return 9;
  return MONTHS.findIndex((month) => month.startsWith(lower)) + 1;
}

/** A year from `2024`, `24` or nothing (0: labels without a year order within one year). */
function yearOf(text: string | undefined): number {
  if (!text) return 0;
  return text.length === 2 ? 2000 + Number(text) : Number(text);
}

/** Whether labels name points in time of one kind, each later than the one before. */
export function isTimeOrdered(labels: readonly string[]): boolean {
  const keys = labels.map(timeKey);
  if (keys.some((key) => key === undefined)) return false;
  const known = keys as TimeKey[];
  return known.every((key, index) => index === 0 || (key.kind === known[0]!.kind && key.order > known[index - 1]!.order));
}

/** Period columns: each header's period ("Q1") and the measure they share ("revenue ($k)"). */
export interface HeaderPeriods {
  /** Each header's period label, in the headers' order. */
  periods: string[];
  /** What the headers measure, the same in each once the period is taken out; empty when the headers are periods alone. */
  measure: string;
}

/**
 * Whether column headers are one measure over periods: `2023, 2024`, or the same words around a
 * period in each (`Q1 revenue ($k), Q2 revenue ($k)`, `Sales Jan, Sales Feb`, `Umsatz 2023, Umsatz
 * 2024`). Undefined when any header names no period or the words around them differ.
 */
export function headerPeriods(headers: readonly string[]): HeaderPeriods | undefined {
  if (headers.length < 2) return undefined;
  const found = headers.map(periodIn);
  if (found.some((entry) => entry === undefined)) return undefined;
  const measures = found.map((entry) => entry!.rest.toLowerCase());
  if (measures.some((measure) => measure !== measures[0])) return undefined;
  return { periods: found.map((entry) => entry!.period), measure: found[0]!.rest };
}

/** The period a header names as one or two of its words ("Q1", "Jan 2024", "2024 Q1"), and the words left. */
function periodIn(header: string): { period: string; rest: string } | undefined {
  const words = header.trim().split(/[\s_]+/).filter(Boolean);
  for (const size of [2, 1]) {
    for (let start = 0; start + size <= words.length; start += 1) {
      const period = words.slice(start, start + size).join(' ');
      if (!timeKey(period)) continue;
      const rest = [...words.slice(0, start), ...words.slice(start + size)].join(' ').trim();
      return { period, rest };
    }
  }
  return undefined;
}

