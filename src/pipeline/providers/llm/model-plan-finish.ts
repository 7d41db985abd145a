// A model's plan made the node's: each scene checked (figures sourced, places known, no production
// words on screen), timed to the target, and every change the node made named in a warning on the
// job, so nothing the model planned leaves the video without a word.
import { allocateDurations } from '../embedded/embedded-planner.js';
import type { SceneDraft } from '../embedded/material-scenes.js';
import { withoutRequestWords } from '../embedded/request-content.js';
import { cellsSourceText } from '../embedded/answer-scenes.js';
import type { PlannedScene, PlanRequest, SceneFact, StoryPlan } from '../provider-types.js';
import { findPlace } from '../../../catalog/places/index.js';
import { checkArithmetic } from '../../../documents/check-arithmetic.js';
import { computedFigures, type ComputedFigure } from '../../../documents/computed-figures.js';
import { analyzeTable } from '../../../documents/table-analysis.js';
import { toDraft, type DraftContext, type ModelPlan, type PlannedByModel } from './model-plan-schema.js';

/** Words in a prompt that name an action a closing button may show. */
export const ACTION_WORDS = /\b(?:visit|sign[ -]?up|subscribe|try|order|buy|shop|download|book|register|join|call|contact|apply|get started|learn more|besuch|bestell|jetzt|probier|abonnier|visitez|essayez|commandez|inscri|visita|prueba|compra|suscr|descarga)\w*|https?:\/\/|www\.|\.com\b/i;

/** A warning the job carries about what the node changed in a plan. */
export interface PlanWarning {
  code: string;
  message: string;
}

/**
 * Numbers written in a text, as values, in the ways the request's languages write them: "4.6
 * billion" gives 4.6, "1,200" 1200, and "50.000", "50 000" (thousands grouped by a stop or a space)
 * 50000, "3,5" 3.5, and "3k", "1.2M", "4bn" also 3000, 1200000 and 4000000000 (never "5 km").
 * A number that reads two ways gives both: the check is whether a figure is stated.
 */
export function statedNumbers(text: string): Set<number> {
  const found = new Set<number>();
  for (const match of text.matchAll(/(?<![\p{L}\d])\d{1,3}(?:[.,\u00a0\u202f ]\d{3})+(?:[.,]\d+)?(?!\d)|\d+(?:[.,]\d+)?/gu)) {
    const written = match[0];
    const plain = written.replace(/[\u00a0\u202f ]/g, '');
    const values: number[] = [];
    if (/^\d{1,3}(?:\.\d{3})+(?:,\d+)?$/.test(plain)) values.push(Number(plain.replace(/\./g, '').replace(',', '.')));
    if (/^\d+,\d{1,2}$/.test(plain)) values.push(Number(plain.replace(',', '.')));
    const english = Number(plain.replace(/,/g, ''));
    if (Number.isFinite(english)) values.push(english);
    for (const value of values) found.add(value);
    // A figure written short for thousands, millions or billions ("3k", "1.2M", "4bn"): its value too.
    const unit = /^(k|K|M|bn|B)(?![\p{L}\d])/u.exec(text.slice((match.index ?? 0) + written.length));
    const times = unit ? { k: 1e3, K: 1e3, M: 1e6, bn: 1e9, B: 1e9 }[unit[1] as 'k' | 'K' | 'M' | 'bn' | 'B'] : undefined;
    if (times) for (const value of values) found.add(Math.round(value * times * 1e6) / 1e6);
  }
  return found;
}

/** The cells a figure was computed from, when the analysis computed it. */
function computedMatch(computed: ComputedFigure[], value: number): ComputedFigure['source'] | undefined {
  const size = Math.abs(value);
  return computed.find((figure) => Math.abs(figure.value - size) <= 1e-9 * Math.max(1, size))?.source;
}

/** A scene as the warnings name it: its number and its main line. */
function sceneName(index: number, scene: PlannedByModel): string {
  const content = scene as Record<string, unknown>;
  const line = ['title', 'heading', 'text', 'label', 'message', 'quote', 'name'].map((key) => content[key]).find((value) => typeof value === 'string');
  return `scene ${index + 1} (${scene.kind}${line ? ` "${String(line).slice(0, 60)}"` : ''})`;
}

