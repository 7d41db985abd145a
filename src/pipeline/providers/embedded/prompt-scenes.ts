// Shapes a prompt's own words can take besides points and figures: a timeline when it dates
// events, a comparison when it sets two things against each other, steps (a flow diagram when they
// are short) when it explains how, a checklist when it gives tips, a quote when it quotes someone,
// an icon grid when its points are short, a grid of figures when it states several, a map when it
// names countries.
import { placesIn } from '../../../catalog/places/index.js';
import { asSentence, type StatedFigure } from '../../../documents/stated-figures.js';
import type { SceneDraft } from './material-scenes.js';

/** Dated events: sentences that start with or contain a year, in the order given. */
export function timelineScene(sentences: string[], english: boolean): SceneDraft | undefined {
  const events = sentences.flatMap((sentence) => {
    const year = /\b(1[5-9]\d\d|20\d\d)\b/.exec(sentence);
    if (!year) return [];
    const text = sentence
      .replace(/[.!?]+$/, '')
      .replace(new RegExp(`^(?:in|by|since|from)?\\s*${year[1]}\\s*,?\\s*`, 'i'), '')
      .replace(new RegExp(`\\s*(?:in|by|since)\\s+${year[1]}\\b`, 'i'), '')
      .trim();
    return text.split(/\s+/).length >= 2 ? [{ when: year[1]!, text: text.charAt(0).toUpperCase() + text.slice(1) }] : [];
  });
  if (events.length < 3) return undefined;
  const shown = events.slice(0, 6);
  const title = english ? `From ${shown[0]!.when} to ${shown.at(-1)!.when}` : `${shown[0]!.when}–${shown.at(-1)!.when}`;
  return { role: 'body', kind: 'timeline', title, settings: { title, events: shown }, narration: shown.map((event) => asSentence(`${event.when}: ${event.text}`)).join(' ') };
}

/** Two things set against each other ("A vs B", "A versus B", "A compared to B"), with the points that mention each. */
export function comparisonScene(prompt: string, points: string[]): SceneDraft | undefined {
  const match = /\b([\p{L}\p{N}][\p{L}\p{N} '-]{1,40}?)\s+(?:vs\.?|versus|compared (?:to|with))\s+([\p{L}\p{N}][\p{L}\p{N} '-]{1,40}?)(?=[,.;:!?]|\s+(?:for|in|when|and|on)\b|$)/iu.exec(prompt);
  if (!match) return undefined;
  const clean = (side: string) => {
    const trimmed = side.replace(/^(?:about|of|on|between|the|a|an)\s+/i, '').trim();
    return trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  };
  const left = clean(match[1]!);
  const right = clean(match[2]!);
  // Each side is known by a word the other side does not share ("electric" in "electric cars vs gas cars").
  const wordsOf = (side: string) => side.toLowerCase().split(/\s+/).filter((word) => word.length > 1);
  const key = (side: string, other: string) => wordsOf(side).find((word) => !wordsOf(other).includes(word)) ?? side.toLowerCase();
  const about = (side: string) => points.filter((point) => point.toLowerCase().includes(key(side, side === left ? right : left)));
  const leftPoints = about(left).filter((point) => !about(right).includes(point));
  const rightPoints = about(right).filter((point) => !about(left).includes(point));
  if (leftPoints.length === 0 || rightPoints.length === 0) return undefined;
  const title = `${left} vs ${right}`;
  return {
    role: 'body',
    kind: 'comparison',
    title,
    settings: { title, left: { title: left, points: leftPoints.slice(0, 4) }, right: { title: right, points: rightPoints.slice(0, 4) } },
    narration: [...leftPoints.slice(0, 2), ...rightPoints.slice(0, 2)].map(asSentence).join(' '),
  };
}

