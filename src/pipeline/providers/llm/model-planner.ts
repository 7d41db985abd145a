import { extractTopic } from '../embedded/embedded-planner.js';
import { documentScenes, imageScenes, readsAsSequence, type SceneDraft } from '../embedded/material-scenes.js';
import type { PlanReading, PlanRequest, StoryPlan, StoryPlanner } from '../provider-types.js';
import { maxPlanScenes, modelPlanSchemaFor, type ModelPlan, type RequestReading } from './model-plan-schema.js';
import { relaid, varietyProblem } from './plan-variety.js';
import { finishModelPlan, type PlanWarning } from './model-plan-finish.js';
import { statedCounts, type StatedCounts } from '../../create/prompt-counts.js';

export { modelPlanSchema, type ModelPlan } from './model-plan-schema.js';
import type { LanguageModel } from './language-model.js';
import { describeFindings } from '../../../documents/computed-figures.js';
import { analyzeTable } from '../../../documents/table-analysis.js';
import { answerQuestion } from '../../../documents/table-answer.js';

const SYSTEM = `You plan short explainer and marketing videos made of animated scenes.
You are given a request the way a person writes it. First read what it asks for into "request": its language, the length it names, the number of scenes or of things to show, the frame, and any wish about voice-over, music and captions, in whatever words and language it uses. Then work out what the video should say, and plan a story that answers it: a hook, a body that explains or shows the substance (facts, steps, comparisons, numbers from the request or its documents), and a close.
Rules:
- Plan for the length the request names (its scenes' seconds add up to it), unless the length below is set by the caller; plan for the number of scenes and things it names.
- Write every on-screen text and every narration script in the requested language.
- Never put the request itself on screen or in the script: no instruction verbs ("explain", "make a video"), no production words (vertical, 4:5, ad, teaser, reel, "no voiceover", "with captions", durations, "please").
- On-screen text is short: headings of a few words, points of one line. The narration says more than the screen, in full sentences, about 2.5 words per second of the scene.
- Figures about the requester's own business (their sales, prices, customers, the dates of their events) come only from the request or its documents, or are listed as computed from the cells. Well-established public facts (1903 for the first powered flight, 100 °C for boiling water, widely published statistics) may be used: an explainer is for them. List every figure and date a scene states in its "facts", with its basis: "request", "document", "computed" or "general". A figure you work out from the request's or documents' own figures (48,000 users from 1,200 is 40 times as many) is "computed", with its "arithmetic" written as a sum of those figures: "48000 / 1200 = 40". Never invent figures, dates or quotes.
- When the request asks a question about a table, answer it early, with the figure computed from the cells.
- A closing call-to-action button ("action") only when the request names an action (visit, sign up, order, a URL); otherwise close with a title or kinetic line.
- Fixed scenes (charts and images made from the attachments) must each appear exactly once, as kind "material" with their index; narrate what they show.
Show, do not only tell: most scenes should be a picture or a diagram, not words on a plain background. Choose the layout that fits the idea:
- A message exchange between parties, in order (a handshake, an API call, a customer and a service, who sends what to whom): "sequence", 2 to 4 actors and the messages between them. Example: actors "Client" and "Server"; messages SYN (0 to 1), SYN-ACK (1 to 0), ACK (0 to 1).
- A series of figures the request or its documents give (users per month, sales per year, prices over time): "chart", "line" for a series over time, "bars" for amounts side by side, with the change called out ("40×", "+38%") when the figures give it; list the callout's sum as a computed fact ("48000 / 1200 = 40").
- A how-to a viewer follows (a recipe, a safe lift, setting up a device): "step_cards", one card per step, each with its own picture (a whisk, a frying pan, a parcel).
- One thing and its parts (a heat pump, a leaf, the heart, a bicycle): "illustration", the thing as the scene's picture with 2 to 6 parts called out.
- One striking figure: "big_number", with a context line that gives it meaning ("up from 1,200 a year ago").
- How something works as stages: "flow" (a line of steps, a "cycle" that loops back, or a "branch" from one cause to several outcomes), 2 to 6 nodes with short labels. One thing and its uses: "hub". Two to four figures: "stats". A share ("3 in 10"): "pictogram". Places in order: "ranking". Tips or to-dos: "checklist". A change: "before_after". Countries, or a journey from place to place: "map" (route true for a journey, the places in the order visited).
- Vary the layout: never one kind three scenes in a row, and at most one in four neighbouring pairs of scenes share a kind (four coffee origins are a map and a ranking, not four hubs).
- Give every scene a "picture" (and every node, figure, ranked place and side its own): one to three plain English words naming a concrete thing that can be drawn (a house, a snowflake, a loaf of bread, an aeroplane), not an idea ("growth", "quality").
- Use title, kinetic and quote scenes for at most one scene in five.
- When a logo is attached, kind "logo" reveals it with the brand's name; a logo sting is that one scene. Without one, never use kind "logo".`;

