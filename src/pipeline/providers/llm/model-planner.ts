import { allocateDurations, extractTopic } from '../embedded/embedded-planner.js';
import { documentScenes, imageScenes, readsAsSequence, type SceneDraft } from '../embedded/material-scenes.js';
import { withoutRequestWords } from '../embedded/request-content.js';
import { cellsSourceText } from '../embedded/answer-scenes.js';
import type { PlannedScene, PlanRequest, SceneFact, StoryPlan, StoryPlanner } from '../provider-types.js';
import { findPlace } from '../../../catalog/places/index.js';
import { maxPlanScenes, modelPlanSchemaFor, toDraft, type DraftContext, type ModelPlan, type PlannedByModel } from './model-plan-schema.js';
import { statedCounts, type StatedCounts } from '../../create/prompt-counts.js';

export { modelPlanSchema, type ModelPlan } from './model-plan-schema.js';
import type { LanguageModel } from './language-model.js';
import { computedFigures, describeFindings, type ComputedFigure } from '../../../documents/computed-figures.js';
import { analyzeTable } from '../../../documents/table-analysis.js';
import { answerQuestion } from '../../../documents/table-answer.js';

/** Words in a prompt that name an action a closing button may show. */
const ACTION_WORDS = /\b(?:visit|sign[ -]?up|subscribe|try|order|buy|shop|download|book|register|join|call|contact|apply|get started|learn more|besuch|bestell|jetzt|probier|abonnier|visitez|essayez|commandez|inscri|visita|prueba|compra|suscr|descarga)\w*|https?:\/\/|www\.|\.com\b/i;

const SYSTEM = `You plan short explainer and marketing videos made of animated scenes.
You are given a request the way a person writes it. Work out what the video should say, and plan a story that answers it: a hook, a body that explains or shows the substance (facts, steps, comparisons, numbers from the request or its documents), and a close.
Rules:
- Write every on-screen text and every narration script in the requested language.
- Never put the request itself on screen or in the script: no instruction verbs ("explain", "make a video"), no production words (vertical, 4:5, ad, teaser, reel, "no voiceover", "with captions", durations, "please").
- On-screen text is short: headings of a few words, points of one line. The narration says more than the screen, in full sentences, about 2.5 words per second of the scene.
- Figures about the requester's own business (their sales, prices, customers, the dates of their events) come only from the request or its documents, or are listed as computed from the cells. Well-established public facts (1903 for the first powered flight, 100 °C for boiling water, widely published statistics) may be used: an explainer is for them. List every figure and date a scene states in its "facts", with its basis: "request", "document" or "general". Never invent figures, dates or quotes.
- When the request asks a question about a table, answer it early, with the figure computed from the cells.
- A closing call-to-action button ("action") only when the request names an action (visit, sign up, order, a URL); otherwise close with a title or kinetic line.
- Fixed scenes (charts and images made from the attachments) must each appear exactly once, as kind "material" with their index; narrate what they show.
Show, do not only tell: most scenes should be a picture or a diagram, not words on a plain background.
- How something works: "flow" (a line of steps, a "cycle" that loops back, or a "branch" from one cause to several outcomes), 2 to 6 nodes with short labels. One thing and its parts or uses: "hub". Two to four figures: "stats". A share ("3 in 10"): "pictogram". Places in order: "ranking". Tips or to-dos: "checklist". A change: "before_after". Countries or a journey: "map".
- Give every scene a "picture" (and every node, figure, ranked place and side its own): one to three plain English words naming a concrete thing that can be drawn (a house, a snowflake, a loaf of bread, an aeroplane), not an idea ("growth", "quality").
- Use title, kinetic and quote scenes for at most one scene in five.
- When a logo is attached, kind "logo" reveals it with the brand's name; a logo sting is that one scene. Without one, never use kind "logo".`;