/** Notes as one text: the first as it is (it follows a colon), each later one a sentence of its own. */
function sentences(notes: string[]): string {
  return notes.map((note, index) => (index === 0 ? note : note.charAt(0).toUpperCase() + note.slice(1))).join(' ');
}

/** What {@link finishModelPlan} needs besides the plan: the request, its fixed scenes and the length to time it to. */
export interface FinishOptions {
  request: PlanRequest;
  fixed: SceneDraft[];
  /** Seconds the scenes are timed to (the request's length as the model read it, or the job's). */
  targetSeconds: number;
  /** Scenes cut to the number the request asks for, as the model read it: the first ones and the close. */
  sceneCount?: number;
}

/**
 * Turns the model's plan into the node's: checked, completed and timed. The node enforces what the
 * model may not decide: no figure that the request or documents do not state (or that a checked sum
 * does not prove), no action button the prompt did not ask for, every fixed scene once, durations
 * in whole frames summing to the target. Each scene, figure, place or line it leaves out or changes
 * is named in a warning.
 */
export function finishModelPlan(plan: ModelPlan, options: FinishOptions): StoryPlan {
  const { request, fixed } = options;
  const warnings: PlanWarning[] = [];
  const documentText = (request.materials?.documents ?? []).map((document) => document.text).join('\n');
  const stated = statedNumbers(`${request.prompt}\n${documentText}`);
  const inDocuments = statedNumbers(documentText);
  const computed = (request.materials?.documents ?? []).flatMap((document) => {
    const analysis = analyzeTable(document);
    return analysis ? computedFigures(analysis) : [];
  });
  const given = (value: number) => stated.has(Math.abs(value)) || computedMatch(computed, value) !== undefined;
  // Sums may build on each other (17 kWh × 0.30 = 5.10 in one scene, 11.70 − 5.10 = 6.60 in the next):
  // every result a checked sum proves counts as stated, until no further sum checks.
  const proven = provenFigures(plan.scenes.flatMap((scene) => scene.facts ?? []), given);
  // A figure shown rounded (56%) is the sum's result (56.4) at the precision it is shown in.
  const sourced = (value: number) => given(value) || [...proven].some((result) => roundsTo(result, Math.abs(value)));
  const base: Omit<DraftContext, 'isStated' | 'note'> = {
    fixed,
    actionAllowed: ACTION_WORDS.test(request.prompt),
    ...(request.materials?.logo ? { logo: request.materials.logo } : {}),
    findPlace: (name) => findPlace(name, request.language),
  };

  let planned = plan.scenes.map((scene, index) => ({ scene, index }));
  if (options.sceneCount && planned.length > options.sceneCount) {
    const kept = [...planned.slice(0, options.sceneCount - 1), planned.at(-1)!];
    for (const { scene, index } of planned.filter((entry) => !kept.includes(entry))) {
      warnings.push({ code: 'plan_scene_dropped', message: `Left out ${sceneName(index, scene)}: the request asks for ${options.sceneCount} scenes and the plan had ${planned.length}.` });
    }
    planned = kept;
  }
  if (!request.multiScene && planned.length > 1) {
    for (const { scene, index } of planned.slice(1)) warnings.push({ code: 'plan_scene_dropped', message: `Left out ${sceneName(index, scene)}: this model makes one scene.` });
    planned = planned.slice(0, 1);
  }

  const used = new Set<number>();
  const drafts: { draft: SceneDraft; seconds: number }[] = [];
  for (const { scene, index } of planned) {
    const name = sceneName(index, scene);
    const notes: string[] = [];
    if (scene.kind === 'material' && (used.has(scene.material) || !fixed[scene.material])) {
      warnings.push({ code: 'plan_scene_dropped', message: `Left out ${name}: ${used.has(scene.material) ? `fixed scene ${scene.material} is already in the video` : `there is no fixed scene ${scene.material}`}.` });
      continue;
    }
    if (scene.kind === 'material') used.add(scene.material);
    // A figure on screen must be one the request or its documents state, one computed from the
    // cells (which keeps them as its source), one a checked sum proves, or a public fact the model
    // lists as general (the job lists it to check).
    const general = new Set((scene.facts ?? []).filter((fact) => fact.basis === 'general').flatMap((fact) => [...statedNumbers(fact.text)]));
    const facts: SceneFact[] = [];
    for (const fact of scene.facts ?? []) {
      const checked = checkedFact(fact, { stated, inDocuments, sourced });
      if ('problem' in checked) notes.push(checked.problem);
      else {
        facts.push(checked.fact);
      }
    }
    const isStated = (value: number) => sourced(value) || general.has(Math.abs(value));
    const cells = scene.kind === 'stat' ? computedMatch(computed, scene.value) : undefined;
    if (scene.kind === 'stat' && !isStated(scene.value)) {
      warnings.push({ code: 'plan_scene_dropped', message: `Left out ${name}: its figure ${scene.prefix}${scene.value}${scene.suffix} is not stated in the request or its documents, not a checked sum of their figures, and not listed as a general fact.${notes.length ? ` ${notes.join(' ')}` : ''}` });
      continue;
    }
    const context: DraftContext = { ...base, isStated, note: (what) => notes.push(what) };
    const made = toDraft(scene, context);
    const draft = scene.kind === 'material' ? made : screenDraft(made, (what) => notes.push(what));
    if (!draft) {
      warnings.push({ code: 'plan_scene_dropped', message: `Left out ${name}: ${sentences(notes) || 'it had nothing left to show.'}` });
      continue;
    }
    if (notes.length > 0) warnings.push({ code: 'plan_scene_changed', message: `Changed ${name}: ${sentences(notes)}` });
    if (facts.length > 0) draft.facts = facts;
    if (cells) draft.settings = { ...draft.settings, source: cellsSourceText([cells]), sourceRef: cells };
    if (scene.film && request.filmShots && request.multiScene && FILM_KINDS.has(draft.kind)) draft.film = true;
    drafts.push({ draft, seconds: Number.isFinite(scene.seconds) ? Math.min(30, Math.max(2, scene.seconds)) : 6 });
  }
  // Fixed scenes the model left out still belong in the video: before the close.
  const missing = fixed.filter((_, index) => !used.has(index)).map((draft) => ({ draft, seconds: 6 }));
  drafts.splice(Math.max(drafts.length - 1, 0), 0, ...missing);
  if (drafts.length === 0) {
    drafts.push({ draft: { role: 'hook', kind: 'title', title: plan.title, settings: { title: plan.title }, narration: '' }, seconds: options.targetSeconds });
    warnings.push({ code: 'plan_scene_dropped', message: `No planned scene could be shown, so the video is a title card of "${plan.title}".` });
  }
  const durations = allocateDurations(options.targetSeconds, drafts.map((item) => item.seconds), request.fps);
  const scenes: PlannedScene[] = drafts.map(({ draft }, index) => ({
    ...draft,
    role: index === 0 ? 'hook' : index === drafts.length - 1 && drafts.length > 1 ? 'close' : 'body',
    narration: request.multiScene ? draft.narration : '',
    durationSeconds: durations[index]!,
  }));
  const title = withoutRequestWords(plan.title) || plan.title;
  return { title, scenes, ...(warnings.length > 0 ? { warnings } : {}) };
}

