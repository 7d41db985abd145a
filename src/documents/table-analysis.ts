// What a CSV's numbers say, computed from its cells: how each series changed from its first period
// to its last, its peak and trough, and which series grew fastest, rose or fell the most, and is
// highest or lowest. Every finding names the cells it was computed from.
import type { ChartSource, ChartUnit } from './document-facts.js';
import { parseNumber } from './parse-number.js';
import type { SourceDocument } from './read-document.js';
import { cleanHeader, headerPeriods, isIdentifierHeader, scaleOf, timeKey, unitOf } from './table-shape.js';

/** One cell of a series: its period or row label, its value, and where it is. */
export interface SeriesPoint {
  label: string;
  value: number;
  /** Data row, 1-based. */
  row: number;
  /** Header of the column the cell is in. */
  column: string;
}

/** A series of a table with what it did. */
export interface TableSeries {
  /** The value column's header made readable, or (series as rows) the row's label. */
  name: string;
  unit?: ChartUnit;
  /** What the cells are counted in, when the header says ("($k)": 1000); values stay the cells. */
  scale?: number;
  /** Series as rows over period columns: what the columns measure, made readable ("Revenue" of "Q1 revenue ($k)"). */
  measure?: string;
  /** Whether the points are periods in time (years, quarters, months, dates), oldest first. */
  overTime: boolean;
  points: SeriesPoint[];
  /** Every cell of the series. */
  source: ChartSource;
  /** Over time: from the first period to the last. */
  change?: FindingItem;
  peak: FindingItem;
  trough: FindingItem;
}

/** What one series contributes to a finding, with the cells it cites. */
export interface FindingItem {
  series: string;
  unit?: ChartUnit;
  /** What the cells are counted in, when the header says ("($k)": 1000). */
  scale?: number;
  /** Changes: the first and last points. */
  from?: SeriesPoint;
  to?: SeriesPoint;
  /** Changes: last minus first. */
  change?: number;
  /** Changes: percent change; absent when the first value is 0 or negative, where a percent says nothing honest. */
  percentChange?: number;
  /** Highest and lowest: the point. */
  at?: SeriesPoint;
  /** The cells this item was computed from. */
  source: ChartSource;
}

/**
 * What a finding says:
 * - `fastest-growth`: the largest percent rise (by absolute rise when no series has a positive base);
 * - `biggest-increase`: the largest absolute rise;
 * - `steepest-decline`: the largest percent fall (absolute when no base is positive);
 * - `highest` / `lowest`: over time, the largest / smallest latest value across series; for a table
 *   of categories or a lone time series, the row with the largest / smallest value of a series;
 * - `change`: every series' change, fastest growth first (for comparisons).
 */
export type FindingKind = 'fastest-growth' | 'biggest-increase' | 'steepest-decline' | 'highest' | 'lowest' | 'change';

/** A finding: its items are the answer, several when tied (`change`: every series). */
export interface TableFinding {
  kind: FindingKind;
  items: FindingItem[];
  /**
   * Highest and lowest: whether the items are series compared at their latest period (`series`)
   * or rows of one series (`rows`: a table of categories, or the peak of a lone time series).
   */
  across?: 'series' | 'rows';
}

/** A table's series and what they say, the headline first. */
export interface TableAnalysis {
  field: string;
  fileName?: string;
  series: TableSeries[];
  findings: TableFinding[];
}

type Direction = 'asc' | 'desc';

/** Whether labels are periods of one kind in strict order, and which. */
function timeDirection(labels: readonly string[]): Direction | undefined {
  if (labels.length < 2) return undefined;
  const keys = labels.map(timeKey);
  if (keys.some((key) => key === undefined || key.kind !== keys[0]!.kind)) return undefined;
  const orders = keys.map((key) => key!.order);
  if (orders.every((order, i) => i === 0 || order > orders[i - 1]!)) return 'asc';
  if (orders.every((order, i) => i === 0 || order < orders[i - 1]!)) return 'desc';
  return undefined;
}

function same(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
}

