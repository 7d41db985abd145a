import { OAuthError } from './oauth-error.js';
import { OAUTH_SCOPES, type OAuthScope } from './oauth-urls.js';

/** What each scope lets a client do, in the words the consent page shows. */
export const SCOPE_DESCRIPTIONS: Record<OAuthScope, string> = {
  read: 'see your videos, brand kits, and credit balance',
  write: 'create, render, edit and cancel videos, which spends credits',
};

/** The scopes granted when a request names none. @default "read write" */
export const DEFAULT_SCOPES: readonly OAuthScope[] = OAUTH_SCOPES;

/**
 * Parses a space-separated `scope` value into scopes in canonical order. `write` includes `read`,
 * so asking for `write` grants both. Unknown scope → `invalid_scope`; an empty value → undefined.
 */
export function parseScopes(value: string): OAuthScope[] | undefined {
  const names = value.split(' ').filter((name) => name !== '');
  if (names.length === 0) return undefined;
  const unknown = names.filter((name) => !(OAUTH_SCOPES as readonly string[]).includes(name));
  if (unknown.length > 0) {
    throw new OAuthError('invalid_scope', `unknown scope ${unknown.map((name) => `"${name}"`).join(', ')}; use ${OAUTH_SCOPES.join(' or ')}`);
  }
  const wanted = new Set(names);
  if (wanted.has('write')) wanted.add('read');
  return OAUTH_SCOPES.filter((scope) => wanted.has(scope));
}

/** Scopes as stored and sent: space-separated, canonical order. */
export function formatScopes(scopes: readonly OAuthScope[]): string {
  return OAUTH_SCOPES.filter((scope) => scopes.includes(scope)).join(' ');
}

/** Reads a stored scope string (written by {@link formatScopes}). */
export function storedScopes(value: string): OAuthScope[] {
  return OAUTH_SCOPES.filter((scope) => value.split(' ').includes(scope));
}

/** The scopes in both sets, canonical order. */
export function intersectScopes(a: readonly OAuthScope[], b: readonly OAuthScope[]): OAuthScope[] {
  return OAUTH_SCOPES.filter((scope) => a.includes(scope) && b.includes(scope));
}
