import type { VideoRender } from '../../api/types.js';
import { StatusBadge } from '../../components/status-badge.js';
import { formatDate } from '../../format/format.js';

/**
 * The video's MP4 renders (`renders`): size, frame rate, status and a download link each, the
 * original (the job's own render, whose MP4 the page plays) marked.
 */
export function RenderList({ videoId, renders }: { videoId: string; renders: VideoRender[] }) {
  if (renders.length === 0) return null;
  return (
    <section aria-labelledby="renders-title">
      <h2 id="renders-title">Renders</h2>
      <table className="list-table">
        <caption className="visually-hidden">The MP4 renders of this video, oldest first</caption>
        <thead>
          <tr>
            <th scope="col">Size</th>
            <th scope="col">Frame rate</th>
            <th scope="col">Status</th>
            <th scope="col">Made</th>
            <th scope="col">MP4</th>
          </tr>
        </thead>
        <tbody>
          {renders.map((render) => (
            <tr key={render.id} data-render-id={render.id}>
              <td data-label="Size">
                {render.dimensions.width}×{render.dimensions.height}
                {render.original ? <strong className="meta"> (original)</strong> : null}
              </td>
              <td data-label="Frame rate">{render.fps} fps</td>
              <td data-label="Status">
                <StatusBadge status={render.status} />
                {render.error === undefined ? null : <span className="meta"> {render.error}</span>}
              </td>
              <td data-label="Made">{formatDate(render.completed_at ?? render.created_at)}</td>
              <td data-label="MP4">
                {render.download_url === undefined ? (
                  '—'
                ) : (
                  <a href={render.download_url} download={`${videoId}-${render.dimensions.width}x${render.dimensions.height}-${render.fps}fps.mp4`}>
                    Download {render.dimensions.width}×{render.dimensions.height}
                  </a>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="meta">Links last 15 minutes; this page renews them. Edits start from the original's size and frame rate.</p>
    </section>
  );
}
