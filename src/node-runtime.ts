import { renderAcceleration } from './render/acceleration.js';
import type { Logger } from 'pino';
import { accountProviderKey } from './accounts/provider-keys.js';
import type { NodeContext } from './node-context.js';
import { AudioThread } from './pipeline/audio/audio-thread.js';
import { VideoEngine, type VideoEngineOptions } from './pipeline/engine/video-engine.js';
import { InfographicRenders } from './pipeline/infographics/infographic-renders.js';
import { createFootageProvider } from './pipeline/providers/footage/create-footage-provider.js';
import type { FootageProvider } from './pipeline/providers/footage/footage-provider.js';
import { createAiSdkStillProvider } from './pipeline/providers/stills/ai-sdk-stills.js';
import type { StillProvider } from './pipeline/providers/stills/still-provider.js';
import { modelProviders } from './pipeline/providers/llm/model-providers.js';
import type { PipelineProviders } from './pipeline/stages/pipeline-providers.js';
import { BullMQTransport } from './queue/bullmq-transport.js';
import { RenderPool } from './render/render-pool.js';
import type { AppServices } from './server/services.js';
import { WebhookDispatcher } from './webhooks/webhook-dispatcher.js';

/** The node's workers: render pool, job engine and webhook dispatcher, started together. */
export interface NodeRuntime extends AppServices {
  engine: VideoEngine;
  infographics: InfographicRenders;
  pool: RenderPool;
  webhooks: WebhookDispatcher;
  /** Takes up the work a stopped process left: unfinished video jobs and re-renders, infographic renders, versions left generating. */
  resume(): void;
  /** Stops taking work; running jobs keep their status and resume on the next start. */
  stop(): Promise<void>;
}

/** Options of {@link startRuntime}. */
export interface RuntimeOptions {
  logger?: Logger;
  /** Base of links in webhooks; set by `serve` once the port is known. */
  baseUrl?: () => string;
  /** Whether unfinished work is taken up at once. @default true */
  resume?: boolean;
  /** The providers video jobs ask (planner, scene writer, enhancer). @default the embedded ones */
  providers?: Partial<PipelineProviders>;
  /** The video model footage scenes are filmed with. @default the one `--footage` configures, else none */
  footage?: FootageProvider;
  /** The image model cast portraits and storyboard stills are made with. @default the one `--image-model` configures, else none */
  stills?: StillProvider;
  /** How often the engine reads the disk while jobs wait for space, and its stage hook (tests). */
  engine?: Pick<VideoEngineOptions, 'storageRetryMs' | 'onStage'>;
}

/** Starts the workers over an open node and takes up unfinished jobs. */
export function startRuntime(ctx: NodeContext, options: RuntimeOptions = {}): NodeRuntime {
  // With --queue, video segments go to `service worker` processes through Redis and the bucket.
  // BullMQ is loaded only then: a node without a queue does not pay for it at start.
  const queueUrl = ctx.config.queueUrl;
  const remote = queueUrl && ctx.store ? { queue: import('./queue/segment-queue.js').then(({ SegmentQueue }) => new SegmentQueue({ url: queueUrl })), store: ctx.store } : undefined;
  const pool = new RenderPool({ size: ctx.config.renderWorkers, browserExecutable: ctx.config.browserExecutable, acceleration: renderAcceleration(ctx.config), ...(remote ? { remote } : {}) });
  const webhooks = new WebhookDispatcher(ctx, { logger: options.logger });
  const audio = new AudioThread();
  // With a language model configured, each model tier plans with its model (made on first use);
  // jobs priced to use an account's own provider key call that provider with it.
  const providersFor = modelProviders(ctx.config, undefined, (accountId, provider) => accountProviderKey(ctx, accountId, provider));
  // enhance_prompt outside a job (the MCP tool) uses the same model as jobs do.
  const { enhancer, editor } = providersFor?.('model-5') ?? {};
  // Footage scenes are drawn by the kit unless a video model is configured (`--footage`).
  const footage = options.footage ?? (ctx.config.footage ? createFootageProvider(ctx.config.footage, { pool, cacheDir: ctx.config.cacheDir, ffmpegPath: ctx.config.ffmpegPath }) : undefined);
  // Portraits and storyboard stills are drawn by the kit unless an image model is configured (`--image-model`).
  const stills = options.stills ?? (ctx.config.imageModel ? createAiSdkStillProvider(ctx.config.imageModel) : undefined);
  // With --queue, the node's own jobs also wait and run through BullMQ (their work stays here).
  const transport = (queueName: string, concurrency: number) =>
    queueUrl ? { transport: new BullMQTransport({ url: queueUrl, queueName, concurrency, onError: (err) => options.logger?.warn({ err, queueName }, 'Redis refused a job; running it in this process') }) } : {};
  const engine = new VideoEngine({
    ...options.engine,
    ctx,
    concurrency: ctx.config.jobs,
    ...transport('video-jobs', ctx.config.jobs),
    pool,
    audio,
    webhooks,
    logger: options.logger,
    cacheDir: ctx.config.cacheDir,
    baseUrl: options.baseUrl,
    providers: options.providers,
    ...(providersFor ? { providersFor } : {}),
    ...(footage ? { footage } : {}),
    ...(stills ? { stills } : {}),
  });
  const infographics = new InfographicRenders({ ctx, pool, webhooks, logger: options.logger, cacheDir: ctx.config.cacheDir, baseUrl: options.baseUrl, ...transport('infographic-renders', 1) });
  webhooks.start();
  const resume = () => {
    engine.start();
    infographics.start();
  };
  if (options.resume ?? true) resume();
  return {
    resume,
    engine,
    infographics,
    pool,
    webhooks,
    cacheDir: ctx.config.cacheDir,
    ...(enhancer ? { enhancer } : {}),
    ...(editor ? { editor } : {}),
    stop: async () => {
      await engine.stop();
      await infographics.stop();
      await webhooks.stop();
      await pool.close();
      if (remote) await (await remote.queue).close();
      await audio.close();
    },
  };
}
