import type { PlanRequest, StoryPlan, StoryPlanner } from '../provider-types.js';
import { documentScenes, imageScenes, readsAsSequence, type SceneDraft } from './material-scenes.js';
import { comparisonScene, flowScene, iconScene, mapScene, quoteScene, readsAsChecklist, readsAsCycle, readsAsSteps, statGridScene, timelineScene } from './prompt-scenes.js';
import { asSentence, capitalize, findFigures, limitWords, sentences } from '../../../documents/stated-figures.js';
import { readRequestContent } from './request-content.js';
import { answerScenes, sameSeries } from './answer-scenes.js';

export { findFigures, limitWords, sentences, type StatedFigure } from '../../../documents/stated-figures.js';

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

/**
 * The subject of the prompt: its first sentence without the request around it ("Explain how a heat
 * pump works" → "How a heat pump works"); the first sentence as written when nothing else is left.
 */
export function extractTopic(prompt: string): string {
  const subject = readRequestContent(prompt).subject;
  return capitalize(limitWords(subject || (sentences(prompt)[0] ?? prompt).replace(/[.!?]+$/, ''), 14));
}

/** Words that start a clause a long point can be cut before ("… boats while Juno watches the sea"). */
const CLAUSE_START = /^(?:while|because|when|which|where|whereas|although|though|so|but|after|before|until|unless|since|as|während|weil|wenn|pendant|parce|quand|mientras|porque|cuando)$/i;

/**
 * A point as shown on screen (the narration says it whole): whole up to 16 words; longer, cut before
 * a clause that starts within its first 17 words, else at a phrase boundary near 12 words
 * ({@link limitWords}). No ellipsis or full stop is added: the screen shows the prompt's own words.
 */
export function shortPoint(point: string): string {
  const words = point.trim().split(/\s+/);
  if (words.length <= 16) return point.trim();
  for (let at = Math.min(16, words.length - 2); at >= 4; at -= 1) {
    if (CLAUSE_START.test(words[at]!)) return words.slice(0, at).join(' ').replace(/[,;:]$/, '');
  }
  return limitWords(point.trim(), 12);
}

/** A sentence shortened for a subtitle: whole when short, else its first clause. */
function shortLine(sentence: string): string {
  const clean = sentence.replace(/[.!?]+$/, '');
  if (clean.split(/\s+/).length <= 16) return clean;
  const first = clean.split(/[,;:]/)[0]!.trim();
  return first.split(/\s+/).length >= 4 ? limitWords(first, 16) : limitWords(clean, 16);
}

/** Points read as sentences: each ends with a full stop unless it has its own end mark. */
function sentencesOf(points: string[]): string {
  return points
    .map((point) => point.trim())
    .filter(Boolean)
    .map(asSentence)
    .join(' ');
}

/** How many scenes a duration holds: about one every 6 seconds, 3 to 12. */
/**
 * A subject as a headline: whole when short; a long one up to its first clause break ("How a heat
 * pump warms a house in winter, for homeowners who…" → "How a heat pump warms a house in winter"),
 * whose rest the points show; else its first fourteen words.
 */
function headlineOf(subject: string): string {
  const words = subject.split(/\s+/).filter(Boolean);
  if (words.length <= 10) return subject;
  const first = /^(.+?)[,;:–—]\s/u.exec(subject)?.[1];
  if (first) {
    const count = first.split(/\s+/).length;
    if (count >= 3 && count <= 14) return first;
  }
  return limitWords(subject, 14);
}

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
 * The items of a list: after a colon ("Onboarding: day one, tools, who to ask"), or a sentence that
 * is only a list of three or more short items ("Gliders, engines, jets, rockets"). Undefined when
 * the text is not such a list.
 */
function listItems(sentence: string): string[] | undefined {
  const at = sentence.search(/:\s/);
  const tail = at >= 0 ? sentence.slice(at + 1) : sentence;
  const items = tail
    .replace(/[.!?]+$/, '')
    .split(/,\s*(?:(?:and|und|et|y)\s+)?|\s+(?:and|und|et|y)\s+(?=[^,]*$)/i)
    .map((item) => item.trim())
    .filter(Boolean);
  // Without commas, "and" may join clauses rather than items ("Hefen und Bakterien nehmen Zucker auf
  // und bilden CO2"): only short items make such a list, so a verb is never cut from its clause.
  const words = tail.includes(',') ? 6 : 3;
  const ok = at >= 0 ? items.length >= 2 && items.every((item) => item.split(/\s+/).length <= words) : items.length >= 3 && items.every((item) => item.split(/\s+/).length <= 3);
  return ok ? items.map(capitalize) : undefined;
}

