import { z } from 'zod';
import { listBrandKits } from '../../catalog/brand-kits.js';
import { listModels } from '../../catalog/models.js';
import { listAnimationStyles } from '../../catalog/style-packs.js';
import { listVoices } from '../../catalog/voices.js';
import type { NodeContext } from '../../node-context.js';
import { principalOf } from '../plugins/auth.js';
import { defineRoute } from '../route-definition.js';

const hex = z.string().regex(/^#[0-9A-Fa-f]{6}$/);

const modelItem = z.object({
  id: z.string(),
  label: z.string(),
  description: z.string(),
  multi_scene: z.boolean(),
  supports: z.object({ narration: z.boolean(), music: z.boolean(), sfx: z.boolean(), ai_video: z.boolean() }),
  duration_options: z.array(z.number()),
  max_duration_seconds: z.number(),
  min_credits_to_start: z.number().optional(),
  flat_credit_estimate: z.number().optional(),
  min_plan: z.string().optional(),
  default: z.boolean(),
});

const voiceItem = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  gender: z.string(),
  accent: z.string(),
  age: z.string(),
  use_case: z.string(),
  languages: z.array(z.string()),
});

const brandKitItem = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  website_url: z.string(),
  colors: z.object({ primary: hex, secondary: hex, accent: hex }),
  fonts: z.object({ heading: z.string(), body: z.string() }),
  has_logo: z.boolean(),
});

const styleItem = z.object({
  id: z.string(),
  name: z.string(),
  vibe: z.string(),
  palette: z.array(z.object({ label: z.string(), hex })),
});

/** The read-only catalogs: models, animation styles, voices, brand kits. */
export function catalogRoutes(ctx: NodeContext) {
  return [
    defineRoute({
      method: 'GET',
      url: '/v1/models',
      operationId: 'listModels',
      summary: 'Generation models and what each supports',
      tags: ['catalogs'],
      response: { status: 200, description: 'The model catalog', schema: z.object({ models: z.array(modelItem) }) },
      handler: async () => listModels(),
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
        schema: z.object({ default_style: z.string(), no_style: z.string(), styles: z.array(styleItem) }),
      },
      handler: async () => listAnimationStyles(),
    }),
    defineRoute({
      method: 'GET',
      url: '/v1/voices',
      operationId: 'listVoices',
      summary: 'Narration voices of the node\'s speech engines',
      tags: ['catalogs'],
      response: { status: 200, description: 'The voice catalog', schema: z.object({ voices: z.array(voiceItem) }) },
      handler: async () => listVoices(ctx.config.voiceProvider),
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
        schema: z.object({ brand_kits: z.array(brandKitItem) }),
      },
      handler: async (request) => listBrandKits(ctx, principalOf(request).account.id),
    }),
  ];
}
