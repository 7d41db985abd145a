import { createAiSdkModel, type AiSdkModelOptions } from './ai-sdk-model.js';
import type { LanguageModel } from './language-model.js';
import type { LocalLlamaOptions } from './local-llama.js';
import type { LanguageModelSetting } from './model-config.js';

/** Options for {@link createLanguageModel}: those of AI SDK models, or of local GGUF models. */
export type CreateLanguageModelOptions = AiSdkModelOptions & LocalLlamaOptions;

/**
 * The {@link LanguageModel} for a configured setting: hosted and OpenAI-compatible models through the
 * AI SDK, `local:` GGUF files through node-llama-cpp.
 */
export async function createLanguageModel(setting: LanguageModelSetting, options: CreateLanguageModelOptions = {}): Promise<LanguageModel> {
  if (setting.provider !== 'local') return createAiSdkModel(setting, { ...(setting.timeoutMs ? { defaultTimeoutMs: setting.timeoutMs } : {}), ...options });
  // Loaded only when a node names a GGUF file: node-llama-cpp is heavy.
  const { createLocalLlamaModel } = await import('./local-llama.js');
  return createLocalLlamaModel(setting.model, { contextSize: options.contextSize, gpu: options.gpu, threads: options.threads, defaultTimeoutMs: options.defaultTimeoutMs ?? setting.timeoutMs });
}