function describeRequest(request: PlanRequest, fixed: SceneDraft[], shown = 0): string {
  const lines = [
    `Request: ${request.prompt}`,
    `Language: ${request.language}`,
    request.multiScene ? `Target length: ${request.durationSeconds} seconds, ${sceneCountLine(request)}` : 'Exactly one scene, no narration.',
  ];
  const counts = statedCounts(request.prompt);
  if (request.multiScene && counts.items) {
    const { count, noun } = counts.items;
    lines.push(`The request counts ${count} ${noun}: show all ${count}, each one on screen and in the narration (one scene each, or one list, checklist or flow of exactly ${count}).`);
  }
  if (request.multiScene && request.filmShots) {
    lines.push(
      'Film shots: mark a scene "film": true only where live-action film shows the moment better than graphics (a place, a person at work, a product in use, nature), at most a third of the scenes, never a scene of figures, lists or charts. A film scene keeps its narration, and its main line becomes the caption.',
    );
  }
  const materials = request.materials;
  const images = (materials?.images ?? []).filter((image) => image.role !== 'logo');
  if (images.length > 0) {
    lines.push(
      `Attached images, in order${shown > 0 ? ` (the first ${shown} follow this text as pictures, in the same order: look at them and say in the narration what each one shows)` : ''}:\n${images.map((image, index) => `${index + 1}. ${image.name} (${image.role}, ${image.width}x${image.height})${image.context ? `: "${image.context}"` : ''}`).join('\n')}`,
    );
  }
  if (materials?.logo) lines.push('Logo: attached');
  if (materials?.brandName) lines.push(`Brand: ${materials.brandName}${materials.brandDescription ? ` (${materials.brandDescription})` : ''}`);
  for (const document of materials?.documents ?? []) {
    lines.push(`Document ${document.fileName ?? document.field}:\n${document.text.slice(0, 6000)}`);
    const analysis = analyzeTable(document);
    if (!analysis) continue;
    const answer = answerQuestion(analysis, request.prompt, 'en');
    const asked = answer?.intent && answer.sentence ? [`Answer to the request's question: ${answer.sentence}`] : [];
    lines.push(`Computed from the cells of ${document.fileName ?? document.field}:\n${[...asked, ...describeFindings(analysis)].map((text) => `- ${text}`).join('\n')}`);
  }
  if (fixed.length > 0) {
    lines.push('Fixed scenes:');
    fixed.forEach((scene, index) => lines.push(`${index}: ${scene.kind} "${scene.title}" ${JSON.stringify(scene.settings).slice(0, 400)}`));
  }
  return lines.join('\n\n');
}

/** Numbers written in a text, as values ("4.6 billion" gives 4.6, "1,200" gives 1200). */
function statedNumbers(text: string): Set<number> {
  return new Set([...text.matchAll(/\d[\d,]*(?:\.\d+)?/g)].map((match) => Number(match[0].replace(/,/g, ''))));
}

/** The cells a figure was computed from, when the analysis computed it. */
function computedMatch(computed: ComputedFigure[], value: number): ComputedFigure['source'] | undefined {
  const size = Math.abs(value);
  return computed.find((figure) => Math.abs(figure.value - size) <= 1e-9 * Math.max(1, size))?.source;
}

/**
 * Plans the story with a language model: the model reads the request (and the documents' text),
 * and returns the scenes as structured output; charts and images made from the attachments are
 * given to it as fixed scenes to place, so every number they show keeps its source. The node then
 * enforces what the model may not decide: no figure that the request or documents do not state, no
 * action button the prompt did not ask for, every fixed scene once, durations in whole frames
 * summing to the target.
 */
export class ModelPlanner implements StoryPlanner {
  readonly name: string;

  constructor(private readonly model: LanguageModel) {
    this.name = `model:${model.id}`;
  }

