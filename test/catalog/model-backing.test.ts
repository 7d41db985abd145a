import { describe, expect, it } from 'vitest';
import { modelAvailability, plannerModelFor } from '../../src/catalog/model-backing.js';
import { findModel, listModels } from '../../src/catalog/models.js';

const qwen = { provider: 'openai-compatible' as const, model: 'qwen2.5-coder:32b', baseUrl: 'http://gpu-box:8000/v1', apiKey: undefined };
const claude = { provider: 'anthropic' as const, model: 'claude-sonnet-4-5', baseUrl: 'https://api.anthropic.com/v1', apiKey: 'secret' };
const local = { provider: 'local' as const, model: '/srv/models/qwen2.5-7b-instruct-q4_k_m.gguf' };

describe('what backs each model', () => {
  it('names the configured planner of each tier: model-6 the premium model, the others the node\'s model', () => {
    const config = { languageModel: qwen, premiumLanguageModel: claude };
    const byId = Object.fromEntries(listModels(config).models.map((model) => [model.id, model]));
    expect(byId['model-5']!.backed_by.planner).toBe('openai-compatible:qwen2.5-coder:32b');
    expect(byId['model-6']!.backed_by.planner).toBe('anthropic:claude-sonnet-4-5');
    expect(byId['model-6']!.available).toBe(true);
    expect(byId['model-4']!.backed_by.planner).toBe('openai-compatible:qwen2.5-coder:32b');
    expect(JSON.stringify(byId)).not.toContain('secret');
  });

  it('model-6 writes scene code with its model; model-5 and the others fill kit templates', () => {
    const byId = Object.fromEntries(listModels({ languageModel: qwen, premiumLanguageModel: claude }).models.map((model) => [model.id, model]));
    expect(byId['model-6']!.backed_by.scene_writer).toBe('anthropic:claude-sonnet-4-5');
    expect(byId['model-5']!.backed_by.scene_writer).toBe('embedded');
    expect(byId['model-4']!.backed_by.scene_writer).toBe('embedded');
    expect(modelAvailability(findModel('model-6')!, { languageModel: local, premiumLanguageModel: undefined }).backed_by.scene_writer).toBe('local:qwen2.5-7b-instruct-q4_k_m.gguf');
    expect(modelAvailability(findModel('model-6')!, { languageModel: undefined, premiumLanguageModel: undefined }).backed_by.scene_writer).toBe('embedded');
  });

  it('without a premium model, model-6 plans with the node\'s model; a local file shows by its name only', () => {
    expect(plannerModelFor(findModel('model-6')!, { languageModel: local, premiumLanguageModel: undefined })).toBe(local);
    expect(modelAvailability(findModel('model-6')!, { languageModel: local, premiumLanguageModel: undefined }).backed_by.planner).toBe('local:qwen2.5-7b-instruct-q4_k_m.gguf');
  });

  it('names who makes film shots: the configured video model, else the kit offline; none on single-scene models', () => {
    const veo = { provider: 'google' as const, model: 'veo-3.0-fast-generate-001', baseUrl: 'https://x', apiKey: 'secret' };
    expect(modelAvailability(findModel('model-5')!, { languageModel: undefined, premiumLanguageModel: undefined }).backed_by.footage).toBe('embedded');
    expect(modelAvailability(findModel('model-5')!, { languageModel: undefined, premiumLanguageModel: undefined, footage: veo }).backed_by.footage).toBe('google:veo-3.0-fast-generate-001');
    expect(modelAvailability(findModel('model-4')!, { languageModel: undefined, premiumLanguageModel: undefined, footage: veo }).backed_by.footage).toBe('none');
  });

  it('without any language model, model-6 is not available and says why', () => {
    const availability = modelAvailability(findModel('model-6')!, { languageModel: undefined, premiumLanguageModel: undefined });
    expect(availability.available).toBe(false);
    expect(availability.unavailable_reason).toMatch(/needs a language model.*--llm.*model-5/);
  });
});
