import { FlowProducer, Queue, QueueEvents, Relay, UnrecoverableError, Worker, type Job } from 'bullmq';
import { invalidRequest, ServiceError } from '../errors/service-error.js';
import {
  CANCEL_TOPIC,
  checkRedis,
  KEEP_FINISHED_SECONDS,
  redactUrl,
  RENDER_QUEUE,
  TASK_QUEUE,
  connectionFor,
  renderJobId,
  resolveQueueOptions,
  taskJobId,
  taskJobKey,
  type CancelMessage,
  type ResolvedQueueOptions,
  type SegmentQueueOptions,
} from './queue-settings.js';

export type { SegmentQueueOptions } from './queue-settings.js';

/** One render task: a batch of scenes of one video, rendered by one worker into one segment file per scene. Everything a worker needs is in the shared store; the data only names keys. */
export interface SegmentTaskData {
  /** The render of a video, e.g. `vid_abc/r1`. */
  videoKey: string;
  /** Index of the task within its flow. */
  batch: number;
  /** The bundle version the control node renders with; a worker with another version fails the task. */
  kitVersion: string;
  shape: { width: number; height: number; fps: number };
  captureAll?: boolean;
  scenes: SegmentTaskScene[];
}

/** A scene of a {@link SegmentTaskData}: where its inputs are and where its segment goes. */
export interface SegmentTaskScene {
  sceneId: string;
  propsKey: string;
  /** Where the worker uploads the segment: `segments/<hash>.mp4`, or `segments/<hash>.part-<from>-<to>.mp4` for a frame range. */
  segmentKey: string;
  /** Frames the segment plays (the range's length for a frame range). */
  frames: number;
  /**
   * Only frames [from, to) of the scene, counted from its start: a long scene is split into ranges
   * rendered by different workers and joined by the control node. A task with a range holds exactly
   * one scene.
   */
  frameRange?: [number, number];
}

/** What a worker reports for a finished task. */
export interface SegmentTaskResult {
  /** The worker that rendered it (its `name`). */
  worker: string;
  segmentKeys: string[];
  capturedFrames: number;
  heldFrames: number;
  /** Time spent in the worker's processor. */
  ms: number;
}

/** A progress update of a running task. */
export interface SegmentTaskProgress {
  /** 0..1 */
  progress: number;
  capturedFrames: number;
  heldFrames: number;
  worker: string;
}

/** Options of one {@link SegmentQueue.render} call. */
export interface RenderFlowOptions {
  /** Aborting removes the flow's waiting tasks, cancels its running ones and rejects with `signal.reason`. */
  signal?: AbortSignal;
  /** Called with the task's index and each progress update its worker reports. */
  onProgress?: (task: number, progress: SegmentTaskProgress) => void;
}

/** Data of a render's parent job. */
interface RenderJobData {
  videoKey: string;
  taskIds: string[];
}

/** Settles one render() call. */
interface Waiter {
  resolve: (value: SegmentTaskResult[]) => void;
  reject: (error: Error) => void;
}

/** The BullMQ objects of a SegmentQueue, made on its first render(). */
interface Connections {
  flows: FlowProducer;
  tasks: Queue<SegmentTaskData, SegmentTaskResult>;
  renders: Queue<RenderJobData, SegmentTaskResult[]>;
  taskEvents: QueueEvents;
  renderEvents: QueueEvents;
  parentWorker: Worker<RenderJobData, SegmentTaskResult[]>;
  relay: Relay;
  ready: Promise<unknown>;
}

/**
 * How long an aborted render() waits for its flow to wind down (its cancelled tasks to stop and its
 * parent to fail) before it rejects anyway, for a processor that ignores its AbortSignal.
 */
const CANCEL_SETTLE_MS = 15_000;

/** How long close() waits for Redis to see its clients off. */
const CLOSE_SETTLE_MS = 3000;

/** How long {@link SegmentQueue.health} waits for Redis. */
const HEALTH_TIMEOUT_MS = 3000;

/** Parent jobs are bookkeeping only (they read their children's results), so many run at once. */
const PARENT_CONCURRENCY = 16;

/**
 * The control node's side of the distributed segment queue. Each {@link render} adds one BullMQ flow:
 * a parent job on `segment-renders` with one child per task on `segment-tasks`. Every SegmentQueue
 * runs a tiny worker on `segment-renders` (from its first render() on) that completes a parent with
 * its children's results in task order, or fails it with the first failed task's message; render()
 * waits for the parent. A parent, not render() itself, collects the results so that a control node
 * that restarts and re-adds the same flow (same deterministic job ids) waits for the same parent, and
 * so that a flow finishes in Redis even while no render() call waits for it.
 */