/** Whether `result` rounded to the decimals `shown` is written with is `shown`. */
function roundsTo(result: number, shown: number): boolean {
  const decimals = Number.isInteger(shown) ? 0 : (String(shown).split('.')[1]?.length ?? 0);
  return Math.abs(result - shown) <= 0.5 * 10 ** -decimals + 1e-9;
}

/** The results of the plan's computed facts whose sums check, each sum free to start from the results of others. */
function provenFigures(facts: NonNullable<PlannedByModel['facts']>, given: (value: number) => boolean): Set<number> {
  const proven = new Set<number>();
  const sums = facts.flatMap((fact) => (fact.arithmetic ? [fact.arithmetic] : []));
  for (let grew = true; grew; ) {
    grew = false;
    for (const sum of sums) {
      const check = checkArithmetic(sum, (value) => given(value) || proven.has(value));
      if (check.ok && !proven.has(Math.abs(check.value))) {
        proven.add(Math.abs(check.value));
        grew = true;
      }
    }
  }
  return proven;
}

/**
 * A scene's fact as the job lists it, with its basis checked where the node can: a fact whose
 * figures the request states is the request's, one whose figures a document states is the
 * document's, a computed one keeps its basis when its sum holds (and proves its result); the rest
 * are general knowledge, listed for a person to check. A computed fact whose sum fails is a problem.
 */
