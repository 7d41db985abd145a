import { describe, expect, it } from 'vitest';
import { toCredits } from '../../../src/accounts/credits.js';
import { listModels } from '../../../src/catalog/models.js';
import { createVideoBody } from '../../../src/pipeline/create/create-video-schema.js';
import { CREDIT_RATES, estimateCredits, perSecondMillicredits } from '../../../src/pipeline/create/estimate-credits.js';
import { resolveVideoOptions, type ResolvedVideoOptions } from '../../../src/pipeline/create/resolve-video-options.js';

function options(body: Record<string, unknown>): ResolvedVideoOptions {
  return resolveVideoOptions(createVideoBody.parse({ prompt: 'A video about bees', ...body }), {
    plan: 'ultimate',
    voices: [],
    allowPrivateUrls: false,
  });
}

const credits = (body: Record<string, unknown>, extras?: { socialImports?: number }) =>
  toCredits(estimateCredits(options(body), extras).millicredits);

const parts = (body: Record<string, unknown>) =>
  Object.fromEntries(estimateCredits(options(body)).breakdown.map(({ part, millicredits }) => [part, millicredits]));

describe('estimateCredits', () => {
  it('prices 30 s of model-5 with narration and music and no footage at 9.6 (7.5 + 1.5 + 0.6)', () => {
    const body = { ai_video: 'off' };
    expect(credits(body)).toBe(9.6);
    expect(parts(body)).toEqual({ base: 7500, narration: 1500, music: 600 });
  });

  it('adds ai_video auto at 0.5 per second on an estimated 20% of the duration (30 s default: 12.6)', () => {
    expect(parts({})).toEqual({ base: 7500, narration: 1500, music: 600, ai_video: 3000 });
    expect(credits({})).toBe(12.6);
  });

  it('adds ai_video on at 0.5 and full at 1.5 per second (a node with a video model, the default here)', () => {
    expect(parts({ ai_video: 'on', narration: false, music: false })).toEqual({ base: 7500, ai_video: 15000 });
    expect(parts({ ai_video: 'full', narration: false, music: false })).toEqual({ base: 7500, ai_video: 45000 });
  });

  it('sells no ai_video part, for any mode, on a node without a video model (the kit draws the shots at the base rate)', () => {
    for (const mode of ['auto', 'on', 'full']) {
      const estimate = estimateCredits(options({ ai_video: mode, narration: false, music: false }), { languageModels: { videoModel: false } });
      expect(estimate, mode).toEqual({ millicredits: 7500, breakdown: [{ part: 'base', millicredits: 7500 }] });
      expect(perSecondMillicredits(options({ ai_video: mode, narration: false, music: false }), CREDIT_RATES, { videoModel: false }), mode).toBe(250);
    }
    // model-6 multiplies the base only: there is no film part to multiply.
    expect(estimateCredits(options({ model: 'model-6', ai_video: 'full', narration: false, music: false }), { languageModels: { videoModel: false } }).breakdown).toEqual([{ part: 'base', millicredits: 22500 }]);
    expect(parts({ ai_video: 'full', narration: false, music: false })).toEqual({ base: 7500, ai_video: 45000 });
  });

  it('adds sfx at 0.02 per second', () => {
    expect(credits({ duration: 60, ai_video: 'off', narration: false, music: false, sfx: true })).toBe(15 + 1.2);
  });

  it('prices only the base when every extra is off', () => {
    expect(credits({ duration: 15, ai_video: 'off', narration: false, music: false })).toBe(3.75);
  });

  it('multiplies every per-second part by 3 on model-6', () => {
    expect(credits({ model: 'model-6', ai_video: 'off' })).toBe(28.8);
    expect(parts({ model: 'model-6', sfx: true, ai_video: 'full' })).toEqual({
      base: 22500,
      narration: 4500,
      music: 1800,
      sfx: 1800,
      ai_video: 135000,
    });
  });

  it('does not multiply enhance_prompt or imports on model-6', () => {
    const plain = estimateCredits(options({ model: 'model-6' })).millicredits;
    const extras = estimateCredits(options({ model: 'model-6', enhance_prompt: true }), { socialImports: 2 }).millicredits;
    expect(extras - plain).toBe(500 + 4000);
  });

  it('prices single-scene models flat: model-4 5, model-3 3, whatever the duration', () => {
    expect(credits({ model: 'model-4' })).toBe(5);
    expect(credits({ model: 'model-4', duration: 60 })).toBe(5);
    expect(credits({ model: 'model-3', duration: 30 })).toBe(3);
    expect(parts({ model: 'model-3' })).toEqual({ flat: 3000 });
  });

  it('adds 0.5 for enhance_prompt, on single-scene models too', () => {
    expect(credits({ ai_video: 'off', enhance_prompt: true })).toBe(10.1);
    expect(credits({ model: 'model-3', enhance_prompt: true })).toBe(3.5);
  });

  it('adds 2 per social-link import', () => {
    expect(credits({ ai_video: 'off' }, { socialImports: 3 })).toBe(15.6);
  });

  it('gives a breakdown that sums to the total, in whole millicredits', () => {
    const estimate = estimateCredits(options({ duration: 7.3, sfx: true, enhance_prompt: true }), { socialImports: 1 });
    expect(estimate.breakdown.reduce((sum, part) => sum + part.millicredits, 0)).toBe(estimate.millicredits);
    for (const part of estimate.breakdown) expect(Number.isInteger(part.millicredits)).toBe(true);
  });
});

