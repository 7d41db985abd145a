// With a language model, the model picks each planned picture from the search's candidates.
import { z } from 'zod';
import { searchVisuals, visualKeywords } from '../../catalog/visuals/index.js';
import { topicOf } from '../../catalog/visuals/topic-words.js';
import { resolveVisualLanguage } from '../../catalog/visuals/visual-text.js';
import type { LanguageModel } from '../providers/llm/language-model.js';
import type { PlanRequest, StoryPlan, StoryPlanner } from '../providers/provider-types.js';
import { NO_PICTURE, resolvePicture } from './scene-pictures.js';

/** One picture a library holds, as the model is shown it. */
export interface PictureCandidate {
  /** The library id (`fluent-emoji-flat:package`). */
  id: string;
  /** Its name in words ("package"). */
  name: string;
  /** What it is found by in English (its label and a few keywords). */
  keywords: string[];
}

/** A planned picture the model is asked about: its phrase, the line it stands beside, where it is, and its candidates. */
export interface PictureAsk {
  /** 1-based, the number the model answers with. */
  item: number;
  /** The scene's index in the plan (0-based). */
  scene: number;
  /** The path to the `picture` setting inside the scene's settings ([] for the scene's own, ['nodes', 2] for a node's). */
  path: (string | number)[];
  phrase: string;
  line: string;
  candidates: PictureCandidate[];
}

/** The most candidates one phrase shows the model, and the most phrases one video asks about (the call stays one and cheap). */
export const MAX_CANDIDATES = 6;
export const MAX_ASKS = 40;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const textOf = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** The words a record of settings says itself (a node's label, a side's title, a scene's heading). */
function ownWords(record: Record<string, unknown>): string {
  return ['label', 'title', 'heading', 'text', 'message', 'quote', 'subtitle'].map((key) => textOf(record[key])).filter(Boolean).join('. ');
}

const nameOf = (id: string): string => (id.split(':')[1] ?? id).replace(/-/g, ' ');

/**
 * The search's candidates for a picture phrase beside its line, best first, at most
 * {@link MAX_CANDIDATES}: the picture the node would choose without a model (its sense read from the
 * line), the topic table's pictures for the phrase, then the search's illustrations and flags in
 * English and the video's language, and, for a phrase of several words, the best for each word (two
 * places kept for them). Empty when the library holds nothing near it.
 */
export function pictureCandidates(phrase: string, line: string, language: string): PictureCandidate[] {
  const ids: string[] = [];
  const add = (id: string | undefined) => {
    if (id && !id.startsWith('lucide:') && !ids.includes(id)) ids.push(id);
  };
  add(resolvePicture(phrase, language, line));
  for (const tongue of new Set(['en', resolveVisualLanguage(language)] as const)) {
    for (const name of topicOf(phrase, tongue)?.pictures ?? []) add(`fluent-emoji-flat:${name}`);
  }
  for (const tongue of new Set(['en', language])) {
    for (const match of searchVisuals(phrase, { language: tongue, limit: MAX_CANDIDATES, kinds: ['illustration', 'flag'] })) add(match.id);
  }
  // Each word of a longer phrase on its own ("milk" of "milk bottle" finds a glass of milk, where
  // the whole phrase finds only a baby's bottle), kept two places among the candidates: the model
  // sees them and judges.
  const words = phrase.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length > 2);
  const byWord: string[] = [];
  if (words.length > 1) {
    for (const word of words) {
      for (const tongue of new Set(['en', language])) {
        for (const match of searchVisuals(word, { language: tongue, limit: 2, kinds: ['illustration'] })) {
          if (!ids.includes(match.id) && !byWord.includes(match.id)) byWord.push(match.id);
        }
      }
    }
  }
  const room = MAX_CANDIDATES - Math.min(2, byWord.length);
  ids.splice(room, ids.length, ...byWord);
  return ids.slice(0, MAX_CANDIDATES).map((id) => ({ id, name: nameOf(id), keywords: visualKeywords(id, 6) }));
}

