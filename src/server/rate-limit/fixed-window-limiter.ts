/** The outcome of counting one request against a limit. */
export interface LimitState {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Milliseconds until the window resets. */
  resetMs: number;
}

/** A slot taken from a limit by {@link FixedWindowLimiter.reserve}; `release` gives it back. */
export interface LimitSlot extends LimitState {
  /** Gives the slot back (once; later calls do nothing). Does nothing for a refused reservation. */
  release(): void;
}

interface Window {
  start: number;
  count: number;
}

/**
 * Counts requests per key in fixed windows that start at a key's first request. In memory: limits
 * restart with the process, which only ever errs towards letting a client through.
 */
export class FixedWindowLimiter {
  private readonly windows = new Map<string, Window>();
  private lastSweep = 0;

  constructor(
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts a request for `key` against `max` and says whether it may go ahead. */
  hit(key: string, max: number): LimitState {
    const now = this.now();
    const window = this.current(key, now);
    window.count += 1;
    return this.state(window, max, now, window.count <= max);
  }

  /**
   * Takes one slot of `key`'s `max` when one is free, in the same synchronous step as the check, so
   * two requests at once cannot both take the last slot. A refused reservation takes nothing. The
   * holder releases the slot when what it was taken for did not happen.
   */
  reserve(key: string, max: number): LimitSlot {
    const now = this.now();
    const window = this.current(key, now);
    const allowed = window.count < max;
    if (allowed) window.count += 1;
    let held = allowed;
    return {
      ...this.state(window, max, now, allowed),
      release: () => {
        if (!held) return;
        held = false;
        window.count -= 1;
        // An empty window is dropped, so the next use that counts starts a full window of its own.
        if (window.count === 0 && this.windows.get(key) === window) this.windows.delete(key);
      },
    };
  }

  /** The state of `key` against `max` as it stands, counting nothing; `allowed` says whether one more would pass. */
  peek(key: string, max: number): LimitState {
    const now = this.now();
    const window = this.windows.get(key);
    if (!window || now - window.start >= this.windowMs) return { allowed: max > 0, limit: max, remaining: max, resetMs: this.windowMs };
    return this.state(window, max, now, window.count < max);
  }

  private current(key: string, now: number): Window {
    this.sweep(now);
    let window = this.windows.get(key);
    if (!window || now - window.start >= this.windowMs) {
      window = { start: now, count: 0 };
      this.windows.set(key, window);
    }
    return window;
  }

  private state(window: Window, max: number, now: number, allowed: boolean): LimitState {
    return { allowed, limit: max, remaining: Math.max(0, max - window.count), resetMs: window.start + this.windowMs - now };
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
