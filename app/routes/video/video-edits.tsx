import type { Video } from '../../api/types.js';
import { ErrorNotice } from '../../components/error-notice.js';
import { StatusBadge } from '../../components/status-badge.js';
import { useLoad } from '../../components/use-load.js';
import { formatDate } from '../../format/format.js';
import { Link } from '../../router/router.js';
import { useApi } from '../../session/session-context.js';
import type { EditList } from './editor-types.js';

/** An edit job's changes, one line each, as its `edit` says them. */
export function EditChanges({ changes }: { changes: string[] }) {
  if (changes.length === 0) return null;
  return (
    <ul className="edit-changes">
      {changes.map((line, i) => (
        <li key={i}>{line}</li>
      ))}
    </ul>
  );
}

/** Where an edit job came from: a link to its source, and what the edit changed. */
export function EditSourceLink({ video }: { video: Video }) {
  if (video.parent_id === undefined) return null;
  return (
    <div className="edit-source">
      <p>
        Edited from <Link to={`videos/${encodeURIComponent(video.parent_id)}`}>the earlier video</Link>
        {video.edit === undefined || video.edit.instruction === '' ? null : `: “${video.edit.instruction}”`}
      </p>
      {video.edit === undefined ? null : <EditChanges changes={video.edit.changes} />}
    </div>
  );
}

/**
 * The edits made from this video (`GET /v1/videos?parent_id=`), newest first, each a link with
 * what it changed; nothing while there are none. Asked again when `refreshKey` changes.
 */
export function VideoEdits({ videoId, refreshKey }: { videoId: string; refreshKey: string }) {
  const api = useApi();
  const edits = useLoad(() => api.get<EditList>('../v1/videos', { parent_id: videoId, limit: 20 }), `${videoId}:${refreshKey}`);
  const list = edits.data?.videos ?? [];
  if (list.length === 0 && edits.error === undefined) return null;
  return (
    <section aria-labelledby="edits-title" className="video-edits">
      <h2 id="edits-title">Edits of this video</h2>
      <ErrorNotice error={edits.error} />
      <ol>
        {list.map((edit) => (
          <li key={edit.id} data-edit={edit.id}>
            <Link to={`videos/${encodeURIComponent(edit.id)}`}>{edit.prompt.length > 90 ? `${edit.prompt.slice(0, 90)}…` : edit.prompt}</Link> <StatusBadge status={edit.status} />{' '}
            <span className="meta">{formatDate(edit.created_at)}</span>
            {edit.edit === undefined || edit.edit.changes.join('; ') === edit.prompt ? null : <EditChanges changes={edit.edit.changes} />}
          </li>
        ))}
      </ol>
      {edits.data?.next_cursor ? <p className="meta">The 20 newest edits are listed.</p> : null}
    </section>
  );
}
