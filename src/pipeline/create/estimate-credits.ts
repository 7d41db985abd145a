import { toCredits, toMillicredits } from '../../accounts/credits.js';
import { MODELS, type ModelId } from '../../catalog/models.js';
import type { AiVideoMode } from './create-video-schema.js';
import type { ResolvedVideoOptions } from './resolve-video-options.js';

/** The credit price table (DECISIONS.md "Credits"), in credits. */
export interface CreditRates {
  /** model-5 base, per second of target duration (the `language_model` part included, when there is one). */
  basePerSecond: number;
  /** The share of the base a language model's work costs, per second, on nodes where one plans the tier's jobs. */
  languageModelPerSecond: number;
  narrationPerSecond: number;
  musicPerSecond: number;
  sfxPerSecond: number;
  /** Per second of footage scenes, by `ai_video` mode. */
  aiVideoPerSecond: Record<AiVideoMode, number>;
  /** Share of the duration `ai_video: auto` is estimated to fill with footage. */
  aiVideoAutoShare: number;
  enhancePrompt: number;
  socialImport: number;
  /** Multi-scene models: factor over every per-second part (model-6: 3). */
  modelMultiplier: Partial<Record<ModelId, number>>;
  /** Single-scene models: the whole price. */
  flat: Partial<Record<ModelId, number>>;
  infographicGenerate: number;
  infographicRender: number;
}

/**
 * The default credit table. Model multipliers and flat prices are read from the model catalog so
 * the two cannot disagree. model-6 multiplies every per-second part (base, narration, music, sfx,
 * ai_video) by 3; one-off parts (enhance_prompt, social imports) are not multiplied.
 */
export const CREDIT_RATES: Readonly<CreditRates> = {
  basePerSecond: 0.25,
  languageModelPerSecond: 0.05,
  narrationPerSecond: 0.05,
  musicPerSecond: 0.02,
  sfxPerSecond: 0.02,
  aiVideoPerSecond: { off: 0, auto: 0.5, on: 0.5, full: 1.5 },
  aiVideoAutoShare: 0.2,
  enhancePrompt: 0.5,
  socialImport: 2,
  modelMultiplier: Object.fromEntries(
    MODELS.filter((model) => model.multiScene).map((model) => [model.id, model.creditMultiplier ?? 1]),
  ),
  flat: Object.fromEntries(
    MODELS.flatMap((model) => (model.flatCredits === undefined ? [] : [[model.id, model.flatCredits]])),
  ),
  infographicGenerate: 2,
  infographicRender: 1,
};

/** One line of an estimate. */
export interface CreditPart {
  /** `base`, `language_model`, `narration`, `music`, `sfx`, `ai_video`, `flat`, `enhance_prompt` or `social_imports`. */
  part: string;
  /** What the part costs: 0 when the account's own key covers it. */
  millicredits: number;
  /** The provider whose account key covers the part. */
  covered_by?: string;
  /** What a covered part would have cost. */
  list_millicredits?: number;
}

/**
 * Who does a job's language-model work on this node, for pricing. Without `planner` the job is
 * planned from the prompt's own words and its base has no `language_model` part.
 */
export interface LanguageModelPricing {
  /** The provider of the model that plans this tier's jobs here. */
  planner?: string;
  /** The parts (`language_model`, `enhance_prompt`) the account's own keys cover, with the provider of each. */
  covered?: Record<string, string>;
  /**
   * Whether this node has a video model (`--footage`). Without one nothing is filmed: the kit draws
   * the shots `on` and `full` ask for (`auto` draws those a language model marks), they are priced
   * as motion-graphics scenes (the base rate) and no mode's estimate has an `ai_video` part. @default true
   */
  videoModel?: boolean;
}

function priced(part: string, millicredits: number, pricing: LanguageModelPricing | undefined): CreditPart {
  const coveredBy = pricing?.covered?.[part];
  return coveredBy ? { part, millicredits: 0, covered_by: coveredBy, list_millicredits: millicredits } : { part, millicredits };
}

/** A price in integer millicredits with its parts (which sum to it). */
export interface CreditEstimate {
  millicredits: number;
  breakdown: CreditPart[];
}