/** The items that share the highest score. */
function leaders(items: FindingItem[], score: (item: FindingItem) => number): FindingItem[] {
  // Series with no score (no percent from a zero base) do not rank.
  const ranked = items.filter((item) => Number.isFinite(score(item)));
  if (ranked.length === 0) return [];
  const best = Math.max(...ranked.map(score));
  return ranked.filter((item) => same(score(item), best));
}

function cite(series: Omit<TableSeries, 'change' | 'peak' | 'trough'>, points: SeriesPoint[]): ChartSource {
  const { columns, ...base } = series.source;
  if (columns) return { ...base, columns: points.map((point) => point.column) };
  return { ...base, rows: points.map((point) => point.row) };
}

function withFindings(series: Omit<TableSeries, 'change' | 'peak' | 'trough'>): TableSeries {
  const { points, name, unit, scale } = series;
  const named = { series: name, ...(unit ? { unit } : {}), ...(scale ? { scale } : {}) };
  const peak = points.reduce((best, point) => (point.value > best.value ? point : best));
  const trough = points.reduce((best, point) => (point.value < best.value ? point : best));
  const result: TableSeries = {
    ...series,
    peak: { ...named, at: peak, source: cite(series, [peak]) },
    trough: { ...named, at: trough, source: cite(series, [trough]) },
  };
  if (series.overTime) {
    const from = points[0]!;
    const to = points.at(-1)!;
    const change = to.value - from.value;
    result.change = { ...named, from, to, change, ...(from.value > 0 ? { percentChange: (change / from.value) * 100 } : {}), source: cite(series, [from, to]) };
  }
  return result;
}

/** The series of a table: columns over rows, or rows over period columns (periods as headers). */
function seriesOf(doc: SourceDocument): TableSeries[] {
  const table = doc.table;
  if (doc.kind !== 'csv' || !table) return [];
  const parse = (cell: string | undefined) => (cell ? parseNumber(cell, { decimalComma: table.decimalComma }) : undefined);
  // A column with a stray "n/a" still measures; one mostly of words names the rows.
  const measures = table.columns.map((_, column) => {
    const filled = table.rows.filter((row) => row[column]);
    const parsed = filled.filter((row) => parse(row[column]) !== undefined).length;
    return parsed >= 2 && parsed * 2 >= filled.length;
  });
  const labelIndex = Math.max(0, measures.findIndex((numeric) => !numeric));
  const labelColumn = table.columns[labelIndex]!;
  const base = { field: doc.field, ...(doc.fileName === undefined ? {} : { fileName: doc.fileName }) };
  const others = table.columns.map((_, index) => index).filter((index) => index !== labelIndex && !isIdentifierHeader(table.columns[index]!));

  // Periods as columns: headers that are periods, or one measure over periods ("Q1 revenue ($k), Q2 revenue ($k)").
  const headers = labelIndex === 0 ? headerPeriods(others.map((index) => table.columns[index]!)) : undefined;
  const periodDirection = headers ? timeDirection(headers.periods) : undefined;
  if (headers && periodDirection && others.length >= 2) {
    const periodOf = new Map(others.map((column, i) => [column, headers.periods[i]!]));
    const periods = periodDirection === 'asc' ? others : [...others].reverse();
    return table.rows.flatMap((row, rowIndex): TableSeries[] => {
      const name = row[labelIndex];
      if (!name) return [];
      const points = periods.flatMap((column) => {
        const value = parse(row[column]);
        return value === undefined ? [] : [{ label: periodOf.get(column)!, value, row: rowIndex + 1, column: table.columns[column]! }];
      });
      if (points.length < 2) return [];
      const unit = unitOf(`${labelColumn} ${name} ${headers.measure}`, periods.map((column) => row[column] ?? ''));
      const scale = scaleOf(table.columns[periods[0]!]!);
      const source = { ...base, labelColumn, valueColumn: name, rows: [rowIndex + 1], columns: points.map((point) => point.column) };
      const measure = headers.measure ? cleanHeader(headers.measure) : undefined;
      return [withFindings({ name, ...(unit ? { unit } : {}), ...(scale !== 1 ? { scale } : {}), ...(measure ? { measure } : {}), overTime: true, points, source })];
    });
  }

  return others.flatMap((column): TableSeries[] => {
    if (!measures[column]) return [];
    const header = table.columns[column]!;
    const points: SeriesPoint[] = [];
    table.rows.forEach((row, rowIndex) => {
      const label = row[labelIndex];
      const value = parse(row[column]);
      if (label && value !== undefined) points.push({ label, value, row: rowIndex + 1, column: header });
    });
    if (points.length < 2) return [];
    const direction = timeDirection(points.map((point) => point.label));
    if (direction === 'desc') points.reverse();
    const unit = unitOf(header, table.rows.map((row) => row[column] ?? ''));
    const scale = scaleOf(header);
    const source = { ...base, labelColumn, valueColumn: header, rows: points.map((point) => point.row) };
    return [withFindings({ name: cleanHeader(header), ...(unit ? { unit } : {}), ...(scale !== 1 ? { scale } : {}), overTime: direction !== undefined, points, source })];
  });
}

