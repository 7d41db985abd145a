import PQueue from 'p-queue';

/**
 * The in-process queue work items wait in (p-queue): each id at most once while waiting or
 * running, nothing started after `stop()`. The job engine and the infographic renders use it; a
 * deployment that outgrows one node swaps this for a distributed queue behind the same methods.
 */
export class WorkQueue {
  private readonly queue: PQueue;
  private readonly waiting = new Set<string>();
  private readonly active = new Set<string>();
  private halted = false;

  constructor(concurrency = 1) {
    this.queue = new PQueue({ concurrency: Math.max(1, concurrency) });
  }

  /** Whether `stop()` was called. */
  get stopped(): boolean {
    return this.halted;
  }

  /** Queues `work` under `id`, unless that id is already waiting or running, or the queue stopped. */
  add(id: string, work: () => Promise<void>): void {
    if (this.halted || this.waiting.has(id) || this.active.has(id)) return;
    this.waiting.add(id);
    void this.queue.add(async () => {
      this.waiting.delete(id);
      if (this.halted) return;
      this.active.add(id);
      try {
        await work();
      } finally {
        this.active.delete(id);
      }
    });
  }

  /** Resolves when nothing waits or runs. */
  async idle(): Promise<void> {
    await this.queue.onIdle();
  }

  /** Drops waiting work and takes no more; `idle()` then resolves once the running work ends. */
  stop(): void {
    this.halted = true;
    this.queue.clear();
    this.waiting.clear();
  }
}
