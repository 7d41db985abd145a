import { z } from 'zod';
import type { NodeContext } from '../node-context.js';
import { newId, nowIso } from '../store/ids.js';
import { oauthStoreOf, type ClientAuthMethod, type OAuthClientRow } from '../store/oauth-store.js';
import { OAuthError } from './oauth-error.js';
import { parseScopes, formatScopes } from './oauth-scopes.js';
import { generateSecret, hashSecret, SECRET_PREFIXES, secretMatches } from './oauth-secrets.js';

/** The client authentication methods the node supports. */
export const CLIENT_AUTH_METHODS = ['none', 'client_secret_post', 'client_secret_basic'] as const satisfies readonly ClientAuthMethod[];

/** The grant types a client may register. */
export const GRANT_TYPES = ['authorization_code', 'refresh_token'] as const;
/** One of {@link GRANT_TYPES}. */
export type GrantType = (typeof GRANT_TYPES)[number];

/**
 * The method a registration without `token_endpoint_auth_method` gets: RFC 7591 2 names
 * `client_secret_basic` as the default, so such a client is confidential and receives a secret.
 * Clients that cannot keep a secret (the usual MCP client) say `none`.
 * @default "client_secret_basic"
 */
export const DEFAULT_CLIENT_AUTH_METHOD: ClientAuthMethod = 'client_secret_basic';

/**
 * The grant types a registration without `grant_types` gets. RFC 7591 defaults to
 * `authorization_code` alone; both are granted here because access tokens last an hour and a
 * client without refresh would send its user through sign-in every hour.
 * @default ["authorization_code", "refresh_token"]
 */
export const DEFAULT_GRANT_TYPES: readonly GrantType[] = GRANT_TYPES;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
// Schemes that are not an app's own (RFC 8252 7.1): a browser or the OS would act on them.
const REFUSED_SCHEMES = new Set([
  'javascript:', 'data:', 'file:', 'vbscript:', 'blob:', 'about:', 'filesystem:', 'view-source:',
  'ftp:', 'ws:', 'wss:', 'mailto:', 'tel:', 'sms:',
]);

// C0 controls, DEL and C1 controls. The URL parser drops some (a trailing NUL, tabs, newlines) and
// percent-encodes others, so a URI holding one is not the URI that is matched and redirected to.
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * Why a redirect URI cannot be registered, or undefined when it can: https; http only on a
 * loopback host; or a native app's private-use scheme (`cursor://...`, `com.example.app:/cb`).
 * Never a control character, a fragment, credentials, or a scheme a browser acts on itself
 * (javascript:, data:, file:).
 */
export function redirectUriProblem(uri: string): string | undefined {
  if (CONTROL_CHARACTER.test(uri)) return 'must not contain control characters (U+0000-U+001F, U+007F-U+009F)';
  if (uri.length > 2000) return 'is longer than 2000 characters';
  if (uri.includes('#')) return 'must not contain a fragment (#)';
  if (/\s/.test(uri)) return 'must not contain whitespace';
  if (!URL.canParse(uri)) return 'is not an absolute URI';
  const url = new URL(uri);
  if (url.username || url.password) return 'must not contain credentials';
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:') {
    return LOOPBACK_HOSTS.has(url.hostname)
      ? undefined
      : 'must use https, or http only on a loopback host (localhost, 127.0.0.1, [::1])';
  }
  if (REFUSED_SCHEMES.has(url.protocol)) return `must not use the ${url.protocol.slice(0, -1)} scheme`;
  return undefined;
}

const webUrl = z
  .string()
  .max(2000)
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), 'must be an http(s) URL');

/** The registration request (RFC 7591 2); unknown fields are ignored as 2 requires. */
export const clientRegistrationSchema = z.object({
  redirect_uris: z.array(z.string()).min(1, 'must list at least one URI').max(10, 'must list at most 10 URIs'),
  token_endpoint_auth_method: z.enum(CLIENT_AUTH_METHODS).optional(),
  grant_types: z.array(z.enum(GRANT_TYPES)).min(1).optional(),
  response_types: z.array(z.literal('code')).min(1).optional(),
  client_name: z.string().trim().min(1).max(200).optional(),
  client_uri: webUrl.optional(),
  logo_uri: webUrl.optional(),
  tos_uri: webUrl.optional(),
  policy_uri: webUrl.optional(),
  contacts: z.array(z.string().max(320)).max(10).optional(),
  scope: z.string().max(200).optional(),
  software_id: z.string().max(200).optional(),
  software_version: z.string().max(100).optional(),
});

