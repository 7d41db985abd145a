import { listBrandKits } from '../../catalog/brand-kits.js';
import { listModels } from '../../catalog/models.js';
import { listAnimationStyles } from '../../catalog/style-packs.js';
import { listVoices } from '../../catalog/voices.js';
import type { NodeContext } from '../../node-context.js';
import { principalOf } from '../plugins/auth.js';
import { defineRoute } from '../route-definition.js';
import { animationStylesResponse, brandKitsResponse, modelsResponse, voicesResponse } from '../schemas/catalog-schemas.js';

/** The read-only catalogs: models, animation styles, voices, brand kits. */
export function catalogRoutes(ctx: NodeContext) {
  return [
    defineRoute({
      method: 'GET',
      url: '/v1/models',
      operationId: 'listModels',
      summary: 'Generation models and what each supports',
      tags: ['catalogs'],
      response: { status: 200, description: 'The model catalog', schema: modelsResponse },
      handler: async () => listModels(ctx.config),
    }),
    defineRoute({
      method: 'GET',
      url: '/v1/animation-styles',
      operationId: 'listAnimationStyles',
      summary: 'Style packs accepted as animation_style',
      tags: ['catalogs'],
      response: {
        status: 200,
        description: 'The style pack catalog',
        schema: animationStylesResponse,
      },
      handler: async () => listAnimationStyles(),
    }),
    defineRoute({
      method: 'GET',
      url: '/v1/voices',
      operationId: 'listVoices',
      summary: 'Narration voices of the node\'s speech engines',
      tags: ['catalogs'],
      response: { status: 200, description: 'The voice catalog', schema: voicesResponse },
      handler: async () => listVoices(ctx.config),
    }),
    defineRoute({
      method: 'GET',
      url: '/v1/brand-kits',
      operationId: 'listBrandKits',
      summary: 'The account\'s saved brand kits (managed with `service brand-kits`)',
      tags: ['catalogs'],
      response: {
        status: 200,
        description: 'The account\'s brand kits',
        schema: brandKitsResponse,
      },
      handler: async (request) => listBrandKits(ctx, principalOf(request).account.id),
    }),
  ];
}
