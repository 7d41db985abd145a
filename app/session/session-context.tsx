import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ApiClient } from '../api/api-client.js';
import { ApiError } from '../api/api-error.js';
import type { Session } from '../api/types.js';

interface SessionValue {
  /** `undefined` while loading, `null` when signed out. */
  session: Session | null | undefined;
  client: ApiClient;
  /** Set when the session could not be loaded for another reason than being signed out. */
  loadError: string | undefined;
  signIn: (email: string, password: string) => Promise<void>;
  signOut: () => Promise<void>;
}

const SessionContext = createContext<SessionValue | undefined>(undefined);

/** Loads the session (`GET /app/api/session`) and keeps the client's CSRF token in step with it. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session | null | undefined>(undefined);
  const client = useMemo(() => {
    const created: ApiClient = new ApiClient({
      baseUrl: document.baseURI,
      onUnauthorized: () => {
        created.setCsrfToken(undefined);
        setSession(null);
      },
    });
    return created;
  }, []);
  const [loadError, setLoadError] = useState<string | undefined>(undefined);

  const adopt = useCallback(
    (next: Session | null) => {
      client.setCsrfToken(next?.csrf_token);
      setSession(next);
    },
    [client],
  );

  useEffect(() => {
    client.get<Session>('api/session').then(adopt, (error: unknown) => {
      if (error instanceof ApiError && error.status === 401) adopt(null);
      else {
        setLoadError(error instanceof Error ? error.message : String(error));
        adopt(null);
      }
    });
  }, [client, adopt]);

  const signIn = useCallback(
    async (email: string, password: string) => {
      // Sign-in is the one unsafe call made without a session; the server does not ask it for a token.
      const signedIn = await client.request<Session>('POST', client.url('api/sign-in'), { email, password }, { csrf: false });
      adopt(signedIn);
    },
    [client, adopt],
  );

  const signOut = useCallback(async () => {
    await client.post('api/sign-out');
    adopt(null);
  }, [client, adopt]);

  const value = useMemo(() => ({ session, client, loadError, signIn, signOut }), [session, client, loadError, signIn, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The session, the API client, sign-in and sign-out. */
export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (value === undefined) throw new Error('useSession outside SessionProvider');
  return value;
}

/** The API client of the signed-in session. */
export function useApi(): ApiClient {
  return useSession().client;
}