function checkedFact(
  fact: NonNullable<PlannedByModel['facts']>[number],
  known: { stated: Set<number>; inDocuments: Set<number>; sourced: (value: number) => boolean },
): { fact: SceneFact; proves?: number } | { problem: string } {
  const text = withoutRequestWords(fact.text) || fact.text;
  if (fact.basis === 'computed' || fact.arithmetic) {
    if (!fact.arithmetic) return { problem: `The fact "${fact.text}" is marked computed but gives no sum to check.` };
    const check = checkArithmetic(fact.arithmetic, known.sourced);
    if (!check.ok) return { problem: `The sum behind "${fact.text}" (${fact.arithmetic}) does not check: ${check.problem}.` };
    return { fact: { text, basis: 'computed', arithmetic: fact.arithmetic }, proves: Math.abs(check.value) };
  }
  const numbers = [...statedNumbers(fact.text)];
  const basis: SceneFact['basis'] =
    numbers.length > 0 && numbers.every((value) => known.inDocuments.has(value))
      ? 'document'
      : numbers.length > 0 && numbers.every((value) => known.stated.has(value))
        ? 'request'
        : fact.basis === 'general' || numbers.length > 0
          ? 'general'
          : fact.basis;
  return { fact: { text, basis } };
}

/** Kinds a model may mark as film: a moment with a line to caption, not figures, lists or charts. */
const FILM_KINDS = new Set(['title', 'kinetic', 'quote', 'cta', 'image']);

/** Settings a scene shows only when given. */
const OPTIONAL_TEXTS = new Set(['subtitle', 'emphasis', 'author', 'action', 'caption', 'kicker']);

/** Settings that are not words on screen. */
const NOT_WORDS = new Set(['image', 'images', 'logo', 'mode', 'icon', 'source', 'sourceRef', 'unit', 'prefix', 'suffix', 'picture']);

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
 * ("Vertical teaser: …", "for TikTok", "no voiceover"), each change noted. A scene whose main text
 * said nothing else is dropped.
 */
function screenDraft(draft: SceneDraft | undefined, note: (what: string) => void): SceneDraft | undefined {
  if (!draft) return undefined;
  const title = withoutRequestWords(draft.title);
  if (!title) {
    note(`its main line "${draft.title}" only repeats the request's production words.`);
    return undefined;
  }
  const settings = screenValue(draft.settings) as Record<string, unknown>;
  for (const [key, value] of Object.entries(settings)) {
    const before = draft.settings[key];
    if ((value !== '' && !(Array.isArray(value) && value.length === 0)) || before === '' || (Array.isArray(before) && before.length === 0)) continue;
    // An optional line that said nothing else goes; a main text or list that did takes the scene with it.
    if (!OPTIONAL_TEXTS.has(key)) {
      note(`its ${key} only repeats the request's production words.`);
      return undefined;
    }
    delete settings[key];
  }
  for (const [before, after] of changedTexts(draft.settings)) note(after ? `"${before}" reads "${after}" on screen, without the request's production words.` : `"${before}" is left off the screen: it only repeats the request's production words.`);
  const narration = draft.narration ? withoutRequestWords(draft.narration) : '';
  if (narration !== draft.narration.trim()) note(`the narration "${draft.narration}" is spoken as "${narration}", without the request's production words.`);
  return { ...draft, title, settings, narration };
}

/** The texts of a scene's settings that {@link screenValue} changes or leaves out, as [before, after] ('' when left out). */
function changedTexts(value: unknown, key?: string): [string, string][] {
  if (key && NOT_WORDS.has(key)) return [];
  if (typeof value === 'string') {
    const after = withoutRequestWords(value);
    return after === value ? [] : [[value, after]];
  }
  if (Array.isArray(value)) return value.flatMap((item) => changedTexts(item));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => changedTexts(v, k));
  return [];
}
