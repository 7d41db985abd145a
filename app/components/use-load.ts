import { useCallback, useEffect, useState } from 'react';

/** A value loaded from the API: `data` once loaded, `error` when the last load failed. */
export interface Loaded<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
  setData: (data: T) => void;
}

/**
 * Loads `load()` when mounted and whenever `key` changes, while `enabled`; a newer load wins over
 * an older one, and the last data stays shown while the next load runs.
 */
export function useLoad<T>(load: () => Promise<T>, key: string, enabled = true): Loaded<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const [loading, setLoading] = useState(true);
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    if (!enabled) {
      setLoading(false);
      return undefined;
    }
    let current = true;
    setLoading(true);
    load().then(
      (value) => {
        if (!current) return;
        setData(value);
        setError(undefined);
        setLoading(false);
      },
      (failure: unknown) => {
        if (!current) return;
        setError(failure);
        setLoading(false);
      },
    );
    return () => {
      current = false;
    };
    // `load` is a fresh closure each render; `key` says when its inputs changed.
  }, [key, generation, enabled]);
  const reload = useCallback(() => setGeneration((n) => n + 1), []);
  return { data, error, loading, reload, setData };
}
