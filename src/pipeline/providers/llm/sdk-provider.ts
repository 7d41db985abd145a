import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel as SdkLanguageModel } from 'ai';
import type { RemoteLanguageModelSetting } from './model-config.js';

/** How structured output is asked of the server. */
export type StructuredOutputMode = 'json-schema' | 'json-mode';

/**
 * The AI SDK model object for a setting. OpenAI goes through Chat Completions, the protocol every
 * OpenAI-like proxy also speaks. `json-mode` asks an OpenAI-compatible server for `json_object`
 * instead of `json_schema`, for servers that reject the latter.
 */
export function sdkModelFor(
  setting: RemoteLanguageModelSetting,
  mode: StructuredOutputMode = 'json-schema',
  fetchFunction?: typeof fetch,
): SdkLanguageModel {
  const common = { baseURL: setting.baseUrl, apiKey: setting.apiKey, fetch: fetchFunction };
  switch (setting.provider) {
    case 'openai':
      return createOpenAI(common).chat(setting.model);
    case 'anthropic':
      return createAnthropic(common)(setting.model);
    case 'google':
      return createGoogleGenerativeAI(common)(setting.model);
    case 'openai-compatible':
      return createOpenAICompatible({
        ...common,
        name: 'openaiCompatible',
        supportsStructuredOutputs: mode === 'json-schema',
        includeUsage: true,
      })(setting.model);
  }
}

/**
 * Provider options for structured output. OpenAI's strict mode rejects any schema with an optional
 * property, so hosted OpenAI gets the schema as guidance and the answer is validated here; servers
 * that enforce a schema with a grammar (vLLM, llama.cpp, Ollama) keep strict mode.
 */
export function structuredOutputOptions(setting: RemoteLanguageModelSetting): Record<string, Record<string, boolean>> {
  return setting.provider === 'openai' ? { openai: { strictJsonSchema: false } } : {};
}

// Vision-capable open-weight families as their servers name them (Ollama, vLLM, LM Studio).
const OPEN_VISION_MODEL = /(^|[^a-z])(vl|vision|llava|bakllava|pixtral|gemma-?3|gemma-?4|minicpm-v|moondream|llama-?4|internvl|qwen[\d.]*-?omni|mistral-small-3\.[12])/i;
// Hosted models without image input.
const TEXT_ONLY_HOSTED_MODEL = /^(gpt-3\.5|o1-mini|o3-mini|claude-2|claude-instant|text-)/i;

/** Whether a model takes images, from its provider and name (a guess for OpenAI-compatible servers). */
export function modelAcceptsImages(setting: RemoteLanguageModelSetting): boolean {
  if (setting.provider === 'openai-compatible') return OPEN_VISION_MODEL.test(setting.model);
  return !TEXT_ONLY_HOSTED_MODEL.test(setting.model);
}
