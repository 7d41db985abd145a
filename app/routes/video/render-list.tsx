import type { VideoRender } from '../../api/types.js';
import { StatusBadge } from '../../components/status-badge.js';
import { formatDate } from '../../format/format.js';

/**
 * The video's renders (`renders`): size, frame rate, file format, status and a download link each,
 * the original (the job's own render, whose MP4 the page plays) marked.
 */
export function RenderList({ videoId, renders }: { videoId: string; renders: VideoRender[] }) {
  if (renders.length === 0) return null;
  return (
    <section aria-labelledby="renders-title">
      <h2 id="renders-title">Renders</h2>
      <table className="list-table">
        <caption className="visually-hidden">The renders of this video, oldest first</caption>
        <thead>
          <tr>
            <th scope="col">Size</th>
            <th scope="col">Frame rate</th>
            <th scope="col">Status</th>
            <th scope="col">Made</th>
            <th scope="col">File</th>
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
              <td data-label="File">
                {render.download_url === undefined ? (
                  fileLabel(render)
                ) : (
                  <a href={render.download_url} download={`${videoId}-${render.dimensions.width}x${render.dimensions.height}-${render.fps}fps${render.background ? '-transparent' : ''}.${render.format ?? 'mp4'}`}>
                    Download {fileLabel(render)}
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

/** A render's file in words: its format, and "transparent" when it has an alpha channel. */
function fileLabel(render: VideoRender): string {
  return `${(render.format ?? 'mp4').toUpperCase()}${render.background === 'transparent' ? ', transparent' : ''}`;
}
