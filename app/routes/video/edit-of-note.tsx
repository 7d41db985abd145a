import { Link } from '../../router/router.js';

/** The part of a list item an edit job's note reads (`GET /v1/videos`: `parent_id`, extension `edit.changes`). */
interface EditItem {
  parent_id?: string;
  edit?: { changes?: string[] };
}

/**
 * Under an edit job in the videos list: which video it edits (a link, by that video's prompt when
 * the list has it loaded) and what it changed, so an edit reads as more than its instruction.
 * Nothing for a video that is no edit.
 */
export function EditOfNote({ video, sourcePrompt }: { video: EditItem; sourcePrompt: string | undefined }) {
  if (video.parent_id === undefined) return null;
  const name = sourcePrompt === undefined ? 'an earlier video' : `“${sourcePrompt.length > 60 ? `${sourcePrompt.slice(0, 60)}…` : sourcePrompt}”`;
  const changes = video.edit?.changes ?? [];
  return (
    <p className="meta edit-of">
      Edit of <Link to={`videos/${encodeURIComponent(video.parent_id)}`}>{name}</Link>
      {changes.length === 0 ? null : `: ${changes.join('; ')}`}
    </p>
  );
}
