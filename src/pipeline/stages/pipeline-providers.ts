import { EmbeddedPlanner } from '../providers/embedded/embedded-planner.js';
import { EmbeddedSceneWriter } from '../providers/embedded/embedded-scene-writer.js';
import type { EditReader } from '../edit/model-edit-reader.js';
import type { SceneWriter, StoryPlanner } from '../providers/provider-types.js';

/** Rewrites a prompt as a production brief (`enhance_prompt: true`) with a language model. */
export interface PromptEnhancer {
  readonly name: string;
  enhance(prompt: string, signal?: AbortSignal): Promise<string>;
}

/** The providers a video job's stages ask; any of them may be swapped (a language-model planner, say). */
export interface PipelineProviders {
  planner: StoryPlanner;
  sceneWriter: SceneWriter;
  /**
   * The node's language model rewriting prompts; absent on a node without one, where
   * `enhance_prompt` is refused at create (there is no template enhancer).
   */
  enhancer?: PromptEnhancer;
  /** Reads edit instructions (a language model); the rule grammar when absent. */
  editor?: EditReader;
}

/** `providers` with the embedded planner and scene writer where those are not given; no enhancer unless one is. */
export function resolveProviders(providers: Partial<PipelineProviders> = {}): PipelineProviders {
  return {
    planner: providers.planner ?? new EmbeddedPlanner(),
    sceneWriter: providers.sceneWriter ?? new EmbeddedSceneWriter(),
    ...(providers.enhancer ? { enhancer: providers.enhancer } : {}),
  };
}
