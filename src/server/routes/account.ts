import { z } from 'zod';
import { summarizeAccount } from '../../accounts/accounts.js';
import type { NodeContext } from '../../node-context.js';
import { principalOf } from '../plugins/auth.js';
import { defineRoute } from '../route-definition.js';

/** `GET /v1/account` (extension): who the key belongs to, balance and renders left. */
export function accountRoutes(ctx: NodeContext) {
  return [
    defineRoute({
      method: 'GET',
      url: '/v1/account',
      operationId: 'getAccount',
      summary: 'The calling account: plan, credit balance and renders left this month (extension)',
      tags: ['account'],
      response: {
        status: 200,
        description: 'The account',
        schema: z.object({
          id: z.string(),
          name: z.string(),
          plan: z.string(),
          balance: z.number(),
          monthly_renders: z.number(),
          renders_used: z.number(),
          renders_remaining: z.number(),
          key_id: z.string(),
        }),
      },
      handler: async (request) => {
        const { account, key } = principalOf(request);
        const summary = summarizeAccount(ctx, account.id);
        return {
          id: summary.id,
          name: summary.name,
          plan: summary.plan,
          balance: summary.balance,
          monthly_renders: summary.monthly_renders,
          renders_used: summary.renders_used,
          renders_remaining: summary.renders_remaining,
          key_id: key.id,
        };
      },
    }),
  ];
}
