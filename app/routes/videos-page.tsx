import { useState } from 'react';
import type { Video, VideoList } from '../api/types.js';
import { ErrorNotice } from '../components/error-notice.js';
import { LoadMore } from '../components/load-more.js';
import { StatusBadge } from '../components/status-badge.js';
import { Thumbnail } from '../components/thumbnail.js';
import { useLoad } from '../components/use-load.js';
import { formatDate } from '../format/format.js';
import { Link } from '../router/router.js';
import { useApi } from '../session/session-context.js';
import { EditOfNote } from './video/edit-of-note.js';

/** The account's videos, newest first, a page at a time, each with a thumbnail of its first scene. */
export function VideosPage() {
  const api = useApi();
  const first = useLoad(() => api.get<VideoList>('../v1/videos', { limit: 20 }), 'videos');
  const [more, setMore] = useState<Video[]>([]);
  const [cursor, setCursor] = useState<string | null | undefined>(undefined);
  const [moreError, setMoreError] = useState<unknown>(undefined);
  const [loadingMore, setLoadingMore] = useState(false);
  const nextCursor = cursor === undefined ? first.data?.next_cursor : cursor;

  const loadMore = () => {
    if (nextCursor === null || nextCursor === undefined) return;
    setLoadingMore(true);
    api.get<VideoList>('../v1/videos', { limit: 20, cursor: nextCursor }).then(
      (page) => {
        setMore((shown) => [...shown, ...page.videos]);
        setCursor(page.next_cursor);
        setMoreError(undefined);
        setLoadingMore(false);
      },
      (error: unknown) => {
        setMoreError(error);
        setLoadingMore(false);
      },
    );
  };

  const videos = [...(first.data?.videos ?? []), ...more];
  // An edit's source, when loaded too, is named by its prompt.
  const prompts = new Map(videos.map((video) => [video.id, video.prompt]));
  return (
    <section>
      <div className="page-head">
        <h1>Videos</h1>
        <Link to="videos/new" className="button primary">
          New video
        </Link>
      </div>
      <ErrorNotice error={first.error} />
      {first.loading && first.data === undefined ? <p role="status">Loading videos…</p> : null}
      {first.data !== undefined && videos.length === 0 ? <p>No videos yet. Make your first one with New video.</p> : null}
      {videos.length === 0 ? null : (
        <table className="list-table">
          <caption className="visually-hidden">Your videos, newest first</caption>
          <thead>
            <tr>
              <th scope="col" className="thumb-cell">
                <span className="visually-hidden">Picture</span>
              </th>
              <th scope="col">Prompt</th>
              <th scope="col">Status</th>
              <th scope="col">Model</th>
              <th scope="col">Created</th>
            </tr>
          </thead>
          <tbody>
            {videos.map((video) => (
              <tr key={video.id}>
                <td className="thumb-cell">
                  <Thumbnail src={`api/videos/${encodeURIComponent(video.id)}/thumbnail`} />
                </td>
                <td data-label="Prompt">
                  <Link to={`videos/${encodeURIComponent(video.id)}`}>{video.prompt.length > 90 ? `${video.prompt.slice(0, 90)}…` : video.prompt}</Link>
                  <EditOfNote video={video} sourcePrompt={video.parent_id === undefined ? undefined : prompts.get(video.parent_id)} />
                </td>
                <td data-label="Status">
                  <StatusBadge status={video.status} />
                </td>
                <td data-label="Model" className="nowrap">
                  {video.model}
                </td>
                <td data-label="Created" className="nowrap">
                  {formatDate(video.created_at)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ErrorNotice error={moreError} />
      <LoadMore cursor={nextCursor} loading={loadingMore} onLoad={loadMore} what="videos" />
    </section>
  );
}
