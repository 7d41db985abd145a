import type { NodeContext } from '../node-context.js';
import { createAccount, type AccountSummary } from './accounts.js';
import { createApiKey, type CreatedApiKey } from './api-keys.js';

/** Email of the account `serve` makes on an empty data dir. */
export const OWNER_EMAIL = 'owner@localhost';

/**
 * On a data dir with no accounts, makes the owner account (plan ultimate, starting credits from the
 * config) and its first API key. Returns them so `serve` can print the key and secret once;
 * undefined when the node already has accounts.
 */
export async function ensureOwnerAccount(
  ctx: NodeContext,
): Promise<{ account: AccountSummary; key: CreatedApiKey } | undefined> {
  if (ctx.accounts.count() > 0) return undefined;
  const account = await createAccount(ctx, {
    name: 'Owner',
    email: OWNER_EMAIL,
    plan: 'ultimate',
    credits: ctx.config.ownerCredits,
    isOwner: true,
  });
  const key = createApiKey(ctx, { accountId: account.id, name: 'owner' });
  return { account, key };
}
