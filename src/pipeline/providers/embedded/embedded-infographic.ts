// The embedded infographic planner: one scene that shows the request's numbers. The rules, in order:
// 1. A CSV: its first chart (labels and values exactly the cells; kind by chooseChartKind).
// 2. Figures stated in the prompt or in a PDF/text document ("62% of teams ship weekly"): three or
//    more in the same unit become a bar chart, otherwise up to six labeled counters ("figures").
// 3. Else the key statements of a document, or the prompt's points, as icon points.
// A PDF or text document grounds the headline (its title) and the labels (its sentences).
import { chartsFrom, figuresFrom, statementsFrom, titleFrom, type DocumentFigure } from '../../../documents/document-facts.js';
import type { SourceDocument } from '../../../documents/read-document.js';
import type { InfographicContent, InfographicItem, InfographicRequest } from '../provider-types.js';
import { clauses, extractTopic, findFigures, limitWords, sentences, type StatedFigure } from './embedded-planner.js';
import { documentName, rowsText } from './material-scenes.js';
import { readRequestContent } from './request-content.js';
import { shownUnit } from '../../../documents/table-answer.js';

/** Most counters a figures infographic shows. */
const MAX_FIGURES = 6;
/** Most points a points infographic shows. */
const MAX_POINTS = 6;
/** Longest label, in words. */
const LABEL_WORDS = 8;

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function label(text: string): string {
  return capitalize(limitWords(text.replace(/[.!?]+$/, '').trim(), LABEL_WORDS));
}

/** "Source: report.pdf, p. 2" or "Source: report.pdf, pp. 2, 4" for figures from one or more pages. */
function figuresSource(figures: DocumentFigure[]): string | undefined {
  const first = figures[0];
  if (!first) return undefined;
  const name = documentName(first.source);
  const pages = [...new Set(figures.filter((figure) => documentName(figure.source) === name).map((figure) => figure.source.page).filter((page) => page !== undefined))];
  return `Source: ${name}${pages.length === 1 ? `, p. ${pages[0]}` : pages.length > 1 ? `, pp. ${pages.join(', ')}` : ''}`;
}

/** The unit a set of figures share, or undefined when they differ. */
function sharedUnit(figures: StatedFigure[]): { prefix: string; suffix: string } | undefined {
  const [first] = figures;
  if (!first) return undefined;
  return figures.every((figure) => figure.prefix === first.prefix && figure.suffix === first.suffix) ? { prefix: first.prefix, suffix: first.suffix } : undefined;
}

/** A chart unit the kit formats ('%', '$', '€', '£', and thousands, millions or billions of them: 'k', '$M'), from a figure's prefix and suffix. */
function chartUnit(unit: { prefix: string; suffix: string }): string | undefined {
  if (unit.suffix === '%' && !unit.prefix) return '%';
  const scale = /^(k|m|b)$/i.exec(unit.suffix.trim())?.[1];
  if (scale && (!unit.prefix || /^[$€£]$/.test(unit.prefix))) return `${unit.prefix}${scale.toLowerCase() === 'k' ? 'k' : scale.toUpperCase()}`;
  if (unit.prefix && !unit.suffix) return unit.prefix;
  if (!unit.prefix && !unit.suffix) return '';
  return undefined;
}

/**
 * A figure's label: its sentence without the figure when that is short ("Builds got 3x faster" →
 * "Builds got faster", "62% of teams ship weekly" → "Teams ship weekly"), else the words around it.
 */
function figureLabel(figure: StatedFigure): string {
  const shown = `${figure.prefix}${figure.value}`;
  const at = figure.sentence.replace(/,/g, '').indexOf(shown);
  if (at >= 0) {
    const bare = figure.sentence.replace(/,/g, '');
    const rest = bare.slice(at + shown.length).replace(/^\s*(?:%|percent\b|million\b|billion\b|thousand\b|x\b|k\b|m\b)?/i, '');
    const without = `${bare.slice(0, at)} ${rest}`.replace(/\s+/g, ' ').replace(/^\s*(?:of|in|for)\s+/i, '').replace(/[.!?]+$/, '').trim();
    if (without.split(/\s+/).length >= 2 && without.split(/\s+/).length <= LABEL_WORDS) return capitalize(without);
  }
  return label(figure.label);
}

/** Names in a list: "Finland, Norway, Iceland & Denmark" (an ampersand reads in every language). */
function joinNames(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} & ${names.at(-1)}`;
}

function figureItems(figures: StatedFigure[]): InfographicItem[] {
  return figures.slice(0, MAX_FIGURES).map((figure) => ({
    label: figureLabel(figure),
    value: figure.value,
    ...(figure.prefix ? { prefix: figure.prefix } : {}),
    ...(figure.suffix ? { suffix: figure.suffix } : {}),
    decimals: figure.decimals,
  }));
}

/** The same figure stated twice (a prompt repeating its document) counts once. */
function distinctFigures<T extends StatedFigure>(figures: T[]): T[] {
  const seen = new Set<string>();
  return figures.filter((figure) => {
    const key = `${figure.prefix}${figure.value}${figure.suffix}|${figure.label.toLowerCase()}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Plans an infographic from the prompt, its documents and brand (see the rules at the top of this file). */
