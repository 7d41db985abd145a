import type { Logger } from 'pino';
import { ServiceError } from '../../errors/service-error.js';
import { isOutOfSpace } from '../../storage/disk-space.js';
import type { NodeContext } from '../../node-context.js';
import type { RenderPool } from '../../render/render-pool.js';
import { nowIso } from '../../store/ids.js';
import type { VideoRenderRow, VideoRow, VideoUpdate } from '../../store/videos-store.js';
import { AudioThread } from '../audio/audio-thread.js';
import type { FootageProvider } from '../providers/footage/footage-provider.js';
import type { StillProvider } from '../providers/stills/still-provider.js';
import type { SceneWriter, StoryPlanner } from '../providers/provider-types.js';
import { enhanceStage } from '../stages/enhance.js';
import { finishStage } from '../stages/finish.js';
import { footageStage } from '../stages/footage.js';
import { narrateStage } from '../stages/narrate.js';
import { resolveProviders, type PipelineProviders } from '../stages/pipeline-providers.js';
import { planStage, storePlan } from '../stages/plan.js';
import { renderStage, rerenderStage } from '../stages/render.js';
import { respeakStage } from '../stages/respeak.js';
import { reviewGatesStage, type GateOutcome } from '../stages/review-gates.js';
import { isRedoing } from '../review/review-state.js';
import { scenesStage } from '../stages/scenes.js';
import { soundtrackStage } from '../stages/soundtrack.js';
import { CancelSignal, stageContext, type StageContext, type StageServices } from '../stages/stage-context.js';
import type { RenderShape } from '../videos/render-job.js';
import { restoreFilesOfJob } from '../videos/job-file-references.js';
import { checkRenderQuota, newRenderRecord } from '../videos/render-records.js';
import type { RenderOutput } from '../../render/formats/output-format.js';
import { baseUrlOf } from '../videos/video-view.js';
import { applyTransition, finishJob } from './apply-transition.js';
import { describeFailure } from './describe-failure.js';
import { isTerminal } from './job-states.js';
import { WorkQueue, type WorkTransport } from './work-queue.js';

/** Options of a {@link VideoEngine}. */
export interface VideoEngineOptions {
  ctx: NodeContext;
  pool: RenderPool;
  /** Where the compositions bundle is cached. @default <dataDir>/cache */
  cacheDir?: string;
  /** Woken after a webhook is written. */
  webhooks?: { notify(): void };
  logger?: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** The speech and mix thread; one is made on first use when unset. */
  audio?: AudioThread;
  /** Jobs worked on at once. @default 1 */
  concurrency?: number;
  /** What runs the jobs: BullMQ on a node started with `--queue`. @default in this process, `concurrency` at a time */
  transport?: WorkTransport;
  /** How often `last_activity_at` is refreshed while a job is alive. @default 15000 */
  heartbeatMs?: number;
  /** The planner, scene writer and enhancer the stages ask. @default the embedded ones */
  providers?: Partial<PipelineProviders>;
  /** The providers of a job of a given model (its tier's language model); over `providers`. */
  providersFor?: StageServices['providersFor'];
  /** Shorthand for `providers.planner`. */
  planner?: StoryPlanner;
  /** Shorthand for `providers.sceneWriter`. */
  sceneWriter?: SceneWriter;
  /** Base of links in webhooks; set by `serve` once the port is known. */
  baseUrl?: () => string;
  /** The video model footage scenes are filmed with. @default none: the kit draws the shots */
  footage?: FootageProvider;
  /** The image model cast portraits and storyboard stills are made with. @default none: the kit draws them */
  stills?: StillProvider;
  /** How often the data dir's free space is read while jobs are paused for a full disk, ms. @default 30000 */
  storageRetryMs?: number;
  /** Called as each stage of a job begins, after its free-space check (tests fill the disk there). */
  onStage?: (jobId: string, stage: JobStage) => void | Promise<void>;
}

/** The stages of a video job, in order, as {@link VideoEngineOptions.onStage} names them. */
export type JobStage = 'enhance' | 'plan' | 'narrate' | 'review' | 'respeak' | 'footage' | 'scenes' | 'finish' | 'soundtrack' | 'render';

/**
 * A job held back because the data dir's disk is full. It keeps its stored status (nothing is
 * charged) and, once a reading sees space again, is run again from its checkpoints, or has the
 * terminal transition it could not write recorded then.
 */
interface StoragePause {
  error: ServiceError;
  /** The terminal transition whose write did not fit; unset when the job's work goes on. */
  finish?: { trigger: 'succeed' | 'fail' | 'cancel'; changes: VideoUpdate };
}

