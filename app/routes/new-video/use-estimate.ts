import { useEffect, useState } from 'react';
import { ApiError, errorMessage } from '../../api/api-error.js';
import type { Estimate } from '../../api/types.js';
import { useApi } from '../../session/session-context.js';

/** How long the form must be still before it is estimated again. */
const DEBOUNCE_MS = 400;

/**
 * The estimate of a create body (`POST /v1/videos/estimate`), asked again once the body has not
 * changed for a moment; an answer to an older body is dropped. The last good estimate stays shown
 * while a newer one is on its way or was refused.
 */
export function useEstimate(body: Record<string, unknown>, enabled: boolean): { estimate: Estimate | undefined; pending: boolean; error: unknown } {
  const api = useApi();
  const key = JSON.stringify(body);
  const [estimate, setEstimate] = useState<Estimate | undefined>(undefined);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  useEffect(() => {
    if (!enabled) {
      setPending(false);
      return undefined;
    }
    let current = true;
    setPending(true);
    const timer = setTimeout(() => {
      api.post<Estimate>('../v1/videos/estimate', JSON.parse(key)).then(
        (answer) => {
          if (!current) return;
          setEstimate(answer);
          setError(undefined);
          setPending(false);
        },
        (failure: unknown) => {
          if (!current) return;
          setError(failure);
          setPending(false);
        },
      );
    }, DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [api, key, enabled]);
  return { estimate, pending, error };
}

/** The estimate's problem as one line, for the panel. */
export function estimateProblem(error: unknown, markedFields: readonly string[]): string | undefined {
  if (error === undefined) return undefined;
  // Fields marked on the form carry their own message; the panel then only says why it shows no new figure.
  const fields = error instanceof ApiError ? Object.keys(error.fields) : [];
  if (fields.length > 0 && fields.every((field) => markedFields.includes(field))) return 'Not estimated until the marked fields are fixed.';
  return `Not estimated: ${errorMessage(error)}`;
}
