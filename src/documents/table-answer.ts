// Answers the question a prompt asks about a table ("Which region grew fastest?") with the finding
// computed from its cells, in English, German, French or Spanish words.
import type { ChartUnit } from './document-facts.js';
import type { FindingItem, TableAnalysis, TableFinding } from './table-analysis.js';

/** What a prompt asks of a table. */
export type QuestionIntent = 'growth' | 'increase' | 'decline' | 'highest' | 'lowest' | 'compare';

/** Languages the answer is worded in; in others only the figure and a label of names and numbers are given. */
export type AnswerLanguage = 'en' | 'de' | 'fr' | 'es';

/** The figure a counter shows for an answer, such as `+78%`. */
export interface AnswerFigure {
  value: number;
  prefix: string;
  suffix: string;
  decimals: number;
}

/** A finding that answers the prompt, worded. */
export interface TableAnswer {
  /** What the prompt asks; absent when it asks nothing and this is the headline finding. */
  intent?: QuestionIntent;
  finding: TableFinding;
  figure: AnswerFigure;
  /**
   * A short on-screen line ("West grew fastest, Q1 to Q3"); in languages other than en/de/fr/es
   * only names, periods and numbers ("West: 90 → 160, Q1 → Q3").
   */
  label: string;
  /** The answer as one or two sentences; absent in languages other than en/de/fr/es. */
  sentence?: string;
}

const INTENTS: [QuestionIntent, RegExp][] = [
  ['increase', /\b(?:biggest|largest|greatest|highest) (?:absolute )?(?:increase|gain|rise|jump)\b|\bin absolute terms\b|größte[nrs]? (?:anstieg|zuwachs|zunahme)|absolut|plus forte hausse|plus grande (?:hausse|augmentation)|mayor (?:aumento|incremento|subida)/],
  ['growth', /\b(?:grew|grown|grows?|growing|increased|rose|risen)\b[^.?!]{0,30}\b(?:fastest|most|quickest)\b|\bfastest[- ](?:growing|growth)\b|\b(?:highest|strongest|biggest|largest|most) growth\b|am (?:stärksten|schnellsten|meisten) (?:gewachsen|gestiegen|zugelegt)|(?:stärkste|größte|höchste)[nsr]? wachstum|wuchs am|a le plus (?:progressé|augmenté|crû|grandi)|(?:plus forte|meilleure) (?:croissance|progression)|croissance la plus|(?:creció|crecido|crecieron|aumentó|subió) (?:más|mas)\b|mayor crecimiento|crecimiento más/],
  ['decline', /\b(?:declin\w*|decreas\w*|fell|fallen|dropped|drops|shr[aiu]nk\w*|went down)\b|gesunken|gefallen|rückgang|zurückgegangen|abgenommen|geschrumpft|verloren|a le plus (?:baissé|diminué|reculé|chuté)|\b(?:baisse|diminution|recul|chute)\b|disminu|cayó|cayeron|caído|bajó|bajaron|descendi|decreci|caída/],
  ['lowest', /\b(?:lowest|smallest|least|fewest|weakest)\b|niedrigste|kleinste|wenigsten|geringste|schwächste|plus (?:bas|faible|petit)|le moins|más baj|menor|más pequeñ|el menos/],
  ['highest', /\b(?:highest|largest|biggest|greatest|top)\b|höchste|größte|meisten|führt|plus (?:élevé|haut|grand)|le plus de|en tête|más alt|mayor|más grande|lidera/],
  ['compare', /\bcompar\w*|\bversus\b|\bvs\.?(?=\s)|vergleich/],
];

const FINDING_OF: Record<QuestionIntent, TableFinding['kind']> = {
  growth: 'fastest-growth',
  increase: 'biggest-increase',
  decline: 'steepest-decline',
  highest: 'highest',
  lowest: 'lowest',
  compare: 'change',
};

