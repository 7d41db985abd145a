import { randomUUID } from 'node:crypto';
import type { Job, Queue, Worker } from 'bullmq';
import type { WorkTransport } from '../pipeline/engine/work-queue.js';
import { connectionFor, resolveQueueOptions, type SegmentQueueOptions } from './queue-settings.js';

/** Options of a {@link BullMQTransport}. */
export interface BullMQTransportOptions extends Pick<SegmentQueueOptions, 'url' | 'prefix'> {
  /** The BullMQ queue, e.g. `video-jobs`. */
  queueName: string;
  /** Work run at once. @default 1 */
  concurrency?: number;
  /** Told when Redis refuses work (it is then run here, so nothing waits on a queue it never reached). */
  onError?: (error: unknown) => void;
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
  private connection: Promise<Connection> | undefined;
  private closed = false;

  constructor(private readonly options: BullMQTransportOptions) {}

  submit(id: string, work: () => Promise<void>): void {
    const token = `${id}.${randomUUID()}`;
    this.works.set(token, work);
    this.connect()
      .then(({ queue }) => queue.add('work', { id }, { jobId: token, removeOnComplete: true, removeOnFail: true }))
      .catch((error: unknown) => {
        // Redis refused the job or the transport closed: run it here rather than leave it waiting forever.
        this.options.onError?.(error);
        void this.run(token);
      });
  }

  clear(): void {
    this.works.clear();
  }

  async close(): Promise<void> {
    this.closed = true;
    const connection = await this.connection?.catch(() => undefined);
    if (!connection) return;
    await connection.worker.close();
    await connection.queue.close();
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
