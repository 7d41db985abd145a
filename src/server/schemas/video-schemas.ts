import { z } from 'zod';
import { captionsField, MAX_PROMPT_CHARS } from '../../pipeline/create/create-video-schema.js';
import { editOperationSchema, MAX_EDIT_OPERATIONS } from '../../pipeline/edit/edit-operations.js';
import { renderOutputFields } from '../../pipeline/videos/render-output-schema.js';
import { OUTPUT_FORMATS } from '../../render/formats/output-format.js';

/**
 * The video resource's request and response shapes, declared once: REST routes validate with them
 * and document them in OpenAPI, and the MCP tools take them as input and output schemas.
 */

/** `{id}` of every `/v1/videos/{id}` route, and the `id` argument of the video tools. */
export const videoIdParams = z.strictObject({
  id: z
    .string({ error: 'is required and must be a string' })
    .min(1, { error: 'must not be empty' })
    .max(100, { error: 'must be at most 100 characters' })
    .describe('The video job id (vid_...)'),
});

/** A job's warnings (DECISIONS.md "Job warnings"): always present, empty when none. */
export const jobWarnings = z
  .array(
    z.object({
      code: z.string().describe('Stable code, e.g. no_language_model'),
      message: z.string().describe('What it means for the video, and what to do about it'),
    }),
  )
  .describe(
    'What to know about how the video was made, without failing the job: e.g. no_language_model when the node has no language model configured and the video uses only the prompt\'s own words. Empty when none',
  );

/** A job's price by part (extension), in credits; parts covered by the account's own provider keys at 0. */
export const estimateBreakdown = z
  .array(
    z.object({
      part: z.string().describe('base, language_model, narration, music, sfx, ai_video, flat, enhance_prompt or social_imports'),
      credits: z.number().describe('What the part costs: 0 when covered_by'),
      covered_by: z.string().optional().describe("The provider (openai, anthropic, google, elevenlabs) whose key, stored by the account, covers the part"),
      list_credits: z.number().optional().describe('What a covered part would have cost'),
    }),
  )
  .describe("The estimate by part (extension); parts covered by the account's own provider keys cost 0 and name the provider");

/** The 202 answer of `POST /v1/videos`. */
export const createdVideoResponse = z.object({
  id: z.string(),
  status: z.literal('queued'),
  model: z.string(),
  estimated_credits: z.number(),
  estimate_breakdown: estimateBreakdown,
});

/** One render of a job (`renders` of the poll response). */
export const videoRenderResponse = z.object({
  id: z.string().describe('The render id (rnd_...)'),
  status: z.enum(['queued', 'rendering', 'completed', 'failed']),
  original: z.boolean().describe("Whether this is the job's own render, at its dimensions and fps, whose MP4 is the job's download_url"),
  dimensions: z.object({ width: z.number().int(), height: z.number().int() }),
  fps: z.number(),
  format: z.enum(OUTPUT_FORMATS).describe('The file\'s format (mp4, webm, gif or mov); the download_url\'s file name ends in it'),
  background: z.literal('transparent').optional().describe('Present when the render is transparent: no background, an alpha channel'),
  created_at: z.string(),
  completed_at: z.string().optional().describe('When completed'),
  error: z.string().optional().describe('When failed: why (nothing is charged for it)'),
  download_url: z.string().optional().describe('When completed: its file (name ending in .mp4, .webm, .gif or .mov), a signed link valid about 15 minutes; re-fetch the job for a fresh one'),
});

