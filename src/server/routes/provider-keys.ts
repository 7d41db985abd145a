import { z } from 'zod';
import { ACCOUNT_KEY_PROVIDERS, listProviderKeys, removeProviderKey, setProviderKey } from '../../accounts/provider-keys.js';
import type { NodeContext } from '../../node-context.js';
import { principalOf } from '../plugins/auth.js';
import { defineRoute } from '../route-definition.js';

const providerKeySummary = z.object({
  provider: z.string().describe(`One of ${ACCOUNT_KEY_PROVIDERS.join(', ')}`),
  hint: z.string().describe('The key\'s last 4 characters, e.g. "…abcd"; the key itself is never shown again'),
  created_at: z.string(),
  covers: z
    .array(z.object({ model: z.string(), parts: z.array(z.string()) }))
    .describe('The credit parts (language_model, enhance_prompt) the key covers on this node, by model tier; they cost 0'),
  note: z.string().optional().describe('Why the key covers nothing on this node, when it does not'),
});

/** Body of `PUT /v1/account/provider-keys/{provider}`. */
export const putProviderKeyBody = z.strictObject({
  api_key: z.string().describe('The provider API key: 8 to 512 characters, no whitespace. Stored sealed; never shown again'),
});

const providerParams = z.strictObject({
  provider: z.string().min(1).max(100).describe(`${ACCOUNT_KEY_PROVIDERS.join(', ')}`),
});

/**
 * The calling account's own provider keys (extension, spec point 6): parts of its jobs those keys
 * cover cost no credits. Keys are sealed at rest and shown only by their last 4 characters.
 */
export function providerKeyRoutes(ctx: NodeContext) {
  return [
    defineRoute({
      method: 'GET',
      url: '/v1/account/provider-keys',
      operationId: 'listProviderKeys',
      summary: 'The calling account\'s own provider keys, by their last 4 characters, with the credit parts each covers on this node (extension)',
      tags: ['account'],
      response: { status: 200, description: 'The keys (never the keys themselves)', schema: z.object({ provider_keys: z.array(providerKeySummary) }) },
      handler: async (request) => ({ provider_keys: listProviderKeys(ctx, principalOf(request).account.id) }),
    }),
    defineRoute({
      method: 'PUT',
      url: '/v1/account/provider-keys/:provider',
      operationId: 'putProviderKey',
      summary: `Store (or replace) the calling account's own key for a hosted provider (${ACCOUNT_KEY_PROVIDERS.join(', ')}); jobs whose language-model or narration parts it covers call that provider with it and pay no credits for those parts (extension)`,
      tags: ['account'],
      params: providerParams,
      body: putProviderKeyBody,
      response: { status: 200, description: 'The stored key, by its last 4 characters', schema: providerKeySummary },
      handler: async (request) => setProviderKey(ctx, principalOf(request).account.id, request.params.provider, request.body.api_key),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/v1/account/provider-keys/:provider',
      operationId: 'deleteProviderKey',
      summary: 'Remove the calling account\'s key for a provider; queued jobs priced to use it fail with model_unavailable (extension)',
      tags: ['account'],
      params: providerParams,
      response: { status: 204, description: 'Removed' },
      handler: async (request, reply) => {
        removeProviderKey(ctx, principalOf(request).account.id, request.params.provider);
        return reply.code(204).send();
      },
    }),
  ];
}
