import { z } from 'zod';
import { listLedger } from '../../accounts/account-ledger.js';
import { summarizeAccount } from '../../accounts/accounts.js';
import type { NodeContext } from '../../node-context.js';
import { listConnections, revokeConnection } from '../../oauth/connections.js';
import { principalOf } from '../plugins/auth.js';
import { defineRoute } from '../route-definition.js';
import { connectionIdParams, connectionsResponse, ledgerQuery, ledgerResponse } from '../schemas/account-schemas.js';

/**
 * `GET /v1/account` (extension): who the caller is, balance and renders left; and the account's
 * ledger and OAuth connections (extensions the web app's account page uses).
 */
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
          key_id: z.string().nullable().describe('The API key of the request; null when the web app\'s session made it'),
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
          key_id: key?.id ?? null,
        };
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/v1/account/ledger',
      operationId: 'listLedger',
      summary: 'The calling account\'s credit ledger, newest first: grants, charges, refunds and adjustments (extension)',
      tags: ['account'],
      querystring: ledgerQuery,
      response: { status: 200, description: 'A page of entries', schema: ledgerResponse },
      handler: async (request) => listLedger(ctx, principalOf(request).account.id, request.query),
    }),
    defineRoute({
      method: 'GET',
      url: '/v1/account/connections',
      operationId: 'listConnections',
      summary: 'The OAuth apps (MCP clients) connected to the calling account and not revoked, newest first (extension)',
      tags: ['account'],
      response: { status: 200, description: 'The connections', schema: connectionsResponse },
      handler: async (request) => ({
        connections: listConnections(ctx, principalOf(request).account.id)
          .filter((connection) => connection.revoked_at === null)
          .map((connection) => ({
            id: connection.id,
            client_name: connection.client_name,
            scopes: connection.scopes,
            created_at: connection.created_at,
            ...(connection.last_used_at ? { last_used_at: connection.last_used_at } : {}),
          })),
      }),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/v1/account/connections/:id',
      operationId: 'revokeConnection',
      summary: 'Revoke an OAuth connection of the calling account and every token issued under it; its app is refused from its next request (extension)',
      tags: ['account'],
      params: connectionIdParams,
      response: { status: 204, description: 'Revoked' },
      handler: async (request, reply) => {
        revokeConnection(ctx, request.params.id, principalOf(request).account.id);
        return reply.code(204).send();
      },
    }),
  ];
}
