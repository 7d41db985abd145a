import type { AppBuild } from './app-build.js';

/** Security headers of the single-page app's HTML. */
export const APP_PAGE_HEADERS = {
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; media-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; frame-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'cache-control': 'no-cache',
  'content-type': 'text/html; charset=utf-8',
} as const;

/**
 * Security headers of the preview frame. Scene code is evaluated with `new Function`, hence
 * `unsafe-eval` here and only here; the frame is sandboxed without same-origin, so that code runs
 * in an opaque origin and can reach neither the session nor the API.
 */
export const PLAYER_FRAME_HEADERS = {
  'content-security-policy':
    "default-src 'none'; script-src 'self' 'unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src data: blob: 'self'; media-src data: blob: 'self'; font-src data: 'self'; connect-src 'none'; frame-ancestors 'self'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'cache-control': 'no-cache',
  'content-type': 'text/html; charset=utf-8',
} as const;

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** `/app/` under the public URL's path: the `<base href>` every relative app URL resolves against. */
export function appBasePath(publicUrl: string): string {
  return `${new URL(publicUrl).pathname.replace(/\/+$/, '')}/app/`;
}

const head = (base: string, title: string, css: string | undefined) =>
  `<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><base href="${escape(base)}"><title>${title}</title>${
    css ? `<link rel="stylesheet" href="assets/${escape(css)}">` : ''
  }`;

/** The single-page app's `index.html`: the same page for every `/app` path; the app routes itself. */
export function appIndexHtml(build: AppBuild, base: string): string {
  return `<!doctype html>
<html lang="en"><head>${head(base, 'service', build.main.css)}<script type="module" src="assets/${escape(build.main.js)}"></script></head>
<body><noscript>This app needs JavaScript. The REST API under /v1 works without it.</noscript><div id="root"></div></body></html>
`;
}

/** The sandboxed preview frame's page: a classic script, since its opaque origin rules out modules. */
export function playerFrameHtml(build: AppBuild, base: string): string {
  return `<!doctype html>
<html lang="en"><head>${head(base, 'Preview', build.player.css)}<script defer src="assets/${escape(build.player.js)}"></script></head>
<body><div id="root"></div></body></html>
`;
}

/** The page `/app` shows when the web app is not built. */
export function notBuiltHtml(reason: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>App not built</title></head>
<body><main><h1>The web app is not built</h1><p>${escape(reason)}.</p><p>Run <code>npm run build</code> in the service's folder, then restart the node.</p></main></body></html>
`;
}

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
};

/** The content type of a built file by its extension. */
export function assetContentType(name: string): string {
  const dot = name.lastIndexOf('.');
  return (dot >= 0 && CONTENT_TYPES[name.slice(dot).toLowerCase()]) || 'application/octet-stream';
}
