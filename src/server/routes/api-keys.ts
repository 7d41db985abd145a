import { z } from 'zod';
import { createApiKey, listApiKeys, revokeApiKey } from '../../accounts/api-keys.js';
import type { NodeContext } from '../../node-context.js';
import { principalOf } from '../plugins/auth.js';
import { defineRoute } from '../route-definition.js';

const keySummary = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  webhook_url: z.string().nullable(),
  created_at: z.string(),
  revoked_at: z.string().nullable(),
});

/** Body of `POST /v1/api-keys`. */
export const createApiKeyBody = z.strictObject({
  name: z.string().trim().min(1).max(100).meta({ examples: ['ci'] }).optional().describe('A label to tell keys apart'),
  webhook_url: z.string().max(2000).meta({ examples: ['https://example.com/hooks/video'] }).optional().describe('Default webhook URL for jobs created with this key (https)'),
});

const keyIdParams = z.strictObject({ id: z.string().min(1).max(100) });

function withoutAccount<T extends { account_id: string }>(summary: T): Omit<T, 'account_id'> {
  const { account_id: _account, ...rest } = summary;
  return rest;
}

/**
 * Key management for the calling account (extension; the spec leaves it to a dashboard): rotate a
 * key from a pipeline without shell access to the node.
 */
export function apiKeyRoutes(ctx: NodeContext) {
  return [
    defineRoute({
      method: 'POST',
      url: '/v1/api-keys',
      operationId: 'createApiKey',
      summary: 'Create an API key for the calling account; the key and its webhook secret are shown only in this answer (extension)',
      tags: ['account'],
      body: createApiKeyBody,
      response: {
        status: 201,
        description: 'The new key, with `key` and `webhook_secret` shown once',
        schema: keySummary.extend({ key: z.string(), webhook_secret: z.string() }),
      },
      handler: async (request) =>
        withoutAccount(
          createApiKey(ctx, {
            accountId: principalOf(request).account.id,
            name: request.body.name,
            webhookUrl: request.body.webhook_url,
          }),
        ),
    }),
    defineRoute({
      method: 'GET',
      url: '/v1/api-keys',
      operationId: 'listApiKeys',
      summary: 'The calling account\'s keys, revoked ones included; never the keys themselves (extension)',
      tags: ['account'],
      response: { status: 200, description: 'The keys', schema: z.object({ api_keys: z.array(keySummary) }) },
      handler: async (request) => ({
        api_keys: listApiKeys(ctx, principalOf(request).account.id).map(withoutAccount),
      }),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/v1/api-keys/:id',
      operationId: 'revokeApiKey',
      summary: 'Revoke one of the calling account\'s keys; refused from the next request on (extension)',
      tags: ['account'],
      params: keyIdParams,
      response: { status: 200, description: 'The revoked key', schema: keySummary },
      handler: async (request) =>
        withoutAccount(revokeApiKey(ctx, request.params.id, principalOf(request).account.id)),
    }),
  ];
}