/** The poll response of `GET /v1/videos/{id}` (cancel and re-render answer with it too). */
export const pollResponse = z.looseObject({
  id: z.string(),
  status: z.string(),
  phase: z.string().optional(),
  phase_detail: z.string().optional(),
  poll_after_seconds: z.number(),
  model: z.string(),
  prompt: z.string(),
  enhanced_prompt: z.string().optional(),
  project_id: z.string(),
  progress: z.object({
    scenes_committed: z.number(),
    scenes_planned: z.number(),
    frames_done: z.number().optional().describe('While rendering: frames of the timeline done (rendered or reused)'),
    frames_total: z.number().optional().describe('While rendering: frames of the whole timeline'),
  }),
  scenes: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      duration_seconds: z.number(),
      visual: z
        .object({
          kind: z.enum(['illustration', 'icon', 'diagram', 'map', 'chart', 'image', 'mockup', 'footage', 'typography']),
          names: z.array(z.string()).describe('The visual library entries (e.g. fluent-emoji-flat:rocket), icons, image assets or a short description of what it shows'),
        })
        .describe('Extension: what the scene shows, so a client can describe the video without looking at it'),
    }),
  ),
  app_url: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  elapsed_seconds: z.number(),
  last_activity_at: z.string(),
  warnings: jobWarnings,
  credits_cost: z.number().optional(),
  parent_id: z.string().optional().describe("An edit job: the video it was edited from"),
  regenerated: z
    .object({
      scenes: z.array(z.string()).describe('Ids of the scenes this edit drew (the others were carried over from its source)'),
      narration: z.boolean().describe('Whether narration was spoken again'),
      soundtrack: z.boolean().describe('Whether the soundtrack was mixed again'),
      footage_seconds: z.number().describe('Seconds of film a video model shot for this edit (shots the kit drew count 0)'),
    })
    .optional()
    .describe('On an edit job (parent_id): what it remade'),
  review: z
    .object({
      gate: z.enum(['cast', 'storyboard']),
      round: z.number().int().describe('1 for the board\'s first showing, one more after each redo'),
      changed: z.array(z.string()).optional().describe('Extension: what the last redo changed, one line each'),
    })
    .optional()
    .describe('On awaiting_approval: the gate the build is paused at; its stills are in GET /frames'),
  estimate_breakdown: estimateBreakdown.optional(),
  edit: z
    .object({
      instruction: z.string(),
      read_by: z.string().describe('Who read the change: grammar, or model:<provider>:<model>'),
      changes: z.array(z.string()).describe('What the edit changed, one line per change'),
      regenerated: z.array(z.number()).describe('Positions (0-based) of the scenes remade'),
      reused: z.array(z.object({ position: z.number(), from: z.number() })).describe('Scenes carried over unchanged: new position and the source scene\'s position; their code, narration and rendered segment are reused and not charged'),
      remixed_audio: z.boolean(),
      respoken: z.array(z.number()).describe('Positions of the scenes whose narration is spoken again'),
    })
    .optional()
    .describe('Extension, on an edit job (parent_id): what the edit changed and what it reused'),
  facts: z
    .array(z.object({
        scene_id: z.string(),
        text: z.string(),
        basis: z.enum(['request', 'document', 'computed', 'general']).describe('request / document: checked against the request or its documents; computed: worked out from their figures by the sum in arithmetic, which the node checked; general: public knowledge the model used, to check before publishing'),
        arithmetic: z.string().optional().describe('For computed: the sum from the stated figures to the result, as "48000 / 1200 = 40"'),
      }))
    .optional()
    .describe('Extension, when a language model planned the video: every figure and date the scenes state, with its basis'),
  segment_workers: z
    .array(z.object({ scene_id: z.string(), worker: z.string().describe('The `service worker` name') }))
    .optional()
    .describe('Extension, on a node started with --queue: which render worker made each scene\'s segment (segments found already made are absent)'),
  renders: z
    .array(videoRenderResponse)
    .optional()
    .describe(
      "Extension, once the job has a render: its renders (MP4, WebM, MOV or GIF), oldest first. The original is the job's own render at its dimensions and fps (render: true; for a job made without it, the first render completed at its own size and rate); its MP4 is the top-level download_url. A re-render (POST /v1/videos/{id}/render, service render) is a render of its own and never changes the job's dimensions, fps, download_url or what an edit starts from",
    ),
  download_url: z.string().optional().describe("The original render's MP4 (a signed link valid about 15 minutes), when the job is completed and rendered"),
});

const dimension = z.number().int().min(128).max(3840).refine((n) => n % 2 === 0, 'must be an even number');

/** The fields of `POST /v1/videos/{id}/render` (DECISIONS.md). */
export const renderFields = z.strictObject({
  dimensions: z.strictObject({ width: dimension, height: dimension }).optional().describe("New canvas size; default the job's"),
  fps: z
    .union([z.literal(24), z.literal(25), z.literal(30), z.literal(50), z.literal(60)], { error: 'must be one of 24, 25, 30, 50, 60' })
    .optional()
    .describe("24, 25, 30, 50 or 60; default the job's"),
  ...renderOutputFields,
});

/** Body of `POST /v1/videos/{id}/render`: optional as a whole. */
export const renderBody = renderFields.optional();

/** `limit` and `cursor` of a paged list (`GET /v1/videos`, `GET /v1/account/ledger`). */
export const pageQuery = z.strictObject({
  limit: z.coerce
    .number({ error: 'must be a whole number from 1 to 100' })
    .int({ error: 'must be a whole number from 1 to 100' })
    .min(1, { error: 'must be a whole number from 1 to 100' })
    .max(100, { error: 'must be a whole number from 1 to 100' })
    .default(20)
    .describe('Page size, 1 to 100'),
  cursor: z.string().max(200).optional().describe('The next_cursor of the previous page'),
});

