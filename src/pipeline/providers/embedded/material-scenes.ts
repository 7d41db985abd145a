// Scenes drawn from what a request brought besides its prompt: charts from CSV columns, figures and
// key statements from PDFs and texts, and the attached images by their role. Every scene's
// settings carry a `sourceRef` saying where its facts came from.
import { chartsFrom, figuresFrom, statementsFrom, titleFrom, type ChartData, type StatementSource } from '../../../documents/document-facts.js';
import { asSentence } from '../../../documents/stated-figures.js';
import type { SourceDocument } from '../../../documents/read-document.js';
import { sayAmount, shownUnit } from '../../../documents/table-answer.js';
import type { PreparedImage } from '../../materials/prepare-materials.js';
import type { PlannedScene } from '../provider-types.js';

/** A scene without its duration (the planner allocates time). */
export type SceneDraft = Omit<PlannedScene, 'durationSeconds'>;

/** How a document is named on screen: its file name, else its field. */
export function documentName(source: { field: string; fileName?: string }): string {
  return source.fileName ?? source.field;
}

/** "rows 1–5" for consecutive rows, else the list. */
export function rowsText(rows: number[]): string {
  if (rows.length === 0) return '';
  const consecutive = rows.every((row, i) => i === 0 || row === rows[i - 1]! + 1);
  return consecutive && rows.length > 1 ? `rows ${rows[0]}–${rows.at(-1)}` : `row${rows.length > 1 ? 's' : ''} ${rows.join(', ')}`;
}

/** A chart scene showing a CSV's columns exactly as written. */
export function chartScene(chart: ChartData, english: boolean): SceneDraft {
  const pairs = chart.labels.map((label, i) => `${label}: ${sayAmount(chart.values[i]!, chart.unit, 'en', chart.scale)}`);
  // A header's scale goes with the unit on screen: "$1,400k" for cells of "Q3 revenue ($k)".
  const unit = shownUnit(chart.unit, chart.scale);
  const top = chart.values.indexOf(Math.max(...chart.values));
  const narration = english
    ? `${asSentence(chart.title)} ${pairs.slice(0, 6).join(', ')}.${chart.kind !== 'line' && top >= 0 ? ` ${chart.labels[top]} leads.` : ''}`
    : `${asSentence(chart.title)} ${pairs.slice(0, 6).join(', ')}.`;
  return {
    role: 'body',
    kind: 'chart',
    title: chart.title,
    settings: {
      chart: chart.kind,
      title: chart.title,
      labels: chart.labels,
      values: chart.values,
      ...(unit ? { unit } : {}),
      valueLabel: chart.valueLabel,
      source: `Source: ${documentName(chart.source)}, ${rowsText(chart.source.rows)}`,
      sourceRef: chart.source,
    },
    narration,
  };
}

/** "Source: report.pdf, p. 4". */
export function statementSourceText(source: StatementSource): string {
  return `Source: ${documentName(source)}${source.page ? `, p. ${source.page}` : ''}`;
}

/** Scenes from a job's documents, most telling first: charts, then stated figures, then key statements. */
export function documentScenes(documents: SourceDocument[], prompt: string, english: boolean): SceneDraft[] {
  const charts: SceneDraft[] = [];
  const figures: SceneDraft[] = [];
  const statements: SceneDraft[] = [];
  for (const doc of documents) {
    for (const chart of chartsFrom(doc).slice(0, 2)) charts.push(chartScene(chart, english));
    const stated = figuresFrom(doc, prompt).slice(0, 2);
    for (const figure of stated) {
      const { source, sentence, ...shown } = figure;
      figures.push({
        role: 'body',
        kind: 'stat',
        title: figure.label,
        settings: { ...shown, source: statementSourceText(source), sourceRef: source },
        narration: sentence,
      });
    }
    // A sentence shown as a counter is not listed again as a point.
    const picked = statementsFrom(doc, prompt, { count: 8 }).filter((statement) => !stated.some((figure) => figure.sentence.includes(statement.text) || statement.text.includes(figure.sentence)));
    for (let i = 0; i < picked.length; i += 3) {
      const group = picked.slice(i, i + 3);
      if (group.length < 2) break;
      const heading = (i === 0 ? titleFrom(doc) : undefined) ?? documentName(group[0]!.source);
      statements.push({
        role: 'body',
        kind: 'bullets',
        title: heading,
        settings: {
          heading,
          items: group.map((statement) => statement.text.replace(/[.!?]+$/, '')),
          kicker: statementSourceText(group[0]!.source).replace(/^Source: /, ''),
          sourceRef: group.map((statement) => statement.source),
        },
        narration: group.map((statement) => statement.text).join(' '),
      });
    }
  }
  return [...charts, ...figures, ...statements];
}