/**
 * The embedded planner: a hook, body and close drawn from the request's own material, with no
 * model and no network. It reads the prompt's content apart from the request around it
 * (`readRequestContent`): no instruction, production word or attachment directive is shown or
 * said. The body takes, in order: charts, figures and key statements from the documents and the
 * attached images (interleaved), then what the prompt's shape gives (a comparison, a timeline, a
 * quote), then its figures as counters and its sentences and clauses as points (steps when it
 * explains how, an icon grid when its points are short). A prompt with little content gets fewer,
 * longer scenes, never scenes of single words; the close has an action only when the prompt names one.
 */
export class EmbeddedPlanner implements StoryPlanner {
  readonly name = 'embedded';

  async plan(request: PlanRequest): Promise<StoryPlan> {
    const content = readRequestContent(request.prompt);
    const action = content.action;
    // The sentence that names the action is said once, on the close.
    const all = content.sentences.filter((sentence, index) => index === 0 || !action || !sentence.toLowerCase().startsWith(action.toLowerCase()));
    const rest = all.slice(1);
    const english = request.language === 'en';
    const materials = request.materials ?? { images: [], documents: [] };
    const answer = answerScenes(materials.documents, request.prompt, request.language);
    // The answer to the prompt's question comes first, with the chart of its series; without a
    // question the table's headline finding is one more fact, after the charts.
    const fromDocuments = documentScenes(materials.documents, request.prompt, english).filter((scene) => !answer?.asked || !answer.chart || !sameSeries(scene, answer.chart));
    if (answer && !answer.asked) fromDocuments.splice(fromDocuments.filter((scene) => scene.kind === 'chart').length, 0, answer.stat);
    if (answer?.asked && answer.chart) fromDocuments.unshift(answer.chart);
    // A prompt that only says how to make the video is about its brand, images or documents.
    const subject = content.subject || materials.brandName || materials.images.find((image) => image.context)?.context || fromDocuments[0]?.title || extractTopic(request.prompt);
    const topic = capitalize(headlineOf(subject));
    const figures = findFigures(all.join(' '));
    const firstList = /:\s/.test(all[0] ?? '') ? listItems(all[0]!) : undefined;
    // A point is shown short; the narration says it whole.
    const fullPoint = new Map<string, string>();
    // A point of a later sentence is said as its whole sentence, once: the scene that shows its first point says it.
    const sourceOf = new Map<string, string>();
    const spoken = new Set<string>();
    const fromRest = rest.flatMap((sentence) => (listItems(sentence) ?? clauses(sentence)).map((point) => ({ point, sentence })));
    // Where a text stands in the prompt: the index of the first sentence that holds it.
    const lowered = all.map((sentence) => sentence.toLowerCase());
    const at = (text: string) => {
      const index = lowered.findIndex((sentence) => sentence.includes(text.toLowerCase().replace(/[.!?]+$/, '')));
      return index < 0 ? 0 : index;
    };
    const points = [...new Set([...(firstList ?? clauses(all[0] ?? '').slice(1)), ...fromRest.map((entry) => entry.point)])].map((p) => {
      const shown = capitalize(shortPoint(p));
      fullPoint.set(shown, capitalize(p));
      const source = fromRest.find((entry) => entry.point === p)?.sentence;
      if (source && !sourceOf.has(shown)) sourceOf.set(shown, source);
      return shown;
    });
    const sayPoints = (items: string[]) =>
      sentencesOf(
        [...new Set(items.map((item) => sourceOf.get(item) ?? fullPoint.get(item) ?? item))].filter((text) => {
          if (spoken.has(text)) return false;
          spoken.add(text);
          return true;
        }),
      );

    // A logo sting is one animation: the logo revealed with the brand's name.
    if (materials.logo && LOGO_STING.test(request.prompt)) {
      const tagline = rest[0] ? shortLine(rest[0]) : undefined;
      const settings = { logo: materials.logo, name: topic, ...(tagline ? { tagline } : {}) };
      return { title: topic, scenes: [{ role: 'hook', kind: 'logo', title: topic, settings, narration: '', durationSeconds: allocateDurations(request.durationSeconds, [1], request.fps)[0]! }] };
    }

    if (!request.multiScene) {
      const chart = answer?.asked ? answer.stat : fromDocuments.find((scene) => scene.kind === 'chart');
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
    // The last sentence closes the video unless it is a step of the process or a dated event (shown in their own scenes).
    const closesStory = closingSentence && closingSentence !== rest[0] && !(readsAsSteps(request.prompt) && /^(?:finally|then|next|last(?:ly)?)\b/i.test(closingSentence)) && !/\b(1[5-9]\d\d|20\d\d)\b/.test(closingSentence);
    let message = closesStory ? limitWords(closingSentence.replace(/[.!?]+$/, ''), 14) : topic;
    if (action && message.toLowerCase().startsWith(action.toLowerCase())) message = topic;
    const bodyCount = sceneCountFor(request.durationSeconds) - 2;
    // The hero opens the video (without one, a background image does); the other images go in the body.
    // A tour opens on its first image and shows the others one by one, in order.
    const sequence = readsAsSequence(request.prompt);
    const hero = sequence
      ? materials.images.find((image) => image.role !== 'logo')
      : (materials.images.find((image) => image.role === 'hero') ?? materials.images.find((image) => image.role === 'background'));
    const candidates: SceneDraft[] = interleave(fromDocuments, imageScenes(materials.images.filter((image) => image !== hero), topic, { sequence }));

    // The prompt's shape: a comparison, a timeline, a quote.
    const used = new Set<string>();
    const comparison = comparisonScene(all.join(' '), points);
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
    // Countries the prompt names: where, on a map.
    const map = mapScene(topic, all, request.language);
    if (map) candidates.push(map);
    const quote = quoteScene(all.join(' '));
    if (quote) {
      candidates.push(quote);
      const quoted = all.filter((sentence) => sentence.includes(String(quote.settings.quote))).join(' ').toLowerCase();
      for (const point of points) if (quoted.includes(point.toLowerCase().replace(/^["“]|["”]$/g, ''))) used.add(point);
    }

    // Then its figures and points.
    // One counter per sentence: "4,000 people subscribe in 12 countries" is one fact, not two scenes.
    // A sentence the hook already says whole (the topic) is not said again by a counter.
    const saysTopic = (sentence: string) => sentence.replace(/[.!?]+$/, '').trim().toLowerCase() === topic.toLowerCase();
    const figureQueue = figures.filter((figure, index) => !saysTopic(figure.sentence) && !candidates.some((scene) => scene.narration.includes(figure.sentence)) && figures.findIndex((other) => other.sentence === figure.sentence) === index);
    // A point is said once: not again when a counter states its figure or the close says it.
    const shownElsewhere = [...figureQueue.map((figure) => figure.sentence), message, ...(action ? [action] : [])].map((text) => text.toLowerCase());
    const pointQueue = points.filter((point) => !used.has(point) && !shownElsewhere.some((text) => text.includes(point.toLowerCase().replace(/[.!?]+$/, ''))));
    const steps = readsAsSteps(request.prompt);
    // Tips tick off as a checklist.
    const checklist = readsAsChecklist(request.prompt);
    const cycle = readsAsCycle(request.prompt);
    const explainsHow = /\bhow\b[^.?!]*\bworks?\b|\bwie\b[^.?!]*\bfunktionier|\bcomment\b[^.?!]*\bfonctionne|\bc[oó]mo\b[^.?!]*\bfunciona/i.test(request.prompt);
    // Every figure and point the request states is shown: the body grows past the length's scene count rather than drop one.
    // Figures and points come in the prompt's order: a recipe's steps and a story's events are not
    // reordered (a figure is a counter where its sentence stands).
    const pointAt = (point: string) => at(sourceOf.get(point) ?? fullPoint.get(point) ?? point);
    for (let i = 0; figureQueue.length > 0 || pointQueue.length > 0; i += 1) {
      const nextPoint = pointQueue.length > 0 ? pointAt(pointQueue[0]!) : Infinity;
      const figure = figureQueue.length > 0 && at(figureQueue[0]!.sentence) <= nextPoint ? figureQueue.shift() : undefined;
      // Three or more figures in a row show together, two to four in one grid.
      const inRow = figureQueue.findIndex((next) => at(next.sentence) > nextPoint);
      const row = inRow < 0 ? figureQueue.length : inRow;
      const grid = figure && row >= 2 ? statGridScene(topic, [figure, ...figureQueue.splice(0, Math.min(3, row))]) : undefined;
      if (grid) {
        candidates.push(grid);
        continue;
      }
      if (figure) {
        const { sentence, ...shown } = figure;
        // A figure in the middle of its sentence ("Bake it at 230 degrees for 40 minutes") is labelled
        // with the whole sentence: the words after it alone ("Degrees for 40 minutes") are a fragment.
        const before = sentence.slice(0, Math.max(0, sentence.search(/\d/))).trim().split(/\s+/).filter(Boolean);
        const whole = sentence.replace(/[.!?]+$/, '');
        if (before.length >= 2 && !shown.label.toLowerCase().includes(before.join(' ').toLowerCase()) && whole.split(/\s+/).length <= 14) shown.label = whole;
        candidates.push({ role: 'body', kind: 'stat', title: figure.label, settings: { ...shown }, narration: spoken.has(sentence) ? '' : sentence });
        spoken.add(sentence);
        continue;
      }
      // Short points (a run of three to six) read as an icon grid; steps take up to five; else three.
      // A scene's points stop where the next figure's sentence stands.
      const nextFigure = figureQueue.length > 0 ? at(figureQueue[0]!.sentence) : Infinity;
      const before = pointQueue.findIndex((point) => pointAt(point) >= nextFigure);
      const available = before < 0 ? pointQueue.length : Math.max(1, before);
      const shortRun = pointQueue.slice(0, Math.min(6, available)).findIndex((point) => point.split(/\s+/).length > 5);
      const iconCount = steps || checklist ? 0 : shortRun < 0 ? Math.min(6, available) : shortRun;
      const items = pointQueue.splice(0, Math.min(available, iconCount >= 3 ? iconCount : steps && i === 0 ? 5 : 3));
      if (items.length === 0) continue;
      // The heading is the request's own subject: no planner words ("What to know", "Why … matters") that only restate it.
      const heading = topic;
      // Short points of a loop or of how something works are its stages: a flow diagram.
      const stages = iconCount >= 3 && (cycle || (i === 0 && explainsHow)) ? flowScene(heading, items, sayPoints(items), cycle) : undefined;
      const icons = !stages && iconCount >= 3 ? iconScene(heading, items, sayPoints(items)) : undefined;
      if (stages ?? icons) candidates.push((stages ?? icons)!);
      // A lone point is a scene only when it says something: a single word is not shown alone.
      else if (items.length === 1 && items[0]!.split(/\s+/).length >= 2) candidates.push({ role: 'body', kind: 'kinetic', title: items[0]!, settings: { text: items[0]! }, narration: sayPoints(items) });
      else if (items.length === 1) continue;
      else if (steps && i === 0) candidates.push(flowScene(heading, items, sayPoints(items), readsAsCycle(request.prompt)) ?? { role: 'body', kind: 'steps', title: heading, settings: { heading, steps: items }, narration: sayPoints(items) });
      else candidates.push({ role: 'body', kind: checklist ? 'checklist' : 'bullets', title: heading, settings: { heading, items }, narration: sayPoints(items) });
    }
    // The request has said all it says: fewer, longer scenes rather than filler.
    // A tour keeps every image, whatever the length.
    const keep = Math.max(bodyCount, candidates.length);
    const bodies = answer?.asked ? [answer.stat, ...candidates].slice(0, Math.max(keep, answer.chart ? 2 : 1)) : candidates.slice(0, keep);

    // The subtitle is the prompt's next line only when no body scene shows or says it: a title that
    // repeats the first point ("Why we recycle glass / It can be melted down again") says it twice.
    const inBody = (line: string) => bodies.some((scene) => JSON.stringify(scene.settings).toLowerCase().includes(line.toLowerCase().replace(/"/g, '\\"')) || scene.narration.toLowerCase().includes(line.toLowerCase()));
    const nextLine = rest[0] ? shortLine(rest[0]) : '';
    const subtitle = nextLine && !inBody(nextLine) ? nextLine : materials.brandDescription ? shortLine(sentences(materials.brandDescription)[0] ?? '') : '';
    const kicker = materials.brandName;
    const hook: SceneDraft = hero
      ? { role: 'hook', kind: 'image', title: topic, settings: { image: hero.name, mode: sequence ? 'contain' : 'ken-burns', heading: topic, ...(subtitle ? { caption: subtitle } : {}) }, narration: sentencesOf([topic]) }
      : !nextLine && !subtitle && topic.split(/\s+/).length <= 8
        ? { role: 'hook', kind: 'kinetic', title: topic, settings: { text: topic, ...(kicker ? { kicker } : {}) }, narration: sentencesOf([topic]) }
        : { role: 'hook', kind: 'title', title: topic, settings: { title: topic, ...(subtitle ? { subtitle } : {}), ...(kicker ? { kicker } : {}) }, narration: sentencesOf([topic]) };
    // A closing sentence a body scene already shows (a counter's clause) is not said twice: the close names the subject.
    if (message !== topic && inBody(message)) message = topic;
    const close: SceneDraft = {
      role: 'close',
      kind: 'cta',
      title: limitWords(message, 4),
      settings: { message, ...(action ? { action } : {}), ...(materials.logo ? { logo: materials.logo } : {}) },
      narration: sentencesOf([message, ...(action && !message.toLowerCase().includes(action.toLowerCase()) ? [action] : [])]),
    };
    // A close that would only repeat what was shown (the hook's subject or a body's words) with no
    // action or logo to add is left out: the last body scene closes the video instead.
    const said = bodies.map((scene) => JSON.stringify(scene.settings).toLowerCase());
    const closeAddsNothing = !action && !materials.logo && (message === topic || said.some((text) => text.includes(message.toLowerCase())));
    const scenes = !closeAddsNothing ? [hook, ...bodies, close] : bodies.length > 0 ? [hook, ...bodies.slice(0, -1), { ...bodies.at(-1)!, role: 'close' as const }] : [hook];
    const durations = allocateDurations(request.durationSeconds, scenes.map((s) => (s.role === 'body' ? 1 : 0.8)), request.fps);
    const short = littleContent(scenes, request.durationSeconds);
    return { title: topic, scenes: scenes.map((scene, i) => ({ ...scene, durationSeconds: durations[i]! })), ...(short ? { warnings: [short] } : {}) };
  }
}

/** Seconds a scene needs at the least to be read, and the words a second of narration says. */
const SCENE_SECONDS = 4;
const WORDS_PER_SECOND = 2.5;

/**
 * The warning for a request that says too little for its length: the node cannot write more, so it
 * says how long the request's own words last and what to add, rather than hold each scene for long.
 */
function littleContent(scenes: SceneDraft[], durationSeconds: number): { code: string; message: string } | undefined {
  const needed = Math.ceil(scenes.reduce((sum, scene) => sum + Math.max(SCENE_SECONDS, scene.narration.split(/\s+/).filter(Boolean).length / WORDS_PER_SECOND + 1.5), 0));
  if (durationSeconds <= needed * 2 || durationSeconds - needed < 10) return undefined;
  const each = Math.round(durationSeconds / scenes.length);
  return {
    code: 'little_content',
    message:
      `This node has no language model, and the prompt says enough for about ${needed} seconds: the ${durationSeconds}-second video holds each of its ${scenes.length} scenes for about ${each} seconds. ` +
      `To fill it, write more points, steps or figures in the prompt; or ask for a video of about ${needed} seconds.`,
  };
}

/** A request for a logo animation: a sting, a reveal, an intro or outro, an ident. */
const LOGO_STING = /\b(?:sting|logo (?:reveal|animation|intro|outro)|ident|logo-?animation)\b/i;

/** Alternates two lists: a, b, a, b, ... then the rest of the longer one. */
function interleave<T>(a: T[], b: T[]): T[] {
  const out: T[] = [];
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    if (i < a.length) out.push(a[i]!);
    if (i < b.length) out.push(b[i]!);
  }
  return out;
}