export class SegmentQueue {
  private readonly options: ResolvedQueueOptions;
  private connections: Connections | undefined;
  /** Every render() still waiting, so close() can reject them. */
  private readonly waiters = new Set<Waiter>();
  private closed = false;

  constructor(options: SegmentQueueOptions) {
    this.options = resolveQueueOptions(options);
  }

  /**
   * Adds one BullMQ flow: a parent job for the render (videoKey) with one child per task. Child job ids are deterministic
   * (from videoKey and the task's segment keys) so adding the same task again while it is waiting, active or completed does
   * not render it twice (a control node that restarts mid-render re-adds the same flow). Resolves with each task's result in
   * order once all are done; rejects with the worker's message when a task fails after its attempts; calls onProgress with each
   * progress update (and the worker's name); when `signal` aborts, every task of the flow still waiting is removed and every
   * running one is cancelled so the worker's processor sees its AbortSignal within seconds, then rejects with signal.reason.
   */
  async render(tasks: SegmentTaskData[], options: RenderFlowOptions = {}): Promise<SegmentTaskResult[]> {
    const { signal, onProgress } = options;
    signal?.throwIfAborted();
    if (this.closed) throw new ServiceError('service_unavailable', 'the segment queue is closed');
    const first = tasks[0];
    if (!first) throw invalidRequest('a render needs at least one segment task');
    if (tasks.some((task) => task.videoKey !== first.videoKey)) throw invalidRequest('every task of a render must have the same videoKey');
    const taskIds = tasks.map((task) => taskJobId(task.videoKey, task.scenes.map((scene) => scene.segmentKey)));
    if (new Set(taskIds).size !== taskIds.length) throw invalidRequest('two tasks of a render name the same segment keys');
    const renderId = renderJobId(first.videoKey, taskIds);
    const queue = this.connect();

    const taskIndex = new Map(taskIds.map((id, index) => [id, index]));
    const onTaskProgress = ({ jobId, data }: { jobId: string; data: unknown }): void => {
      const index = taskIndex.get(jobId);
      if (index !== undefined && typeof data === 'object' && data !== null) onProgress?.(index, data as SegmentTaskProgress);
    };
    queue.taskEvents.on('progress', onTaskProgress);
    const cleanups: (() => void)[] = [() => queue.taskEvents.off('progress', onTaskProgress)];
    try {
      await queue.ready;
      // Listen before adding, so a parent that finishes at once is not missed.
      const { finished, check } = this.waitForRender(queue, renderId, cleanups);
      finished.catch(() => {}); // observed below; this only keeps an early settle from counting as unhandled
      await this.clearFailedRender(queue, renderId, taskIds);
      await queue.flows.add({
        name: 'render',
        queueName: RENDER_QUEUE,
        data: { videoKey: first.videoKey, taskIds } satisfies RenderJobData,
        opts: { jobId: renderId, removeOnComplete: { age: KEEP_FINISHED_SECONDS }, removeOnFail: { age: KEEP_FINISHED_SECONDS } },
        children: tasks.map((task, index) => ({
          name: 'segment',
          queueName: TASK_QUEUE,
          data: task,
          opts: {
            jobId: taskIds[index],
            attempts: this.options.attempts,
            backoff: { type: 'exponential', delay: this.options.backoffMs },
            // The parent starts (and fails with this task's message) as soon as a task fails for good.
            continueParentOnFailure: true,
            removeOnComplete: { age: KEEP_FINISHED_SECONDS },
            removeOnFail: { age: KEEP_FINISHED_SECONDS },
          },
        })),
      });
      // The parent may have finished before this call (an earlier run of the same flow).
      await check();
      if (!signal) return await finished;
      return await new Promise<SegmentTaskResult[]>((resolve, reject) => {
        let aborting = false;
        const onAbort = (): void => {
          // From here on the flow's outcome (its cancelled tasks fail it) is not this call's answer.
          aborting = true;
          const rejectWithReason = (): void => reject(signal.reason);
          // Bounded: while Redis is down the cancel cannot reach it (nor the flow wind down), and the job must still end.
          settledWithin(this.cancelRender(queue, renderId, signal.reason), CANCEL_SETTLE_MS)
            // Rejecting once the flow has wound down lets a render of the same video start clean.
            .then((reached) => reached && settledWithin(finished, CANCEL_SETTLE_MS))
            .then(rejectWithReason, rejectWithReason);
        };
        finished.then(
          (results) => aborting || resolve(results),
          (error: unknown) => aborting || reject(error),
        );
        if (signal.aborted) onAbort();
        else signal.addEventListener('abort', onAbort, { once: true });
        cleanups.push(() => signal.removeEventListener('abort', onAbort));
      });
    } finally {
      for (const cleanup of cleanups) cleanup();
    }
  }

