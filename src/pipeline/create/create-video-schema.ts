import { z } from 'zod';
import { MODEL_IDS } from '../../catalog/models.js';
import { CAPTION_POSITIONS, CAPTION_STYLES } from '../speech/caption-chunks.js';

/** The named shapes a video can take; `dimensions` overrides them. */
export const ASPECT_RATIOS = ['16:9', '9:16', '1:1', '4:5'] as const;
/** One of {@link ASPECT_RATIOS}. */
export type AspectRatio = (typeof ASPECT_RATIOS)[number];

/** `ai_video` modes, cheapest to dearest: off, auto, on, full. */
export const AI_VIDEO_MODES = ['auto', 'on', 'off', 'full'] as const;
/** One of {@link AI_VIDEO_MODES}. */
export type AiVideoMode = (typeof AI_VIDEO_MODES)[number];

/** Source document types a video can be grounded on. */
export const DOCUMENT_MIME_TYPES = ['application/pdf', 'text/csv', 'text/plain'] as const;
/** One of {@link DOCUMENT_MIME_TYPES}. */
export type DocumentMimeType = (typeof DOCUMENT_MIME_TYPES)[number];

/** Roles a client audio item can take on the timeline. */
export const AUDIO_ROLES = ['music', 'voiceover', 'sfx'] as const;
/** One of {@link AUDIO_ROLES}. */
export type AudioRole = (typeof AUDIO_ROLES)[number];

/** Longest prompt accepted, in characters (DECISIONS.md). */
export const MAX_PROMPT_CHARS = 10_000;
/** Canvas side bounds in pixels. */
export const MIN_DIMENSION = 128;
/** Canvas side bounds in pixels; a render whose longer side is this counts as 4K. */
export const MAX_DIMENSION = 3840;
/** Shortest target duration any model accepts, in seconds. */
export const MIN_DURATION_SECONDS = 5;
/** Longest target duration any model accepts, in seconds (each model may allow less). */
export const MAX_DURATION_SECONDS = 120;
/** Most images per request. */
export const MAX_IMAGES = 20;
/** Most source documents per request. */
export const MAX_DOCUMENTS = 5;
/** Most client audio items per request. */
export const MAX_AUDIO_ITEMS = 4;

const MAX_URL_CHARS = 8192;

