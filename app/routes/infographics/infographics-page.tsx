import { useState } from 'react';
import type { InfographicList } from '../../api/types.js';
import { ErrorNotice } from '../../components/error-notice.js';
import { LoadMore } from '../../components/load-more.js';
import { Thumbnail } from '../../components/thumbnail.js';
import { useLoad } from '../../components/use-load.js';
import { formatDate } from '../../format/format.js';
import { Link } from '../../router/router.js';
import { useApi } from '../../session/session-context.js';

/** The account's infographic projects, newest first, a page at a time, each with a thumbnail of its newest ready version. */
export function InfographicsPage() {
  const api = useApi();
  const first = useLoad(() => api.get<InfographicList>('../v1/infographics', { limit: 20 }), 'infographics');
  const [more, setMore] = useState<InfographicList['projects']>([]);
  const [cursor, setCursor] = useState<string | null | undefined>(undefined);
  const [moreError, setMoreError] = useState<unknown>(undefined);
  const [loadingMore, setLoadingMore] = useState(false);
  const nextCursor = cursor === undefined ? first.data?.nextCursor : cursor;
  const loadMore = () => {
    if (nextCursor === null || nextCursor === undefined) return;
    setLoadingMore(true);
    api.get<InfographicList>('../v1/infographics', { limit: 20, cursor: nextCursor }).then(
      (page) => {
        setMore((shown) => [...shown, ...page.projects]);
        setCursor(page.nextCursor);
        setLoadingMore(false);
      },
      (error: unknown) => {
        setMoreError(error);
        setLoadingMore(false);
      },
    );
  };
  const projects = [...(first.data?.projects ?? []), ...more];
  return (
    <section>
      <h1>Infographics</h1>
      <ErrorNotice error={first.error} />
      {first.loading && first.data === undefined ? <p role="status">Loading infographics…</p> : null}
      {first.data !== undefined && projects.length === 0 ? (
        <p>No infographics yet. Generate one with <code>POST /v1/infographics/generate</code> or the MCP tool; it shows here.</p>
      ) : null}
      <ul className="card-list thumb-list">
        {projects.map((project) => (
          <li key={project.projectId}>
            <Thumbnail src={`api/infographics/${encodeURIComponent(project.projectId)}/thumbnail`} />
            <div className="thumb-text">
              <Link to={`infographics/${encodeURIComponent(project.projectId)}`}>{project.prompt.length > 120 ? `${project.prompt.slice(0, 120)}…` : project.prompt}</Link>
              <span className="meta">Created {formatDate(project.createdAt)}</span>
            </div>
          </li>
        ))}
      </ul>
      <ErrorNotice error={moreError} />
      <LoadMore cursor={nextCursor} loading={loadingMore} onLoad={loadMore} what="infographics" />
    </section>
  );
}