export function planInfographicEmbedded(request: InfographicRequest): InfographicContent {
  const prompt = request.prompt;
  const documents: SourceDocument[] = request.documents;
  const written = documents.filter((doc) => doc.kind !== 'csv');
  const documentTitle = written.map((doc) => titleFrom(doc)).find((title) => title !== undefined);
  const content = readRequestContent(prompt);
  const promptSentences = content.sentences.length > 0 ? content.sentences : sentences(prompt);
  // A first sentence that only lists figures ("Finland drinks 12 kg, Norway 9.9 kg, …") is headed by what it lists.
  const listed = findFigures(promptSentences[0] ?? '');
  const listHeadline = listed.length >= 2 && new Set(listed.map((figure) => figure.label)).size === listed.length && listed.every((figure) => figure.label.split(/\s+/).length <= 3) ? joinNames(listed.map((figure) => figure.label)) : undefined;
  // A first sentence that leads into its list with a colon ("Where our budget went: hosting 420k, …") is headed by its lead.
  const lead = /^([^:]+):\s/.exec(promptSentences[0] ?? '')?.[1]?.trim();
  const leadHeadline = lead && listed.length >= 2 && findFigures(lead).length === 0 && lead.split(/\s+/).length >= 2 && lead.split(/\s+/).length <= 14 ? capitalize(lead) : undefined;
  const topic = leadHeadline ?? listHeadline ?? (content.subject ? limitWords(content.subject, 14) : extractTopic(prompt));
  const headline = documentTitle ?? topic;
  // The subheadline: the prompt's subject under a document's title, else the prompt's second
  // content sentence when it states no figure (those are shown as figures); never its instructions.
  const second = promptSentences[1]?.replace(/[.!?]+$/, '');
  const subheadline = documentTitle && topic.toLowerCase() !== documentTitle.toLowerCase() ? topic : second && findFigures(second).length === 0 && second.split(/\s+/).length <= 20 ? second : undefined;
  const base = { headline, ...(subheadline ? { subheadline } : {}), ...(request.brandName ? { kicker: request.brandName } : {}) };

  for (const doc of documents) {
    const chart = chartsFrom(doc)[0];
    if (!chart) continue;
    return {
      ...base,
      ...(documentTitle ? {} : { headline: topic }),
      visual: chart.kind,
      items: chart.labels.map((text, index) => ({ label: text, value: chart.values[index]! })),
      // A header's scale goes with the unit: "$1,400k" for cells of "Revenue ($k)".
      ...(chart.unit || chart.scale ? { unit: shownUnit(chart.unit, chart.scale) } : {}),
      valueLabel: chart.valueLabel,
      source: `Source: ${documentName(chart.source)}, ${rowsText(chart.source.rows)}`,
      sourceRef: chart.source,
    };
  }

  const fromDocuments = distinctFigures(written.flatMap((doc) => figuresFrom(doc, prompt)));
  const fromPrompt = distinctFigures(findFigures(prompt));
  const figures = distinctFigures<StatedFigure>([...fromPrompt, ...fromDocuments]);
  if (figures.length > 0) {
    const source = fromDocuments.length > 0 ? figuresSource(fromDocuments) : undefined;
    const sourceRef = fromDocuments.length > 0 ? fromDocuments.map((figure) => figure.source) : undefined;
    const unit = sharedUnit(figures.slice(0, 12));
    const asChart = figures.length >= 3 && unit ? chartUnit(unit) : undefined;
    if (asChart !== undefined) {
      return {
        ...base,
        visual: 'bar',
        items: figures.slice(0, 12).map((figure) => ({ label: figureLabel(figure), value: figure.value })),
        ...(asChart ? { unit: asChart } : {}),
        ...(source ? { source } : {}),
        ...(sourceRef ? { sourceRef } : {}),
      };
    }
    return { ...base, visual: 'figures', items: figureItems(figures), ...(source ? { source } : {}), ...(sourceRef ? { sourceRef } : {}) };
  }

  const statements = written.flatMap((doc) => statementsFrom(doc, prompt, { count: MAX_POINTS }));
  if (statements.length >= 2) {
    const first = statements[0]!.source;
    return {
      ...base,
      visual: 'points',
      items: statements.slice(0, MAX_POINTS).map((statement) => ({ label: label(statement.text), value: 0, icon: 'auto' })),
      source: `Source: ${documentName(first)}`,
      sourceRef: statements.slice(0, MAX_POINTS).map((statement) => statement.source),
    };
  }

  // The prompt's own points: the clauses after its first sentence, else those of the first.
  const rest = promptSentences.slice(1).flatMap((sentence) => clauses(sentence));
  const points = (rest.length >= 2 ? rest : promptSentences.flatMap((sentence) => clauses(sentence)))
    .map(label)
    .filter((point) => point.toLowerCase() !== headline.toLowerCase())
    .slice(0, MAX_POINTS);
  if (points.length >= 2) return { ...base, visual: 'points', items: points.map((point) => ({ label: point, value: 0, icon: 'auto' })) };
  // Too little to list: the prompt's key words as points under its subject.
  const words = [...new Set(prompt.replace(/[^\p{L}\p{N}\s-]/gu, ' ').split(/\s+/).filter((word) => word.length > 3))].slice(0, 3);
  const items = (words.length > 0 ? words : [topic]).map((word) => ({ label: capitalize(word), value: 0, icon: 'auto' }));
  return { ...base, visual: 'points', items };
}
