/** The outcome of counting one request against a limit. */
export interface LimitState {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Milliseconds until the window resets. */
  resetMs: number;
}

/**
 * Counts requests per key in fixed windows that start at a key's first request. In memory: limits
 * restart with the process, which only ever errs towards letting a client through.
 */
export class FixedWindowLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();
  private lastSweep = 0;

  constructor(
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts a request for `key` against `max` and says whether it may go ahead. */
  hit(key: string, max: number): LimitState {
    const now = this.now();
    this.sweep(now);
    let window = this.windows.get(key);
    if (!window || now - window.start >= this.windowMs) {
      window = { start: now, count: 0 };
      this.windows.set(key, window);
    }
    window.count += 1;
    return {
      allowed: window.count <= max,
      limit: max,
      remaining: Math.max(0, max - window.count),
      resetMs: window.start + this.windowMs - now,
    };
  }

  /** Drops finished windows now and then so memory stays bounded by the active keys. */
  private sweep(now: number): void {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    for (const [key, window] of this.windows) {
      if (now - window.start >= this.windowMs) this.windows.delete(key);
    }
  }
}
