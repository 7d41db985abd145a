import { z } from 'zod';

/** The catalogs' response shapes, shared by the REST routes and the MCP list tools. */

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
  backed_by: z
    .object({
      planner: z.string().describe('The story planner: "embedded" (the prompt\'s own words) or "<provider>:<model>"'),
      scene_writer: z.string().describe('Who writes the scene code: "embedded" (kit templates)'),
      speech: z.string().describe('Narration: "embedded" speech engine, or "none"'),
      footage: z.string().describe('AI footage generator: "none" on this node'),
    })
    .describe('Extension: what runs each part of a job of this model on this node'),
  available: z.boolean().describe('Extension: whether this node takes jobs of this model (false: create answers 400)'),
  unavailable_reason: z.string().optional().describe('Extension: why not, when it is not available'),
});

const voiceItem = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  gender: z.string(),
  accent: z.string(),
  age: z.string(),
  use_case: z.string(),
  languages: z.array(z.string()).describe('The narration languages this voice speaks (ISO 639-1); empty where its server does not say'),
  provider: z.string().describe("Extension: who speaks the voice: 'embedded' (the node's own engine) or the speech model's provider (openai, elevenlabs, openai-compatible)"),
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

/** `GET /v1/models`. */
export const modelsResponse = z.object({ models: z.array(modelItem) });

/** `GET /v1/animation-styles`. */
export const animationStylesResponse = z.object({ default_style: z.string(), no_style: z.string(), styles: z.array(styleItem) });

/** `GET /v1/voices`. */
export const voicesResponse = z.object({ voices: z.array(voiceItem) });

/** `GET /v1/brand-kits`. */
export const brandKitsResponse = z.object({ brand_kits: z.array(brandKitItem) });