/** A registration request. */
export type ClientRegistrationRequest = z.input<typeof clientRegistrationSchema>;

/** Registered fields kept as they were sent and echoed back. */
type OtherMetadata = Pick<
  z.output<typeof clientRegistrationSchema>,
  'client_uri' | 'logo_uri' | 'tos_uri' | 'policy_uri' | 'contacts' | 'scope' | 'software_id' | 'software_version'
>;

/** The registration response (RFC 7591 3.2.1); the secret is shown only here. */
export interface RegisteredClient extends OtherMetadata {
  client_id: string;
  /** Seconds since the epoch. */
  client_id_issued_at: number;
  client_secret?: string;
  /** 0: the secret does not expire. */
  client_secret_expires_at?: number;
  client_name?: string;
  redirect_uris: string[];
  token_endpoint_auth_method: ClientAuthMethod;
  grant_types: GrantType[];
  response_types: ['code'];
}

/**
 * Registers a client (RFC 7591). A bad redirect URI → `invalid_redirect_uri`; any other bad field →
 * `invalid_client_metadata`. Confidential clients get an `mvcs_` secret, stored hashed.
 */
export function registerClient(ctx: NodeContext, body: unknown): RegisteredClient {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new OAuthError('invalid_client_metadata', 'the body must be a JSON object of client metadata');
  }
  const parsed = clientRegistrationSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.map(String).join('.');
    const code = issue.path[0] === 'redirect_uris' ? 'invalid_redirect_uri' : 'invalid_client_metadata';
    throw new OAuthError(code, `${field || 'body'}: ${issue.message}`);
  }
  const input = parsed.data;
  for (const uri of input.redirect_uris) {
    const problem = redirectUriProblem(uri);
    if (problem) throw new OAuthError('invalid_redirect_uri', `redirect URI ${JSON.stringify(uri)} ${problem}`);
  }
  const grantTypes = input.grant_types ? GRANT_TYPES.filter((type) => input.grant_types!.includes(type)) : [...DEFAULT_GRANT_TYPES];
  if (!grantTypes.includes('authorization_code')) {
    throw new OAuthError('invalid_client_metadata', 'grant_types must include authorization_code');
  }
  let scope: string | undefined;
  if (input.scope !== undefined) {
    try {
      const scopes = parseScopes(input.scope);
      scope = scopes ? formatScopes(scopes) : undefined;
    } catch (error) {
      if (error instanceof OAuthError) throw new OAuthError('invalid_client_metadata', `scope: ${error.message}`);
      throw error;
    }
  }

  const method = input.token_endpoint_auth_method ?? DEFAULT_CLIENT_AUTH_METHOD;
  const secret = method === 'none' ? undefined : generateSecret(SECRET_PREFIXES.clientSecret);
  const metadata: OtherMetadata = {
    client_uri: input.client_uri,
    logo_uri: input.logo_uri,
    tos_uri: input.tos_uri,
    policy_uri: input.policy_uri,
    contacts: input.contacts,
    scope,
    software_id: input.software_id,
    software_version: input.software_version,
  };
  const row: OAuthClientRow = {
    id: newId('cli'),
    secret_hash: secret === undefined ? null : hashSecret(secret),
    client_name: input.client_name ?? null,
    redirect_uris: JSON.stringify(input.redirect_uris),
    token_endpoint_auth_method: method,
    grant_types: JSON.stringify(grantTypes),
    metadata: JSON.stringify(metadata),
    created_at: nowIso(),
  };
  oauthStoreOf(ctx.db).insertClient(row);
  return {
    client_id: row.id,
    client_id_issued_at: Math.floor(Date.parse(row.created_at) / 1000),
    ...(secret === undefined ? {} : { client_secret: secret, client_secret_expires_at: 0 }),
    ...(input.client_name === undefined ? {} : { client_name: input.client_name }),
    redirect_uris: input.redirect_uris,
    token_endpoint_auth_method: method,
    grant_types: grantTypes,
    response_types: ['code'],
    ...(JSON.parse(row.metadata) as OtherMetadata),
  };
}

/** A registered client as the rest of the server reads it. */
export interface OAuthClient {
  id: string;
  /** The registered `client_name`, or the client id when there is none. */
  displayName: string;
  redirectUris: string[];
  authMethod: ClientAuthMethod;
  grantTypes: GrantType[];
  /** The scopes the client registered, when it registered any. */
  scope: string | undefined;
  secretHash: string | null;
}

