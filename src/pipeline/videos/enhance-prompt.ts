import { toCredits, toMillicredits } from '../../accounts/credits.js';
import { ServiceError } from '../../errors/service-error.js';
import type { NodeContext } from '../../node-context.js';
import { newId, nowIso } from '../../store/ids.js';
import { CREDIT_RATES } from '../create/estimate-credits.js';
import { enhanceNeedsModelError } from '../create/enhance-needs-model.js';
import { LanguageModelError } from '../providers/llm/language-model.js';
import type { PromptEnhancer } from '../stages/pipeline-providers.js';

/**
 * The `enhance_prompt` tool: rewrites a prompt as a production brief with the node's language
 * model (`enhancer`), at the credits table's enhance_prompt rate (the same part a job with
 * `enhance_prompt: true` pays). Without an enhancer (a node with no language model) it is a 400
 * that says how to get one. The balance is checked before and the charge made after the rewrite,
 * in one transaction with a second check: a balance short of the rate is 402, and a model that
 * fails is 503; none of these charges anything.
 */
export async function enhancePrompt(
  ctx: NodeContext,
  accountId: string,
  prompt: string,
  enhancer: PromptEnhancer | undefined,
): Promise<{ prompt: string; enhanced_prompt: string; credits_cost: number }> {
  if (!enhancer) throw enhanceNeedsModelError('tool');
  const cost = toMillicredits(CREDIT_RATES.enhancePrompt);
  const requireBalance = () => {
    const balance = ctx.ledger.balanceMillicredits(accountId);
    if (balance < cost) {
      throw new ServiceError('insufficient_credits', `enhancing a prompt costs ${toCredits(cost)} credits; the balance is ${toCredits(balance)}`);
    }
  };
  requireBalance();
  let enhanced: string;
  try {
    enhanced = await enhancer.enhance(prompt);
  } catch (error) {
    if (error instanceof LanguageModelError) throw new ServiceError('service_unavailable', `the language model could not enhance the prompt: ${error.message}`);
    throw error;
  }
  ctx.db.transaction(() => {
    requireBalance();
    ctx.ledger.append({ account_id: accountId, millicredits: -cost, kind: 'charge', reason: 'enhance_prompt', reference: newId('enh'), created_at: nowIso() });
  })();
  return { prompt, enhanced_prompt: enhanced, credits_cost: toCredits(cost) };
}
