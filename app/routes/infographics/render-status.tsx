import { useEffect, useState } from 'react';
import type { InfographicRender } from '../../api/types.js';
import { ErrorNotice } from '../../components/error-notice.js';
import { StatusBadge } from '../../components/status-badge.js';
import { useApi } from '../../session/session-context.js';

const POLL_MS = 2000;

/** A render's status, polled until it completes or fails, with its download once done. */
export function RenderStatus({ projectId, renderId }: { projectId: string; renderId: string }) {
  const api = useApi();
  const [render, setRender] = useState<InfographicRender | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  useEffect(() => {
    let current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = () => {
      api.get<InfographicRender>(`../v1/infographics/${encodeURIComponent(projectId)}/renders/${encodeURIComponent(renderId)}`).then(
        (answer) => {
          if (!current) return;
          setRender(answer);
          setError(undefined);
          if (answer.status !== 'completed' && answer.status !== 'failed') timer = setTimeout(poll, POLL_MS);
        },
        (failure: unknown) => {
          if (!current) return;
          setError(failure);
          timer = setTimeout(poll, POLL_MS);
        },
      );
    };
    poll();
    return () => {
      current = false;
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [api, projectId, renderId]);
  return (
    <div className="render-status" aria-live="polite">
      <p>
        Render {renderId}: {render === undefined ? 'queued' : <StatusBadge status={render.status} />}
      </p>
      {render?.url === undefined ? null : (
        <p>
          <a href={render.url} download>
            Download the rendered MP4
          </a>
        </p>
      )}
      {render?.error === undefined ? null : <p className="field-error">{render.error.message}</p>}
      <ErrorNotice error={error} />
    </div>
  );
}