/** Reads a client, or undefined when the id is unknown. */
export function findClient(ctx: NodeContext, clientId: string): OAuthClient | undefined {
  const row = oauthStoreOf(ctx.db).getClient(clientId);
  if (!row) return undefined;
  const metadata = JSON.parse(row.metadata) as OtherMetadata;
  return {
    id: row.id,
    displayName: row.client_name ?? row.id,
    redirectUris: JSON.parse(row.redirect_uris) as string[],
    authMethod: row.token_endpoint_auth_method,
    grantTypes: JSON.parse(row.grant_types) as GrantType[],
    scope: metadata.scope,
    secretHash: row.secret_hash,
  };
}

const LOOPBACK_IPS = new Set(['127.0.0.1', '[::1]']);

/**
 * Whether `uri` is one of the client's registered redirect URIs: exactly, except that an http
 * redirect to a loopback IP may use any port (RFC 8252 7.3: native apps pick a free port at run time).
 * A URI with a control character never matches, even one stored before registration refused them.
 */
export function isRegisteredRedirectUri(client: OAuthClient, uri: string): boolean {
  if (CONTROL_CHARACTER.test(uri)) return false;
  if (client.redirectUris.includes(uri)) return true;
  if (!URL.canParse(uri)) return false;
  const asked = new URL(uri);
  if (asked.protocol !== 'http:' || !LOOPBACK_IPS.has(asked.hostname)) return false;
  return client.redirectUris.some((registered) => {
    if (!URL.canParse(registered)) return false;
    const url = new URL(registered);
    if (url.protocol !== 'http:' || !LOOPBACK_IPS.has(url.hostname)) return false;
    url.port = asked.port;
    return url.href === asked.href && uri === asked.href;
  });
}

/** Client credentials as a request carries them. */
export interface ClientCredentials {
  /** The `Authorization` header, for `client_secret_basic`. */
  authorization: string | undefined;
  /** `client_id` from the body. */
  clientId: string | undefined;
  /** `client_secret` from the body, for `client_secret_post`. */
  clientSecret: string | undefined;
}

const BASIC_CHALLENGE = { 'www-authenticate': 'Basic realm="oauth", charset="UTF-8"' };

/** Decodes `Basic base64(urlencode(id):urlencode(secret))` (RFC 6749 2.3.1). */
function parseBasic(authorization: string): { clientId: string; clientSecret: string } {
  const malformed = () =>
    new OAuthError('invalid_client', 'the Authorization header must be Basic base64(client_id:client_secret)', BASIC_CHALLENGE);
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization);
  if (!match) throw malformed();
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 1) throw malformed();
  try {
    return {
      clientId: decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' ')),
      clientSecret: decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' ')),
    };
  } catch {
    throw malformed();
  }
}

/**
 * Authenticates a client at the token or revocation endpoint by the method it registered: `none`
 * sends only `client_id`; `client_secret_post` sends `client_id` and `client_secret` in the body;
 * `client_secret_basic` sends them in the `Authorization` header. Any mismatch → 401
 * `invalid_client` (with a Basic challenge when Basic was tried).
 */
export function authenticateClient(ctx: NodeContext, credentials: ClientCredentials): OAuthClient {
  const basicTried = credentials.authorization !== undefined && /^Basic\s/i.test(credentials.authorization);
  const basic = basicTried ? parseBasic(credentials.authorization!) : undefined;
  const bodySecret = credentials.clientSecret === '' ? undefined : credentials.clientSecret;
  const refuse = (description: string) => new OAuthError('invalid_client', description, basicTried ? BASIC_CHALLENGE : {});
  if (basic && bodySecret !== undefined) {
    throw new OAuthError('invalid_request', 'send the client secret either in the Authorization header or in the body, not both');
  }
  if (basic && credentials.clientId !== undefined && credentials.clientId !== basic.clientId) {
    throw new OAuthError('invalid_request', 'client_id in the body differs from the one in the Authorization header');
  }
  const clientId = basic?.clientId ?? credentials.clientId;
  if (!clientId) throw refuse('client authentication is missing: send client_id');
  const client = findClient(ctx, clientId);
  if (!client) throw refuse('client_id is not a registered client');

  const presented = basic?.clientSecret ?? bodySecret;
  const usedMethod: ClientAuthMethod = basic ? 'client_secret_basic' : bodySecret !== undefined ? 'client_secret_post' : 'none';
  if (usedMethod !== client.authMethod) {
    throw refuse(`this client registered token_endpoint_auth_method ${client.authMethod}; authenticate that way`);
  }
  if (presented !== undefined && !(client.secretHash && secretMatches(presented, client.secretHash))) {
    throw refuse('client secret is not valid');
  }
  return client;
}
