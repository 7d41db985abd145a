import { randomUUID } from 'node:crypto';
import type { Job, Queue, Worker } from 'bullmq';
import PQueue from 'p-queue';
import type { WorkTransport } from '../pipeline/engine/work-queue.js';
import { connectionFor, resolveQueueOptions, type SegmentQueueOptions } from './queue-settings.js';

/** Options of a {@link BullMQTransport}. */
export interface BullMQTransportOptions extends Pick<SegmentQueueOptions, 'url' | 'prefix'> {
  /** The BullMQ queue, e.g. `video-jobs`. */
  queueName: string;
  /** Work run at once. @default 1 */
  concurrency?: number;
  /** Told when Redis refuses work or does not take it in time (it is then run here, so nothing waits on a queue it never reached). */
  onError?: (error: unknown) => void;
  /** How long Redis may take to accept a job before it is run here instead. @default 5000 */
  submitTimeoutMs?: number;
}

/** The BullMQ objects, opened on first use. */
interface Connection {
  queue: Queue<{ id: string }>;
  worker: Worker<{ id: string }>;
}

/**
 * A {@link WorkTransport} over a BullMQ queue: each submitted piece of work becomes a BullMQ job
 * (data `{ id }`, e.g. the video job's id), and this node's BullMQ worker runs it, so the node's
 * jobs wait, run and finish in Redis where operators see them beside the render tasks. The
 * control node is the queue's only consumer: the work itself stays in this process, looked up by
 * the BullMQ job's id, a fresh token per submit. A job a stopped process left in Redis has no
 * work here and ends at once; the engine takes up that process's unfinished jobs from SQLite.
 * BullMQ is imported on first use, so a node without `--queue` never loads it.
 */
export class BullMQTransport implements WorkTransport {
  private readonly works = new Map<string, () => Promise<void>>();
  /** Work Redis did not take, run here at the same concurrency. */
  private readonly here: PQueue;
  private connection: Promise<Connection> | undefined;
  private closed = false;

  constructor(private readonly options: BullMQTransportOptions) {
    this.here = new PQueue({ concurrency: Math.max(1, options.concurrency ?? 1) });
  }

  /**
   * Adds the work as a BullMQ job. While Redis is unreachable an add waits for it (BullMQ's
   * clients queue commands offline), so after `submitTimeoutMs` the work runs here instead: a
   * node whose Redis is down still plans and narrates its jobs (their renders wait for the render
   * workers). The BullMQ job, should Redis take it later, finds its work gone and ends at once.
   */
  submit(id: string, work: () => Promise<void>): void {
    const token = `${id}.${randomUUID()}`;
    this.works.set(token, work);
    let settled = false;
    const runHere = (error: unknown): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      this.options.onError?.(error);
      void this.here.add(() => this.run(token));
    };
    const timeoutMs = this.options.submitTimeoutMs ?? 5000;
    const timer = setTimeout(() => runHere(new Error(`Redis did not take job ${id} within ${timeoutMs / 1000} s`)), timeoutMs);
    timer.unref();
    this.connect()
      .then(({ queue }) => queue.add('work', { id }, { jobId: token, removeOnComplete: true, removeOnFail: true }))
      .then(
        () => {
          settled = true;
          clearTimeout(timer);
        },
        // Redis refused the job or the transport closed.
        runHere,
      );
  }

  clear(): void {
    this.works.clear();
    this.here.clear();
  }

  async close(): Promise<void> {
    this.closed = true;
    const connection = await this.connection?.catch(() => undefined);
    if (!connection) return;
    // The queue above waited for this process's running work, so the worker need not wait for
    // Redis to hand back its last jobs (a plain close() never returns while Redis is down).
    await Promise.all([connection.worker.close(true), connection.queue.close()]);
  }

  private connect(): Promise<Connection> {
    if (this.closed) return Promise.reject(new Error('the work queue is closed'));
    this.connection ??= (async () => {
      const { Queue, Worker } = await import('bullmq');
      const settings = resolveQueueOptions({ url: this.options.url, ...(this.options.prefix ? { prefix: this.options.prefix } : {}) });
      const base = { connection: connectionFor(settings), prefix: settings.prefix };
      const queue = new Queue<{ id: string }>(this.options.queueName, base);
      const worker = new Worker<{ id: string }>(this.options.queueName, (job: Job<{ id: string }>) => this.run(job.id!), {
        ...base,
        concurrency: Math.max(1, this.options.concurrency ?? 1),
      });
      // BullMQ reconnects by itself; an 'error' event without a listener would crash the process.
      queue.on('error', () => {});
      worker.on('error', () => {});
      return { queue, worker };
    })();
    return this.connection;
  }

  private async run(token: string): Promise<void> {
    const work = this.works.get(token);
    if (!work) return;
    this.works.delete(token);
    await work();
  }
}
