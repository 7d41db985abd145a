import { LanguageModelError, type LanguageModel, type ModelAnswer, type ObjectRequest, type TextRequest, type ToolRequest } from './language-model.js';
import type { LanguageModelSetting } from './model-config.js';

/** The AI SDK and node-llama-cpp load only when a job first needs a model. */
async function createOnDemand(setting: LanguageModelSetting): Promise<LanguageModel> {
  const { createLanguageModel } = await import('./create-language-model.js');
  return createLanguageModel(setting);
}

/**
 * A configured model made on its first call, not at start: the node starts (and serves its API)
 * without loading a GGUF or the AI SDK until a job needs them. A failed creation is retried at the
 * next call. `acceptsImages` is false until the model is made.
 */
export function lazyLanguageModel(setting: LanguageModelSetting, create: (setting: LanguageModelSetting) => Promise<LanguageModel> = createOnDemand): LanguageModel {
  let made: Promise<LanguageModel> | undefined;
  let ready: LanguageModel | undefined;
  const model = async (): Promise<LanguageModel> => {
    made ??= create(setting).then(
      (created) => (ready = created),
      (error: unknown) => {
        made = undefined;
        throw error;
      },
    );
    return made;
  };
  return {
    id: `${setting.provider}:${setting.model}`,
    get acceptsImages() {
      return ready?.acceptsImages ?? false;
    },
    generateObject: async <T>(request: ObjectRequest<T>): Promise<ModelAnswer<{ object: T }>> => (await model()).generateObject(request),
    generateText: async (request: TextRequest): Promise<ModelAnswer<{ text: string }>> => (await model()).generateText(request),
    callTool: async (request: ToolRequest): Promise<ModelAnswer<{ tool: string; input: unknown }>> => {
      const made = await model();
      if (!made.callTool) throw new LanguageModelError('unavailable', `${made.id} does not call tools`);
      return made.callTool(request);
    },
    close: async () => {
      if (made) await (await made.catch(() => undefined))?.close?.();
    },
  };
}
