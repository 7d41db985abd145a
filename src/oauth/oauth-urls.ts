/** The scopes an OAuth connection can hold; `write` includes `read`. */
export const OAUTH_SCOPES = ['read', 'write'] as const;
/** One OAuth scope. */
export type OAuthScope = (typeof OAUTH_SCOPES)[number];

/** The node's base URL without a trailing slash (the OAuth issuer). */
export function issuerOf(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, '');
}

/** The protected resource every token is issued for (RFC 8707): the node's `/mcp` endpoint. */
export function mcpResourceUrl(baseUrl: string): string {
  return `${issuerOf(baseUrl)}/mcp`;
}

/** Protected-resource metadata of `/mcp` (RFC 9728, path-suffixed form), named in `WWW-Authenticate`. */
export function protectedResourceMetadataUrl(baseUrl: string): string {
  return `${issuerOf(baseUrl)}/.well-known/oauth-protected-resource/mcp`;
}
