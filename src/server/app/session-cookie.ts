import type { ServiceConfig } from '../../config/resolve-config.js';
import { SESSION_IDLE_MS } from './app-sessions.js';

/** Name of the web app's session cookie. */
export const SESSION_COOKIE = 'service_session';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The session token of a `Cookie` header, when it holds one of the right form. */
export function sessionTokenOf(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== SESSION_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    if (TOKEN.test(value)) return value;
  }
  return undefined;
}

// Secure only when the node is reached over https: a plain-http node (localhost) would otherwise
// never get its cookie back.
const attributes = (config: ServiceConfig): string =>
  `Path=/; HttpOnly; SameSite=Lax${config.publicUrl?.toLowerCase().startsWith('https:') ? '; Secure' : ''}`;

/** The `Set-Cookie` value that stores a session token for 30 days. */
export function sessionCookie(config: ServiceConfig, token: string): string {
  return `${SESSION_COOKIE}=${token}; Max-Age=${SESSION_IDLE_MS / 1000}; ${attributes(config)}`;
}

/** The `Set-Cookie` value that removes the session cookie. */
export function clearedSessionCookie(config: ServiceConfig): string {
  return `${SESSION_COOKIE}=; Max-Age=0; ${attributes(config)}`;
}
