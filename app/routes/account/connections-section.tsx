import { useState } from 'react';
import type { Connection } from '../../api/types.js';
import { ConfirmButton } from '../../components/confirm-button.js';
import { ErrorNotice } from '../../components/error-notice.js';
import { useLoad } from '../../components/use-load.js';
import { formatDate } from '../../format/format.js';
import { useApi } from '../../session/session-context.js';

/** The apps signed in with OAuth (MCP clients), each revocable. */
export function ConnectionsSection() {
  const api = useApi();
  const connections = useLoad(() => api.get<{ connections: Connection[] }>('../v1/account/connections'), 'connections');
  const [error, setError] = useState<unknown>(undefined);
  const revoke = (id: string) => {
    setError(undefined);
    api.delete(`../v1/account/connections/${encodeURIComponent(id)}`).then(connections.reload, setError);
  };
  const list = connections.data?.connections ?? [];
  return (
    <section aria-labelledby="connections-title">
      <h2 id="connections-title">Connected apps</h2>
      <ErrorNotice error={connections.error ?? error} />
      {connections.data !== undefined && list.length === 0 ? <p>No app is connected with OAuth.</p> : null}
      <ul className="card-list">
        {list.map((connection) => (
          <li key={connection.id}>
            <strong>{connection.client_name}</strong>{' '}
            <span className="meta">
              scopes: {connection.scopes.join(', ')} · connected {formatDate(connection.created_at)}
              {connection.last_used_at === undefined ? '' : ` · last used ${formatDate(connection.last_used_at)}`}
            </span>{' '}
            <ConfirmButton label={`Revoke ${connection.client_name}`} question={`Disconnect ${connection.client_name}?`} confirmLabel="Yes, revoke" onConfirm={() => revoke(connection.id)} danger />
          </li>
        ))}
      </ul>
    </section>
  );
}
