import { describe, expect, it } from 'vitest';
import type { LanguageModel } from '../../../../src/pipeline/providers/llm/language-model.js';
import type { LanguageModelSetting } from '../../../../src/pipeline/providers/llm/model-config.js';
import { modelProviders } from '../../../../src/pipeline/providers/llm/model-providers.js';
import { ModelSceneWriter } from '../../../../src/pipeline/providers/llm/model-scene-writer.js';
import { resolveProviders } from '../../../../src/pipeline/stages/pipeline-providers.js';

const qwen: LanguageModelSetting = { provider: 'openai-compatible', model: 'qwen2.5-coder:32b', baseUrl: 'http://127.0.0.1:9/v1', apiKey: undefined };
const claude: LanguageModelSetting = { provider: 'anthropic', model: 'claude-sonnet-4-5', baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'k' };

/** A model that only has a name: these tests look at who is wired where, no call is made. */
function named(setting: LanguageModelSetting): LanguageModel {
  const refuse = () => Promise.reject(new Error('no call expected'));
  return { id: `${setting.provider}:${setting.model}`, acceptsImages: false, generateObject: refuse, generateText: refuse };
}

describe('modelProviders', () => {
  it('gives model-6 a model scene writer over the premium model; model-5 keeps the kit templates', () => {
    const providersFor = modelProviders({ languageModel: qwen, premiumLanguageModel: claude, llmFallback: 'fail' }, named)!;
    const premium = resolveProviders(providersFor('model-6'));
    expect(premium.sceneWriter).toBeInstanceOf(ModelSceneWriter);
    expect(premium.sceneWriter.name).toBe('model:anthropic:claude-sonnet-4-5');
    expect(premium.sceneWriter.attempts).toBe(4);
    expect(premium.sceneWriter.onModelError).toBe('fail');
    expect(premium.planner.name).toBe('model:anthropic:claude-sonnet-4-5');
    const standard = resolveProviders(providersFor('model-5'));
    expect(standard.sceneWriter.name).toBe('embedded');
    expect(standard.planner.name).toBe('model:openai-compatible:qwen2.5-coder:32b');
  });

  it('lets model-6 scenes fall back to kit templates when the operator chose --llm-fallback embedded', () => {
    const providersFor = modelProviders({ languageModel: qwen, premiumLanguageModel: undefined, llmFallback: 'embedded' }, named)!;
    const writer = resolveProviders(providersFor('model-6')).sceneWriter;
    expect(writer.name).toBe('model:openai-compatible:qwen2.5-coder:32b');
    expect(writer.onModelError).toBe('fallback');
  });
});
