import { ABBREVIATIONS, findFigures, type StatedFigure } from './stated-figures.js';
import { parseNumber } from './parse-number.js';
import type { SourceDocument } from './read-document.js';
import { cleanHeader, headerPeriods, isIdentifierHeader, isTimeOrdered, scaleOf, unitOf, type ChartUnit } from './table-shape.js';

/** How a chart draws its values. */
export type ChartKind = 'bar' | 'line' | 'pie' | 'donut';

/** The unit a chart's values are in. */
export type { ChartUnit } from './table-shape.js';

/** Where a chart's numbers come from: the cells it copies. */
export interface ChartSource {
  field: string;
  fileName?: string;
  /** Header of the column the labels are copied from. */
  labelColumn: string;
  /**
   * Header of the column the values are parsed from; for a table whose series are rows (`columns`
   * set), the cell in `labelColumn` that names the series' row.
   */
  valueColumn: string;
  /** The data row of each point, 1-based (row 1 is the first row under the header). */
  rows: number[];
  /** A table whose series are rows (periods as columns): the headers of the columns the values are in. */
  columns?: string[];
}

/** A chart drawn from a CSV: every label and value is a cell of the table. */
export interface ChartData {
  /** The value column's header, cleaned of unit markers and underscores. */
  title: string;
  /** Label cells as written (trimmed). */
  labels: string[];
  /** Value cells, parsed. */
  values: number[];
  /** The value column's header as written. */
  valueLabel: string;
  unit?: ChartUnit;
  /** What the cells are counted in, when the header says ("($k)": 1000); the values stay the cells. */
  scale?: number;
  kind: ChartKind;
  source: ChartSource;
}

/** Where a statement comes from. */
export interface StatementSource {
  field: string;
  fileName?: string;
  /** PDF: the page it is on, 1-based. */
  page?: number;
}

/** A sentence of a document worth putting on screen. */
export interface DocumentStatement {
  text: string;
  source: StatementSource;
}

/** A figure a document states, with where. */
export interface DocumentFigure extends StatedFigure {
  source: StatementSource;
}

/** Options of {@link statementsFrom}. */
export interface StatementOptions {
  /** Statements returned at most. @default 8 */
  count?: number;
}

/** Points of a chart, from the first data rows. */
export const MAX_CHART_POINTS = 12;

/** Charts drawn from one CSV: one per value column. */
export const MAX_CHARTS_PER_TABLE = 4;

const DEFAULT_STATEMENT_COUNT = 8;

const MIN_STATEMENT_WORDS = 6;
const MAX_STATEMENT_WORDS = 28;

const STOP_WORDS = new Set(
  'a an the and or but of to in on for with at by from is are was were be been it its this that these those as into your our their my we you they i make create video explain explainer show about more than what how why when which who will would can could should have has had not'.split(
    ' ',
  ),
);

const BOILERPLATE = [
  /all rights reserved/i,
  /^(?:©|\(c\)|copyright\b)/i,
  /\bpage\s+\d+\s*(?:of|\/)\s*\d+\b/i,
  /^(?:page\s+)?\d+$/i,
  /^(?:https?:\/\/|www\.)\S+$/i,
  /intentionally left blank/i,
  /^(?:strictly\s+)?(?:confidential|proprietary|internal use only|draft)\b/i,
  /\b(?:terms of use|privacy policy|cookie policy|unsubscribe)\b/i,
];

function isBoilerplate(text: string): boolean {
  return BOILERPLATE.some((pattern) => pattern.test(text.trim()));
}

function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/**
 * The chart kind for a series, by these rules in order:
 * - `line` when the labels are points in time of one kind (years, quarters such as `Q1 2024`,
 *   months such as `Jan` or `2024-01`, ISO dates) in ascending order and there are 3 or more
 *   points. Time listed newest first stays a bar chart: a line drawn right to left misleads.
 * - shares of a whole, when the unit is `%` or the value label says %, percent or share, no value
 *   is negative and the values sum to 100 ± 2: `pie` for exactly 2 items (one cut reads at a
 *   glance), `donut` for 3 to 6 (the hole holds the label; more slices than 6 are unreadable).
 * - `bar` otherwise.
 */
export function chooseChartKind(series: {
  labels: readonly string[];
  values: readonly number[];
  valueLabel?: string;
  unit?: ChartUnit;
}): ChartKind {
  const { labels, values } = series;
  if (labels.length >= 3 && isTimeOrdered(labels)) return 'line';
  const saysShare = series.unit === '%' || /%|\bpercent(?:age)?\b|\bshares?\b/i.test(series.valueLabel ?? '');
  const total = values.reduce((sum, value) => sum + value, 0);
  if (saysShare && values.length >= 2 && values.length <= 6 && values.every((value) => value >= 0) && Math.abs(total - 100) <= 2) {
    return values.length === 2 ? 'pie' : 'donut';
  }
  return 'bar';
}