  async plan(request: PlanRequest, signal?: AbortSignal, onProgress?: (detail: string) => void): Promise<StoryPlan> {
    const materials = request.materials;
    const english = request.language === 'en';
    const fixed = request.multiScene && materials
      ? [...documentScenes(materials.documents, request.prompt, english), ...imageScenes(materials.images, extractTopic(request.prompt), { sequence: readsAsSequence(request.prompt) })]
      : [];
    const counts = request.multiScene ? statedCounts(request.prompt) : {};
    const schema = modelPlanSchemaFor(Math.max(maxPlanScenes(request.durationSeconds), counts.scenes ?? 0));
    // A model that takes images sees the attached ones (a tour narrates what each screen shows).
    const images = this.model.acceptsImages ? await planImages(materials) : [];
    const prompt = describeRequest(request, fixed, images.length);
    const ask = async (text: string) =>
      (
        await this.model.generateObject({
          system: SYSTEM,
          prompt: text,
          schema,
          schemaName: 'story_plan',
          maxOutputTokens: 6000,
          ...(images.length > 0 ? { images } : {}),
          ...(signal ? { signal } : {}),
          // Every 25 tokens: a slow model shows it is writing.
          ...(onProgress ? { onProgress: (tokens: number) => tokens % 25 === 0 && onProgress(`Planning with ${this.model.id}: ${tokens} tokens so far`) } : {}),
        })
      ).object;
    let object = await ask(prompt);
    // A count the request states is checked like the other rules: a plan that misses it is asked for once more, with what it missed.
    const missed = countProblem(object, counts);
    if (missed) {
      const again = await ask(`${prompt}\n\nYour last plan broke a rule of the request: ${missed} Plan again and keep to it.`);
      if (!countProblem(again, counts)) object = again;
    }
    return this.finish(trimToCount(object, counts), request, fixed);
  }

  /** Turns the model's plan into the node's: checked, completed and timed. */
  finish(plan: ModelPlan, request: PlanRequest, fixed: SceneDraft[]): StoryPlan {
    const documentText = (request.materials?.documents ?? []).map((document) => document.text).join('\n');
    const sourceText = `${request.prompt}\n${documentText}`;
    const stated = statedNumbers(sourceText);
    const inDocuments = statedNumbers(documentText);
    const computed = (request.materials?.documents ?? []).flatMap((document) => {
      const analysis = analyzeTable(document);
      return analysis ? computedFigures(analysis) : [];
    });
    const context: DraftContext = {
      fixed,
      actionAllowed: ACTION_WORDS.test(request.prompt),
      ...(request.materials?.logo ? { logo: request.materials.logo } : {}),
      isStated: (value) => stated.has(Math.abs(value)) || computedMatch(computed, value) !== undefined,
      findPlace: (name) => findPlace(name, request.language),
    };
    const used = new Set<number>();
    const drafts: { draft: SceneDraft; seconds: number }[] = [];
    for (const scene of plan.scenes) {
      if (scene.kind === 'material' && (used.has(scene.material) || !fixed[scene.material])) continue;
      if (scene.kind === 'material') used.add(scene.material);
      // A figure on screen must be one the request or its documents state, one computed from the
      // cells (which keeps them as its source), or a public fact the model lists as general (the job lists it to check).
      const general = generalFigures(scene.facts);
      const sceneContext: DraftContext = { ...context, isStated: (value) => context.isStated(value) || general.has(Math.abs(value)) };
      const cells = scene.kind === 'stat' ? computedMatch(computed, scene.value) : undefined;
      if (scene.kind === 'stat' && !cells && !stated.has(Math.abs(scene.value)) && !general.has(Math.abs(scene.value))) continue;
      const draft = scene.kind === 'material' ? toDraft(scene, sceneContext) : screenDraft(toDraft(scene, sceneContext));
      if (draft) {
        const facts = sceneFacts(scene.facts, stated, inDocuments);
        if (facts.length > 0) draft.facts = facts;
      }
      if (draft && cells) draft.settings = { ...draft.settings, source: cellsSourceText([cells]), sourceRef: cells };
      if (draft && scene.film && request.filmShots && request.multiScene && FILM_KINDS.has(draft.kind)) draft.film = true;
      if (draft) drafts.push({ draft, seconds: scene.seconds });
    }
    // Fixed scenes the model left out still belong in the video: before the close.
    const missing = fixed.filter((_, index) => !used.has(index)).map((draft) => ({ draft, seconds: 6 }));
    drafts.splice(Math.max(drafts.length - 1, 0), 0, ...missing);
    if (drafts.length === 0) drafts.push({ draft: { role: 'hook', kind: 'title', title: plan.title, settings: { title: plan.title }, narration: '' }, seconds: request.durationSeconds });
    const kept = request.multiScene ? drafts : drafts.slice(0, 1);
    const durations = allocateDurations(request.durationSeconds, kept.map((item) => item.seconds), request.fps);
    const scenes: PlannedScene[] = kept.map(({ draft }, index) => ({
      ...draft,
      role: index === 0 ? 'hook' : index === kept.length - 1 && kept.length > 1 ? 'close' : 'body',
      narration: request.multiScene ? draft.narration : '',
      durationSeconds: durations[index]!,
    }));
    return { title: withoutRequestWords(plan.title) || plan.title, scenes };
  }
}