/** A person's name and role from an image context such as "Jane Doe, CEO" or "Jane Doe - founder". */
function personFrom(context: string | undefined): { name: string; role?: string } | undefined {
  if (!context) return undefined;
  const [name, role] = context.split(/\s*[,–—|-]\s*/, 2);
  if (!name || name.split(/\s+/).length > 4 || /\b(team|photo|image|picture|our|the)\b/i.test(name)) return undefined;
  return { name, ...(role ? { role } : {}) };
}

/** Scenes showing the attached images where their role says (the planner opens the video with the hero, and does not pass it here). */
/** Words of a request that ask for its images one after another, in the order given (a product tour, a walkthrough). */
const SEQUENCE_WORDS = /(?<![\p{L}])(?:tour|walk-?through|in (?:this |that |the given )?order|in sequence|step[- ]by[- ]step|one (?:by|after) (?:one|another)|rundgang|der reihe nach|schritt für schritt|nacheinander|visite|dans l'ordre|étape par étape|l'une? après l'autre|recorrido|en orden|paso a paso|un[oa] (?:por|tras) otr?[oa])(?![\p{L}])/iu;

/** Whether the request asks for its images in sequence. */
export function readsAsSequence(prompt: string): boolean {
  return SEQUENCE_WORDS.test(prompt);
}

export function imageScenes(images: PreparedImage[], topic: string, options: { sequence?: boolean } = {}): SceneDraft[] {
  const scenes: SceneDraft[] = [];
  // A tour or walkthrough shows every image on its own, in the order given: the screenshots are the story.
  if (options.sequence) {
    return images
      .filter((image) => image.role !== 'logo')
      .map((image) => ({ role: 'body', kind: 'image', title: image.context ?? topic, settings: { image: image.name, mode: 'contain', ...(image.context ? { heading: image.context } : {}) }, narration: image.context ? asSentence(image.context) : '' }));
  }
  for (const image of images.filter((item) => item.role === 'product')) {
    const heading = image.context ?? topic;
    scenes.push({ role: 'body', kind: 'image', title: heading, settings: { image: image.name, mode: 'contain', heading }, narration: image.context ? asSentence(image.context) : '' });
  }
  const team = images.filter((item) => item.role === 'team');
  for (const image of team.length === 1 ? team : []) {
    const person = personFrom(image.context);
    if (person) {
      scenes.push({ role: 'body', kind: 'lower-third', title: person.name, settings: { name: person.name, ...(person.role ? { role: person.role } : {}), image: image.name }, narration: asSentence(`${person.name}${person.role ? `, ${person.role}` : ''}`) });
    } else {
      scenes.push({ role: 'body', kind: 'image-split', title: image.context ?? topic, settings: { image: image.name, heading: image.context ?? topic }, narration: image.context ? asSentence(image.context) : '' });
    }
  }
  const grid = [...(team.length > 1 ? team : []), ...images.filter((item) => item.role === 'gallery' || item.role === 'background' || item.role === 'hero')];
  if (grid.length >= 2) {
    const shown = grid.slice(0, 6);
    const heading = shown.find((image) => image.context)?.context ?? topic;
    scenes.push({
      role: 'body',
      kind: 'image-grid',
      title: heading,
      settings: { images: shown.map((image) => image.name), heading, ...(shown.every((image) => image.context) ? { captions: shown.map((image) => image.context!) } : {}) },
      narration: '',
    });
  } else if (grid.length === 1) {
    const image = grid[0]!;
    scenes.push({ role: 'body', kind: 'image-split', title: image.context ?? topic, settings: { image: image.name, heading: image.context ?? topic }, narration: image.context ? asSentence(image.context) : '' });
  }
  return scenes;
}