/**
 * Charts from a CSV, one per numeric column that is not an identifier such as `id`, `#` or
 * `rank` (at most {@link MAX_CHARTS_PER_TABLE}): labels from
 * the first non-numeric column (the first column when all are numeric, such as years), values from
 * the numeric column, over the first {@link MAX_CHART_POINTS} rows that have both cells. Other
 * documents, or a table with no numeric column besides the labels, give none.
 */
export function chartsFrom(doc: SourceDocument): ChartData[] {
  const table = doc.table;
  if (doc.kind !== 'csv' || !table) return [];
  const nonNumeric = table.numericColumns.findIndex((numeric) => !numeric);
  const labelColumn = nonNumeric >= 0 ? nonNumeric : 0;
  const valueColumns = table.numericColumns
    .map((numeric, index) => (numeric && index !== labelColumn && !isIdentifierHeader(table.columns[index]!) ? index : -1))
    .filter((index) => index >= 0)
    .slice(0, MAX_CHARTS_PER_TABLE);

  const byPeriod = periodCharts(doc, labelColumn, valueColumns);
  if (byPeriod) return byPeriod;

  return valueColumns.flatMap((valueColumn): ChartData[] => {
    const labels: string[] = [];
    const values: number[] = [];
    const rows: number[] = [];
    const cells: string[] = [];
    table.rows.forEach((row, index) => {
      if (labels.length >= MAX_CHART_POINTS) return;
      const label = row[labelColumn] ?? '';
      const cell = row[valueColumn] ?? '';
      const value = parseNumber(cell, { decimalComma: table.decimalComma });
      if (!label || value === undefined) return;
      labels.push(label);
      values.push(value);
      rows.push(index + 1);
      cells.push(cell);
    });
    if (values.length < 2) return [];
    const valueLabel = table.columns[valueColumn]!;
    const unit = unitOf(valueLabel, cells);
    const scale = scaleOf(valueLabel);
    return [
      {
        title: cleanHeader(valueLabel),
        labels,
        values,
        valueLabel,
        ...(unit ? { unit } : {}),
        ...(scale !== 1 ? { scale } : {}),
        kind: chooseChartKind({ labels, values, valueLabel, unit }),
        source: {
          field: doc.field,
          ...(doc.fileName === undefined ? {} : { fileName: doc.fileName }),
          labelColumn: table.columns[labelColumn]!,
          valueColumn: valueLabel,
          rows,
        },
      },
    ];
  });
}

/**
 * The charts of a table whose columns are one measure over periods (`Product line, Q1 revenue ($k),
 * Q2 revenue ($k), Q3 revenue ($k)`): the rows compared in the latest period, then each row across
 * the periods. Never one chart per period column: a column alone says nothing about change.
 */