/** Most images a plan request shows the model, and the longest side each is sent at. */
const MAX_PLAN_IMAGES = 8;
const PLAN_IMAGE_SIDE = 1024;

/** The attached images (not the logo) as JPEGs for a model that takes images, in order; an image that cannot be read is left out. */
async function planImages(materials: PlanRequest['materials']): Promise<{ data: Uint8Array; mimeType: 'image/jpeg' }[]> {
  const files = materials?.imageFiles ?? {};
  const wanted = (materials?.images ?? []).filter((image) => image.role !== 'logo' && files[image.name]).slice(0, MAX_PLAN_IMAGES);
  const { default: sharp } = await import('sharp');
  const read = await Promise.all(
    wanted.map(async (image) => {
      try {
        const data = await sharp(files[image.name]!).resize(PLAN_IMAGE_SIDE, PLAN_IMAGE_SIDE, { fit: 'inside', withoutEnlargement: true }).flatten({ background: '#ffffff' }).jpeg({ quality: 80 }).toBuffer();
        return [{ data: new Uint8Array(data), mimeType: 'image/jpeg' as const }];
      } catch {
        return [];
      }
    }),
  );
  // Shown in order, so an unreadable one ends the run: the model counts them against the list.
  const shown: { data: Uint8Array; mimeType: 'image/jpeg' }[] = [];
  for (const entry of read) {
    if (entry.length === 0) break;
    shown.push(entry[0]!);
  }
  return shown;
}

/** How many scenes the prompt line asks for: the request's own count, else about one per six seconds, within the schema's limit. */
function sceneCountLine(request: PlanRequest): string {
  const stated = statedCounts(request.prompt).scenes;
  if (stated) return `exactly ${stated} scenes, as the request says`;
  const most = maxPlanScenes(request.durationSeconds);
  return `about ${Math.min(most, Math.max(3, Math.round(request.durationSeconds / 6)))} scenes (at most ${most})`;
}

/** Kinds whose scene shows a list of things, and the list. */
function listedThings(scene: ModelPlan['scenes'][number]): unknown[] {
  const content = scene as Record<string, unknown>;
  for (const key of ['items', 'steps', 'nodes', 'spokes', 'events', 'stats']) if (Array.isArray(content[key])) return content[key] as unknown[];
  return [];
}

/** What a plan misses of the counts the request states, in a sentence for the model, or undefined. */
export function countProblem(plan: ModelPlan, counts: StatedCounts): string | undefined {
  if (counts.scenes && plan.scenes.length !== counts.scenes) return `the request asks for exactly ${counts.scenes} scenes; your plan had ${plan.scenes.length}.`;
  if (counts.items) {
    const { count, noun } = counts.items;
    // Each thing on screen: as one list of that many, or as a scene each between the opening and the close.
    const longestList = Math.max(0, ...plan.scenes.map((scene) => listedThings(scene).length));
    if (longestList < count && plan.scenes.length - 2 < count) return `the request counts ${count} ${noun}; your plan shows ${Math.max(longestList, plan.scenes.length - 2)} of them. Show all ${count}.`;
  }
  return undefined;
}

