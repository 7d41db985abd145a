// Figures a table's analysis computed (changes and percent changes), for a planner that may put
// them on screen: as lines to tell a language model, and as values a plan may show, each with the
// cells it was computed from.
import type { ChartSource } from './document-facts.js';
import type { FindingItem, TableAnalysis, TableFinding } from './table-analysis.js';
import { formatFigure } from './table-answer.js';

/** A figure computed from cells: a change or a percent change. */
export interface ComputedFigure {
  /** The figure, positive (a fall of 14% is 14). */
  value: number;
  source: ChartSource;
}

const HEADINGS: Partial<Record<TableFinding['kind'], string>> = {
  'fastest-growth': 'Fastest growth',
  'biggest-increase': 'Biggest absolute increase',
  'steepest-decline': 'Steepest decline',
  highest: 'Highest',
  lowest: 'Lowest',
};

function cells(source: ChartSource): string {
  const where = source.columns ? `row ${source.rows.join(', ')}, columns ${source.columns.join(', ')}` : `column ${source.valueColumn}, rows ${source.rows.join(', ')}`;
  return `[${source.fileName ?? source.field}, ${where}]`;
}

function describeChange(item: FindingItem): string {
  const percent = item.percentChange === undefined ? 'no percent (base is 0 or negative)' : `${item.percentChange >= 0 ? '+' : ''}${formatFigure(item.percentChange, 'en', 1)}%`;
  return `${item.series}: ${item.from!.label} ${formatFigure(item.from!.value, 'en')} → ${item.to!.label} ${formatFigure(item.to!.value, 'en')}, change ${item.change! >= 0 ? '+' : ''}${formatFigure(item.change!, 'en')}, ${percent} ${cells(item.source)}`;
}

/** Lines stating what the analysis computed, in English, each with its cells, for a model's prompt. */
export function describeFindings(analysis: TableAnalysis): string[] {
  const lines: string[] = [];
  for (const finding of analysis.findings) {
    if (finding.kind === 'change') lines.push(...finding.items.map(describeChange));
    const heading = HEADINGS[finding.kind];
    if (!heading) continue;
    const what = finding.items.map((item) => (item.at ? `${item.series} ${item.at.label} ${formatFigure(item.at.value, 'en')}` : `${item.series}`));
    lines.push(`${heading}: ${what.join(', ')}`);
  }
  return lines;
}

/**
 * The changes an analysis computed, as figures a plan may show: each series' absolute change and
 * its percent change rounded to 0, 1 and 2 decimals (as a model may write it), with the cells.
 */
export function computedFigures(analysis: TableAnalysis): ComputedFigure[] {
  return analysis.series.flatMap((series) => {
    const change = series.change;
    if (!change) return [];
    const values = [Math.abs(change.change!), ...(change.percentChange === undefined ? [] : [0, 1, 2].map((decimals) => Number(Math.abs(change.percentChange!).toFixed(decimals))))];
    return [...new Set(values)].map((value) => ({ value, source: change.source }));
  });
}