function periodCharts(doc: SourceDocument, labelColumn: number, valueColumns: number[]): ChartData[] | undefined {
  const table = doc.table!;
  if (labelColumn !== 0 || valueColumns.length < 2) return undefined;
  const headers = headerPeriods(valueColumns.map((index) => table.columns[index]!));
  if (!headers || (!isTimeOrdered(headers.periods) && !isTimeOrdered([...headers.periods].reverse()))) return undefined;
  const ordered = isTimeOrdered(headers.periods) ? valueColumns.map((column, i) => ({ column, period: headers.periods[i]! })) : valueColumns.map((column, i) => ({ column, period: headers.periods[i]! })).reverse();
  const parse = (cell: string | undefined) => (cell ? parseNumber(cell, { decimalComma: table.decimalComma }) : undefined);
  const base = { field: doc.field, ...(doc.fileName === undefined ? {} : { fileName: doc.fileName }) };
  const measure = cleanHeader(headers.measure || table.columns[ordered.at(-1)!.column]!);
  const rowsName = table.columns[labelColumn]!;
  const charts: ChartData[] = [];
  // The rows in the latest period.
  const latest = ordered.at(-1)!;
  const labels: string[] = [];
  const values: number[] = [];
  const rows: number[] = [];
  const cells: string[] = [];
  table.rows.forEach((row, index) => {
    const value = parse(row[latest.column]);
    if (labels.length >= MAX_CHART_POINTS || !row[labelColumn] || value === undefined) return;
    labels.push(row[labelColumn]!);
    values.push(value);
    rows.push(index + 1);
    cells.push(row[latest.column]!);
  });
  const latestHeader = table.columns[latest.column]!;
  const latestUnit = unitOf(latestHeader, cells);
  const scale = scaleOf(latestHeader);
  const scaled = scale !== 1 ? { scale } : {};
  if (values.length >= 2) {
    charts.push({ title: `${measure} by ${rowsName.toLowerCase()}, ${latest.period}`, labels, values, valueLabel: latestHeader, ...(latestUnit ? { unit: latestUnit } : {}), ...scaled, kind: chooseChartKind({ labels, values, valueLabel: latestHeader, unit: latestUnit }), source: { ...base, labelColumn: rowsName, valueColumn: latestHeader, rows } });
  }
  // Each row across the periods.
  table.rows.forEach((row, index) => {
    const name = row[labelColumn];
    if (!name) return;
    const points = ordered.flatMap(({ column, period }) => {
      const value = parse(row[column]);
      return value === undefined ? [] : [{ period, value, column: table.columns[column]!, cell: row[column]! }];
    });
    if (points.length < 2) return;
    const unit = unitOf(`${headers.measure} ${name}`, points.map((point) => point.cell));
    const series = { labels: points.map((point) => point.period), values: points.map((point) => point.value) };
    charts.push({ title: `${name}: ${measure.toLowerCase()}`, ...series, valueLabel: name, ...(unit ? { unit } : {}), ...scaled, kind: chooseChartKind({ ...series, valueLabel: name, unit }), source: { ...base, labelColumn: rowsName, valueColumn: name, rows: [index + 1], columns: points.map((point) => point.column) } });
  });
  return charts.slice(0, MAX_CHARTS_PER_TABLE);
}