/** Whether a prompt explains a process: "how to", "steps", or first/then/finally. */
export function readsAsSteps(prompt: string): boolean {
  return /\bhow to\b|\bsteps?\b|\bstep[- ]by[- ]step\b/i.test(prompt) || (/\bfirst\b/i.test(prompt) && /\b(then|next|finally)\b/i.test(prompt));
}

/** A quotation with its speaker: “...” — Name, or "..." said Name. */
export function quoteScene(prompt: string): SceneDraft | undefined {
  const match = /["“]([^"”]{12,280})["”]\s*(?:[—–-]\s*|,?\s*(?:said|says|writes|wrote)\s+)([\p{Lu}][\p{L}.'-]*(?:\s+[\p{Lu}][\p{L}.'-]*){0,3})(?:,\s*([^.;]{2,60}))?/u.exec(prompt);
  if (!match) return undefined;
  const [, quote, author, role] = match;
  return {
    role: 'body',
    kind: 'quote',
    title: author!,
    settings: { quote: quote!.trim(), author: author!, ...(role ? { role: role.trim() } : {}) },
    narration: `${quote!.trim()}`,
  };
}

/** Short points (at most five words each, three to eight of them) read as an icon grid. */
export function iconScene(heading: string, points: string[], narration = points.map(asSentence).join(' ')): SceneDraft | undefined {
  const short = points.filter((point) => point.split(/\s+/).length <= 5);
  if (short.length < 3 || short.length !== points.length) return undefined;
  const items = short.slice(0, 8).map((label) => ({ icon: 'auto', label }));
  return { role: 'body', kind: 'icons', title: heading, settings: { title: heading, items }, narration };
}

/** Whether a prompt gives tips or a checklist ("5 tips for better sleep", "Tipps", "conseils", "consejos"). */
export function readsAsChecklist(prompt: string): boolean {
  return /\b(?:tips?|checklist|to-?dos?|dos and don'?ts|tipps?|checkliste|conseils?|astuces?|consejos?|trucos?)\b/i.test(prompt);
}

/** Whether a prompt describes a loop that returns to its start ("cycle", "Kreislauf", "ciclo"). */
export function readsAsCycle(prompt: string): boolean {
  return /\b(?:cycles?|loops?|circular|kreislaufs?|zyklus|cycle de|ciclos?)\b/i.test(prompt);
}

/** Steps short enough to label a diagram's nodes (three to six of at most six words) as a flow: a line, or a cycle when the prompt describes a loop. */
export function flowScene(heading: string, steps: string[], narration: string, cycle: boolean): SceneDraft | undefined {
  if (steps.length < 3 || steps.length > 6 || steps.some((step) => step.split(/\s+/).length > 6)) return undefined;
  return { role: 'body', kind: 'flow', title: heading, settings: { title: heading, shape: cycle ? 'cycle' : 'line', nodes: steps.map((label) => ({ label })) }, narration };
}

/** Two to four figures the prompt states, in one grid: each with its label, said as their sentences. */
export function statGridScene(heading: string, figures: StatedFigure[]): SceneDraft | undefined {
  const shown = figures.slice(0, 4);
  if (shown.length < 2) return undefined;
  const stats = shown.map(({ sentence: _sentence, ...figure }) => figure);
  const narration = [...new Set(shown.map((figure) => figure.sentence))].join(' ');
  return { role: 'body', kind: 'stat-grid', title: heading, settings: { title: heading, stats }, narration };
}

/** The countries a prompt names, on a map: each labelled in the prompt's language, said as the sentences that name them. */
export function mapScene(heading: string, sentences: string[], language: string): SceneDraft | undefined {
  const places = placesIn(sentences.join(' '), language).slice(0, 8);
  if (places.length === 0) return undefined;
  const naming = sentences.filter((sentence) => placesIn(sentence, language).length > 0);
  return {
    role: 'body',
    kind: 'map',
    title: heading,
    settings: { title: heading, regions: places.map((place) => place.code), labels: Object.fromEntries(places.map((place) => [place.code, place.name])) },
    narration: naming.join(' '),
  };
}
