import type { Logger } from 'pino';
import type { NodeContext } from '../../node-context.js';
import type { RenderPool } from '../../render/render-pool.js';
import { nowIso } from '../../store/ids.js';
import type { VideoRow, VideoUpdate } from '../../store/videos-store.js';
import type { ResolvedVideoOptions } from '../create/resolve-video-options.js';
import type { AudioThread } from '../audio/audio-thread.js';
import type { ModelId } from '../../catalog/models.js';
import type { FootageProvider } from '../providers/footage/footage-provider.js';
import type { StillProvider } from '../providers/stills/still-provider.js';
import type { JobModelKeys } from '../providers/llm/account-key-model.js';
import type { PipelineProviders } from './pipeline-providers.js';

/** The abort reason of a canceled job (POST /cancel taking effect), told apart from a shutdown. */
export class CancelSignal extends Error {
  constructor() {
    super('job canceled');
    this.name = 'CancelSignal';
  }
}

/** What every stage of one video job is given: the node, the workers, the providers and the job's signal. */
export interface StageContext {
  ctx: NodeContext;
  pool: RenderPool;
  /** The speech and mix thread (made on first use). */
  audio(): AudioThread;
  providers: PipelineProviders;
  /** Where the compositions bundle is cached. */
  cacheDir: string;
  /** The node's video model for footage scenes; unset when none is configured (the kit draws the shots). */
  footage?: FootageProvider;
  /** The node's image model for cast portraits and storyboard stills; unset when none is configured (the kit draws them). */
  stills?: StillProvider;
  /** Aborted on cancel (reason {@link CancelSignal}) and on shutdown. */
  signal: AbortSignal;
  logger?: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** The job's id. */
  jobId: string;
  /** The job's row as stored now. */
  job(): VideoRow;
  /** The job's options as resolved at create. */
  options(): ResolvedVideoOptions;
  /** Writes progress fields (`phase`, `phase_detail`, counters, checkpoints); `updated_at` stays as it is. */
  progress(changes: VideoUpdate): void;
  /** Throws when the job was canceled or the engine is stopping: the cooperative check between steps. */
  checkCancel(): void;
}

/** The parts of a {@link StageContext} that do not depend on the job. */
export type StageServices = Omit<StageContext, 'jobId' | 'job' | 'options' | 'progress' | 'checkCancel' | 'signal'> & {
  /** The providers of a job of this model (a model tier's language model), over `providers`; `keys`: the account's own keys the job was priced to use. */
  providersFor?: (model: ModelId, keys?: JobModelKeys) => Partial<PipelineProviders>;
};

/** A {@link StageContext} for job `jobId` over `services`, cancelled through `signal`. */
export function stageContext(services: StageServices, jobId: string, signal: AbortSignal): StageContext {
  const { ctx } = services;
  const job = (): VideoRow => {
    const row = ctx.videos.get(jobId);
    if (!row) throw new Error(`video ${jobId} is gone`);
    return row;
  };
  const { providersFor, ...shared } = services;
  const options = (): ResolvedVideoOptions => JSON.parse(job().options) as ResolvedVideoOptions;
  return {
    ...shared,
    providers: providersFor ? { ...services.providers, ...providersFor(options().model, jobModelKeys(job())) } : services.providers,
    jobId,
    signal,
    job,
    options,
    // Progress is not a job-record write: updated_at stays as it is (the spec's rule).
    progress: (changes) => ctx.videos.update(jobId, { ...changes, last_activity_at: nowIso() }),
    checkCancel: () => {
      if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : new CancelSignal();
      if (ctx.videos.get(jobId)?.cancel_requested) throw new CancelSignal();
    },
  };
}

/** The account's own keys a job was priced to use (`covered_by` of its options, decided at create). */
function jobModelKeys(row: VideoRow): JobModelKeys | undefined {
  const covered = (JSON.parse(row.options) as { covered_by?: Record<string, string> }).covered_by ?? {};
  const providers = [...new Set(Object.values(covered))];
  return providers.length > 0 ? { accountId: row.account_id, providers } : undefined;
}
