import type { Video } from '../../api/types.js';
import { ProgressRow } from '../../components/progress-row.js';
import { StatusBadge } from '../../components/status-badge.js';
import { formatAge, formatDuration, isFinished, percent } from '../../format/format.js';

/**
 * Status, phase and progress of a job, announced as they change: the scenes made and the frames
 * rendered as labelled bars, the time taken and the last heartbeat as facts. Every line is always
 * present (empty when it does not apply) so the page below does not move when the status changes.
 */
export function VideoStatus({ video, now }: { video: Video; now: number }) {
  const { progress } = video;
  const rendering = progress.frames_total !== undefined && progress.frames_total > 0;
  const live = !isFinished(video.status);
  return (
    <section className="video-status" aria-labelledby="status-title">
      <h2 id="status-title" className="visually-hidden">
        Status
      </h2>
      <div aria-live="polite" aria-atomic="true" className="status-summary">
        <StatusBadge status={video.status} />
        <span className="phase">{[video.phase, video.phase_detail].filter(Boolean).join(': ') || '\u00a0'}</span>
        {video.cancel_requested ? <span className="phase"> (cancel under way)</span> : null}
      </div>
      <dl className="facts">
        <div>
          <dt>Elapsed</dt>
          <dd>{formatDuration(video.elapsed_seconds)}</dd>
        </div>
        <div>
          <dt>Last heartbeat</dt>
          <dd>{live ? formatAge(video.last_activity_at, now) : '—'}</dd>
        </div>
      </dl>
      <div className="progress-bars">
        <ProgressRow label="Scenes made" value={progress.scenes_committed} max={progress.scenes_planned} text={`${progress.scenes_committed} of ${progress.scenes_planned || '…'}`} />
        <ProgressRow
          label="Rendering"
          value={rendering ? (progress.frames_done ?? 0) : video.download_url === undefined ? 0 : 1}
          max={rendering ? progress.frames_total! : 1}
          text={rendering ? `${percent(progress.frames_done, progress.frames_total)}% (${progress.frames_done ?? 0} of ${progress.frames_total} frames)` : video.download_url === undefined ? 'not started' : 'done'}
        />
      </div>
      {video.error === undefined ? null : (
        <p className="notice notice-error">
          Failed ({video.error.code}): {video.error.message}
        </p>
      )}
      {video.warnings.length === 0 ? null : (
        <ul className="warnings" aria-label="Warnings">
          {video.warnings.map((warning, i) => (
            <li key={`${warning.code}-${i}`}>
              <strong>{warning.code.replace(/_/g, ' ')}</strong>: {warning.message}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