/** Percent change when there is one, else the absolute change: how growth and decline rank. */
function rankingScore(items: FindingItem[]): (item: FindingItem) => number {
  const byPercent = items.some((item) => item.percentChange !== undefined);
  return (item) => (byPercent ? (item.percentChange ?? Number.NEGATIVE_INFINITY) : item.change!);
}

function rankings(series: TableSeries[]): TableFinding[] {
  const findings: TableFinding[] = [];
  const changes = series.flatMap((item) => (item.change ? [item.change] : []));
  if (changes.length > 0) {
    const rising = changes.filter((item) => item.change! > 0);
    const growth = rankingScore(rising);
    if (rising.length > 0) findings.push({ kind: 'fastest-growth', items: leaders(rising, growth) });
    if (rising.length > 0) findings.push({ kind: 'biggest-increase', items: leaders(rising, (item) => item.change!) });
    const falling = changes.filter((item) => item.change! < 0);
    const decline = rankingScore(falling);
    if (falling.length > 0) findings.push({ kind: 'steepest-decline', items: leaders(falling, (item) => -decline(item)) });
    const latest = series.filter((item) => item.change).map((item): FindingItem => ({ series: item.name, ...(item.unit ? { unit: item.unit } : {}), ...(item.scale ? { scale: item.scale } : {}), at: item.change!.to!, source: cite(item, [item.change!.to!]) }));
    // One series over time: its highest is its peak, not its latest value.
    if (series.length > 1) {
      findings.push({ kind: 'highest', items: leaders(latest, (item) => item.at!.value), across: 'series' });
      findings.push({ kind: 'lowest', items: leaders(latest, (item) => -item.at!.value), across: 'series' });
    }
    const order = rankingScore(changes);
    findings.push({ kind: 'change', items: [...changes].sort((a, b) => order(b) - order(a) || b.change! - a.change!) });
  }
  for (const item of series.filter((entry) => !entry.overTime || series.length === 1)) {
    const rows = item.points.map((point): FindingItem => ({ ...item.peak, at: point, source: cite(item, [point]) }));
    findings.push({ kind: 'highest', items: leaders(rows, (entry) => entry.at!.value), across: 'rows' });
    findings.push({ kind: 'lowest', items: leaders(rows, (entry) => -entry.at!.value), across: 'rows' });
  }
  return findings;
}

/**
 * Analyses a CSV's cells: each numeric series (a column that is not an identifier such as `id` or
 * `rank`, over the rows' labels; or, when the headers are periods such as `2023,2024`, a row over
 * those columns), with its change from first to last period when its labels are periods, its peak
 * and trough; then the findings across series, the headline first (see {@link FindingKind}).
 * Cells that are not numbers are skipped. Undefined for other documents and tables with no series.
 */
export function analyzeTable(doc: SourceDocument): TableAnalysis | undefined {
  const series = seriesOf(doc);
  if (series.length === 0) return undefined;
  return { field: doc.field, ...(doc.fileName === undefined ? {} : { fileName: doc.fileName }), series, findings: rankings(series) };
}