/** A hex color such as `#1A2B3C` or `#ABC`. */
export const hexColor = z
  .string()
  .regex(/^#(?:[0-9A-Fa-f]{6}|[0-9A-Fa-f]{3})$/, { error: 'must be a hex color such as #1A2B3C or #ABC' })
  .meta({ examples: ['#1A2B3C'] });

/** An http(s) link to an attachment. */
export const attachmentUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http or https URL' })
  .max(MAX_URL_CHARS, { error: `must be at most ${MAX_URL_CHARS} characters` });

/** One side of a canvas: an even whole number of pixels in range. */
export const side = (name: string) =>
  z
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(MIN_DIMENSION, { error: `must be at least ${MIN_DIMENSION}` })
    .max(MAX_DIMENSION, { error: `must be at most ${MAX_DIMENSION}` })
    .multipleOf(2, { error: 'must be an even number' })
    .meta({ examples: [name === 'Height' ? 720 : 1280] })
    .describe(`${name} in pixels: an even whole number from ${MIN_DIMENSION} to ${MAX_DIMENSION}`);

/** The message for a value outside a list. */
export const oneOf = (values: readonly string[]) => `must be one of ${values.map((value) => `"${value}"`).join(', ')}`;

/** A trimmed, non-empty string of at most `max` characters. */
export const shortText = (max: number) => z.string().trim().min(1, { error: 'must not be empty' }).max(max, { error: `must be at most ${max} characters` });

const brandSettings = z
  .strictObject({
    primary_color: hexColor.optional().describe('Primary brand color, hex'),
    secondary_color: hexColor.optional().describe('Secondary brand color, hex'),
    accent_color: hexColor.optional().describe('Accent brand color, hex'),
    heading_font: shortText(100).optional().describe('Font family name for headings'),
    body_font: shortText(100).optional().describe('Font family name for body text'),
    visual_style: shortText(200).optional().describe('Visual style in a few words, for example "2d" or "3d"'),
    brand_name: shortText(200).optional().describe('Brand or company name'),
    brand_description: shortText(2000).optional().describe('What the brand does and how it speaks'),
  })
  .describe('Inline brand context: colors, fonts, visual style, name and description');

const image = z
  .strictObject({
    url: attachmentUrl.describe(
      'Direct, publicly downloadable image file (PNG, JPEG, WebP or SVG, at most 25 MB); not a share page or a login-protected link',
    ),
    context: shortText(2000).optional().describe('What the image shows or how to use it'),
  })
  .describe('An image copied into the project');

const document = z
  .strictObject({
    url: attachmentUrl.describe('Direct, publicly downloadable document (at most 25 MB)'),
    mime_type: z.enum(DOCUMENT_MIME_TYPES, { error: oneOf(DOCUMENT_MIME_TYPES) }).describe('The document type; the file\'s bytes must match it'),
    file_name: shortText(255).optional().describe('A name to show for the document'),
  })
  .describe('A source document that grounds the content');

const audio = z
  .strictObject({
    url: attachmentUrl.describe(
      'Direct audio file link (.mp3, .wav, .m4a, .aac, .ogg, .flac; at most 100 MB), or a video-sharing or social site link (imported, extra credits, 10 imports per day)',
    ),
    role: z.enum(AUDIO_ROLES, { error: oneOf(AUDIO_ROLES) }).optional().describe('Where the audio goes. @default "music"'),
  })
  .describe('Client audio placed on the timeline before the build');

/**
 * Body of `POST /v1/videos`: every field of the spec's create table, snake_case. Defaults and
 * cross-field rules are applied by `resolveVideoOptions`, not here, so this stays the wire shape.
 */
/**
 * `captions` (an extension, on create and edit): burned-in captions of the narration, off, on, or a
 * look and place.
 */
export const captionsField = z
  .union(
    [
      z.boolean(),
      z.strictObject({
        style: z.enum(CAPTION_STYLES, { error: oneOf(CAPTION_STYLES) }).optional().describe('clean: a subtitle line; bold: large heavy words; karaoke: bold words, each lit as it is said. @default "clean"'),
        position: z.enum(CAPTION_POSITIONS, { error: oneOf(CAPTION_POSITIONS) }).optional().describe('bottom or top: a band of their own, the scene laid out in the rest; middle: over a filmed shot (on other scenes, the bottom band). @default "bottom"'),
      }),
    ],
    { error: 'must be true, false or { style: "clean" | "bold" | "karaoke", position: "bottom" | "middle" | "top" }' },
  )
  .optional()
  .describe(
    'Burned-in captions of the narration, cut from its word timings (an extension; multi-scene models, needs narration): true (clean, at the bottom), false (none, even where the prompt asks), or { style: clean | bold | karaoke, position: bottom | middle | top }. They never cover the scene\'s text: at the bottom or top they take a band and the scene is laid out in the rest. When omitted, clean at the bottom where the prompt asks ("with captions", "mit Untertiteln")',
  );

export const createVideoBody = z
  .strictObject({
    prompt: z
      .string({ error: 'is required and must be a string' })
      .trim()
      .min(1, { error: 'must not be empty' })
      .max(MAX_PROMPT_CHARS, { error: `must be at most ${MAX_PROMPT_CHARS} characters` })
      .meta({ examples: ['A 30 second video on how bees make honey'] })
      .describe(
        `What the video is about (1 to ${MAX_PROMPT_CHARS} characters). On a node with no language model (GET /v1/models backed_by.planner "embedded") a multi-scene video shows only what the prompt says: one that only names a topic is a 400 saying what to add`,
      ),
    model: z.enum(MODEL_IDS, { error: oneOf(MODEL_IDS) }).optional().describe('Model id from GET /v1/models. @default "model-5"'),
    enhance_prompt: z
      .boolean()
      .optional()
      .describe(
        'Rewrite the prompt as a production brief with the node\'s language model (+0.5 credits); returned as enhanced_prompt (the plan still works from the prompt as written). Needs a language model: on a node without one (GET /v1/models backed_by.planner "embedded") a create or estimate with it true is a 400, nothing created or charged. @default false',
      ),
    aspect_ratio: z
      .enum(ASPECT_RATIOS, { error: oneOf(ASPECT_RATIOS) })
      .optional()
      .describe('Shape of the video; inferred from the prompt when omitted (16:9 when it says nothing); ignored when dimensions is set'),
    dimensions: z
      .strictObject({ width: side('Width'), height: side('Height') })
      .optional()
      .describe('Exact canvas size in pixels; takes precedence over aspect_ratio. A longer side of 3840 counts as 4K (two renders)'),
    duration: z
      .number({ error: 'must be a number of seconds' })
      .min(MIN_DURATION_SECONDS, { error: `must be at least ${MIN_DURATION_SECONDS} seconds` })
      .max(MAX_DURATION_SECONDS, { error: `must be at most ${MAX_DURATION_SECONDS} seconds (${MAX_DURATION_SECONDS / 60} minutes), the longest any model makes; for a longer film, make it as several videos` })
      .meta({ examples: [30] })
      .optional()
      .describe('Target seconds, from 5 to the model\'s maximum (model-5/6: 120, model-4: 60, model-3: 30). Omitted: a length the prompt states ("a 20 second video", "in 15 Sekunden", "une vidéo d\'une minute"), else 30 multi-scene, 15 single-scene; a stated length the model cannot make is a 400'),
    animation_style: shortText(100)
      .meta({ examples: ['plain'] })
      .optional()
      .describe('A style pack id (or the no_style id) from GET /v1/animation-styles; a fitting pack is chosen when omitted'),
    background_color: hexColor.optional().describe('Background color, hex; chosen by the model when omitted'),
    narration: z
      .boolean()
      .optional()
      .describe('AI voiceover (multi-scene models only). When omitted, narrated unless the request reads otherwise'),
    narration_voice: shortText(200)
      .meta({ examples: ['embedded-noah'] })
      .optional()
      .describe('A voice from GET /v1/voices, by its id or its name in any case ("embedded-noah", "Noah"); auto-picked when omitted'),
    narration_language: shortText(35)
      .meta({ examples: ['en'] })
      .optional()
      .describe('Language code without region tag, one of the 74 supported; detected from the prompt when omitted'),
    music: z
      .boolean()
      .optional()
      .describe('Background music (multi-scene models only). When omitted, added unless the request reads otherwise'),
    sfx: z.boolean().optional().describe('Sound effects (multi-scene models only). @default false'),
    captions: captionsField,
    ai_video: z
      .enum(AI_VIDEO_MODES, { error: oneOf(AI_VIDEO_MODES) })
      .optional()
      .describe(
        'AI-generated footage: auto (clips only where the story calls for film), on (mix clips in), off (motion graphics only), full (every scene a clip). Multi-scene models only. Film is charged only on a node with a video model, by the seconds it films (on and auto +0.5/s, full +1.5/s); on a node without one the kit draws the shots, priced as motion-graphics scenes, and the job carries a footage_drawn warning. @default "auto"',
      ),
    storyboard: z
      .boolean()
      .optional()
      .describe('Pause for review at the cast sheets and storyboard stills; only with ai_video "full". @default false'),
    plan: z.boolean().optional().describe('Plan the story arc before the scenes (multi-scene). @default true'),
    brand_kit_id: shortText(100).optional().describe('Id of a saved brand kit from GET /v1/brand-kits (multi-scene models only)'),
    brand_settings: brandSettings.optional(),
    images: z
      .array(image)
      .max(MAX_IMAGES, { error: `must have at most ${MAX_IMAGES} items` })
      .optional()
      .describe(`Images copied into the project, at most ${MAX_IMAGES}; one that cannot be fetched fails the request`),
    documents: z
      .array(document)
      .max(MAX_DOCUMENTS, { error: `must have at most ${MAX_DOCUMENTS} items` })
      .optional()
      .describe(`Source documents (PDF, CSV or plain text), at most ${MAX_DOCUMENTS}`),
    audio: z
      .array(audio)
      .max(MAX_AUDIO_ITEMS, { error: `must have at most ${MAX_AUDIO_ITEMS} items` })
      .optional()
      .describe(
        `Client audio, at most ${MAX_AUDIO_ITEMS} items and one music track; a music track replaces the AI score. Multi-scene models only`,
      ),
    webhook_url: z
      .string()
      .max(2000, { error: 'must be at most 2000 characters' })
      .meta({ examples: ['https://example.com/hooks/video'] })
      .optional()
      .describe('HTTPS URL that receives video.completed, video.failed and video.canceled events'),
    render: z
      .boolean()
      .optional()
      .describe('Render an MP4 when generation finishes; uses one plan render (4K: two). @default false'),
  })
  .describe('A video generation job');

/** A parsed `POST /v1/videos` body. */
export type CreateVideoBody = z.infer<typeof createVideoBody>;
