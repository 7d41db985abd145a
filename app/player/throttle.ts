/**
 * Calls `send` with the latest value at most once per `intervalMs`: the first value at once, the
 * last of a burst when the interval is over (so the final frame of a seek is never dropped).
 * Returns the function to feed values to and one that cancels a pending call.
 */
export function throttleLatest<T>(send: (value: T) => void, intervalMs: number, now: () => number = Date.now): { push: (value: T) => void; cancel: () => void } {
  let last = -Infinity;
  let pending: { value: T } | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    if (!pending) return;
    last = now();
    const { value } = pending;
    pending = undefined;
    send(value);
  };
  return {
    push: (value) => {
      pending = { value };
      if (timer !== undefined) return;
      const wait = last + intervalMs - now();
      if (wait <= 0) flush();
      else timer = setTimeout(flush, wait);
    },
    cancel: () => {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      pending = undefined;
    },
  };
}