function describeRequest(request: PlanRequest, fixed: SceneDraft[], shown = 0): string {
  const lines = [
    `Request: ${request.prompt}`,
    `Language: ${request.language} (as detected from the request's words; when the request asks for another language, write in that one)`,
    request.multiScene ? `Target length: ${targetLine(request)}, ${sceneCountLine(request)}` : 'Exactly one scene, no narration.',
  ];
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
    // Room for the longest video this model makes: the model may read a longer length than the default.
    const longest = Math.max(request.durationSeconds, request.durationFrom === 'request' ? 0 : (request.lengthRange?.max ?? 0));
    const schema = modelPlanSchemaFor(Math.max(maxPlanScenes(longest), statedCounts(request.prompt).scenes ?? 0));
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
          maxOutputTokens: 8000,
          ...(images.length > 0 ? { images } : {}),
          ...(signal ? { signal } : {}),
          // Every 25 tokens: a slow model shows it is writing.
          ...(onProgress ? { onProgress: (tokens: number) => tokens % 25 === 0 && onProgress(`Planning with ${this.model.id}: ${tokens} tokens so far`) } : {}),
        })
      ).object;
    let object = await ask(prompt);
    // What the request asks for, as the model read it (the node's patterns where it read nothing).
    const counts = request.multiScene ? countsOf(object.request, request.prompt) : {};
    const target = request.multiScene ? followedLength(request, object.request) : { seconds: request.durationSeconds };
    // The rules the node checks (the counts the request states, narration that fits the length) go
    // back to the model once, with what the plan missed; a revision that still misses is not taken.
    // A silent video's scripts are never spoken, so only a narrated one must fit its length.
    const narrated = request.multiScene && request.narrated !== false && object.request?.narration !== false;
    const tooLong = (plan: ModelPlan) => (narrated ? lengthProblem(plan, target.seconds) : undefined);
    // Layouts that repeat are re-laid by the node where another layout carries the same content;
    // only a plan the node cannot vary goes back to the model for that.
    const unvaried = (plan: ModelPlan) => (request.multiScene && varietyProblem(relaid(plan).plan) ? varietyProblem(plan) : undefined);
    const problem = countProblem(object, counts) ?? tooLong(object) ?? unvaried(object);
    if (problem) {
      // The model sees its own plan again, so it can keep what it had while mending what broke.
      const again = await ask(`${prompt}\n\nYour last plan:\n${JSON.stringify(object)}\n\nIt broke a rule: ${problem} Plan again and keep to it.`);
      // A revision is taken when it keeps the counts, and mends what the last plan missed without
      // breaking a rule that plan kept.
      const better =
        !countProblem(again, counts) &&
        (countProblem(object, counts) !== undefined ||
          (tooLong(object) ? !tooLong(again) || narrationSeconds(again) < narrationSeconds(object) : !tooLong(again) && !unvaried(again)));
      if (better) object = again;
    }
    // What still repeats a neighbour's layout is shown another way, its content whole.
    const varied = request.multiScene ? relaid(object) : { plan: object, notes: [] };
    object = varied.plan;
    const plan = finishModelPlan(object, { request, fixed, targetSeconds: target.seconds, ...(counts.scenes ? { sceneCount: counts.scenes } : {}) });
    const warnings: PlanWarning[] = [...(target.warning ? [target.warning] : []), ...varied.notes.map(({ message }) => ({ code: 'plan_scene_changed', message })), ...(plan.warnings ?? [])];
    const reading = readingOf(object.request, request, target.seconds);
    return { ...plan, ...(warnings.length > 0 ? { warnings } : {}), ...(reading ? { reading } : {}) };
  }
}

/** How fast the narration is spoken, words a second, for a plan's estimate before any voice speaks it. */
const WORDS_PER_SECOND = 2.5;
/** Seconds of silence around each narrated scene's speech (lead and tail). */
const SCENE_PAUSE_SECONDS = 0.8;

/** About how long a plan's narration takes to speak, seconds. */
export function narrationSeconds(plan: ModelPlan): number {
  return plan.scenes.reduce((sum, scene) => {
    const words = scene.narration.trim() ? scene.narration.trim().split(/\s+/).length : 0;
    return sum + (words > 0 ? words / WORDS_PER_SECOND + SCENE_PAUSE_SECONDS : 0);
  }, 0);
}

/** What a plan's narration misses of its length (it may run 30% over: a voice that speaks a little faster absorbs that), in a sentence for the model, or undefined. */
export function lengthProblem(plan: ModelPlan, targetSeconds: number): string | undefined {
  const seconds = narrationSeconds(plan);
  if (seconds <= targetSeconds * 1.3) return undefined;
  const words = Math.floor((targetSeconds - SCENE_PAUSE_SECONDS * plan.scenes.length) * WORDS_PER_SECOND);
  return `the video is ${targetSeconds} seconds, and your narration takes about ${Math.round(seconds)} seconds to speak. Keep every scene and every point, and say it in at most ${Math.max(words, plan.scenes.length * 4)} words of narration in all.`;
}

