import PQueue from 'p-queue';

/**
 * What runs the work a {@link WorkQueue} hands it: in this process (p-queue, the default) or
 * through a BullMQ queue on Redis (`src/queue/bullmq-transport.ts`, with `--queue`). A transport
 * only runs; the queue above it decides what is worth running (each id once, nothing after stop).
 */
export interface WorkTransport {
  /** Runs `work` once, after what was submitted before it, at most the transport's concurrency at a time. `id` names it in the transport (e.g. a BullMQ job's data). */
  submit(id: string, work: () => Promise<void>): void;
  /** Drops work submitted and not yet started. */
  clear(): void;
  /** Releases the transport (connections); called after the queue is idle. */
  close(): Promise<void>;
}

/** Runs work in this process, `concurrency` at a time, in the order it was submitted. */
export class InProcessTransport implements WorkTransport {
  private readonly queue: PQueue;

  constructor(concurrency = 1) {
    this.queue = new PQueue({ concurrency: Math.max(1, concurrency) });
  }

  submit(_id: string, work: () => Promise<void>): void {
    void this.queue.add(work);
  }

  clear(): void {
    this.queue.clear();
  }

  async close(): Promise<void> {}
}

/**
 * The queue work items wait in: each id at most once while waiting or running, nothing started
 * after `stop()`. The job engine and the infographic renders use it, over the in-process transport
 * or, on a node started with `--queue`, over BullMQ.
 */
export class WorkQueue {
  private readonly waiting = new Set<string>();
  private readonly active = new Set<string>();
  /** Ids added again while running: queued once more when their run ends. */
  private readonly again = new Map<string, () => Promise<void>>();
  /** Callers of `idle()` waiting for nothing to wait or run. */
  private idlers: (() => void)[] = [];
  private halted = false;
  private readonly transport: WorkTransport;
  private readonly onError: (id: string, error: unknown) => void;

  /**
   * A number is the concurrency of an in-process transport. `onError` hears work that threw: a
   * failure escaping a work item must never become an unhandled rejection, which ends the process.
   * @default onError writes to stderr
   */
  constructor(transport: WorkTransport | number = 1, onError?: (id: string, error: unknown) => void) {
    this.transport = typeof transport === 'number' ? new InProcessTransport(transport) : transport;
    this.onError = onError ?? ((id, error) => console.error(`work ${id} failed`, error));
  }

  /** Whether `stop()` was called. */
  get stopped(): boolean {
    return this.halted;
  }

  /**
   * Queues `work` under `id`, unless that id is already waiting or the queue stopped. An id added
   * while it runs is queued once more when that run ends (what it was added for may have come
   * after the running work last looked).
   */
  add(id: string, work: () => Promise<void>): void {
    if (this.halted || this.waiting.has(id)) return;
    if (this.active.has(id)) {
      this.again.set(id, work);
      return;
    }
    this.waiting.add(id);
    this.transport.submit(id, async () => {
      // Dropped by stop() (the transport may still hand it out, e.g. BullMQ after a clear).
      if (!this.waiting.delete(id) || this.halted) return this.settle();
      this.active.add(id);
      try {
        await work();
      } catch (error) {
        try {
          this.onError(id, error);
        } catch {
          // A listener that throws must not take the process down either.
        }
      } finally {
        this.active.delete(id);
        const next = this.again.get(id);
        this.again.delete(id);
        if (next) this.add(id, next);
        this.settle();
      }
    });
  }

  /** Resolves when nothing waits or runs. */
  idle(): Promise<void> {
    if (this.waiting.size === 0 && this.active.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idlers.push(resolve));
  }

  /** Drops waiting work and takes no more; `idle()` then resolves once the running work ends. */
  stop(): void {
    this.halted = true;
    this.transport.clear();
    this.waiting.clear();
    this.again.clear();
    this.settle();
  }

  /** Stops, waits for the running work, and releases the transport. */
  async close(): Promise<void> {
    this.stop();
    await this.idle();
    await this.transport.close();
  }

  private settle(): void {
    if (this.waiting.size > 0 || this.active.size > 0) return;
    const idlers = this.idlers;
    this.idlers = [];
    for (const resolve of idlers) resolve();
  }
}