/**
 * The job engine: takes queued video jobs in order (p-queue) and runs them through the stages of
 * `src/pipeline/stages` (enhance, plan, narrate, scenes, finish, soundtrack, render), each of which
 * writes its checkpoint to SQLite, so a restarted process goes on where the last one stopped. It
 * owns the heartbeat, cancel and shutdown; every status change goes through the transition table,
 * and terminal ones charge committed work and write their webhook in the same transaction.
 */
export class VideoEngine {
  private readonly ctx: NodeContext;
  private readonly queue: WorkQueue;
  private readonly running = new Map<string, AbortController>();
  private readonly services: StageServices;
  private ownAudio: AudioThread | undefined;
  private readonly paused = new Map<string, StoragePause>();
  private storageTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: VideoEngineOptions) {
    this.ctx = options.ctx;
    this.queue = new WorkQueue(options.transport ?? options.concurrency ?? 1, (id, error) => {
      this.options.logger?.error({ id, err: error }, 'job work failed outside its job; the node goes on');
    });
    this.services = {
      ctx: options.ctx,
      pool: options.pool,
      audio: () => (this.ownAudio ??= options.audio ?? new AudioThread()),
      providers: resolveProviders({
        ...options.providers,
        ...(options.planner ? { planner: options.planner } : {}),
        ...(options.sceneWriter ? { sceneWriter: options.sceneWriter } : {}),
      }),
      ...(options.providersFor ? { providersFor: options.providersFor } : {}),
      cacheDir: options.cacheDir ?? options.ctx.config.cacheDir,
      ...(options.footage ? { footage: options.footage } : {}),
      ...(options.stills ? { stills: options.stills } : {}),
      ...(options.logger ? { logger: options.logger } : {}),
    };
  }

  /** Takes up every job and re-render a stopped process left unfinished, oldest first. */
  start(): void {
    for (const row of this.ctx.videos.listUnfinished()) this.enqueue(row.id);
    for (const render of this.ctx.videos.listUnfinishedRenders()) this.enqueueRender(render.id);
  }

  /**
   * Re-renders a completed job at a new shape, in a format (`POST /v1/videos/{id}/render`; an opaque MP4 by default): checks the state and
   * the render quota, queues the render and returns its row. The job stays `completed` and keeps
   * its own size, rate and MP4; the render is a record of its own (`renders` of the poll response).
   */
  rerender(id: string, shape: RenderShape, output?: RenderOutput): VideoRenderRow {
    this.ctx.disk.assertWritable();
    const row = this.ctx.videos.get(id);
    if (!row) throw new ServiceError('not_found', `video ${id} not found`);
    if (row.status !== 'completed') throw new ServiceError('not_renderable', `video ${id} is ${row.status}; only a completed job can be rendered`);
    checkRenderQuota(this.ctx, row.account_id, shape);
    const render = newRenderRecord(id, shape, output ? { output } : {});
    this.ctx.videos.insertRender(render);
    this.enqueueRender(render.id);
    return render;
  }

  private enqueueRender(renderId: string): void {
    this.queue.add(renderId, async () => {
      const render = this.ctx.videos.getRender(renderId);
      if (!render || render.status === 'completed' || render.status === 'failed') return;
      const controller = new AbortController();
      this.running.set(renderId, controller);
      try {
        await rerenderStage(this.services, render, controller.signal, () => this.queue.stopped);
      } finally {
        this.running.delete(renderId);
      }
    });
  }

  /** Queues a job for work (once). */
  enqueue(id: string): void {
    this.queue.add(id, () => this.run(id));
  }

  /** Resolves when every queued and running job has finished. */
  async idle(): Promise<void> {
    await this.queue.idle();
  }

  /**
   * Cancels a job per the transition table: at once when queued, awaiting approval or paused for a
   * full disk; cooperatively while processing or rendering (the flag is set and the running work
   * is aborted). Terminal: 409. A cancel the full disk cannot record is a 503 `storage_full`.
   */
  cancel(id: string): VideoRow {
    const row = this.ctx.videos.get(id);
    if (!row) throw new ServiceError('not_found', `video ${id} not found`);
    if (isTerminal(row.status)) {
      throw new ServiceError('not_cancelable', `video ${id} is already ${row.status}`);
    }
    try {
      if ((row.status === 'queued' || row.status === 'awaiting_approval' || this.paused.has(id)) && !this.running.has(id)) {
        this.notifyFinished(finishJob(this.ctx, id, 'cancel', { phase_detail: 'Canceled' }, this.baseUrl));
        this.paused.delete(id);
        return this.ctx.videos.get(id)!;
      }
      if (!row.cancel_requested) this.ctx.videos.update(id, { cancel_requested: 1, updated_at: nowIso(), phase_detail: 'Canceling' });
    } catch (error) {
      if (isOutOfSpace(error)) throw this.ctx.disk.fullError(error);
      throw error;
    }
    this.running.get(id)?.abort(new CancelSignal());
    return this.ctx.videos.get(id)!;
  }

  /** The jobs held back by a full disk, with the `storage_full` error each hit; they resume once space is back. */
  pausedForStorage(): { id: string; error: ServiceError }[] {
    return [...this.paused].map(([id, pause]) => ({ id, error: pause.error }));
  }

  /** Stops taking jobs and aborts running ones without changing their status, so a restart resumes them. */
  async stop(): Promise<void> {
    this.queue.stop();
    if (this.storageTimer) clearInterval(this.storageTimer);
    this.storageTimer = undefined;
    for (const controller of this.running.values()) controller.abort(new Error('engine stopping'));
    await this.queue.close();
    if (!this.options.audio) await this.ownAudio?.close();
  }

  private async run(id: string): Promise<void> {
    const controller = new AbortController();
    this.running.set(id, controller);
    this.paused.delete(id);
    const heartbeat = setInterval(() => {
      try {
        const row = this.ctx.videos.get(id);
        if (row?.cancel_requested) controller.abort(new CancelSignal());
        this.ctx.videos.update(id, { last_activity_at: nowIso() });
      } catch (error) {
        // A missed heartbeat only makes the job look idle a while; it must never end the process.
        if (isOutOfSpace(error)) this.ctx.disk.recordFull();
        else this.options.logger?.warn({ videoId: id, err: error }, 'heartbeat not written');
      }
    }, this.options.heartbeatMs ?? 15_000);
    heartbeat.unref();
    try {
      const row = this.ctx.videos.get(id);
      // A paused job waits for POST /approve; it is worked on only to redo a board.
      if (!row || isTerminal(row.status) || (row.status === 'awaiting_approval' && !isRedoing(row))) return;
      if (row.cancel_requested) throw new CancelSignal();
      // Nothing is started on a full disk: the job waits, as stored, for space.
      this.ctx.disk.assertWritable();
      if (row.error_code === 'storage_full') this.ctx.videos.update(id, { error_code: null, error_message: null });
      if (row.status === 'queued') {
        applyTransition(this.ctx, id, 'start', { phase: 'planning', phase_detail: 'Writing the story plan', started_at: nowIso() });
      }
      await restoreFilesOfJob(this.ctx, id); // With a bucket, files this disk lost come back before the stages read them.
      if ((await this.runStages(stageContext(this.services, id, controller.signal))) === 'paused') return;
      this.finish(id, 'succeed', { phase: null, phase_detail: 'Done' });
    } catch (error) {
      if (this.queue.stopped && !(controller.signal.reason instanceof CancelSignal)) {
        this.options.logger?.info({ videoId: id }, 'job interrupted by shutdown; it resumes on the next start');
        return;
      }
      const row = this.ctx.videos.get(id);
      if (!row || isTerminal(row.status)) return;
      if (error instanceof CancelSignal || controller.signal.reason instanceof CancelSignal || row.cancel_requested) {
        this.finish(id, 'cancel', { phase_detail: 'Canceled' });
        return;
      }
      const storage = this.storageFailure(error);
      if (storage) {
        this.pauseForStorage(id, storage);
        return;
      }
      const { code, message } = describeFailure(error);
      this.options.logger?.error({ videoId: id, err: error }, 'video job failed');
      this.finish(id, 'fail', { error_code: code, error_message: message, phase_detail: 'Failed' });
    } finally {
      clearInterval(heartbeat);
      this.running.delete(id);
    }
  }

  /**
   * The stages in order, each skipping what its checkpoint says is done: `processing` runs enhance
   * to soundtrack (pausing at a storyboard build's review gates) and moves to `rendering` when an
   * MP4 was asked for; `rendering` renders; `awaiting_approval` redoes the board changes were asked for.
   */
  private async runStages(stage: StageContext): Promise<GateOutcome> {
    if (stage.job().status === 'awaiting_approval') {
      await this.beginStage(stage, 'review');
      return reviewGatesStage(stage);
    }
    if (stage.job().status === 'processing') {
      await this.beginStage(stage, 'enhance');
      await enhanceStage(stage);
      await this.beginStage(stage, 'plan');
      const draft = await planStage(stage);
      if (draft) {
        await this.beginStage(stage, 'narrate');
        storePlan(stage, draft, await narrateStage(stage, draft));
      }
      await this.beginStage(stage, 'review');
      if ((await reviewGatesStage(stage)) === 'paused') return 'paused';
      await this.beginStage(stage, 'respeak');
      await respeakStage(stage);
      await this.beginStage(stage, 'footage');
      await footageStage(stage);
      await this.beginStage(stage, 'scenes');
      await scenesStage(stage);
      await this.beginStage(stage, 'finish');
      finishStage(stage);
      await this.beginStage(stage, 'soundtrack');
      await soundtrackStage(stage);
      if (stage.job().render) applyTransition(this.ctx, stage.jobId, 'generation_done_render', { phase: null, phase_detail: 'Rendering the MP4' });
    }
    if (stage.job().status === 'rendering') {
      await this.beginStage(stage, 'render');
      await renderStage(stage);
    }
    return 'go_on';
  }

  /** Before each stage: a short disk pauses the job here, before the stage spends work (or a model's money) it could not store. */
  private async beginStage(stage: StageContext, name: JobStage): Promise<void> {
    this.ctx.disk.assertWritable();
    await this.options.onStage?.(stage.jobId, name);
  }

  /**
   * The `storage_full` error a job's failure stands for, else undefined: a write refused for space
   * (ENOSPC, EDQUOT, SQLITE_FULL, by code), or any failure while the data dir's disk reads short.
   * The second covers child processes (FFmpeg, the render workers, the audio thread), whose
   * failures reach here as a message only: `statfs` after the failure says whether space was why.
   */
  private storageFailure(error: unknown): ServiceError | undefined {
    if (error instanceof ServiceError && error.code === 'storage_full') {
      this.ctx.disk.recordFull();
      return error;
    }
    if (isOutOfSpace(error) || this.ctx.disk.check()) return this.ctx.disk.fullError(error);
    return undefined;
  }

  /**
   * Holds a job back for a full disk: it keeps its stored status, so nothing is charged for work not
   * made and a restart takes it up like any unfinished job; the poll shows why in `phase_detail`
   * when the disk still takes that write. A timer reads the disk and resumes it once space is back.
   */
  private pauseForStorage(id: string, error: ServiceError, finish?: StoragePause['finish']): void {
    this.ctx.disk.recordFull();
    this.paused.set(id, { error, ...(finish ? { finish } : {}) });
    this.options.logger?.warn({ videoId: id, err: error.cause ?? error }, `video job paused: ${error.message}`);
    try {
      this.ctx.videos.update(id, { error_code: 'storage_full', error_message: error.message, phase_detail: `Paused: ${error.message}` });
    } catch (writeError) {
      // The database is on the full disk too: the pause lives in memory until space is back.
      if (!isOutOfSpace(writeError)) this.options.logger?.error({ videoId: id, err: writeError }, 'pause not recorded');
    }
    if (!this.storageTimer && !this.queue.stopped) {
      this.storageTimer = setInterval(() => this.resumePaused(), this.options.storageRetryMs ?? 30_000);
      this.storageTimer.unref();
    }
  }

  /** Once a reading sees space again: re-runs paused jobs from their checkpoints and records the terminal writes that did not fit. */
  private resumePaused(): void {
    if (this.paused.size === 0 || this.queue.stopped) {
      clearInterval(this.storageTimer);
      this.storageTimer = undefined;
      return;
    }
    if (this.ctx.disk.check()) return;
    for (const [id, pause] of [...this.paused]) {
      this.options.logger?.info({ videoId: id }, 'the data dir has space again; resuming the job');
      if (!pause.finish) {
        this.paused.delete(id);
        this.enqueue(id);
        continue;
      }
      try {
        this.finish(id, pause.finish.trigger, pause.finish.changes);
      } catch (error) {
        this.paused.delete(id);
        this.options.logger?.error({ videoId: id, err: error }, 'a paused job\'s end could not be recorded');
      }
    }
  }

  private readonly baseUrl = (): string => this.options.baseUrl?.() ?? baseUrlOf(this.ctx);

  /** A terminal transition; one the full disk cannot take is held in memory and written once space is back. */
  private finish(id: string, trigger: 'succeed' | 'fail' | 'cancel', changes: VideoUpdate): void {
    let wroteWebhook: boolean;
    try {
      wroteWebhook = finishJob(this.ctx, id, trigger, changes, this.baseUrl);
    } catch (error) {
      if (!isOutOfSpace(error)) throw error;
      // The transaction rolled back: the job stays as stored, uncharged, until this write fits.
      this.pauseForStorage(id, this.ctx.disk.fullError(error), { trigger, changes });
      return;
    }
    this.paused.delete(id);
    this.notifyFinished(wroteWebhook);
  }

  private notifyFinished(wroteWebhook: boolean): void {
    if (wroteWebhook) this.options.webhooks?.notify();
  }
}