/** The counts the model read in the request, else the ones the node's patterns read. */
function countsOf(reading: RequestReading | undefined, prompt: string): StatedCounts {
  if (!reading) return statedCounts(prompt);
  return {
    ...(reading.scenes !== undefined && reading.scenes >= 2 && reading.scenes <= 40 ? { scenes: reading.scenes } : {}),
    ...(reading.count && reading.count.count >= 2 && reading.count.count <= 12 ? { items: { count: reading.count.count, noun: reading.count.noun } } : {}),
  };
}

/**
 * The length the plan is timed to: the length the model read in the request, within the video
 * model's range, unless the caller's `duration` field set it; a length out of range is the nearest
 * one made, with a warning.
 */
function followedLength(request: PlanRequest, reading: RequestReading | undefined): { seconds: number; warning?: PlanWarning } {
  const asked = reading?.seconds !== undefined && reading.seconds > 0 ? reading.seconds : undefined;
  if (asked === undefined || (request.durationFrom ?? 'request') === 'request' || asked === request.durationSeconds) return { seconds: request.durationSeconds };
  const range = request.lengthRange ?? { min: request.durationSeconds, max: request.durationSeconds };
  const seconds = Math.min(range.max, Math.max(range.min, asked));
  if (seconds === asked) return { seconds };
  return { seconds, warning: { code: 'length_out_of_range', message: `The request asks for ${asked} seconds; this video model makes ${range.min} to ${range.max} seconds, so the video is planned for ${seconds} seconds.` } };
}

/** The model's reading as the job follows it: the length it was timed to and the wishes it read. */
function readingOf(reading: RequestReading | undefined, request: PlanRequest, seconds: number): PlanReading | undefined {
  if (!reading) return undefined;
  const out: PlanReading = {
    ...(seconds !== request.durationSeconds ? { durationSeconds: seconds } : {}),
    ...(reading.shape ? { shape: reading.shape } : {}),
    ...(reading.narration !== undefined ? { narration: reading.narration } : {}),
    ...(reading.music !== undefined ? { music: reading.music } : {}),
    ...(reading.captions !== undefined ? { captions: reading.captions } : {}),
    ...(reading.language ? { language: reading.language.toLowerCase() } : {}),
  };
  return out;
}

/** The length line: the target, and whether the request's own length comes first. */
function targetLine(request: PlanRequest): string {
  const from = request.durationFrom ?? 'request';
  if (from === 'request') return `${request.durationSeconds} seconds (set by the caller: keep to it whatever the request says)`;
  const range = request.lengthRange ? `; this node makes ${request.lengthRange.min} to ${request.lengthRange.max} seconds` : '';
  return `${request.durationSeconds} seconds (${from === 'prompt' ? 'as the node read the request' : 'the node\'s default'}: when the request names another length, plan for that one${range})`;
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

/** How many scenes the prompt line asks for: about one per six seconds, within the schema's limit, unless the request names a number. */
function sceneCountLine(request: PlanRequest): string {
  const most = maxPlanScenes(request.durationSeconds);
  return `about ${Math.min(most, Math.max(3, Math.round(request.durationSeconds / 6)))} scenes (at most ${most}; about one per six seconds of a longer length), or exactly as many as the request asks for`;
}

/** Kinds whose scene shows a list of things, and the list. */
function listedThings(scene: ModelPlan['scenes'][number]): unknown[] {
  const content = scene as Record<string, unknown>;
  for (const key of ['items', 'steps', 'nodes', 'spokes', 'events', 'stats', 'messages', 'points', 'parts']) if (Array.isArray(content[key])) return content[key] as unknown[];
  return [];
}

/** What a plan misses of the counts the request states, in a sentence for the model, or undefined. */
export function countProblem(plan: ModelPlan, counts: StatedCounts): string | undefined {
  if (counts.scenes && plan.scenes.length !== counts.scenes) return `the request asks for exactly ${counts.scenes} scenes; your plan had ${plan.scenes.length}.`;
  if (counts.items) {
    const { count, noun } = counts.items;
    // Each thing on screen: as one list of that many, as lists of one kind in a row ("steps 1 to 3",
    // "steps 4 and 5"), or as a scene each between the opening and the close.
    const byKind = new Map<string, number>();
    for (const scene of plan.scenes) byKind.set(scene.kind, (byKind.get(scene.kind) ?? 0) + listedThings(scene).length);
    const shown = Math.max(0, ...byKind.values(), plan.scenes.length - 2);
    if (shown < count) return `the request counts ${count} ${noun}; your plan shows ${shown} of them. Show all ${count}.`;
  }
  return undefined;
}
