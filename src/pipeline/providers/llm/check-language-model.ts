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
  options: CreateLanguageModelOptions & { timeoutMs?: number } = {},
): Promise<CheckResult> {
  const described = describeLanguageModel(setting);
  const fix =
    setting.provider === 'local'
      ? 'check that the GGUF file exists and is readable, or change --llm (SERVICE_LLM)'
      : `check ${API_KEY_VARIABLES[setting.provider]}, the base URL (${setting.provider === 'openai-compatible' ? 'SERVICE_LLM_BASE_URL, and that the server is up' : 'SERVICE_LLM_BASE_URL'}) and the model name; or unset SERVICE_LLM to use the embedded planner`;
  try {
    const model = await createLanguageModel(setting, { maxRetries: 0, outputRetries: 0, ...options });
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
