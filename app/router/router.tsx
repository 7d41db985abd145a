import { createContext, useCallback, useContext, useEffect, useMemo, useState, type MouseEvent, type ReactNode } from 'react';
import { matchRoute, type Route } from './match-route.js';

interface RouterValue {
  route: Route;
  /** The current path relative to the base, with its query (`videos/vid_1`). */
  path: string;
  navigate: (path: string, options?: { replace?: boolean }) => void;
}

const RouterContext = createContext<RouterValue | undefined>(undefined);

/** The path of the document relative to `<base href>`, with its query string. */
function currentPath(): string {
  const basePath = new URL(document.baseURI).pathname;
  const { pathname, search } = window.location;
  // `/app` (no slash) is the base itself: the server redirects it, but a History entry may still hold it.
  const relative = pathname.startsWith(basePath) ? pathname.slice(basePath.length) : `${pathname}/` === basePath ? '' : pathname.replace(/^\//, '');
  return `${relative}${search}`;
}

function routeOf(path: string): Route {
  const [pathname = '', search = ''] = path.split('?');
  return matchRoute(decodeURI(pathname), search);
}

/** Routes the app over the History API; every path is relative to the document's `<base>`. */
export function RouterProvider({ children }: { children: ReactNode }) {
  const [path, setPath] = useState(currentPath);
  useEffect(() => {
    const onPop = () => setPath(currentPath());
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const navigate = useCallback((to: string, options?: { replace?: boolean }) => {
    const url = new URL(to, document.baseURI);
    if (options?.replace) window.history.replaceState(null, '', url);
    else window.history.pushState(null, '', url);
    setPath(currentPath());
    window.scrollTo(0, 0);
  }, []);
  const value = useMemo(() => ({ route: routeOf(path), path, navigate }), [path, navigate]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

/** The current route and `navigate`. */
export function useRouter(): RouterValue {
  const value = useContext(RouterContext);
  if (value === undefined) throw new Error('useRouter outside RouterProvider');
  return value;
}

/** A link inside the app: a real `<a href>` (opens in a new tab too) that navigates without a reload. */
export function Link({ to, children, className, ariaCurrent }: { to: string; children: ReactNode; className?: string; ariaCurrent?: boolean }) {
  const { navigate } = useRouter();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <a href={to} onClick={onClick} className={className} aria-current={ariaCurrent ? 'page' : undefined}>
      {children}
    </a>
  );
}