/** `limit`, `cursor` and `parent_id` of `GET /v1/videos`. */
export const listVideosQuery = pageQuery.extend({
  parent_id: z.string().min(1, { error: 'must not be empty' }).max(100, { error: 'must be at most 100 characters' }).optional().describe('Extension: only the edits made from this video (their parent_id), newest first'),
});

/** The answer of `GET /v1/videos`. */
export const listVideosResponse = z.object({
  videos: z.array(
    z.looseObject({
      id: z.string(),
      status: z.string(),
      warnings: jobWarnings,
      parent_id: z.string().optional().describe('An edit job: the video it was edited from'),
      edit: z.object({ changes: z.array(z.string()).describe('What the edit changed, one line per change') }).optional().describe('Extension, on an edit job: what it changed'),
    }),
  ),
  next_cursor: z.string().nullable(),
});

/** `max_frames` of `GET /v1/videos/{id}/frames`. */
export const framesQuery = z.strictObject({
  max_frames: z.coerce
    .number({ error: 'must be a whole number from 1 to 12' })
    .int({ error: 'must be a whole number from 1 to 12' })
    .min(1, { error: 'must be a whole number from 1 to 12' })
    .max(12, { error: 'must be a whole number from 1 to 12' })
    .default(6)
    .describe('1 to 12'),
});

/** The answer of `GET /v1/videos/{id}/frames`. */
export const framesResponse = z.object({
  video_id: z.string(),
  source: z.string(),
  frames: z.array(
    z.object({
      scene_id: z.string().nullable().describe('The scene shown; null on a cast sheet'),
      name: z.string().optional().describe('A cast sheet: the character or subject it shows'),
      index: z.number(),
      time_seconds: z.number(),
      width: z.number(),
      height: z.number(),
      mime_type: z.string(),
      data: z.string(),
    }),
  ),
});

/** Body of `POST /v1/videos/{id}/edit` (spec: edit body). */
export const editVideoFields = z.strictObject({
  prompt: z
    .string({ error: 'must be a string' })
    .trim()
    .min(1, { error: 'must not be empty' })
    .max(MAX_PROMPT_CHARS, { error: `must be at most ${MAX_PROMPT_CHARS} characters` })
    .optional()
    .meta({ examples: ['make the title say "Hello" and use the voice Noah'] })
    .describe('The change in plain words; required unless operations says it. A link it calls music ("use the music <url>", song, track, soundtrack) becomes the soundtrack; a video link is imported as footage, into the scene its clause names ("use the clip <url> in scene 2") or as a new scene at the end'),
  operations: z
    .array(editOperationSchema, { error: 'must be a list of changes, each an object with its op' })
    .min(1, { error: 'must hold at least one change' })
    .max(MAX_EDIT_OPERATIONS, { error: `must hold at most ${MAX_EDIT_OPERATIONS} changes` })
    .optional()
    .meta({ examples: [[{ op: 'retext', scene: 2, text: 'Fast setup' }, { op: 'retime', scene: 2, seconds: 6 }]] })
    .describe(
      'Extension: the change as edit operations, the ones the prompt is read into (retext, replace_text, restyle, retime, recolor_text, resize_text, set_length, reorder, swap, remove_scene, add_scene, swap_image, set_picture, set_voice, set_language, set_music, set_sfx, set_narration, regenerate_scene), applied in order after what the prompt says. Scene numbers always mean the source video\'s scenes, 1 = first. Required unless prompt is given',
    ),
  images: z
    .array(
      z.strictObject({
        url: z.string().max(2000).meta({ examples: ['https://example.com/logo.png'] }),
        context: z.string().max(1000).optional(),
        role: z.enum(['import', 'style', 'reference']).optional(),
      }),
    )
    .max(20, { error: 'must have at most 20 items' })
    .optional()
    .describe('Images for the edit, at most 20; role import (default), style or reference'),
  render: z.boolean().optional().describe('Re-render the MP4 when the edit lands. @default false'),
  webhook_url: z.string().max(2000).meta({ examples: ['https://example.com/hooks/video'] }).optional().describe('HTTPS endpoint notified when the edit job finishes'),
  captions: captionsField.describe('Burned-in captions for the edited video (an extension): true, false (removes them) or { style: clean | bold | karaoke, position: bottom | middle | top }; left out, the source\'s captions stay'),
});

/** Body of `POST /v1/videos/{id}/approve`: empty, or the changes asked for at the review gate. */
export const approveVideoFields = z.strictObject({
  changes: z.string().max(2000, { error: 'must be at most 2000 characters' }).optional().describe('What to change before the build goes on'),
});
