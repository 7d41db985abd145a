import { Relay, UnrecoverableError, Worker, type Job } from 'bullmq';
import { CANCEL_TOPIC, KEEP_FINISHED_SECONDS, TASK_QUEUE, WORKER_TIMINGS, connectionFor, resolveQueueOptions, type CancelMessage, type SegmentQueueOptions } from './queue-settings.js';
import type { SegmentTaskData, SegmentTaskProgress, SegmentTaskResult } from './segment-queue.js';

/** What a worker's processor receives beside its task. */
export interface SegmentTaskContext {
  /** Fires when the control node cancels the render (or the worker shuts down the task). */
  signal: AbortSignal;
  /** Reports progress to the control node; the worker's name is added. */
  progress: (progress: Omit<SegmentTaskProgress, 'worker'>) => Promise<void>;
}

/** Options of {@link startSegmentWorker}. */
export interface SegmentWorkerOptions extends SegmentQueueOptions {
  /** Recorded in results and progress, e.g. `hostname:pid`. */
  name: string;
  /** Tasks rendered at a time. @default 1 */
  concurrency?: number;
  /** The kit (bundle) version this worker renders with; a task for another version fails with a message naming both. @default no check */
  kitVersion?: string;
  /** Renders one task. Throwing fails this try (the task is retried up to `attempts` times). */
  process: (task: SegmentTaskData, context: SegmentTaskContext) => Promise<Omit<SegmentTaskResult, 'worker' | 'ms'>>;
}

/** A running segment worker. */
export interface SegmentWorker {
  readonly name: string;
  /** Stops taking tasks, waits for the running ones to finish, and disconnects. */
  close(): Promise<void>;
}

/** Cancelled renders are remembered this long, for tasks a worker took just before the cancel arrived. */
const REMEMBER_CANCEL_MS = 10 * 60_000;

/**
 * A worker process's side: takes tasks (concurrency at a time), runs `process` with an AbortSignal that fires on
 * cancel, reports progress, returns its result. A worker that dies mid-task (SIGKILL) leaves the task to BullMQ's
 * stalled-job recovery: another worker picks it up within about 15 s (see WORKER_TIMINGS).
 */
export function startSegmentWorker(options: SegmentWorkerOptions): SegmentWorker {
  const settings = resolveQueueOptions(options);
  const base = { connection: connectionFor(settings), prefix: settings.prefix };
  const { name } = options;
  /** Render id -> its latest cancel and when it arrived. */
  const cancelled = new Map<string, { at: number; message: CancelMessage }>();
  /** Running tasks by job id. */
  const running = new Map<string, Job<SegmentTaskData, SegmentTaskResult>>();
  const cancelOf = (job: Job<SegmentTaskData, SegmentTaskResult>): CancelMessage | undefined => {
    const cancel = cancelled.get(job.parent?.id ?? '')?.message;
    return cancel && job.timestamp <= cancel.addedUpTo ? cancel : undefined;
  };

  const processTask = async (job: Job<SegmentTaskData, SegmentTaskResult>, _token?: string, signal?: AbortSignal): Promise<SegmentTaskResult> => {
    // A cancel that arrived after BullMQ handed this task out but before it started.
    const cancel = cancelOf(job);
    if (cancel) throw new UnrecoverableError(`task cancelled: ${cancel.reason}`);
    if (options.kitVersion !== undefined && job.data.kitVersion !== options.kitVersion) {
      throw new Error(`worker ${name} renders with kit ${options.kitVersion}, but the task needs kit ${job.data.kitVersion}`);
    }
    const taskSignal = signal ?? new AbortController().signal;
    const started = Date.now();
    running.set(job.id!, job);
    try {
      const result = await options.process(job.data, {
        signal: taskSignal,
        progress: (progress) => job.updateProgress({ ...progress, worker: name } satisfies SegmentTaskProgress),
      });
      return { ...result, worker: name, ms: Date.now() - started };
    } catch (error) {
      // A cancelled task is not retried: the render it belonged to is gone.
      if (taskSignal.aborted) throw new UnrecoverableError(`task cancelled: ${String(taskSignal.reason)}`);
      throw error;
    } finally {
      running.delete(job.id!);
    }
  };

  const worker = new Worker<SegmentTaskData, SegmentTaskResult>(TASK_QUEUE, processTask, {
    ...base,
    name,
    concurrency: options.concurrency ?? 1,
    autorun: false,
    ...WORKER_TIMINGS,
    removeOnComplete: { age: KEEP_FINISHED_SECONDS },
    removeOnFail: { age: KEEP_FINISHED_SECONDS },
  });
  const relay = new Relay({ ...base, name: `segment-worker ${name}`.slice(0, 256) });
  // BullMQ reconnects by itself; an 'error' event without a listener would crash the process.
  worker.on('error', () => {});
  relay.on('error', () => {});

  const onCancel = (message: CancelMessage): void => {
    const now = Date.now();
    for (const [id, entry] of cancelled) if (now - entry.at > REMEMBER_CANCEL_MS) cancelled.delete(id);
    cancelled.set(message.renderId, { at: now, message });
    for (const [jobId, job] of running) if (cancelOf(job)) worker.cancelJob(jobId, message.reason);
  };
  let closing: Promise<void> | undefined;
  // Take tasks only once cancels can reach this worker.
  const started = relay
    .subscribe<CancelMessage>(CANCEL_TOPIC, (message) => onCancel(message.data))
    .then(() => {
      if (!closing) void worker.run().catch(() => {});
    });
  started.catch(() => {});

  return {
    name,
    close() {
      closing ??= (async () => {
        await started.catch(() => {});
        await worker.close();
        await relay.close();
      })();
      return closing;
    },
  };
}