/**
 * Every planned picture phrase of a plan's scenes (a scene's own and its parts': nodes, sides,
 * figures, cards), with the line it stands beside and its candidates, numbered from 1; library ids
 * and a model's `none` are not asked about. At most {@link MAX_ASKS}.
 */
export function pictureAsks(scenes: readonly { settings: Record<string, unknown> }[], language: string): PictureAsk[] {
  const asks: PictureAsk[] = [];
  const visit = (value: unknown, scene: number, path: (string | number)[], around: string) => {
    if (Array.isArray(value)) {
      value.forEach((item, index) => visit(item, scene, [...path, index], around));
      return;
    }
    if (!isRecord(value)) return;
    const own = ownWords(value);
    const line = [own, around].filter(Boolean).join('. ');
    const phrase = textOf(value.picture);
    if (phrase && phrase !== NO_PICTURE && !/^[a-z0-9-]+:[a-z0-9-]+$/.test(phrase) && asks.length < MAX_ASKS) {
      asks.push({ item: asks.length + 1, scene, path, phrase, line, candidates: pictureCandidates(phrase, line, language) });
    }
    for (const [key, inner] of Object.entries(value)) if (key !== 'picture' && typeof inner === 'object') visit(inner, scene, [...path, key], own || around);
  };
  scenes.forEach((scene, index) => visit(scene.settings, index, [], ''));
  return asks;
}

/** The model's answer: for each item, the id of the candidate that shows the phrase's sense, or "none". */
export const pictureChoiceSchema = z.object({
  choices: z.array(z.object({ item: z.number().int(), picture: z.string() })),
});
export type PictureChoiceAnswer = z.infer<typeof pictureChoiceSchema>;

export const PICTURE_CHOICE_SYSTEM = `You choose the pictures of a short animated video from a picture library.
For each numbered item you are given a picture phrase from the video's plan, the on-screen line it stands beside, and the library's candidates for it (id: name, then what the picture is found by).
Answer, for every item, the id of the one candidate that shows what the phrase means in its line, or "none" when no candidate shows it.
- Go by the sense, not by a shared word: a seal for "Seal the jar with wax" is not the animal; glass to recycle is not eyeglasses; a heavy box to lift is a parcel, not a lunch box; a leg that hurts is not a chicken drumstick; "care" is not a car.
- A person in a role (a nurse, a worker, a teacher) is best shown by that person; a place by that building.
- A wrong picture is worse than none: answer "none" rather than a picture of something else.
- Use only ids from the item's own candidates, exactly as written.`;

/** The user turn of the choice: every item with its line and candidates. */
export function pictureChoicePrompt(asks: readonly PictureAsk[]): string {
  return asks
    .map((ask) => [`Item ${ask.item}: "${ask.phrase}" beside "${ask.line}"`, ...ask.candidates.map((candidate) => `- ${candidate.id}: ${candidate.name} (${candidate.keywords.join(', ')})`)].join('\n'))
    .join('\n\n');
}

/** What the model chose for each item: a candidate's id, `none`, or undefined where its answer names neither (the search's pick then stands). */
export function readPictureChoices(asks: readonly PictureAsk[], answer: PictureChoiceAnswer): Map<number, string | undefined> {
  const chosen = new Map<number, string | undefined>();
  for (const ask of asks) {
    const picture = answer.choices.find((choice) => choice.item === ask.item)?.picture.trim();
    chosen.set(ask.item, picture === NO_PICTURE || picture === '' ? NO_PICTURE : ask.candidates.some((candidate) => candidate.id === picture) ? picture : undefined);
  }
  return chosen;
}

/** A warning of the job: a planned picture that is not shown. */
export interface PictureWarning {
  code: 'picture_not_found' | 'picture_choice_failed';
  message: string;
}

/**
 * Scenes with each asked picture set to the model's choice (a library id, or `none`: the element
 * shows its own mark, and nothing is searched for it), and a `picture_not_found` warning per scene
 * naming the phrases that are not shown: those the model declined and those with no candidate.
 */
