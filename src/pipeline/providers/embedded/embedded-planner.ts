import type { PlanRequest, StoryPlan, StoryPlanner } from '../provider-types.js';
import { documentScenes, imageScenes, type SceneDraft } from './material-scenes.js';
import { comparisonScene, iconScene, quoteScene, readsAsSteps, timelineScene } from './prompt-scenes.js';

// Openers people put before the subject: "Make a 30 second video about ...".
const REQUEST_OPENERS =
  /^(?:please\s+)?(?:(?:make|create|generate|produce|build|render|write|do|give me|i (?:want|need)|can you (?:make|create))\s+)?(?:me\s+)?(?:an?\s+)?(?:(?:short|quick|brief|simple|fun|animated|vertical|square|explainer|promo(?:tional)?|launch|product|teaser|marketing|\d+[- ]?(?:s|sec(?:ond)?s?|min(?:ute)?s?)|\d+:\d+|tiktok|youtube|instagram|reels?|shorts?)[\s,-]+)*(?:video|clip|explainer|animation|reel|short|story|presentation|ad|promo)?\s*(?:that\s+(?:explains?|shows?|covers?)|explaining|showing|about|on|for|of|covering|introducing|to explain)?\s*/i;

const STOP_WORDS = new Set('a an the and or but of to in on for with at by from is are was were be been it its this that these those as into about your our their my we you they i'.split(' '));

