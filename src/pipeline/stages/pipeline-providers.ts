import { enhancePromptEmbedded } from '../providers/embedded/embedded-enhancer.js';
import { EmbeddedPlanner } from '../providers/embedded/embedded-planner.js';
import { EmbeddedSceneWriter } from '../providers/embedded/embedded-scene-writer.js';
import type { EditReader } from '../edit/model-edit-reader.js';
import type { SceneWriter, StoryPlanner } from '../providers/provider-types.js';

/** Rewrites a prompt as a production brief (`enhance_prompt: true`). */
export interface PromptEnhancer {
  readonly name: string;
  enhance(prompt: string, signal?: AbortSignal): Promise<string>;
}

/** The providers a video job's stages ask; any of them may be swapped (a language-model planner, say). */
export interface PipelineProviders {
  planner: StoryPlanner;
  sceneWriter: SceneWriter;
  enhancer: PromptEnhancer;
  /** Reads edit instructions (a language model); the rule grammar when absent. */
  editor?: EditReader;
}

/** The embedded prompt enhancer (rule-based; offline). */
export const embeddedEnhancer: PromptEnhancer = {
  name: 'embedded',
  enhance: (prompt) => Promise.resolve(enhancePromptEmbedded(prompt)),
};

/** `providers` with the embedded ones where a provider is not given. */
export function resolveProviders(providers: Partial<PipelineProviders> = {}): PipelineProviders {
  return {
    planner: providers.planner ?? new EmbeddedPlanner(),
    sceneWriter: providers.sceneWriter ?? new EmbeddedSceneWriter(),
    enhancer: providers.enhancer ?? embeddedEnhancer,
  };
}