describe('perSecondMillicredits', () => {
  it('is the per-second price of committed work: model-5 default 0.25 + 0.05 + 0.02 + 0.1 (auto footage)', () => {
    expect(perSecondMillicredits(options({}))).toBe(420);
    expect(perSecondMillicredits(options({ ai_video: 'off' }))).toBe(320);
  });

  it('is three times as much on model-6', () => {
    expect(perSecondMillicredits(options({ model: 'model-6', ai_video: 'off' }))).toBe(960);
  });

  it('times the duration, plus one-off parts, equals the estimate', () => {
    const resolved = options({ duration: 60, sfx: true, ai_video: 'on', enhance_prompt: true });
    expect(perSecondMillicredits(resolved) * 60 + 500).toBe(estimateCredits(resolved).millicredits);
  });

  it('is 0 on single-scene models, which are priced flat', () => {
    expect(perSecondMillicredits(options({ model: 'model-4' }))).toBe(0);
  });
});

describe('CREDIT_RATES', () => {
  it('holds the DECISIONS.md table and agrees with the model catalog', () => {
    expect(CREDIT_RATES).toMatchObject({
      basePerSecond: 0.25,
      narrationPerSecond: 0.05,
      musicPerSecond: 0.02,
      sfxPerSecond: 0.02,
      aiVideoPerSecond: { off: 0, auto: 0.5, on: 0.5, full: 1.5 },
      aiVideoAutoShare: 0.2,
      enhancePrompt: 0.5,
      socialImport: 2,
      modelMultiplier: { 'model-5': 1, 'model-6': 3 },
      flat: { 'model-4': 5, 'model-3': 3 },
      infographicGenerate: 2,
      infographicRender: 1,
    });
    for (const model of listModels({ languageModel: undefined, premiumLanguageModel: undefined }).models) {
      if (model.flat_credit_estimate !== undefined) expect(CREDIT_RATES.flat[model.id as 'model-4']).toBe(model.flat_credit_estimate);
    }
  });
});

describe('estimateCredits with a language model and own keys', () => {
  it('carves language_model (0.05/s) out of the base when a language model plans the tier, total unchanged', () => {
    const resolved = options({ ai_video: 'off' });
    const estimate = estimateCredits(resolved, { languageModels: { planner: 'anthropic' } });
    expect(Object.fromEntries(estimate.breakdown.map(({ part, millicredits }) => [part, millicredits]))).toEqual({
      base: 6000,
      language_model: 1500,
      narration: 1500,
      music: 600,
    });
    expect(estimate.millicredits).toBe(estimateCredits(resolved).millicredits);
  });

  it('multiplies language_model by 3 on model-6 like every per-second part', () => {
    const estimate = estimateCredits(options({ model: 'model-6', ai_video: 'off', narration: false, music: false }), { languageModels: { planner: 'openai' } });
    expect(estimate.breakdown).toEqual([
      { part: 'base', millicredits: 18000 },
      { part: 'language_model', millicredits: 4500 },
    ]);
  });

  it('has no language_model part without a language model (all base)', () => {
    expect(parts({ ai_video: 'off' })).not.toHaveProperty('language_model');
    expect(estimateCredits(options({ ai_video: 'off' }), { languageModels: {} }).breakdown[0]).toEqual({ part: 'base', millicredits: 7500 });
  });

  it('prices covered parts at 0 with covered_by and what they would have cost', () => {
    const resolved = options({ ai_video: 'off', enhance_prompt: true });
    const estimate = estimateCredits(resolved, {
      languageModels: { planner: 'anthropic', covered: { language_model: 'anthropic', enhance_prompt: 'anthropic' } },
    });
    expect(estimate.breakdown).toContainEqual({ part: 'language_model', millicredits: 0, covered_by: 'anthropic', list_millicredits: 1500 });
    expect(estimate.breakdown).toContainEqual({ part: 'enhance_prompt', millicredits: 0, covered_by: 'anthropic', list_millicredits: 500 });
    expect(estimate.millicredits).toBe(6000 + 1500 + 600);
    expect(perSecondMillicredits(resolved, CREDIT_RATES, { planner: 'anthropic', covered: { language_model: 'anthropic' } })).toBe(270);
  });

  it('leaves single-scene prices flat: only enhance_prompt can be covered', () => {
    const estimate = estimateCredits(options({ model: 'model-4', enhance_prompt: true }), {
      languageModels: { covered: { enhance_prompt: 'openai' } },
    });
    expect(estimate.breakdown).toEqual([
      { part: 'flat', millicredits: 5000 },
      { part: 'enhance_prompt', millicredits: 0, covered_by: 'openai', list_millicredits: 500 },
    ]);
  });
});
