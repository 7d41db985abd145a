import { statusLabel } from '../format/format.js';

/** A job, version or render status as a colored badge (color is never the only cue: the label says it). */
export function StatusBadge({ status }: { status: string }) {
  return <span className={`badge badge-${status.replace(/[^a-z_]/g, '')}`}>{statusLabel(status)}</span>;
}
