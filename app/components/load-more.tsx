/** The "Load more" button of a list paged by cursor; nothing when there is no next page. */
export function LoadMore({ cursor, loading, onLoad, what }: { cursor: string | null | undefined; loading: boolean; onLoad: () => void; what: string }) {
  if (cursor === null || cursor === undefined) return null;
  return (
    <p>
      <button type="button" onClick={onLoad} disabled={loading}>
        {loading ? 'Loading…' : `Load more ${what}`}
      </button>
    </p>
  );
}
