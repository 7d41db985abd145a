import { bearerToken, findApiKey, looksLikeApiKey } from '../../accounts/api-keys.js';
import { planHasMcpAccess } from '../../accounts/plans.js';
import { ServiceError } from '../../errors/service-error.js';
import type { NodeContext } from '../../node-context.js';
import { authenticateAccessToken, OAuthBearerError } from '../../oauth/access-tokens.js';
import { OAUTH_SCOPES, type OAuthScope } from '../../oauth/oauth-urls.js';
import type { AccountRow } from '../../store/accounts-store.js';
import type { ApiKeyRow } from '../../store/api-keys-store.js';

/** Who an MCP session acts for, and with what rights. */
export interface McpPrincipal {
  account: AccountRow;
  /** The API key, when one was used; its secret signs webhooks. */
  key: ApiKeyRow | null;
  /** `api_key` or `oauth` on `/mcp`; `stdio` for `service mcp --stdio`. */
  auth: 'api_key' | 'oauth' | 'stdio';
  /** `write` includes `read`; API keys and stdio hold both. */
  scopes: OAuthScope[];
  /** What rate limits count against: the API key, the OAuth connection, or the local account. */
  limitSubject: string;
}

/** A refusal before any JSON-RPC: 401 with the RFC 6750 error, or 403 for a plan without MCP. */
export class McpAuthError extends ServiceError {
  constructor(
    code: 'unauthorized' | 'forbidden',
    message: string,
    /** `invalid_token` when a credential was sent and refused; absent when none was sent. */
    readonly bearerError?: 'invalid_token',
  ) {
    super(code, message);
  }
}

function requireMcpPlan(account: AccountRow): void {
  if (!planHasMcpAccess(account.plan)) {
    throw new McpAuthError('forbidden', `plan ${account.plan} does not include MCP access; MCP needs any plan but free`);
  }
}

/**
 * Resolves the bearer credential of an `/mcp` request: an API key (`mvk_...`, any plan but free,
 * both scopes) or an OAuth access token issued for `resource` (the node's `/mcp` URL).
 */
export function authenticateMcp(ctx: NodeContext, authorization: string | undefined, resource: string): McpPrincipal {
  if (!authorization) throw new McpAuthError('unauthorized', 'missing Authorization header; send an API key or an OAuth access token as "Authorization: Bearer <token>"');
  let token: string;
  try {
    token = bearerToken(authorization);
  } catch (error) {
    throw new McpAuthError('unauthorized', (error as Error).message, 'invalid_token');
  }
  if (looksLikeApiKey(token)) {
    let found: ReturnType<typeof findApiKey>;
    try {
      found = findApiKey(ctx, token);
    } catch (error) {
      throw new McpAuthError('unauthorized', (error as Error).message, 'invalid_token');
    }
    requireMcpPlan(found.account);
    return { account: found.account, key: found.key, auth: 'api_key', scopes: [...OAUTH_SCOPES], limitSubject: found.key.id };
  }
  try {
    const oauth = authenticateAccessToken(ctx, token, resource);
    requireMcpPlan(oauth.account);
    return { account: oauth.account, key: null, auth: 'oauth', scopes: oauth.scopes, limitSubject: oauth.connectionId };
  } catch (error) {
    if (error instanceof OAuthBearerError) throw new McpAuthError('unauthorized', error.message, 'invalid_token');
    throw error;
  }
}

/** The principal of `service mcp --stdio --account ID`: the local operator acting as the account. */
export function localMcpPrincipal(ctx: NodeContext, accountId: string): McpPrincipal {
  const account = ctx.accounts.get(accountId);
  if (!account) throw new ServiceError('not_found', `account ${accountId} not found; see service accounts list`);
  requireMcpPlan(account);
  return { account, key: null, auth: 'stdio', scopes: [...OAUTH_SCOPES], limitSubject: `local:${account.id}` };
}
