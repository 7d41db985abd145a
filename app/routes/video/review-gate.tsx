import { useState, type FormEvent } from 'react';
import type { Frames, Video } from '../../api/types.js';
import { ErrorNotice, fieldError } from '../../components/error-notice.js';
import { TextAreaField } from '../../components/fields.js';
import { useApi } from '../../session/session-context.js';
import { FramesGrid } from './frames-grid.js';

/**
 * A build paused at a review gate: the board's stills, Approve, and "Request changes" (both
 * `POST /approve`); the answer replaces the shown job.
 */
export function ReviewGate({ video, frames, onAnswered }: { video: Video; frames: Frames | undefined; onAnswered: (video: Video) => void }) {
  const api = useApi();
  const [changes, setChanges] = useState('');
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  const review = video.review;
  if (review === undefined) return null;
  const gateName = review.gate === 'cast' ? 'cast sheets' : 'storyboard';

  const answer = (body: Record<string, string>) => {
    setBusy(true);
    setError(undefined);
    api.post<Video>(`../v1/videos/${encodeURIComponent(video.id)}/approve`, body).then(
      (answered) => {
        setChanges('');
        setBusy(false);
        onAnswered(answered);
      },
      (failure: unknown) => {
        setError(failure);
        setBusy(false);
      },
    );
  };
  const onRequest = (event: FormEvent) => {
    event.preventDefault();
    answer({ changes });
  };

  return (
    <section className="review-gate" aria-labelledby="review-title">
      <h2 id="review-title">
        Review the {gateName} (round {review.round})
      </h2>
      {review.changed === undefined || review.changed.length === 0 ? null : (
        <>
          <h3>Changed in this round</h3>
          <ul>
            {review.changed.map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ul>
        </>
      )}
      {frames === undefined ? <p role="status">Loading the {gateName}…</p> : <FramesGrid frames={frames} sceneIds={video.scenes.map((scene) => scene.id)} />}
      <ErrorNotice error={error} shownFields={['changes']} />
      <p>
        <button type="button" className="primary" onClick={() => answer({})} disabled={busy}>
          Approve the {gateName}
        </button>
      </p>
      <form onSubmit={onRequest}>
        <TextAreaField
          label="Request changes"
          value={changes}
          onChange={setChanges}
          maxLength={2000}
          error={fieldError(error, 'changes')}
          hint={review.gate === 'cast' ? 'One change per line, e.g. "Mara: short grey hair, a red coat".' : 'Read like an edit, e.g. "redo scene 2: a lighthouse beam over a dark sea".'}
        />
        <button type="submit" disabled={busy || changes.trim() === ''}>
          Request changes
        </button>
      </form>
    </section>
  );
}
