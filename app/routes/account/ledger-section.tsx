import { useState } from 'react';
import type { Ledger } from '../../api/types.js';
import { ErrorNotice } from '../../components/error-notice.js';
import { LoadMore } from '../../components/load-more.js';
import { useLoad } from '../../components/use-load.js';
import { formatCredits, formatDate } from '../../format/format.js';
import { useApi } from '../../session/session-context.js';

/** The account's charges and refunds, newest first, a page at a time. */
export function LedgerSection() {
  const api = useApi();
  const first = useLoad(() => api.get<Ledger>('../v1/account/ledger', { limit: 20 }), 'ledger');
  const [more, setMore] = useState<Ledger['entries']>([]);
  const [cursor, setCursor] = useState<string | null | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const [loading, setLoading] = useState(false);
  const nextCursor = cursor === undefined ? first.data?.next_cursor : cursor;
  const loadMore = () => {
    if (nextCursor === null || nextCursor === undefined) return;
    setLoading(true);
    api.get<Ledger>('../v1/account/ledger', { limit: 20, cursor: nextCursor }).then(
      (page) => {
        setMore((shown) => [...shown, ...page.entries]);
        setCursor(page.next_cursor);
        setLoading(false);
      },
      (failure: unknown) => {
        setError(failure);
        setLoading(false);
      },
    );
  };
  const entries = [...(first.data?.entries ?? []), ...more];
  return (
    <section aria-labelledby="ledger-title">
      <h2 id="ledger-title">Ledger</h2>
      <ErrorNotice error={first.error ?? error} />
      {first.data !== undefined && entries.length === 0 ? <p>No charges or refunds yet.</p> : null}
      {entries.length === 0 ? null : (
        <table className="list-table">
          <caption className="visually-hidden">Charges and refunds, newest first</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Kind</th>
              <th scope="col">Credits</th>
              <th scope="col">Reason</th>
              <th scope="col">Reference</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td data-label="When">{formatDate(entry.created_at)}</td>
                <td data-label="Kind">{entry.kind.replace(/_/g, ' ')}</td>
                <td className="number" data-label="Credits">{formatCredits(entry.credits)}</td>
                <td data-label="Reason">{entry.reason}</td>
                <td data-label="Reference">{entry.reference ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <LoadMore cursor={nextCursor} loading={loading} onLoad={loadMore} what="entries" />
    </section>
  );
}