export function applyPictureChoices<T extends { settings: Record<string, unknown> }>(scenes: readonly T[], asks: readonly PictureAsk[], chosen: Map<number, string | undefined>): { scenes: T[]; warnings: PictureWarning[] } {
  const out = scenes.map((scene) => ({ ...scene, settings: structuredClone(scene.settings) }));
  const dropped = new Map<number, PictureAsk[]>();
  for (const ask of asks) {
    const choice = ask.candidates.length === 0 ? NO_PICTURE : chosen.get(ask.item);
    if (choice === undefined) continue;
    let holder: unknown = out[ask.scene]!.settings;
    for (const key of ask.path) holder = (holder as Record<string | number, unknown>)[key];
    if (!isRecord(holder)) continue;
    holder.picture = choice;
    if (choice === NO_PICTURE) dropped.set(ask.scene, [...(dropped.get(ask.scene) ?? []), ask]);
  }
  const warnings = [...dropped].map(([scene, list]): PictureWarning => ({
    code: 'picture_not_found',
    message: `Scene ${scene + 1} shows no picture for ${list.map((ask) => `"${ask.phrase}"${ask.line ? ` ("${ask.line.slice(0, 60)}")` : ''}`).join(', ')}: no library picture shows ${list.length === 1 ? 'it' : 'them'}, so ${list.length === 1 ? 'that element shows' : 'those elements show'} its step number or the scene its words.`,
  }));
  return { scenes: out, warnings };
}

/**
 * Asks the model, in one structured call for the whole video, which of the search's candidates
 * shows each planned picture phrase in its line, or none; returns the scenes with the choices set
 * and the warnings to carry. A plan with nothing to ask makes no call. A failed call (other than a
 * cancelled job) leaves the search's picks, with a `picture_choice_failed` warning.
 */
export async function choosePictures<T extends { settings: Record<string, unknown> }>(model: LanguageModel, scenes: readonly T[], language: string, signal?: AbortSignal): Promise<{ scenes: T[]; warnings: PictureWarning[] }> {
  const asks = pictureAsks(scenes, language);
  if (asks.length === 0) return { scenes: [...scenes], warnings: [] };
  const asked = asks.filter((ask) => ask.candidates.length > 0);
  let chosen = new Map<number, string | undefined>();
  const warnings: PictureWarning[] = [];
  if (asked.length > 0) {
    try {
      const { object } = await model.generateObject({
        system: PICTURE_CHOICE_SYSTEM,
        prompt: pictureChoicePrompt(asked),
        schema: pictureChoiceSchema,
        schemaName: 'picture_choices',
        maxOutputTokens: 60 + asked.length * 30,
        ...(signal ? { signal } : {}),
      });
      chosen = readPictureChoices(asked, object);
    } catch (error) {
      if (signal?.aborted) throw error;
      warnings.push({ code: 'picture_choice_failed', message: `The language model could not choose the pictures (${error instanceof Error ? error.message : String(error)}): the library search chose them by their words' sense.` });
    }
  }
  const applied = applyPictureChoices(scenes, asks, chosen);
  return { scenes: applied.scenes, warnings: [...warnings, ...applied.warnings] };
}

/**
 * A planner whose plan's pictures the model chooses from the search's candidates after planning
 * (see {@link choosePictures}); its warnings join the plan's.
 */
export class PictureChoosingPlanner implements StoryPlanner {
  readonly name: string;

  constructor(
    private readonly planner: StoryPlanner,
    private readonly model: LanguageModel,
  ) {
    this.name = planner.name;
  }

  async plan(request: PlanRequest, signal?: AbortSignal, onProgress?: (detail: string) => void): Promise<StoryPlan> {
    const plan = await this.planner.plan(request, signal, onProgress);
    onProgress?.(`Choosing pictures with ${this.model.id}`);
    const { scenes, warnings } = await choosePictures(this.model, plan.scenes, request.language, signal);
    return { ...plan, scenes, ...(warnings.length > 0 || plan.warnings ? { warnings: [...(plan.warnings ?? []), ...warnings] } : {}) };
  }
}