/** A plan with more scenes than the request asks for, cut to that many: the first ones and the last (the close). */
function trimToCount(plan: ModelPlan, counts: StatedCounts): ModelPlan {
  const wanted = counts.scenes;
  if (!wanted || plan.scenes.length <= wanted) return plan;
  return { ...plan, scenes: [...plan.scenes.slice(0, wanted - 1), plan.scenes.at(-1)!] };
}

/** The numbers a scene's facts state on general knowledge ("The first powered flight was in 1903"). */
function generalFigures(facts: PlannedByModel['facts']): Set<number> {
  return new Set((facts ?? []).filter((fact) => fact.basis === 'general').flatMap((fact) => [...statedNumbers(fact.text)]));
}

/**
 * A scene's facts as the job lists them: the model's, with the basis checked where the node can:
 * a fact whose figures the request states is the request's, one whose figures a document states is
 * the document's; the rest are general knowledge, listed for a person to check.
 */
function sceneFacts(facts: PlannedByModel['facts'], stated: Set<number>, inDocuments: Set<number>): SceneFact[] {
  return (facts ?? []).map((fact) => {
    const numbers = [...statedNumbers(fact.text)];
    const basis: SceneFact['basis'] =
      numbers.length > 0 && numbers.every((value) => inDocuments.has(value)) ? 'document' : numbers.length > 0 && numbers.every((value) => stated.has(value)) ? 'request' : fact.basis === 'general' || numbers.length > 0 ? 'general' : fact.basis;
    return { text: withoutRequestWords(fact.text) || fact.text, basis };
  });
}

/** Kinds a model may mark as film: a moment with a line to caption, not figures, lists or charts. */
const FILM_KINDS = new Set(['title', 'kinetic', 'quote', 'cta', 'image']);

/** Settings a scene shows only when given. */
const OPTIONAL_TEXTS = new Set(['subtitle', 'emphasis', 'author', 'action', 'caption', 'kicker']);

/** Settings that are not words on screen. */
const NOT_WORDS = new Set(['image', 'images', 'logo', 'mode', 'icon', 'source', 'sourceRef', 'unit', 'prefix', 'suffix']);

/** A value's texts without the request's production words; list entries that said nothing else go. */
function screenValue(value: unknown, key?: string): unknown {
  if (key && NOT_WORDS.has(key)) return value;
  if (typeof value === 'string') return withoutRequestWords(value);
  if (Array.isArray(value)) return value.map((item) => screenValue(item)).filter((item) => item !== '');
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, screenValue(v, k)]));
  return value;
}

/**
 * A model's scene with the production words the request used taken off its screen texts and script
 * ("Vertical teaser: …", "for TikTok", "no voiceover"). A scene whose main text said nothing else is dropped.
 */
function screenDraft(draft: SceneDraft | undefined): SceneDraft | undefined {
  if (!draft) return undefined;
  const title = withoutRequestWords(draft.title);
  if (!title) return undefined;
  const settings = screenValue(draft.settings) as Record<string, unknown>;
  for (const [key, value] of Object.entries(settings)) {
    const before = draft.settings[key];
    if ((value !== '' && !(Array.isArray(value) && value.length === 0)) || before === '' || (Array.isArray(before) && before.length === 0)) continue;
    // An optional line that said nothing else goes; a main text or list that did takes the scene with it.
    if (!OPTIONAL_TEXTS.has(key)) return undefined;
    delete settings[key];
  }
  return { ...draft, title, settings, narration: draft.narration ? withoutRequestWords(draft.narration) : '' };
}