/** Splits text into sentences. */
export function sentences(text: string): string[] {
  return text
    .replace(/\s+/g, ' ')
    .split(/(?<=[.!?])\s+(?=[A-Z0-9"'])/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Splits a sentence into short points on commas, semicolons, colons and "and". */
export function clauses(text: string): string[] {
  const parts = text.split(/[;:]|,\s*(?:and\s+)?|\s+and\s+(?=\w+\s+\w+)/i).map((part) => part.replace(/^[\s\-–—•*]+|[\s.!?]+$/g, '').trim());
  // A part that starts with a bare verb ("... and are quiet") has lost its subject: keep it with the part before.
  const merged: string[] = [];
  for (const part of parts) {
    if (merged.length > 0 && /^(?:are|is|was|were|has|have|had|can|could|will|would|do|does|did|also)\b/.test(part)) merged[merged.length - 1] += ` and ${part}`;
    else merged.push(part);
  }
  return merged.filter((part) => part.split(/\s+/).length >= 2 && part.length <= 140);
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Shortens text to at most `words` words, at a word boundary. */
export function limitWords(text: string, words: number): string {
  const parts = text.split(/\s+/);
  return parts.length <= words ? text : parts.slice(0, words).join(' ');
}

/** The subject of the prompt: its first sentence without the "make a video about" opener. */
export function extractTopic(prompt: string): string {
  const first = sentences(prompt)[0] ?? prompt;
  const stripped = first.replace(REQUEST_OPENERS, '').replace(/[.!?]+$/, '').trim();
  const topic = stripped.length >= 3 ? stripped : first.replace(/[.!?]+$/, '');
  return capitalize(limitWords(topic, 14));
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

/** Finds figures stated in the text with the words around them. */
export function findFigures(text: string): StatedFigure[] {
  const figures: StatedFigure[] = [];
  // Whole words only, longest first: "4.2 million" is 4.2M, not 4.2m followed by "illion".
  const pattern = /([$€£]?)(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*(%|percent\b|million\b|billion\b|thousand\b|x\b|k\b|m\b)?/gi;
  for (const sentence of sentences(text)) {
    for (const match of sentence.matchAll(pattern)) {
      const raw = match[2]!.replace(/,/g, '');
      const value = Number(raw);
      const unit = (match[3] ?? '').toLowerCase();
      // A year is written without a thousands separator: "1,850 hours" is a figure, "in 1850" a year.
      const isYear = !match[1] && !unit && value >= 1500 && value <= 2099 && !match[2]!.includes(',') && !raw.includes('.');
      // "a 60 second video" states the video's length, not a fact to show.
      const isLength = /^[\s-]*(?:s|secs?|seconds?|mins?|minutes?)\b/i.test(sentence.slice((match.index ?? 0) + match[0].length));
      if (!Number.isFinite(value) || isYear || isLength || (!match[1] && !unit && value < 10)) continue;
      const suffix = unit === 'percent' || unit === '%' ? '%' : unit === 'million' || unit === 'm' ? 'M' : unit === 'billion' ? 'B' : unit === 'thousand' || unit === 'k' ? 'K' : unit === 'x' ? 'x' : '';
      const rest = sentence.slice((match.index ?? 0) + match[0].length).replace(/^\s*(?:of|in|for)?\s*/i, '').replace(/[.!?]+$/, '');
      const before = sentence.slice(0, match.index ?? 0).replace(/[.!?,:]+\s*$/, '').trim();
      const label = capitalize(limitWords((rest.length >= 8 ? rest : before || rest || 'as stated').replace(/^[\s,;:–—-]+/, ''), 12));
      figures.push({ value, prefix: match[1] ?? '', suffix, decimals: raw.includes('.') ? Math.min(2, raw.split('.')[1]!.length) : 0, label, sentence });
    }
  }
  return figures;
}

/** A sentence shortened for a subtitle: whole when short, else its first clause. */
function shortLine(sentence: string): string {
  const clean = sentence.replace(/[.!?]+$/, '');
  if (clean.split(/\s+/).length <= 16) return clean;
  const first = clean.split(/[,;:]/)[0]!.trim();
  return first.split(/\s+/).length >= 4 ? limitWords(first, 16) : limitWords(clean, 16);
}

/** The heading of the first body scene. */
function firstHeading(topic: string, steps: boolean, prompt: string): string {
  // A name keeps its capital: "Nimbus" stays "Nimbus" when the prompt writes it so mid-sentence.
  const first = topic.split(/\s+/)[0] ?? '';
  const isName = new RegExp(`[^.!?]\\s${first.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`).test(prompt);
  const lower = isName ? topic : topic.charAt(0).toLowerCase() + topic.slice(1);
  if (steps) return /^how\b/i.test(topic) ? capitalize(limitWords(topic, 10)) : `Step by step: ${limitWords(lower, 8)}`;
  if (/^(how|why|what|when|where|who)\b/i.test(topic)) return /^how\b/i.test(topic) ? 'How it works' : 'What to know';
  return topic.split(/\s+/).length <= 5 ? `Why ${lower} matters` : 'What to know';
}

/** Points read as sentences: each ends with a full stop unless it has its own end mark. */
function sentencesOf(points: string[]): string {
  return points
    .map((point) => point.trim())
    .filter(Boolean)
    .map((point) => (/[.!?。！？]$/.test(point) ? point : `${point}.`))
    .join(' ');
}

/** Key words of a text, for headings. */
function keywords(text: string, count: number): string[] {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, ' ')
    .split(/\s+/)
    .filter((word, index, all) => word.length > 3 && !STOP_WORDS.has(word) && all.indexOf(word) === index)
    .slice(0, count);
}

/** The longest a scene should run when the request has too little to fill more scenes. */
const MAX_SCENE_SECONDS = 10;

/** How many scenes a duration holds: about one every 6 seconds, 3 to 12. */
export function sceneCountFor(durationSeconds: number): number {
  return Math.max(durationSeconds < 9 ? 2 : 3, Math.min(12, Math.round(durationSeconds / 6)));
}

/**
 * Splits a duration over scenes by weight, in whole frames, summing exactly to the target
 * (rounded to a frame).
 */
export function allocateDurations(totalSeconds: number, weights: number[], fps: number): number[] {
  const totalFrames = Math.round(totalSeconds * fps);
  const weightSum = weights.reduce((a, b) => a + b, 0);
  const frames = weights.map((w) => Math.max(fps, Math.floor((totalFrames * w) / weightSum)));
  let remainder = totalFrames - frames.reduce((a, b) => a + b, 0);
  for (let i = 0; remainder !== 0; i = (i + 1) % frames.length) {
    const step = remainder > 0 ? 1 : -1;
    if (frames[i]! + step >= fps) {
      frames[i] = frames[i]! + step;
      remainder -= step;
    }
  }
  return frames.map((f) => f / fps);
}

/**
 * The embedded planner: a hook, body and close drawn from the request's own material, with no
 * model and no network. The body takes, in order: charts, figures and key statements from the
 * documents and the attached images (interleaved), then what the prompt's shape gives (a
 * comparison, a timeline, a quote), then its figures as counters and its sentences and clauses as
 * points (steps when it explains how, an icon grid when its points are short).
 */
export class EmbeddedPlanner implements StoryPlanner {
  readonly name = 'embedded';

  async plan(request: PlanRequest): Promise<StoryPlan> {
    const topic = extractTopic(request.prompt);
    const all = sentences(request.prompt);
    const rest = all.slice(1);
    const english = request.language === 'en';
    const materials = request.materials ?? { images: [], documents: [] };
    const figures = findFigures(request.prompt);
    const points = [...new Set([...rest.flatMap(clauses), ...clauses(all[0] ?? '').slice(1)])].map((p) => capitalize(limitWords(p, 12)));
    const fromDocuments = documentScenes(materials.documents, request.prompt, english);

    if (!request.multiScene) {
      const chart = fromDocuments.find((scene) => scene.kind === 'chart');
      const draft: SceneDraft =
        chart ??
        (points.length >= 2
          ? { role: 'body', kind: 'bullets', title: topic, settings: { heading: topic, items: points.slice(0, 4) }, narration: '' }
          : figures[0]
            ? { role: 'body', kind: 'stat', title: topic, settings: { ...figures[0] }, narration: '' }
            : { role: 'hook', kind: 'title', title: topic, settings: { title: topic, subtitle: rest[0] ?? '' }, narration: '' });
      return { title: topic, scenes: [{ ...draft, narration: '', durationSeconds: allocateDurations(request.durationSeconds, [1], request.fps)[0]! }] };
    }

    const closingSentence = rest.length > 0 ? rest[rest.length - 1]! : '';
    const actionMatch = /(?:visit|go to|see|try|sign up|join|download|learn more|subscribe|book|call)\b[^.!?]*/i.exec(request.prompt)?.[0];
    const action = actionMatch && english ? capitalize(limitWords(actionMatch.trim(), 6)) : undefined;
    // The last sentence closes the video unless it is a step of the process or a dated event (shown in their own scenes).
    const closesStory = closingSentence && closingSentence !== rest[0] && !(readsAsSteps(request.prompt) && /^(?:finally|then|next|last(?:ly)?)\b/i.test(closingSentence)) && !/\b(1[5-9]\d\d|20\d\d)\b/.test(closingSentence);
    let message = closesStory ? limitWords(closingSentence.replace(/[.!?]+$/, ''), 14) : topic;
    if (action && message.toLowerCase().startsWith(action.toLowerCase())) message = topic;
    const count = sceneCountFor(request.durationSeconds);
    const bodyCount = count - 2;
    // Below this many bodies, scenes would run too long: fill with the subject's key terms.
    const minBodies = Math.min(bodyCount, Math.max(1, Math.ceil(request.durationSeconds / MAX_SCENE_SECONDS) - 2));
    // The hero opens the video (without one, a background image does); the other images go in the body.
    const hero = materials.images.find((image) => image.role === 'hero') ?? materials.images.find((image) => image.role === 'background');
    const candidates: SceneDraft[] = interleave(fromDocuments, imageScenes(materials.images.filter((image) => image !== hero), topic));

    // The prompt's shape: a comparison, a timeline, a quote.
    const used = new Set<string>();
    const comparison = comparisonScene(request.prompt, points);
    if (comparison) {
      candidates.push(comparison);
      for (const side of ['left', 'right'] as const) for (const point of (comparison.settings[side] as { points: string[] }).points) used.add(point);
    }
    const timeline = timelineScene(all, english);
    if (timeline) {
      candidates.push(timeline);
      const dated = all.filter((sentence) => /\b(1[5-9]\d\d|20\d\d)\b/.test(sentence)).join(' ').toLowerCase();
      for (const point of points) if (dated.includes(point.toLowerCase())) used.add(point);
    }
    const quote = quoteScene(request.prompt);
    if (quote) {
      candidates.push(quote);
      const quoted = all.filter((sentence) => sentence.includes(String(quote.settings.quote))).join(' ').toLowerCase();
      for (const point of points) if (quoted.includes(point.toLowerCase().replace(/^["“]|["”]$/g, ''))) used.add(point);
    }

    // Then its figures and points.
    const figureQueue = figures.filter((figure) => !candidates.some((scene) => scene.narration.includes(figure.sentence)));
    // A point is said once: not again when a counter states its figure or the close says it.
    const shownElsewhere = [...figureQueue.map((figure) => figure.sentence), message, ...(action ? [action] : [])].map((text) => text.toLowerCase());
    const pointQueue = points.filter((point) => !used.has(point) && !shownElsewhere.some((text) => text.includes(point.toLowerCase().replace(/[.!?]+$/, ''))));
    const keyTerms = keywords(topic, 6);
    const steps = readsAsSteps(request.prompt);
    for (let i = 0; candidates.length < bodyCount && (figureQueue.length > 0 || pointQueue.length > 0); i += 1) {
      const figure = i % 2 === 1 || pointQueue.length === 0 ? figureQueue.shift() : undefined;
      if (figure) {
        const { sentence, ...shown } = figure;
        candidates.push({ role: 'body', kind: 'stat', title: figure.label, settings: { ...shown }, narration: sentence });
        continue;
      }
      // Short points (a run of three to six) read as an icon grid; steps take up to five; else three.
      const shortRun = pointQueue.slice(0, 6).findIndex((point) => point.split(/\s+/).length > 5);
      const iconCount = steps ? 0 : shortRun < 0 ? Math.min(6, pointQueue.length) : shortRun;
      const items = pointQueue.splice(0, iconCount >= 3 ? iconCount : steps && i === 0 ? 5 : 3);
      if (items.length === 0) continue;
      // Only English gets the planner's own words; other languages keep to the prompt's.
      const heading = english && i === 0 ? firstHeading(topic, steps, request.prompt) : `${capitalize(keywords(items[0]!, 2).join(' ') || topic)}`;
      const icons = iconCount >= 3 ? iconScene(heading, items) : undefined;
      if (icons) candidates.push(icons);
      else if (items.length === 1) candidates.push({ role: 'body', kind: 'kinetic', title: items[0]!, settings: { text: items[0]! }, narration: sentencesOf(items) });
      else if (steps && i === 0) candidates.push({ role: 'body', kind: 'steps', title: heading, settings: { heading, steps: items }, narration: sentencesOf(items) });
      else candidates.push({ role: 'body', kind: 'bullets', title: heading, settings: { heading, items }, narration: sentencesOf(items) });
    }
    const bodies = candidates.slice(0, bodyCount);
    // The request has said all it says: restate the subject's key terms (each once) rather than invent facts.
    const unusedTerms = keyTerms.filter((term) => !JSON.stringify(bodies.map((scene) => scene.settings)).toLowerCase().includes(term));
    for (let i = bodies.length; i < minBodies && unusedTerms.length > 0; i += 1) {
      const term = capitalize(unusedTerms.shift()!);
      bodies.push({ role: 'body', kind: 'kinetic', title: term, settings: { text: term, ...(english ? { kicker: topic } : {}) }, narration: '' });
    }

    const subtitle = rest[0] ? shortLine(rest[0]) : materials.brandDescription ? shortLine(sentences(materials.brandDescription)[0] ?? '') : '';
    const kicker = materials.brandName;
    const hook: SceneDraft = hero
      ? { role: 'hook', kind: 'image', title: topic, settings: { image: hero.name, mode: 'ken-burns', heading: topic, ...(subtitle ? { caption: subtitle } : {}) }, narration: sentencesOf([topic]) }
      : !subtitle && topic.split(/\s+/).length <= 8
        ? { role: 'hook', kind: 'kinetic', title: topic, settings: { text: topic, ...(kicker ? { kicker } : {}) }, narration: sentencesOf([topic]) }
        : { role: 'hook', kind: 'title', title: topic, settings: { title: topic, subtitle, ...(kicker ? { kicker } : {}) }, narration: sentencesOf([topic]) };
    const close: SceneDraft = {
      role: 'close',
      kind: 'cta',
      title: english ? 'Takeaway' : limitWords(message, 4),
      settings: { message, ...(action ? { action } : english ? { action: 'Learn more' } : {}), ...(materials.logo ? { logo: materials.logo } : {}) },
      narration: sentencesOf([message, ...(action && !message.toLowerCase().includes(action.toLowerCase()) ? [action] : [])]),
    };
    const scenes = [hook, ...bodies, close];
    const durations = allocateDurations(request.durationSeconds, scenes.map((s) => (s.role === 'body' ? 1 : 0.8)), request.fps);
    return { title: topic, scenes: scenes.map((scene, i) => ({ ...scene, durationSeconds: durations[i]! })) };
  }
}

/** Alternates two lists: a, b, a, b, ... then the rest of the longer one. */
function interleave<T>(a: T[], b: T[]): T[] {
  const out: T[] = [];
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    if (i < a.length) out.push(a[i]!);
    if (i < b.length) out.push(b[i]!);
  }
  return out;
}