/** Splits a paragraph into sentences, keeping abbreviations and decimals whole. */
function sentencesOf(paragraph: string): string[] {
  const pieces = paragraph.split(/(?<=[.!?]['"”’)\]]?)\s+(?=['"“‘(\[]?[\p{Lu}\p{N}])/u);
  const sentences: string[] = [];
  for (const piece of pieces) {
    const last = sentences[sentences.length - 1];
    if (last !== undefined && ABBREVIATIONS.test(last)) sentences[sentences.length - 1] = `${last} ${piece}`;
    else sentences.push(piece);
  }
  return sentences.map((sentence) => sentence.trim()).filter(Boolean);
}

/**
 * Paragraphs of a text as single lines: lines joined (a word broken by a hyphen rejoined), and a
 * short first line without an end mark split off as the heading it is.
 */
function paragraphsOf(text: string): string[] {
  const paragraphs: string[] = [];
  for (const block of text.split(/\n\s*\n/)) {
    const lines = block.split('\n').map((line) => line.trim()).filter(Boolean);
    while (lines.length > 1 && isHeadingLine(lines[0]!, lines[1]!)) paragraphs.push(lines.shift()!);
    let joined = '';
    for (const line of lines) {
      if (/\p{L}-$/u.test(joined) && /^\p{Ll}/u.test(line)) joined = joined.slice(0, -1) + line;
      else joined = joined ? `${joined} ${line}` : line;
    }
    if (joined) paragraphs.push(joined);
  }
  return paragraphs;
}

/**
 * Whether a line is a heading above `next`: a Markdown heading, or a short line with no comma and
 * no end mark that does not stop on a joining word ("led by") and is followed by a capital, which
 * a line wrapped mid-sentence rarely is.
 */
function isHeadingLine(line: string, next: string): boolean {
  if (/^#{1,6}\s/.test(line)) return true;
  const lastWord = line.split(/\s+/).pop()?.toLowerCase() ?? '';
  return (
    !/[.!?,;:'"”’)-]$/.test(line) &&
    !line.includes(',') &&
    !STOP_WORDS.has(lastWord) &&
    wordCount(line) <= 10 &&
    /^['"“‘(\[]?[\p{Lu}\p{N}]/u.test(next)
  );
}

function keywordsOf(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s]/gu, ' ')
      .split(/\s+/)
      .filter((word) => word.length > 3 && !STOP_WORDS.has(word))
      .map((word) => word.replace(/(?:ies|es|s)$/, '')),
  );
}

/** Whether a sentence reads as a statement: a whole sentence of ordinary length, not boilerplate. */
function isStatement(sentence: string): boolean {
  const words = wordCount(sentence);
  if (words < MIN_STATEMENT_WORDS || words > MAX_STATEMENT_WORDS) return false;
  if (!/[.!?]['"”’)]?$/.test(sentence)) return false;
  if (isBoilerplate(sentence) || /https?:\/\/|www\./i.test(sentence)) return false;
  const letters = sentence.match(/\p{L}/gu)?.length ?? 0;
  const upper = sentence.match(/\p{Lu}/gu)?.length ?? 0;
  // Mostly capitals is a heading or a table row run together; few letters is a table of numbers.
  return letters >= sentence.length * 0.5 && upper <= letters * 0.5;
}

function scoreOf(sentence: string, promptWords: ReadonlySet<string>): number {
  const figures = findFigures(sentence).length;
  let score = figures > 0 ? 3 + Math.min(2, figures - 1) : /\d/.test(sentence) ? 1 : 0;
  let shared = 0;
  for (const word of keywordsOf(sentence)) if (promptWords.has(word)) shared += 1;
  score += Math.min(4, shared);
  return score;
}

/**
 * Key statements of a PDF or text document (a CSV gives none; see {@link chartsFrom}): whole
 * sentences of 6 to 28 words that are not headings, page numbers, links or boilerplate such as
 * "All rights reserved", scored by the figures they state and the words they share with the
 * prompt; the best `count`, in document order, each with its page.
 */
export function statementsFrom(doc: SourceDocument, prompt: string, options: StatementOptions = {}): DocumentStatement[] {
  if (doc.kind === 'csv') return [];
  const count = options.count ?? DEFAULT_STATEMENT_COUNT;
  const promptWords = keywordsOf(prompt);
  const offsets = doc.kind === 'pdf' && doc.pageOffsets?.length ? doc.pageOffsets : [0];
  const seen = new Set<string>();
  const candidates: { text: string; page?: number; score: number; order: number }[] = [];
  offsets.forEach((start, index) => {
    const pageText = doc.text.slice(start, offsets[index + 1] ?? doc.text.length);
    for (const paragraph of paragraphsOf(pageText)) {
      for (const sentence of sentencesOf(paragraph)) {
        const key = sentence.toLowerCase();
        if (seen.has(key) || !isStatement(sentence)) continue;
        seen.add(key);
        candidates.push({
          text: sentence,
          ...(doc.kind === 'pdf' ? { page: index + 1 } : {}),
          score: scoreOf(sentence, promptWords),
          order: candidates.length,
        });
      }
    }
  });
  return candidates
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, count)
    .sort((a, b) => a.order - b.order)
    .map(({ text, page }) => ({
      text,
      source: {
        field: doc.field,
        ...(doc.fileName === undefined ? {} : { fileName: doc.fileName }),
        ...(page === undefined ? {} : { page }),
      },
    }));
}

/** Whether a PDF's metadata Title names the document rather than the file or the tool that made it. */
function isMeaningfulTitle(title: string): boolean {
  const text = title.trim();
  if (text.length < 3 || text.length > 120 || !/\p{L}{2}/u.test(text)) return false;
  if (/^(?:untitled|document\d*|title|no title|slide \d+|presentation\d*)$/i.test(text)) return false;
  if (/^microsoft (?:word|powerpoint|excel) - /i.test(text)) return false;
  return !/\.(?:pdf|docx?|pptx?|xlsx?|indd|odt|rtf|txt|pages|key|tex)$/i.test(text);
}

/**
 * A short title for a document: its PDF metadata Title when it is meaningful (not empty,
 * "Untitled" or a file name), else its first line when that line has at most 12 words and stands
 * alone, else its file name without the extension; undefined when none of these exists.
 */
export function titleFrom(doc: SourceDocument): string | undefined {
  if (doc.title && isMeaningfulTitle(doc.title)) return doc.title.trim();
  if (doc.kind !== 'csv') {
    const lines = doc.text.split('\n');
    const index = lines.findIndex((line) => /\p{L}/u.test(line) && !isBoilerplate(line));
    const line = lines[index]?.replace(/^#{1,6}\s+/, '').replace(/[\s:.]+$/, '').trim();
    const next = lines[index + 1]?.trim() ?? '';
    const standsAlone = !next || isHeadingLine(lines[index]!.trim(), next);
    if (line && wordCount(line) <= 12 && standsAlone) return line;
  }
  const stem = doc.fileName?.replace(/\.[A-Za-z0-9]{1,5}$/, '').replace(/_+/g, ' ').trim();
  return stem || undefined;
}

/**
 * Figures a PDF or text document states ({@link findFigures} over its key statements, see
 * {@link statementsFrom}), each with where it was stated.
 */
export function figuresFrom(doc: SourceDocument, prompt = '', options: StatementOptions = {}): DocumentFigure[] {
  return statementsFrom(doc, prompt, options).flatMap((statement) =>
    findFigures(statement.text).map((figure) => ({ ...figure, source: statement.source })),
  );
}