/** The per-second parts of a multi-scene job, each in whole millicredits per second. */
function perSecondParts(options: ResolvedVideoOptions, rates: CreditRates, pricing: LanguageModelPricing | undefined): CreditPart[] {
  if (!options.multiScene) return [];
  const languageModel = pricing?.planner ? rates.languageModelPerSecond : 0;
  const multiplier = rates.modelMultiplier[options.model] ?? 1;
  // Film is sold only where a video model films it; elsewhere every shot is drawn by the kit and
  // costs what a motion-graphics scene costs.
  const aiVideo =
    pricing?.videoModel === false ? 0 : rates.aiVideoPerSecond[options.aiVideo] * (options.aiVideo === 'auto' ? rates.aiVideoAutoShare : 1);
  const parts: [string, number][] = [
    ['base', rates.basePerSecond - languageModel],
    ['language_model', languageModel],
    ['narration', options.narration ? rates.narrationPerSecond : 0],
    ['music', options.music ? rates.musicPerSecond : 0],
    ['sfx', options.sfx ? rates.sfxPerSecond : 0],
    ['ai_video', aiVideo],
  ];
  return parts
    .filter(([, credits]) => credits > 0)
    .map(([part, credits]) => ({ part, millicredits: Math.round(toMillicredits(credits) * multiplier) }));
}

/** The `ai_video` part for `seconds` of film planned or filmed by a video model, in whole millicredits (the model's multiplier applied). */
export function footageMillicredits(options: Pick<ResolvedVideoOptions, 'aiVideo' | 'model'>, seconds: number, rates: CreditRates = CREDIT_RATES): number {
  return Math.round(toMillicredits(rates.aiVideoPerSecond[options.aiVideo]) * (rates.modelMultiplier[options.model] ?? 1) * seconds);
}

/**
 * The price of one second of a job's committed work, in whole millicredits: every per-second part
 * times the model's multiplier, parts covered by the account's own keys at 0. 0 for single-scene
 * models, which are priced flat. A job charges this times the seconds of scenes committed, plus the
 * one-off parts of {@link estimateCredits}.
 */
export function perSecondMillicredits(options: ResolvedVideoOptions, rates: CreditRates = CREDIT_RATES, pricing?: LanguageModelPricing): number {
  return perSecondParts(options, rates, pricing).reduce((sum, part) => sum + priced(part.part, part.millicredits, pricing).millicredits, 0);
}

/**
 * The estimated price of a video job in integer millicredits, by part. Multi-scene: each
 * per-second part times the target duration, times the model multiplier (model-6: every per-second
 * part x3); with a language model planning the tier (`pricing.planner`), 0.05/s of the base is the
 * `language_model` part. Single-scene: the model's flat price. Both: +enhance_prompt and +2 per
 * social-link import. Parts in `pricing.covered` cost 0 and say which provider's key covers them.
 */
export function estimateCredits(
  options: ResolvedVideoOptions,
  extras: { socialImports?: number; rates?: CreditRates; languageModels?: LanguageModelPricing } = {},
): CreditEstimate {
  const rates = extras.rates ?? CREDIT_RATES;
  const pricing = extras.languageModels;
  const breakdown: CreditPart[] = options.multiScene
    ? perSecondParts(options, rates, pricing).map(({ part, millicredits }) => priced(part, Math.round(millicredits * options.durationSeconds), pricing))
    : [{ part: 'flat', millicredits: toMillicredits(rates.flat[options.model] ?? 0) }];
  if (options.enhancePrompt) breakdown.push(priced('enhance_prompt', toMillicredits(rates.enhancePrompt), pricing));
  const imports = extras.socialImports ?? 0;
  if (imports > 0) breakdown.push({ part: 'social_imports', millicredits: toMillicredits(rates.socialImport * imports) });
  return { millicredits: breakdown.reduce((sum, part) => sum + part.millicredits, 0), breakdown };
}

/** Parts of an estimate that are priced once, not by the second. */
const ONE_OFF_PARTS = new Set(['flat', 'enhance_prompt', 'social_imports']);

/**
 * An estimate's parts for a video `scale` times as long as the one they were priced for: each
 * per-second part (and a covered part's list price) scaled, the one-off parts as they are.
 */
export function rescaleEstimate(parts: readonly CreditPart[], scale: number): CreditPart[] {
  return parts.map((part) =>
    ONE_OFF_PARTS.has(part.part)
      ? part
      : { ...part, millicredits: Math.round(part.millicredits * scale), ...(part.list_millicredits !== undefined ? { list_millicredits: Math.round(part.list_millicredits * scale) } : {}) },
  );
}

/** One part of a price as the API shows it (`estimate_breakdown`, ledger `parts`): credits as decimals. */
export interface CreditPartView {
  part: string;
  credits: number;
  /** The provider whose account key covers the part (which then costs 0). */
  covered_by?: string;
  /** What a covered part would have cost. */
  list_credits?: number;
}

/** Parts in millicredits as the API shows them. */
export function creditPartViews(parts: readonly CreditPart[]): CreditPartView[] {
  return parts.map((part) => ({
    part: part.part,
    credits: toCredits(part.millicredits),
    ...(part.covered_by ? { covered_by: part.covered_by } : {}),
    ...(part.list_millicredits !== undefined ? { list_credits: toCredits(part.list_millicredits) } : {}),
  }));
}
