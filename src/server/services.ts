import type { VideoEngine } from '../pipeline/engine/video-engine.js';
import type { InfographicRenders } from '../pipeline/infographics/infographic-renders.js';
import type { EditReader } from '../pipeline/edit/model-edit-reader.js';
import type { PromptEnhancer } from '../pipeline/stages/pipeline-providers.js';
import type { RenderPool } from '../render/render-pool.js';

/** The long-lived workers routes hand work to; absent in apps built without them (some tests). */
export interface AppServices {
  engine?: VideoEngine;
  /** Runs infographic renders. */
  infographics?: InfographicRenders;
  pool?: RenderPool;
  /** Where the compositions bundle is cached. */
  cacheDir: string;
  /** Rewrites prompts for `enhance_prompt` (the node's language model); absent on a node without one, where the tool is refused. */
  enhancer?: PromptEnhancer;
  /** Reads edit instructions with the node's language model; the rule grammar when absent. */
  editor?: EditReader;
}
