import { toMillicredits } from '../../accounts/credits.js';
import { MODELS, type ModelId } from '../../catalog/models.js';
import type { AiVideoMode } from './create-video-schema.js';
import type { ResolvedVideoOptions } from './resolve-video-options.js';

/** The credit price table (DECISIONS.md "Credits"), in credits. */
export interface CreditRates {
  /** model-5 base, per second of target duration. */
  basePerSecond: number;
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
  /** `base`, `narration`, `music`, `sfx`, `ai_video`, `flat`, `enhance_prompt` or `social_imports`. */
  part: string;
  millicredits: number;
}

/** A price in integer millicredits with its parts (which sum to it). */
export interface CreditEstimate {
  millicredits: number;
  breakdown: CreditPart[];
}

/** The per-second parts of a multi-scene job, each in whole millicredits per second. */
function perSecondParts(options: ResolvedVideoOptions, rates: CreditRates): CreditPart[] {
  if (!options.multiScene) return [];
  const multiplier = rates.modelMultiplier[options.model] ?? 1;
  const aiVideo =
    rates.aiVideoPerSecond[options.aiVideo] * (options.aiVideo === 'auto' ? rates.aiVideoAutoShare : 1);
  const parts: [string, number][] = [
    ['base', rates.basePerSecond],
    ['narration', options.narration ? rates.narrationPerSecond : 0],
    ['music', options.music ? rates.musicPerSecond : 0],
    ['sfx', options.sfx ? rates.sfxPerSecond : 0],
    ['ai_video', aiVideo],
  ];
  return parts
    .filter(([, credits]) => credits > 0)
    .map(([part, credits]) => ({ part, millicredits: Math.round(toMillicredits(credits) * multiplier) }));
}

/**
 * The price of one second of a job's committed work, in whole millicredits: every per-second part
 * times the model's multiplier. 0 for single-scene models,
 * which are priced flat. A job charges this times the seconds of scenes committed, plus the
 * one-off parts of {@link estimateCredits}.
 */
export function perSecondMillicredits(options: ResolvedVideoOptions, rates: CreditRates = CREDIT_RATES): number {
  return perSecondParts(options, rates).reduce((sum, part) => sum + part.millicredits, 0);
}

/**
 * The estimated price of a video job in integer millicredits, by part. Multi-scene: each
 * per-second part times the target duration, times the model multiplier (model-6: every per-second
 * part x3). Single-scene: the model's flat price. Both: +enhance_prompt and +2 per social-link import.
 */
export function estimateCredits(
  options: ResolvedVideoOptions,
  extras: { socialImports?: number; rates?: CreditRates } = {},
): CreditEstimate {
  const rates = extras.rates ?? CREDIT_RATES;
  const breakdown: CreditPart[] = options.multiScene
    ? perSecondParts(options, rates).map(({ part, millicredits }) => ({
        part,
        millicredits: Math.round(millicredits * options.durationSeconds),
      }))
    : [{ part: 'flat', millicredits: toMillicredits(rates.flat[options.model] ?? 0) }];
  if (options.enhancePrompt) breakdown.push({ part: 'enhance_prompt', millicredits: toMillicredits(rates.enhancePrompt) });
  const imports = extras.socialImports ?? 0;
  if (imports > 0) breakdown.push({ part: 'social_imports', millicredits: toMillicredits(rates.socialImport * imports) });
  return { millicredits: breakdown.reduce((sum, part) => sum + part.millicredits, 0), breakdown };
}
