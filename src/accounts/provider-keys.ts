import { plannerModelFor } from '../catalog/model-backing.js';
import { findModel, MODELS, type ModelId } from '../catalog/models.js';
import type { ServiceConfig } from '../config/resolve-config.js';
import { invalidRequest, ServiceError } from '../errors/service-error.js';
import type { NodeContext } from '../node-context.js';
import type { LanguageModelPricing } from '../pipeline/create/estimate-credits.js';
import { describeLanguageModel } from '../pipeline/providers/llm/model-config.js';
import { seal, unseal } from '../security/node-secret.js';
import { nowIso } from '../store/ids.js';
import { requireAccount } from './accounts.js';

/** The hosted language-model providers an account may store its own key for. */
export const ACCOUNT_KEY_PROVIDERS = ['openai', 'anthropic', 'google', 'elevenlabs'] as const;
/** One of {@link ACCOUNT_KEY_PROVIDERS}. */
export type AccountKeyProvider = (typeof ACCOUNT_KEY_PROVIDERS)[number];

/** The credit parts a key covers on one model tier. */
export interface KeyCover {
  model: ModelId;
  parts: string[];
}

/** A stored key as shown: never the key, only its last 4 characters. */
export interface ProviderKeySummary {
  provider: AccountKeyProvider;
  /** `…abcd`: the key's last 4 characters. */
  hint: string;
  created_at: string;
  /** What the key covers on this node, by model tier. */
  covers: KeyCover[];
  /** Why `covers` is empty, when it is. */
  note?: string;
}

interface ProviderKeyRow {
  account_id: string;
  provider: AccountKeyProvider;
  sealed_key: string;
  hint: string;
  created_at: string;
}

/** Checks a provider name: only hosted providers take an account key; 400 otherwise. */
export function parseKeyProvider(name: string): AccountKeyProvider {
  if ((ACCOUNT_KEY_PROVIDERS as readonly string[]).includes(name)) return name as AccountKeyProvider;
  if (name === 'openai-compatible' || name === 'local') {
    throw invalidRequest(
      `provider: ${name} models are the operator's own ${name === 'local' ? 'model files' : 'servers'}; no account key applies to them. Use one of ${ACCOUNT_KEY_PROVIDERS.join(', ')}`,
    );
  }
  throw invalidRequest(`provider: unknown provider "${name}"; accounts can store keys for ${ACCOUNT_KEY_PROVIDERS.join(', ')}`);
}

/** Checks a key's shape: 8–512 characters, no whitespace. Never echoes the key. */
export function checkProviderApiKey(apiKey: string): void {
  if (apiKey.length === 0) throw invalidRequest('api_key: must not be empty');
  if (/\s/.test(apiKey)) throw invalidRequest('api_key: must not contain whitespace (spaces, tabs or line breaks)');
  if (apiKey.length < 8 || apiKey.length > 512) throw invalidRequest(`api_key: must be 8 to 512 characters, got ${apiKey.length}`);
}

/**
 * The credit parts a provider's key covers on this node, by tier: `language_model` on tiers whose
 * jobs a model of that provider plans (multi-scene tiers; single-scene ones are priced flat),
 * `enhance_prompt` on every tier when the node's own model (the enhancer) is of that provider, and
 * `narration` on multi-scene tiers when the node's speech model (`--speech`) is of that provider.
 */
export function keyCovers(config: Pick<ServiceConfig, 'languageModel' | 'premiumLanguageModel' | 'speech'>, provider: string): { covers: KeyCover[]; note?: string } {
  const covers = MODELS.flatMap((spec): KeyCover[] => {
    const parts = Object.entries(languageModelPricing(config, spec.id, new Set([provider])).covered ?? {})
      .filter(([, by]) => by === provider)
      .map(([part]) => part);
    return parts.length > 0 ? [{ model: spec.id, parts }] : [];
  });
  if (covers.length > 0) return { covers };
  const models = [config.languageModel, config.premiumLanguageModel].flatMap((setting) => (setting ? [describeLanguageModel(setting)] : []));
  const speech = config.speech ? ` and its speech model is ${config.speech.provider}:${config.speech.model}` : '';
  const node = models.length > 0 ? `this node's language models are ${[...new Set(models)].join(', ')}${speech}` : `this node has no language model${speech}`;
  return { covers, note: `${node}; ${/^[aeiou]/.test(provider) ? 'an' : 'a'} ${provider} key covers nothing here` };
}

