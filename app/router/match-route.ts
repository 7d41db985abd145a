/** A page of the app, with the ids its path carries. */
export type Route =
  | { page: 'videos' }
  | { page: 'new-video' }
  | { page: 'video'; id: string }
  | { page: 'infographics' }
  | { page: 'infographic'; id: string }
  | { page: 'account' }
  | { page: 'sign-in'; next: string }
  | { page: 'not-found'; path: string };

const ID = '([A-Za-z0-9_-]{1,100})';
const PATTERNS: [RegExp, (match: RegExpExecArray) => Route][] = [
  [/^$/, () => ({ page: 'videos' })],
  [/^videos$/, () => ({ page: 'videos' })],
  [/^videos\/new$/, () => ({ page: 'new-video' })],
  [new RegExp(`^videos/${ID}$`), (match) => ({ page: 'video', id: match[1] ?? '' })],
  [/^infographics$/, () => ({ page: 'infographics' })],
  [new RegExp(`^infographics/${ID}$`), (match) => ({ page: 'infographic', id: match[1] ?? '' })],
  [/^account$/, () => ({ page: 'account' })],
];

/**
 * The route of an app path, relative to the app's base (`videos/vid_1`, no leading slash) with its
 * query string; `sign-in` keeps `next` only when it is an app path (no scheme, no `//`), so the
 * page cannot send a person off-site after signing in.
 */
export function matchRoute(relativePath: string, search: string): Route {
  const path = relativePath.replace(/^\/+/, '').replace(/\/+$/, '');
  if (path === 'sign-in') return { page: 'sign-in', next: safeNext(new URLSearchParams(search).get('next')) };
  for (const [pattern, route] of PATTERNS) {
    const match = pattern.exec(path);
    if (match) return route(match);
  }
  return { page: 'not-found', path };
}

/** An app path to go to after signing in: relative, no scheme or host; else the videos list. */
export function safeNext(next: string | null): string {
  if (next === null || next === '' || /^[a-z][a-z0-9+.-]*:/i.test(next) || next.startsWith('/') || next.startsWith('\\') || next.includes('//')) {
    return 'videos';
  }
  return next;
}

/** The app path of the page that shows sign-in, coming back to `from` afterwards. */
export function signInPath(from: string): string {
  const next = safeNext(from.replace(/^\/+/, ''));
  return next === 'videos' || next === 'sign-in' ? 'sign-in' : `sign-in?next=${encodeURIComponent(next)}`;
}
