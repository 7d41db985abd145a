import type { CheckResult } from '../../../doctor/run-checks.js';
import { createLanguageModel, type CreateLanguageModelOptions } from './create-language-model.js';
import { API_KEY_VARIABLES, describeLanguageModel, type LanguageModelSetting } from './model-config.js';

/** How long the doctor waits for the one tiny call. @default 30000 */
export const MODEL_CHECK_TIMEOUT_MS = 30_000;

/**
 * The doctor's check of a configured model: one tiny call ("Reply with OK", 5 tokens, no retries),
 * `ok` with its latency, or `fail` with what to check.
 */
export async function checkLanguageModel(
  name: string,
  setting: LanguageModelSetting,
  options: CreateLanguageModelOptions & { timeoutMs?: number; premium?: boolean } = {},
): Promise<CheckResult> {
  const described = describeLanguageModel(setting);
  // The flags and variables of the model checked: the node's (--llm) or the premium tier's (--llm-premium).
  const flag = options.premium ? '--llm-premium' : '--llm';
  const variable = options.premium ? 'SERVICE_LLM_PREMIUM' : 'SERVICE_LLM';
  const fix =
    setting.provider === 'local'
      ? `check that the GGUF file exists and is readable, or change ${flag} (${variable})`
      : `check ${API_KEY_VARIABLES[setting.provider]}, the base URL (${flag}-base-url, ${variable}_BASE_URL${setting.provider === 'openai-compatible' ? ', and that the server is up' : ''}) and the model name; or leave out ${flag} (${variable}) to ${options.premium ? 'plan model-6 with the node\'s model' : 'use the embedded planner'}`;
  try {
    const { premium: _premium, ...create } = options;
    const model = await createLanguageModel(setting, { maxRetries: 0, outputRetries: 0, ...create });
    try {
      const answer = await model.generateText({
        system: 'You are a health check.',
        prompt: 'Reply with OK',
        maxOutputTokens: 5,
        timeoutMs: options.timeoutMs ?? MODEL_CHECK_TIMEOUT_MS,
      });
      const images = model.acceptsImages ? ', takes images' : '';
      return { name, status: 'ok', detail: `${described} answered in ${answer.latencyMs} ms${images}` };
    } finally {
      await model.close?.();
    }
  } catch (error) {
    return { name, status: 'fail', detail: error instanceof Error ? error.message.split('\n')[0]! : String(error), fix };
  }
}
