import { toCredits, toMillicredits } from '../../accounts/credits.js';
import { ServiceError } from '../../errors/service-error.js';
import type { NodeContext } from '../../node-context.js';
import { newId, nowIso } from '../../store/ids.js';
import { CREDIT_RATES } from '../create/estimate-credits.js';
import { enhancePromptEmbedded } from '../providers/embedded/embedded-enhancer.js';

/**
 * The `enhance_prompt` tool: rewrites a prompt as a production brief, at the credits table's
 * enhance_prompt rate (the same part a job with `enhance_prompt: true` pays). The charge and the
 * answer come together: a balance short of the rate is 402 and charges nothing.
 */
export function enhancePrompt(ctx: NodeContext, accountId: string, prompt: string): { prompt: string; enhanced_prompt: string; credits_cost: number } {
  const cost = toMillicredits(CREDIT_RATES.enhancePrompt);
  const enhanced = enhancePromptEmbedded(prompt);
  ctx.db.transaction(() => {
    const balance = ctx.ledger.balanceMillicredits(accountId);
    if (balance < cost) {
      throw new ServiceError('insufficient_credits', `enhancing a prompt costs ${toCredits(cost)} credits; the balance is ${toCredits(balance)}`);
    }
    ctx.ledger.append({ account_id: accountId, millicredits: -cost, kind: 'charge', reason: 'enhance_prompt', reference: newId('enh'), created_at: nowIso() });
  })();
  return { prompt, enhanced_prompt: enhanced, credits_cost: toCredits(cost) };
}
