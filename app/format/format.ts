/** Credits with at most two decimals: `6.3`, `0.25`, `12`. */
export function formatCredits(credits: number): string {
  return `${Number(credits.toFixed(2))}`;
}

/** A length of time as a person reads it: `45 s`, `3 min 05 s`, `1 h 02 min`. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${String(seconds % 60).padStart(2, '0')} s`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** How long ago an ISO time was, relative to `now` (ms): `just now`, `12 s ago`, `4 min 10 s ago`. */
export function formatAge(iso: string, now: number): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return 'unknown';
  const seconds = (now - then) / 1000;
  return seconds < 2 ? 'just now' : `${formatDuration(seconds)} ago`;
}

/** A date and time in UTC, to the minute: `2026-11-24 00:53 UTC`. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

const STATUS_LABELS: Record<string, string> = {
  queued: 'Queued',
  processing: 'Processing',
  awaiting_approval: 'Awaiting approval',
  rendering: 'Rendering',
  completed: 'Completed',
  failed: 'Failed',
  canceled: 'Canceled',
  generating: 'Generating',
  ready: 'Ready',
};

/** The label of a job, version or render status (`awaiting_approval` → `Awaiting approval`). */
export function statusLabel(status: string): string {
  return STATUS_LABELS[status] ?? status.replace(/_/g, ' ').replace(/^./, (first) => first.toUpperCase());
}

/** Whether a video job will not change any more. */
export function isFinished(status: string): boolean {
  return status === 'completed' || status === 'failed' || status === 'canceled';
}

/** A percentage of done over total, whole, clamped to 0..100; 0 when the total is unknown. */
export function percent(done: number | undefined, total: number | undefined): number {
  if (done === undefined || total === undefined || total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((done / total) * 100)));
}
