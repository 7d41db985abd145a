import { describe, expect, it } from 'vitest';
import { FixedWindowLimiter } from '../../../src/server/rate-limit/fixed-window-limiter.js';

describe('FixedWindowLimiter.reserve', () => {
  it('takes slots up to the limit, takes nothing when refused, and frees a released slot once', () => {
    let now = 0;
    const limiter = new FixedWindowLimiter(60_000, () => now);
    const slots = Array.from({ length: 5 }, () => limiter.reserve('k', 5));
    expect(slots.map((slot) => slot.allowed)).toEqual([true, true, true, true, true]);
    expect(slots.map((slot) => slot.remaining)).toEqual([4, 3, 2, 1, 0]);
    const refused = limiter.reserve('k', 5);
    expect(refused.allowed).toBe(false);
    refused.release();
    expect(limiter.peek('k', 5).remaining).toBe(0);
    slots[0]!.release();
    slots[0]!.release();
    expect(limiter.peek('k', 5).remaining).toBe(1);
    expect(limiter.reserve('k', 5).allowed).toBe(true);
    expect(limiter.reserve('k', 5).allowed).toBe(false);
  });

  it('does not free a slot of the next window when a slot of an ended window is released', () => {
    let now = 0;
    const limiter = new FixedWindowLimiter(60_000, () => now);
    const old = limiter.reserve('k', 1);
    now = 60_000;
    expect(limiter.reserve('k', 1).allowed).toBe(true);
    old.release();
    expect(limiter.reserve('k', 1).allowed).toBe(false);
    expect(limiter.peek('k', 1)).toMatchObject({ remaining: 0, resetMs: 60_000 });
  });

  it('starts a fresh window for the next use when the only slot of a window is given back', () => {
    let now = 0;
    const limiter = new FixedWindowLimiter(60_000, () => now);
    limiter.reserve('k', 5).release();
    now = 50_000;
    limiter.reserve('k', 5);
    // The window starts at the use that counted, not at the refused request ten seconds before it.
    expect(limiter.peek('k', 5).resetMs).toBe(60_000);
  });
});