/**
 * How a job of `model` prices its language-model parts on this node for an account holding keys
 * for `ownKeys`: the provider planning the tier (multi-scene tiers only), the node's enhancer's
 * provider, and which parts the account's keys cover.
 */
export function languageModelPricing(
  config: Pick<ServiceConfig, 'languageModel' | 'premiumLanguageModel' | 'speech'>,
  model: ModelId,
  ownKeys: ReadonlySet<string>,
): LanguageModelPricing {
  const spec = findModel(model);
  const planner = spec?.multiScene ? plannerModelFor(spec, config)?.provider : undefined;
  const enhancer = config.languageModel?.provider;
  const covered: Record<string, string> = {};
  if (planner && ownKeys.has(planner)) covered.language_model = planner;
  if (enhancer && ownKeys.has(enhancer)) covered.enhance_prompt = enhancer;
  // The narration of a multi-scene tier, when the node's speech model is a hosted provider the account has a key for.
  const speech = config.speech?.provider;
  if (spec?.multiScene && speech && speech !== 'openai-compatible' && ownKeys.has(speech)) covered.narration = speech;
  return { ...(planner ? { planner } : {}), covered };
}

function summarize(config: ServiceConfig, row: ProviderKeyRow): ProviderKeySummary {
  return { provider: row.provider, hint: row.hint, created_at: row.created_at, ...keyCovers(config, row.provider) };
}

/** Stores (or replaces) an account's key for a provider, sealed with the node secret; answers its summary. */
export function setProviderKey(ctx: NodeContext, accountId: string, providerName: string, apiKey: string): ProviderKeySummary {
  const provider = parseKeyProvider(providerName);
  checkProviderApiKey(apiKey);
  requireAccount(ctx, accountId);
  const row: ProviderKeyRow = {
    account_id: accountId,
    provider,
    sealed_key: seal(ctx.keys.providerKeys, apiKey),
    hint: `…${apiKey.slice(-4)}`,
    created_at: nowIso(),
  };
  ctx.db
    .prepare(
      `INSERT INTO account_provider_keys (account_id, provider, sealed_key, hint, created_at)
       VALUES (@account_id, @provider, @sealed_key, @hint, @created_at)
       ON CONFLICT (account_id, provider) DO UPDATE SET sealed_key = excluded.sealed_key, hint = excluded.hint, created_at = excluded.created_at`,
    )
    .run(row);
  return summarize(ctx.config, row);
}

function rows(ctx: NodeContext, accountId: string): ProviderKeyRow[] {
  return ctx.db.prepare('SELECT * FROM account_provider_keys WHERE account_id = ? ORDER BY provider').all(accountId) as ProviderKeyRow[];
}

/** An account's stored keys, as summaries (never the keys). */
export function listProviderKeys(ctx: NodeContext, accountId: string): ProviderKeySummary[] {
  requireAccount(ctx, accountId);
  return rows(ctx, accountId).map((row) => summarize(ctx.config, row));
}

/** Removes an account's key for a provider; `not_found` when it has none. */
export function removeProviderKey(ctx: NodeContext, accountId: string, providerName: string): void {
  const provider = parseKeyProvider(providerName);
  requireAccount(ctx, accountId);
  const removed = ctx.db.prepare('DELETE FROM account_provider_keys WHERE account_id = ? AND provider = ?').run(accountId, provider).changes;
  if (removed === 0) throw new ServiceError('not_found', `account ${accountId} has no ${provider} key`);
}

/** The providers an account holds a key for. */
export function accountKeyProviders(ctx: NodeContext, accountId: string): Set<string> {
  return new Set(rows(ctx, accountId).map((row) => row.provider));
}

/** An account's key for a provider, unsealed, for a call to that provider; undefined when it has none. */
export function accountProviderKey(ctx: NodeContext, accountId: string, provider: string): string | undefined {
  const row = ctx.db
    .prepare('SELECT sealed_key FROM account_provider_keys WHERE account_id = ? AND provider = ?')
    .get(accountId, provider) as { sealed_key: string } | undefined;
  return row ? unseal(ctx.keys.providerKeys, row.sealed_key) : undefined;
}
