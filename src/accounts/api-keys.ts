import { invalidRequest, notFound, ServiceError } from '../errors/service-error.js';
import type { NodeContext } from '../node-context.js';
import { seal, unseal } from '../security/node-secret.js';
import { webhookUrlProblem } from '../security/url-policy.js';
import type { AccountRow } from '../store/accounts-store.js';
import type { ApiKeyRow } from '../store/api-keys-store.js';
import { newId, nowIso } from '../store/ids.js';
import { requireAccount } from './accounts.js';
import {
  API_KEY_PATTERN,
  apiKeyPrefix,
  generateApiKey,
  generateWebhookSecret,
  hashApiKey,
} from './api-key-tokens.js';
import { planHasApiAccess } from './plans.js';

/** A key as listed: never the key itself. */
export interface ApiKeySummary {
  id: string;
  account_id: string;
  name: string;
  prefix: string;
  webhook_url: string | null;
  created_at: string;
  revoked_at: string | null;
}

/** The answer of key creation: the only time the key and its webhook secret are shown. */
export interface CreatedApiKey extends ApiKeySummary {
  key: string;
  webhook_secret: string;
}

function summarize(row: ApiKeyRow): ApiKeySummary {
  return {
    id: row.id,
    account_id: row.account_id,
    name: row.name,
    prefix: row.key_prefix,
    webhook_url: row.webhook_url,
    created_at: row.created_at,
    revoked_at: row.revoked_at,
  };
}

/** Makes a key (and its webhook signing secret) for an account; stores only the key's hash. */
export function createApiKey(
  ctx: NodeContext,
  input: { accountId: string; name?: string; webhookUrl?: string },
): CreatedApiKey {
  requireAccount(ctx, input.accountId);
  const name = (input.name ?? '').trim();
  if (name.length > 100) throw invalidRequest('key name must be at most 100 characters');
  if (input.webhookUrl !== undefined) {
    const problem = webhookUrlProblem(input.webhookUrl, ctx.config.allowPrivateUrls);
    if (problem) throw invalidRequest(`webhook_url ${problem}: ${input.webhookUrl}`);
  }
  const key = generateApiKey();
  const webhookSecret = generateWebhookSecret();
  const row: ApiKeyRow = {
    id: newId('key'),
    account_id: input.accountId,
    name,
    key_hash: hashApiKey(key),
    key_prefix: apiKeyPrefix(key),
    webhook_url: input.webhookUrl ?? null,
    webhook_secret_sealed: seal(ctx.keys.webhookSecrets, webhookSecret),
    created_at: nowIso(),
    revoked_at: null,
  };
  ctx.apiKeys.insert(row);
  return { ...summarize(row), key, webhook_secret: webhookSecret };
}

/** An account's keys, revoked ones included. */
export function listApiKeys(ctx: NodeContext, accountId: string): ApiKeySummary[] {
  requireAccount(ctx, accountId);
  return ctx.apiKeys.listForAccount(accountId).map(summarize);
}

/**
 * Revokes a key; it is refused from the next request on. With `accountId`, a key of another
 * account answers `not_found` like a missing one.
 */
export function revokeApiKey(ctx: NodeContext, keyId: string, accountId?: string): ApiKeySummary {
  const row = ctx.apiKeys.get(keyId);
  if (!row || (accountId !== undefined && row.account_id !== accountId)) throw notFound(`API key ${keyId}`);
  if (row.revoked_at) throw new ServiceError('conflict', `API key ${keyId} was already revoked at ${row.revoked_at}`);
  ctx.apiKeys.revoke(keyId, nowIso());
  return summarize(ctx.apiKeys.get(keyId)!);
}

/** The webhook signing secret of a key, unsealed for signing a delivery. */
export function webhookSecretOf(ctx: NodeContext, key: ApiKeyRow): string {
  return unseal(ctx.keys.webhookSecrets, key.webhook_secret_sealed);
}

/** Who a request acts for. */
export interface Principal {
  account: AccountRow;
  key: ApiKeyRow;
}

/** The token of an `Authorization: Bearer <token>` header, or 401 `unauthorized`. */
export function bearerToken(authorization: string | undefined): string {
  if (!authorization) {
    throw new ServiceError('unauthorized', 'missing Authorization header; send "Authorization: Bearer <API key>"');
  }
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (!match?.[1]) throw new ServiceError('unauthorized', 'Authorization header must be "Bearer <API key>"');
  return match[1];
}

/** Whether a bearer token has the shape of an API key (`mvk_...`) rather than an OAuth token. */
export function looksLikeApiKey(token: string): boolean {
  return token.startsWith('mvk_');
}

/**
 * Resolves an `Authorization` header value to the key and account it belongs to.
 * Missing, malformed, unknown or revoked → 401 `unauthorized`; a plan without REST access → 403.
 */
export function authenticateApiKey(ctx: NodeContext, authorization: string | undefined): Principal {
  const principal = findApiKey(ctx, bearerToken(authorization));
  if (!planHasApiAccess(principal.account.plan)) {
    throw new ServiceError(
      'forbidden',
      `plan ${principal.account.plan} does not include API access; the REST API needs creator, ultimate or appsumo_tier_5 and above`,
    );
  }
  return principal;
}

/** The key and account of an API key, whatever the plan; malformed, unknown or revoked → 401. */
export function findApiKey(ctx: NodeContext, token: string): Principal {
  if (!API_KEY_PATTERN.test(token)) throw new ServiceError('unauthorized', 'API key is malformed; keys look like mvk_ followed by 43 characters');
  const key = ctx.apiKeys.findByHash(hashApiKey(token));
  if (!key) throw new ServiceError('unauthorized', 'API key is not valid');
  if (key.revoked_at) throw new ServiceError('unauthorized', 'API key has been revoked');
  const account = ctx.accounts.get(key.account_id);
  if (!account) throw new ServiceError('unauthorized', 'API key is not valid');
  return { account, key };
}
