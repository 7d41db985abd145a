import { CLIENT_AUTH_METHODS, GRANT_TYPES } from './clients.js';
import { issuerOf, mcpResourceUrl, OAUTH_SCOPES } from './oauth-urls.js';

/** The paths of the OAuth endpoints, relative to the issuer. */
export const OAUTH_PATHS = {
  authorize: '/oauth/authorize',
  token: '/oauth/token',
  register: '/oauth/register',
  revoke: '/oauth/revoke',
} as const;

/** The authorization server metadata document (RFC 8414 2). */
export function authorizationServerMetadata(baseUrl: string) {
  const issuer = issuerOf(baseUrl);
  return {
    issuer,
    authorization_endpoint: issuer + OAUTH_PATHS.authorize,
    token_endpoint: issuer + OAUTH_PATHS.token,
    registration_endpoint: issuer + OAUTH_PATHS.register,
    revocation_endpoint: issuer + OAUTH_PATHS.revoke,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: [...GRANT_TYPES],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: [...CLIENT_AUTH_METHODS],
    revocation_endpoint_auth_methods_supported: [...CLIENT_AUTH_METHODS],
    scopes_supported: [...OAUTH_SCOPES],
    authorization_response_iss_parameter_supported: true,
  };
}

/** The protected resource metadata of the MCP endpoint (RFC 9728 2). */
export function protectedResourceMetadata(baseUrl: string) {
  return {
    resource: mcpResourceUrl(baseUrl),
    authorization_servers: [issuerOf(baseUrl)],
    scopes_supported: [...OAUTH_SCOPES],
    bearer_methods_supported: ['header'],
    resource_name: 'Video and infographic service (MCP)',
  };
}
