import type { PlannedScene, PlanRequest, StoryPlan, StoryPlanner } from '../provider-types.js';

// Openers people put before the subject: "Make a 30 second video about ...".
const REQUEST_OPENERS =
  /^(?:please\s+)?(?:(?:make|create|generate|produce|build|render|write|do|give me|i (?:want|need)|can you (?:make|create))\s+)?(?:me\s+)?(?:an?\s+)?(?:(?:short|quick|brief|simple|fun|animated|vertical|square|explainer|promo(?:tional)?|\d+[- ]?(?:s|sec(?:ond)?s?|min(?:ute)?s?)|\d+:\d+|tiktok|youtube|instagram|reels?|shorts?)[\s,-]+)*(?:video|clip|explainer|animation|reel|short|story|presentation|ad|promo)?\s*(?:that\s+(?:explains?|shows?|covers?)|explaining|showing|about|on|for|of|covering|introducing|to explain)?\s*/i;

const STOP_WORDS = new Set('a an the and or but of to in on for with at by from is are was were be been it its this that these those as into about your our their my we you they i'.split(' '));

/** Splits text into sentences. */
function sentences(text: string): string[] {
  return text
    .replace(/\s+/g, ' ')
    .split(/(?<=[.!?])\s+(?=[A-Z0-9"'])/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Splits a sentence into short points on commas, semicolons, colons and "and". */
function clauses(text: string): string[] {
  return text
    .split(/[;:]|,\s*(?:and\s+)?|\s+and\s+(?=\w+\s+\w+)/i)
    .map((part) => part.replace(/^[\s\-–—•*]+|[\s.!?]+$/g, '').trim())
    .filter((part) => part.split(/\s+/).length >= 2 && part.length <= 140);
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Shortens text to at most `words` words, at a word boundary. */
function limitWords(text: string, words: number): string {
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
  const pattern = /([$€£]?)(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*(%|percent|x|k|m|million|billion|thousand)?/gi;
  for (const sentence of sentences(text)) {
    for (const match of sentence.matchAll(pattern)) {
      const raw = match[2]!.replace(/,/g, '');
      const value = Number(raw);
      const unit = (match[3] ?? '').toLowerCase();
      const isYear = !match[1] && !unit && value >= 1900 && value <= 2100 && !raw.includes('.');
      // "a 60 second video" states the video's length, not a fact to show.
      const isLength = /^[\s-]*(?:s|secs?|seconds?|mins?|minutes?)\b/i.test(sentence.slice((match.index ?? 0) + match[0].length));
      if (!Number.isFinite(value) || isYear || isLength || (!match[1] && !unit && value < 10)) continue;
      const suffix = unit === 'percent' || unit === '%' ? '%' : unit === 'million' || unit === 'm' ? 'M' : unit === 'billion' ? 'B' : unit === 'thousand' || unit === 'k' ? 'K' : unit === 'x' ? 'x' : '';
      const rest = sentence.slice((match.index ?? 0) + match[0].length).replace(/^\s*(?:of|in|for)?\s*/i, '').replace(/[.!?]+$/, '');
      const before = sentence.slice(0, match.index ?? 0).replace(/[.!?,:]+\s*$/, '').trim();
      const label = capitalize(limitWords(rest.length >= 8 ? rest : before || rest || 'as stated', 12));
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
function firstHeading(topic: string): string {
  const lower = topic.charAt(0).toLowerCase() + topic.slice(1);
  if (/^(how|why|what|when|where|who)\b/i.test(topic)) return /^how\b/i.test(topic) ? 'How it works' : 'What to know';
  return `Why ${limitWords(lower, 8)} matters`;
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
    .filter((word) => word.length > 3 && !STOP_WORDS.has(word))
    .slice(0, count);
}

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
 * The embedded planner: a hook, body and close drawn from the prompt's own words, with no model
 * and no network. Figures stated in the prompt become counters; its sentences and clauses become
 * points.
 */
export class EmbeddedPlanner implements StoryPlanner {
  readonly name = 'embedded';

  async plan(request: PlanRequest): Promise<StoryPlan> {
    const topic = extractTopic(request.prompt);
    const all = sentences(request.prompt);
    const rest = all.slice(1);
    const figures = findFigures(request.prompt);
    const points = [...new Set([...rest.flatMap(clauses), ...clauses(all[0] ?? '').slice(1)])].map((p) => capitalize(limitWords(p, 12)));

    if (!request.multiScene) {
      const scene: PlannedScene =
        points.length >= 2
          ? { role: 'body', kind: 'bullets', title: topic, durationSeconds: request.durationSeconds, settings: { heading: topic, items: points.slice(0, 4) }, narration: '' }
          : figures[0]
            ? { role: 'body', kind: 'stat', title: topic, durationSeconds: request.durationSeconds, settings: { ...figures[0] }, narration: '' }
            : { role: 'hook', kind: 'title', title: topic, durationSeconds: request.durationSeconds, settings: { title: topic, subtitle: rest[0] ?? '' }, narration: '' };
      return { title: topic, scenes: [{ ...scene, durationSeconds: allocateDurations(request.durationSeconds, [1], request.fps)[0]! }] };
    }

    const english = request.language === 'en';
    const count = sceneCountFor(request.durationSeconds);
    const bodyCount = count - 2;
    const bodies: PlannedScene[] = [];
    const figureQueue = [...figures];
    const pointQueue = [...points];
    const keyTerms = keywords(topic, 6);
    for (let i = 0; i < bodyCount; i += 1) {
      const figure = i % 2 === 1 || pointQueue.length === 0 ? figureQueue.shift() : undefined;
      if (figure) {
        bodies.push({ role: 'body', kind: 'stat', title: figure.label, durationSeconds: 0, settings: { ...figure }, narration: figure.sentence });
        continue;
      }
      const items = pointQueue.splice(0, 3);
      if (items.length === 0) {
        // The prompt has said all it says: restate the subject's key terms rather than invent facts.
        const term = keyTerms[i % Math.max(1, keyTerms.length)] ?? topic;
        bodies.push({ role: 'body', kind: 'title', title: capitalize(term), durationSeconds: 0, settings: { title: capitalize(term), subtitle: topic, ...(english ? { kicker: `Part ${i + 1}` } : {}) }, narration: '' });
        continue;
      }
      // Only English gets the planner's own words; other languages keep to the prompt's.
      const heading = english && i === 0 ? firstHeading(topic) : `${capitalize(keywords(items[0]!, 2).join(' ') || topic)}`;
      bodies.push({ role: 'body', kind: 'bullets', title: heading, durationSeconds: 0, settings: { heading, items }, narration: sentencesOf(items) });
    }
    const closingSentence = rest.length > 0 ? rest[rest.length - 1]! : '';
    const actionMatch = /(?:visit|go to|see|try|sign up|join|download|learn more|subscribe|book|call)\b[^.!?]*/i.exec(request.prompt)?.[0];
    const action = actionMatch && english ? capitalize(limitWords(actionMatch.trim(), 6)) : undefined;
    let message = closingSentence && closingSentence !== rest[0] ? limitWords(closingSentence.replace(/[.!?]+$/, ''), 14) : topic;
    if (action && message.toLowerCase().startsWith(action.toLowerCase())) message = topic;
    const scenes: PlannedScene[] = [
      {
        role: 'hook',
        kind: 'title',
        title: topic,
        durationSeconds: 0,
        settings: { title: topic, subtitle: rest[0] ? shortLine(rest[0]) : '' },
        narration: sentencesOf([topic]),
      },
      ...bodies,
      {
        role: 'close',
        kind: 'cta',
        title: english ? 'Takeaway' : limitWords(message, 4),
        durationSeconds: 0,
        settings: { message, ...(action ? { action } : english ? { action: 'Learn more' } : {}) },
        narration: sentencesOf([message, ...(action && !message.toLowerCase().includes(action.toLowerCase()) ? [action] : [])]),
      },
    ];
    const durations = allocateDurations(request.durationSeconds, scenes.map((s) => (s.role === 'body' ? 1 : 0.8)), request.fps);
    return { title: topic, scenes: scenes.map((scene, i) => ({ ...scene, durationSeconds: durations[i]! })) };
  }
}
