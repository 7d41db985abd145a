// The answer to what a prompt asks of an attached CSV ("Which region grew fastest?"), computed
// from the cells: a counter that states it and the chart of the series it is about, both carrying
// the cells they came from.
import { chooseChartKind, MAX_CHART_POINTS, type ChartSource } from '../../../documents/document-facts.js';
import type { SourceDocument } from '../../../documents/read-document.js';
import { analyzeTable, type TableAnalysis } from '../../../documents/table-analysis.js';
import { answerQuestion, type TableAnswer } from '../../../documents/table-answer.js';
import { chartScene, documentName, rowsText, type SceneDraft } from './material-scenes.js';

/** The answer of one table as scenes. */
export interface AnswerScenes {
  /** Whether the prompt asked for it; otherwise it is the table's headline finding. */
  asked: boolean;
  answer: TableAnswer;
  /** A `stat` scene: the figure ("+78%"), the answer as its label and narration. */
  stat: SceneDraft;
  /** The chart of the series the answer is about (the first, when tied). */
  chart?: SceneDraft;
}

/** "Source: sales.csv, rows 1, 3", or for series as rows "Source: sales.csv, row 2, 2023, 2024". */
export function cellsSourceText(sources: ChartSource[]): string {
  const first = sources[0]!;
  const rows = [...new Set(sources.flatMap((source) => source.rows))].sort((a, b) => a - b);
  const columns = [...new Set(sources.flatMap((source) => source.columns ?? []))];
  return `Source: ${documentName(first)}, ${rowsText(rows)}${columns.length > 0 ? `, ${columns.join(', ')}` : ''}`;
}

function chartOf(analysis: TableAnalysis, answer: TableAnswer, english: boolean): SceneDraft | undefined {
  const series = analysis.series.find((entry) => entry.name === answer.finding.items[0]!.series);
  if (!series) return undefined;
  // A long series keeps its first point and its latest ones, so both ends of the answer are drawn.
  const points = series.points.length <= MAX_CHART_POINTS ? series.points : [series.points[0]!, ...series.points.slice(-(MAX_CHART_POINTS - 1))];
  // Periods as columns: the period each header names ("Q1" of "Q1 revenue ($k)").
  const labels = points.map((point) => point.label);
  const values = points.map((point) => point.value);
  const { columns, ...base } = series.source;
  const source: ChartSource = columns ? { ...base, columns: points.map((point) => point.column) } : { ...base, rows: points.map((point) => point.row) };
  // A row over period columns is titled with what the columns measure: "Analytics: revenue".
  return chartScene(
    {
      title: series.measure ? `${series.name}: ${series.measure.toLowerCase()}` : series.name,
      labels,
      values,
      valueLabel: series.measure ?? series.source.valueColumn,
      ...(series.unit ? { unit: series.unit } : {}),
      ...(series.scale ? { scale: series.scale } : {}),
      kind: chooseChartKind({ labels, values, valueLabel: series.source.valueColumn, ...(series.unit ? { unit: series.unit } : {}) }),
      source,
    },
    english,
  );
}

/**
 * The answer to the prompt's question from the first CSV that answers it (see `answerQuestion`),
 * else the first CSV's headline finding, as a counter scene and the chart of its series; undefined
 * when no CSV gives one. The counter's settings carry `sourceRef`: the cells of the answer (a list
 * when several series tie).
 */
export function answerScenes(documents: readonly SourceDocument[], prompt: string, language: string): AnswerScenes | undefined {
  let headline: { analysis: TableAnalysis; answer: TableAnswer } | undefined;
  let asked: { analysis: TableAnalysis; answer: TableAnswer } | undefined;
  for (const doc of documents) {
    const analysis = analyzeTable(doc);
    const answer = analysis && answerQuestion(analysis, prompt, language);
    if (!analysis || !answer) continue;
    if (answer.intent) {
      asked = { analysis, answer };
      break;
    }
    headline ??= { analysis, answer };
  }
  const found = asked ?? headline;
  if (!found) return undefined;
  const { analysis, answer } = found;
  const sources = answer.finding.items.map((item) => item.source);
  const stat: SceneDraft = {
    role: 'body',
    kind: 'stat',
    title: answer.label,
    settings: { ...answer.figure, label: answer.label, source: cellsSourceText(sources), sourceRef: sources.length === 1 ? sources[0]! : sources },
    narration: answer.sentence ?? '',
  };
  const chart = chartOf(analysis, answer, language === 'en');
  return { asked: asked !== undefined, answer, stat, ...(chart ? { chart } : {}) };
}

/** Whether two chart scenes draw the same series of the same document. */
export function sameSeries(a: SceneDraft, b: SceneDraft): boolean {
  const left = a.settings.sourceRef as ChartSource | undefined;
  const right = b.settings.sourceRef as ChartSource | undefined;
  return a.kind === 'chart' && b.kind === 'chart' && left !== undefined && right !== undefined && left.field === right.field && left.valueColumn === right.valueColumn;
}
