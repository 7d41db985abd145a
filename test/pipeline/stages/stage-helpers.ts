import type { ServiceOptions } from '../../../src/config/resolve-config.js';
import { AudioThread } from '../../../src/pipeline/audio/audio-thread.js';
import type { CreateVideoBody } from '../../../src/pipeline/create/create-video-schema.js';
import { EmbeddedPlanner } from '../../../src/pipeline/providers/embedded/embedded-planner.js';
import type { PlanRequest, SceneWriter, StoryPlan, StoryPlanner } from '../../../src/pipeline/providers/provider-types.js';
import { resolveProviders, type PromptEnhancer } from '../../../src/pipeline/stages/pipeline-providers.js';
import { stageContext, type StageContext } from '../../../src/pipeline/stages/stage-context.js';
import { createVideo } from '../../../src/pipeline/videos/create-video.js';
import { RenderPool } from '../../../src/render/render-pool.js';
import { createAccountWithKey, createTestNode, type TestNode } from '../../helpers/test-node.js';

/** The embedded planner, counting what it is asked. */
export class CountingPlanner implements StoryPlanner {
  readonly name = 'counting';
  readonly requests: PlanRequest[] = [];
  private readonly embedded = new EmbeddedPlanner();
  plan(request: PlanRequest): Promise<StoryPlan> {
    this.requests.push(request);
    return this.embedded.plan(request);
  }
}

/** A language model's enhancer as a stage sees it: it answers a brief around the prompt, counting what it is asked. */
export class CountingEnhancer implements PromptEnhancer {
  readonly name = 'counting';
  readonly prompts: string[] = [];
  enhance(prompt: string): Promise<string> {
    this.prompts.push(prompt);
    return Promise.resolve(`Brief: ${prompt} For curious viewers, calm and clear.`);
  }
}

/**
 * Node options of a language model that is configured but never called (tests pass their own
 * providers): creates on such a node may ask for `enhance_prompt`.
 */
export const UNCALLED_MODEL: ServiceOptions = { llm: 'openai-compatible:qwen2.5-7b', llmBaseUrl: 'http://127.0.0.1:9/v1' };

/** A scene writer that must not be asked: it records the positions it was asked for and fails. */
export class UnwantedWriter implements SceneWriter {
  readonly name = 'unwanted';
  readonly positions: number[] = [];
  writeScene(request: { position: number }): Promise<string> {
    this.positions.push(request.position);
    return Promise.reject(new Error('the scene writer was asked for a committed scene'));
  }
}

/** A test node with an account, a render pool and an audio thread, all closed by `close`. */
export interface StageFixture {
  node: TestNode;
  pool: RenderPool;
  audio: AudioThread;
  planner: CountingPlanner;
  enhancer: CountingEnhancer;
  writer: UnwantedWriter;
  /** Creates a queued job (nothing runs it) and returns its id. */
  createJob(body: CreateVideoBody): Promise<string>;
  /** A stage context for the job over the fixture's providers. */
  stage(jobId: string, signal?: AbortSignal): StageContext;
  close(): Promise<void>;
}

/**
 * Opens a {@link StageFixture}. `videoModel`: the node is configured with a video model
 * (`--footage google:veo-test`, never called: tests pass their own footage provider), so jobs
 * created on it sell film. @default false. `options` and `env` configure the node further (a speech model).
 */
export function stageFixture(settings: { videoModel?: boolean; options?: ServiceOptions; env?: Record<string, string> } = {}): StageFixture {
  const node = settings.videoModel
    ? createTestNode({ footage: 'google:veo-test', ...settings.options }, { GOOGLE_GENERATIVE_AI_API_KEY: 'test-key', ...settings.env })
    : createTestNode(settings.options, settings.env);
  const pool = new RenderPool();
  const audio = new AudioThread();
  const planner = new CountingPlanner();
  const enhancer = new CountingEnhancer();
  const writer = new UnwantedWriter();
  const providers = resolveProviders({ planner, enhancer, sceneWriter: writer });
  return {
    node,
    pool,
    audio,
    planner,
    enhancer,
    writer,
    async createJob(body) {
      const { account } = await createAccountWithKey(node.ctx);
      const answer = await createVideo(node.ctx, { account: node.ctx.accounts.get(account.id)!, key: null }, body, { enqueue: () => undefined });
      return answer.body.id;
    },
    stage: (jobId, signal = new AbortController().signal) =>
      stageContext({ ctx: node.ctx, pool, audio: () => audio, providers, cacheDir: node.ctx.config.cacheDir }, jobId, signal),
    async close() {
      await audio.close();
      await pool.close();
      node.cleanup();
    },
  };
}