/** What a prompt asks of a table, in English, German, French or Spanish; undefined when it asks none of these. */
export function detectQuestion(prompt: string): QuestionIntent | undefined {
  const text = prompt.normalize('NFC').toLowerCase();
  return INTENTS.find(([, pattern]) => pattern.test(text))?.[0];
}

const LOCALES: Record<AnswerLanguage, string> = { en: 'en-US', de: 'de-DE', fr: 'fr-FR', es: 'es-ES' };

function isAnswerLanguage(language: string): language is AnswerLanguage {
  return language in LOCALES;
}

/** Decimals worth showing: none from 10 up, one from 1, two below. */
function decimalsFor(value: number): number {
  const size = Math.abs(value);
  return Number.isInteger(value) || size >= 10 ? 0 : size >= 1 ? 1 : 2;
}

function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/** A number in the language's style: `1,234.5` in English, `1.234,5` in German, `1 234,5` in French. */
export function formatFigure(value: number, language: string, decimals = decimalsFor(value)): string {
  const locale = isAnswerLanguage(language) ? LOCALES[language] : 'en-US';
  return roundTo(value, decimals).toLocaleString(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

/** "million" and "billion" in the answer languages, singular and plural. */
const MAGNITUDES: Record<AnswerLanguage, { million: [string, string]; billion: [string, string] }> = {
  en: { million: ['million', 'million'], billion: ['billion', 'billion'] },
  de: { million: ['Million', 'Millionen'], billion: ['Milliarde', 'Milliarden'] },
  fr: { million: ['million', 'millions'], billion: ['milliard', 'milliards'] },
  es: { million: ['millón', 'millones'], billion: ['mil millones', 'mil millones'] },
};

/**
 * A value counted in a header's scale ("($k)": 800 → 800,000) as people say it: in full below a
 * million, else in millions or billions with up to two decimals ("1.4 million", "1.35 million").
 */
function scaledNumber(value: number, scale: number, language: string): string {
  const counted = countedIn(value, scale);
  if (!counted.suffix) return formatFigure(counted.value, language, decimalsFor(counted.value));
  // Two decimals at most, as many as the cells have: 1,350k is "1.35 million", never rounded to 1,400k's "1.4".
  const amount = roundTo(counted.value, 2);
  const words = MAGNITUDES[isAnswerLanguage(language) ? language : 'en'][counted.suffix === 'B' ? 'billion' : 'million'];
  // French counts "1,4 million" as one, from 2 on as many; the others any amount but 1 as many.
  const singular = language === 'fr' ? Math.abs(amount) < 2 : Math.abs(amount) === 1;
  const decimals = Number.isInteger(amount) ? 0 : Number.isInteger(roundTo(amount * 10, 6)) ? 1 : 2;
  return `${formatFigure(amount, language, decimals)} ${singular ? words[0] : words[1]}`;
}

/**
 * A chart's unit with the header's scale, as the kit shows it on the values: "$k" ("$1,400k"),
 * "€M", "k"; the unit alone when the header names no scale.
 */
export function shownUnit(unit: ChartUnit | undefined, scale: number | undefined): string {
  return `${unit ?? ''}${scale === 1e3 ? 'k' : scale === 1e6 ? 'M' : scale === 1e9 ? 'B' : ''}`;
}

/**
 * An amount as said and shown in a sentence: in the unit and the header's scale, in the language's
 * style ("$800,000", "$1.4 million", "1,4 Millionen $", "42%").
 */
export function sayAmount(value: number, unit: ChartUnit | undefined, language: string, scale = 1): string {
  const number = scale === 1 ? formatFigure(value, language) : scaledNumber(value, scale, language);
  if (!unit) return number;
  if (language === 'en') return unit === '%' ? `${number}%` : `${unit}${number}`;
  return `${number} ${unit}`;
}

interface Words {
  and: string;
  fromTo: (a: string, b: string) => string;
  span: (a: string, b: string) => string;
  percent: (n: string) => string;
  up: (x: string, each: boolean) => string;
  down: (x: string, each: boolean) => string;
  head: (kind: 'fastest-growth' | 'biggest-increase' | 'steepest-decline', names: string, plural: boolean) => string;
  tag: (kind: 'fastest-growth' | 'biggest-increase' | 'steepest-decline', names: string, plural: boolean) => string;
  extreme: (kind: 'highest' | 'lowest', names: string, plural: boolean, where: string, overTime: boolean) => string;
}

const WORDS: Record<AnswerLanguage, Words> = {
  en: {
    and: 'and',
    fromTo: (a, b) => `from ${a} to ${b}`,
    span: (a, b) => `${a} to ${b}`,
    percent: (n) => `${n} percent`,
    up: (x, each) => `up ${x}${each ? ' each' : ''}`,
    down: (x, each) => `down ${x}${each ? ' each' : ''}`,
    head: (kind, names) => `${names} ${kind === 'fastest-growth' ? 'grew fastest' : kind === 'biggest-increase' ? 'rose the most' : 'fell the most'}`,
    tag: (kind, names) => `${names} ${kind === 'fastest-growth' ? 'grew fastest' : kind === 'biggest-increase' ? 'rose the most' : 'fell the most'}`,
    extreme: (kind, names, plural, where, overTime) => `${names} ${plural ? 'have' : 'has'} the ${kind} ${overTime ? `value in ${where}` : where}`,
  },
  de: {
    and: 'und',
    fromTo: (a, b) => `von ${a} auf ${b}`,
    span: (a, b) => `${a} bis ${b}`,
    percent: (n) => `${n} Prozent`,
    up: (x, each) => `${each ? 'jeweils ' : ''}ein Plus von ${x}`,
    down: (x, each) => `${each ? 'jeweils ' : ''}ein Minus von ${x}`,
    head: (kind, names, plural) =>
      kind === 'biggest-increase' ? `${names} ${plural ? 'haben' : 'hat'} am meisten zugelegt` : `${names} ${plural ? 'sind' : 'ist'} am stärksten ${kind === 'fastest-growth' ? 'gewachsen' : 'gesunken'}`,
    tag: (kind, names) => `${names}: ${kind === 'fastest-growth' ? 'stärkstes Wachstum' : kind === 'biggest-increase' ? 'größter Zuwachs' : 'stärkster Rückgang'}`,
    extreme: (kind, names, plural, where, overTime) => `Den ${kind === 'highest' ? 'höchsten' : 'niedrigsten'} Wert ${overTime ? 'in' : 'bei'} ${where} ${plural ? 'haben' : 'hat'} ${names}`,
  },
  fr: {
    and: 'et',
    fromTo: (a, b) => `de ${a} à ${b}`,
    span: (a, b) => `de ${a} à ${b}`,
    percent: (n) => `${n} pour cent`,
    up: (x, each) => `soit une hausse de ${x}${each ? ' chacun' : ''}`,
    down: (x, each) => `soit une baisse de ${x}${each ? ' chacun' : ''}`,
    head: (kind, names, plural) => `${names} ${plural ? 'ont' : 'a'} le plus ${kind === 'fastest-growth' ? 'progressé' : kind === 'biggest-increase' ? 'augmenté' : 'baissé'}`,
    tag: (kind, names) => `${names} : ${kind === 'fastest-growth' ? 'plus forte croissance' : kind === 'biggest-increase' ? 'plus forte hausse' : 'plus forte baisse'}`,
    extreme: (kind, names, plural, where, overTime) => `${names} ${plural ? 'ont' : 'a'} la valeur la plus ${kind === 'highest' ? 'élevée' : 'basse'} ${overTime ? 'en' : 'pour'} ${where}`,
  },
  es: {
    and: 'y',
    fromTo: (a, b) => `de ${a} a ${b}`,
    span: (a, b) => `de ${a} a ${b}`,
    percent: (n) => `${n} por ciento`,
    up: (x, each) => `un aumento de ${x}${each ? ' cada uno' : ''}`,
    down: (x, each) => `una caída de ${x}${each ? ' cada uno' : ''}`,
    head: (kind, names, plural) => `${names} ${kind === 'fastest-growth' ? (plural ? 'crecieron' : 'creció') : kind === 'biggest-increase' ? (plural ? 'aumentaron' : 'aumentó') : plural ? 'cayeron' : 'cayó'} más`,
    tag: (kind, names) => `${names}: ${kind === 'fastest-growth' ? 'mayor crecimiento' : kind === 'biggest-increase' ? 'mayor aumento' : 'mayor caída'}`,
    extreme: (kind, names, plural, where, overTime) => `${names} ${plural ? 'tienen' : 'tiene'} el valor más ${kind === 'highest' ? 'alto' : 'bajo'} ${overTime ? 'en' : 'de'} ${where}`,
  },
};

/** French sets a space before a colon. */
function colon(language: string): string {
  return language === 'fr' ? ' : ' : ': ';
}

function list(names: string[], and: string): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} ${and} ${names.at(-1)}`;
}

/** The counter of a change: its percent when there is one, else the absolute change in the series' unit. */
function changeFigure(item: FindingItem): AnswerFigure {
  const byPercent = item.percentChange !== undefined;
  const raw = byPercent ? item.percentChange! : item.change!;
  const counted = byPercent ? { value: raw, suffix: '' } : countedIn(raw, item.scale);
  const decimals = decimalsFor(counted.value);
  const value = roundTo(counted.value, decimals);
  const currency = !byPercent && item.unit && item.unit !== '%' ? item.unit : '';
  return { value, prefix: `${value > 0 ? '+' : ''}${currency}`, suffix: byPercent ? '%' : item.unit === '%' ? ' pp' : counted.suffix, decimals };
}

/** A cell counted in a header's scale, as a counter shows it: 800 ($k) → 800,000; 1,400 ($k) → 1.4 with "M". */
function countedIn(value: number, scale = 1): { value: number; suffix: string } {
  const total = value * scale;
  if (scale === 1 || Math.abs(total) < 1e6) return { value: total, suffix: '' };
  return Math.abs(total) >= 1e9 ? { value: total / 1e9, suffix: 'B' } : { value: total / 1e6, suffix: 'M' };
}

function signedChange(item: FindingItem, language: string): string {
  const figure = changeFigure(item);
  const number = formatFigure(figure.value, language, figure.decimals);
  return `${figure.prefix}${number}${figure.suffix === '%' ? (language === 'en' ? '%' : ' %') : figure.suffix}`;
}

function wordChange(kind: 'fastest-growth' | 'biggest-increase' | 'steepest-decline', items: FindingItem[], language: string): TableAnswer['figure'] & { label: string; sentence?: string } {
  const lead = items[0]!;
  const figure = kind === 'biggest-increase' ? changeFigure({ ...lead, percentChange: undefined } as FindingItem) : changeFigure(lead);
  const span = [lead.from!.label, lead.to!.label] as const;
  const neutral = `${items.map((item) => item.series).join(', ')}: ${sayAmount(lead.from!.value, lead.unit, language, lead.scale)} → ${sayAmount(lead.to!.value, lead.unit, language, lead.scale)}, ${span[0]} → ${span[1]}`;
  if (!isAnswerLanguage(language)) return { ...figure, label: neutral };
  const words = WORDS[language];
  const names = list(items.map((item) => item.series), words.and);
  const plural = items.length > 1;
  const size = Math.abs(figure.value);
  const amount = figure.suffix === '%' ? words.percent(formatFigure(size, language, figure.decimals)) : sayAmount(Math.abs(lead.change!), lead.unit === '%' ? undefined : lead.unit, language, lead.scale) + (lead.unit === '%' ? ' pp' : '');
  // A change from 0 has no percent worth saying ("infinite %"): from and to say it all.
  const saysAmount = kind === 'biggest-increase' || lead.percentChange !== undefined || lead.from!.value !== 0;
  const fromTo = items.map((item) => `${plural ? `${item.series} ` : ''}${words.fromTo(sayAmount(item.from!.value, item.unit, language, item.scale), sayAmount(item.to!.value, item.unit, language, item.scale))}`).join(', ');
  const amountText = saysAmount ? `, ${kind === 'steepest-decline' ? words.down(amount, plural) : words.up(amount, plural)}` : '';
  return { ...figure, label: `${words.tag(kind, names, plural)}, ${words.span(...span)}`, sentence: `${words.head(kind, names, plural)}${colon(language)}${fromTo}${amountText}.` };
}

function word(finding: TableFinding, language: string, analysis: TableAnalysis): Omit<TableAnswer, 'intent' | 'finding'> {
  const { kind, items } = finding;
  if (kind === 'fastest-growth' || kind === 'biggest-increase' || kind === 'steepest-decline') {
    const { label, sentence, ...figure } = wordChange(kind, items, language);
    return { figure, label, ...(sentence ? { sentence } : {}) };
  }
  if (kind === 'change') {
    // Led by the fastest growth, else the steepest fall; when nothing moved, the changes alone.
    const lead = analysis.findings.find((entry) => entry.kind === 'fastest-growth') ?? analysis.findings.find((entry) => entry.kind === 'steepest-decline');
    const words = isAnswerLanguage(language) ? WORDS[language] : undefined;
    const fromTo = (item: FindingItem) => [sayAmount(item.from!.value, item.unit, language, item.scale), sayAmount(item.to!.value, item.unit, language, item.scale)] as const;
    const detail = items.map((item) => `${item.series} ${words ? words.fromTo(...fromTo(item)) : fromTo(item).join(' → ')}, ${signedChange(item, language)}`).join('; ');
    if (!lead) {
      const first = items[0]!;
      return { figure: changeFigure(first), label: `${first.series}: ${first.from!.label} → ${first.to!.label}`, ...(words ? { sentence: `${detail}.` } : {}) };
    }
    const head = word(lead, language, analysis);
    return { ...head, ...(head.sentence ? { sentence: `${head.sentence} ${detail}.` } : {}) };
  }
  const lead = items[0]!;
  const at = lead.at!;
  const overTime = finding.across === 'series';
  const names = items.map((item) => (overTime ? item.series : item.at!.label));
  const where = overTime ? at.label : lead.series;
  const value = sayAmount(at.value, lead.unit, language, lead.scale);
  const counted = lead.unit === '%' ? { value: at.value, suffix: '%' } : countedIn(at.value, lead.scale);
  const decimals = decimalsFor(counted.value);
  const figure = { value: roundTo(counted.value, decimals), prefix: lead.unit && lead.unit !== '%' ? lead.unit : '', suffix: counted.suffix, decimals };
  if (!isAnswerLanguage(language)) return { figure, label: `${names.join(', ')}: ${value} (${where})` };
  const words = WORDS[language];
  const line = words.extreme(kind, list(names, words.and), names.length > 1, where, overTime);
  return { figure, label: line, sentence: `${line}${colon(language)}${value}.` };
}

/**
 * The finding that answers what the prompt asks of the table (see {@link detectQuestion}), worded
 * in the language (en, de, fr, es; other languages get the figure and a label of names and
 * numbers, no sentence). A prompt that asks nothing gets the headline finding (the fastest
 * growth); a question the table cannot answer (nothing declined) gets undefined. For a table of
 * categories, `highest` and `lowest` read the series the prompt names, else the first.
 */
export function answerQuestion(analysis: TableAnalysis, prompt: string, language: string): TableAnswer | undefined {
  const intent = detectQuestion(prompt);
  const kind = FINDING_OF[intent ?? 'growth'];
  const matching = analysis.findings.filter((finding) => finding.kind === kind && finding.items.length > 0);
  const lower = prompt.toLowerCase();
  const finding = matching.find((entry) => lower.includes(entry.items[0]!.series.toLowerCase())) ?? matching[0];
  if (!finding) return undefined;
  return { ...(intent ? { intent } : {}), finding, ...word(finding, language, analysis) };
}