  /**
   * Whether a render waiting on this queue can go on: Redis answers and `service worker` processes
   * are connected to the task queue. Resolves `{ reachable: false }` when Redis does not answer
   * within `timeoutMs` (its clients queue commands until it is back, so a render waits meanwhile).
   */
  async health(timeoutMs = HEALTH_TIMEOUT_MS): Promise<{ reachable: true; workers: number } | { reachable: false; reason: string }> {
    if (this.closed) return { reachable: false, reason: 'the segment queue is closed' };
    const where = redactUrl(this.options.url);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<{ reachable: false; reason: string }>((resolve) => {
      timer = setTimeout(() => resolve({ reachable: false, reason: `Redis at ${where} does not answer` }), timeoutMs);
    });
    // Segment workers are named (`…:w:<name>`); BullMQ also counts this node's own unnamed task-queue client.
    const asked = this.connect()
      .tasks.getWorkers()
      .then(
        (clients) => ({ reachable: true as const, workers: clients.filter((client) => String(client.rawname ?? '').includes(':w:')).length }),
        (error: unknown) => ({ reachable: false as const, reason: `Redis at ${where}: ${error instanceof Error ? error.message : String(error)}` }),
      );
    try {
      return await Promise.race([asked, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** For `service doctor`: PING and the Redis version, or rejects with a plain reason (refused, auth, wrong URL). */
  check(): Promise<string> {
    return checkRedis(this.options.url);
  }

  /** Stops the parent worker and closes every connection; render() calls still waiting reject. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const waiter of [...this.waiters]) waiter.reject(new ServiceError('service_unavailable', 'the segment queue closed before the render finished'));
    const queue = this.connections;
    if (!queue) return;
    // Forced: a parent being collected is collected again by the next node, and a plain close never returns while Redis is down.
    // BullMQ's clients never finish closing while Redis is down: past a few seconds they are dropped instead.
    await settledWithin(Promise.allSettled([queue.parentWorker.close(true), queue.relay.close()]), CLOSE_SETTLE_MS);
    const closing = Promise.allSettled([queue.taskEvents.close(), queue.renderEvents.close(), queue.flows.close(), queue.tasks.close(), queue.renders.close()]);
    if (!(await settledWithin(closing, CLOSE_SETTLE_MS))) {
      for (const client of [queue.taskEvents, queue.renderEvents, queue.parentWorker]) void client.disconnect().catch(() => undefined);
    }
  }

  /** Opens the BullMQ connections (and starts the parent worker) on first use. */
  private connect(): Connections {
    if (this.connections) return this.connections;
    const base = { connection: connectionFor(this.options), prefix: this.options.prefix };
    const taskEvents = new QueueEvents(TASK_QUEUE, base);
    const renderEvents = new QueueEvents(RENDER_QUEUE, base);
    const flows = new FlowProducer(base);
    const queue: Connections = {
      flows,
      tasks: new Queue(TASK_QUEUE, base),
      renders: new Queue(RENDER_QUEUE, base),
      taskEvents,
      renderEvents,
      relay: new Relay({ ...base, name: 'segment-queue' }),
      parentWorker: new Worker<RenderJobData, SegmentTaskResult[]>(RENDER_QUEUE, (job) => this.collectResults(job), {
        ...base,
        concurrency: PARENT_CONCURRENCY,
        removeOnComplete: { age: KEEP_FINISHED_SECONDS },
        removeOnFail: { age: KEEP_FINISHED_SECONDS },
      }),
      ready: Promise.all([taskEvents.waitUntilReady(), renderEvents.waitUntilReady(), flows.waitUntilReady()]),
    };
    queue.ready.catch(() => {});
    // BullMQ reconnects by itself; an 'error' event without a listener would crash the process.
    const emitters: { on(event: 'error', listener: (error: Error) => void): unknown }[] = [
      queue.flows,
      queue.tasks,
      queue.renders,
      taskEvents,
      renderEvents,
      queue.relay,
      queue.parentWorker,
    ];
    for (const emitter of emitters) emitter.on('error', () => {});
    // Every render() in flight listens on these two.
    taskEvents.setMaxListeners(0);
    renderEvents.setMaxListeners(0);
    this.connections = queue;
    return queue;
  }

  /** Listens for the parent's 'completed' / 'failed' events; `check` settles from its stored state instead. */
  private waitForRender(queue: Connections, renderId: string, cleanups: (() => void)[]): { finished: Promise<SegmentTaskResult[]>; check: () => Promise<void> } {
    let waiter!: Waiter;
    const finished = new Promise<SegmentTaskResult[]>((resolve, reject) => {
      const onCompleted = ({ jobId, returnvalue }: { jobId: string; returnvalue: unknown }): void => {
        if (jobId === renderId) waiter.resolve(returnvalue as SegmentTaskResult[]);
      };
      const onFailed = ({ jobId, failedReason }: { jobId: string; failedReason: string }): void => {
        if (jobId === renderId) waiter.reject(taskFailed(failedReason));
      };
      const detach = (): void => {
        queue.renderEvents.off('completed', onCompleted);
        queue.renderEvents.off('failed', onFailed);
        this.waiters.delete(waiter);
      };
      waiter = {
        resolve: (value) => {
          detach();
          resolve(value);
        },
        reject: (error) => {
          detach();
          reject(error);
        },
      };
      queue.renderEvents.on('completed', onCompleted);
      queue.renderEvents.on('failed', onFailed);
      this.waiters.add(waiter);
      cleanups.push(detach);
    });
    const check = async (): Promise<void> => {
      const job = await queue.renders.getJob(renderId);
      const state = await job?.getState();
      if (state === 'completed') waiter.resolve(job!.returnvalue);
      else if (state === 'failed') waiter.reject(taskFailed(job!.failedReason));
    };
    return { finished, check };
  }

  /**
   * A render that failed (a task failed for good, or it was cancelled) is rendered again when it is
   * re-added: its failed tasks and its failed parent are removed, its completed tasks stay and are
   * linked to the new parent, so only the failed and the removed ones run again.
   */
  private async clearFailedRender(queue: Connections, renderId: string, taskIds: string[]): Promise<void> {
    const parent = await queue.renders.getJob(renderId);
    if (!parent || (await parent.getState()) !== 'failed') return;
    for (const id of taskIds) {
      const task = await queue.tasks.getJob(id);
      if (task && (await task.getState()) === 'failed') await task.remove();
    }
    await parent.remove({ removeChildren: false });
  }

  /** Removes the render's waiting tasks and asks every worker to abort its running ones. */
  private async cancelRender(queue: Connections, renderId: string, reason: unknown): Promise<void> {
    const parent = await queue.renders.getJob(renderId);
    await parent?.removeUnprocessedChildren();
    const message: CancelMessage = { renderId, reason: reasonText(reason), addedUpTo: Date.now() };
    await queue.relay.publish(CANCEL_TOPIC, message);
  }

  /** The parent job's processor: the children's results in task order, or the first task failure. */
  private async collectResults(job: Job<RenderJobData, SegmentTaskResult[]>): Promise<SegmentTaskResult[]> {
    const failures = Object.values(await job.getIgnoredChildrenFailures());
    if (failures[0] !== undefined) throw new UnrecoverableError(failures[0]);
    const values = await job.getChildrenValues<SegmentTaskResult>();
    const results = job.data.taskIds.map((id) => values[taskJobKey(this.options.prefix, id)]);
    const missing = results.filter((result) => result === undefined).length;
    // Tasks removed by a cancel leave the parent without their results.
    if (missing > 0) throw new UnrecoverableError(`render cancelled: ${missing} of ${results.length} segment tasks were removed before they finished`);
    return results as SegmentTaskResult[];
  }
}

/** The rejection of a render whose task failed: the worker's message, as a retryable 500. */
function taskFailed(message: string): ServiceError {
  return new ServiceError('internal_error', message, { retryable: true });
}

/** Resolves when `promise` settles (true) or after `ms` (false), whichever comes first. */
function settledWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    const done = (): void => {
      clearTimeout(timer);
      resolve(true);
    };
    promise.then(done, done);
  });
}

function reasonText(reason: unknown): string {
  if (reason instanceof Error) return reason.message || reason.name;
  return typeof reason === 'string' ? reason : 'render cancelled';
}
