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
  /** Ids added again while running: queued once more when their run ends. */
  private readonly again = new Map<string, () => Promise<void>>();
  private halted = false;

  constructor(concurrency = 1) {
    this.queue = new PQueue({ concurrency: Math.max(1, concurrency) });
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
    void this.queue.add(async () => {
      this.waiting.delete(id);
      if (this.halted) return;
      this.active.add(id);
      try {
        await work();
      } finally {
        this.active.delete(id);
        const next = this.again.get(id);
        this.again.delete(id);
        if (next) this.add(id, next);
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
    this.again.clear();
  }
}
