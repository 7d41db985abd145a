import { z } from 'zod';
import {
  attachmentUrl,
  DOCUMENT_MIME_TYPES,
  hexColor,
  MAX_DOCUMENTS,
  MAX_IMAGES,
  MAX_PROMPT_CHARS,
  oneOf,
  shortText,
  side,
} from '../create/create-video-schema.js';
import { renderOutputFields } from '../videos/render-output-schema.js';

/** Shortest and longest infographic, in seconds. */
export const MIN_INFOGRAPHIC_SECONDS = 1;
export const MAX_INFOGRAPHIC_SECONDS = 120;
/** Defaults of a generate request (the spec's table). */
export const DEFAULT_INFOGRAPHIC_SIZE = { width: 1280, height: 720 } as const;
export const DEFAULT_INFOGRAPHIC_SECONDS = 15;
export const DEFAULT_INFOGRAPHIC_FPS = 30;
/** Frame rates a render may ask for. */
export const MIN_INFOGRAPHIC_FPS = 1;
export const MAX_INFOGRAPHIC_FPS = 60;

const dimensions = z.strictObject({ width: side('Width'), height: side('Height') });

const webhookUrl = z.string().max(2000, { error: 'must be at most 2000 characters' }).meta({ examples: ['https://example.com/hooks/render'] });

/** `brandSettings` of a generate request: the spec's keys, camelCase. */
const brandSettings = z
  .strictObject({
    primaryColor: hexColor.optional().describe('Primary brand color, hex'),
    secondaryColor: hexColor.optional().describe('Secondary brand color, hex'),
    accentColor: hexColor.optional().describe('Accent brand color, hex'),
    headingFont: shortText(100).optional().describe('Font family for headings; one of the shipped fonts'),
    bodyFont: shortText(100).optional().describe('Font family for body text; one of the shipped fonts'),
    visualStyle: z.enum(['2d', '3d'], { error: oneOf(['2d', '3d']) }).optional().describe('"3d" adds depth to cards and charts. @default "2d"'),
    brandName: shortText(200).optional().describe('Brand or company name, shown as the kicker'),
  })
  .describe('Brand colors, fonts, visual style and name');

/** Body of `POST /v1/infographics/generate` (camelCase, the spec's table). */
export const generateInfographicBody = z
  .strictObject({
    prompt: z
      .string({ error: 'is required and must be a string' })
      .trim()
      .min(1, { error: 'must not be empty' })
      .max(MAX_PROMPT_CHARS, { error: `must be at most ${MAX_PROMPT_CHARS} characters` })
      .meta({ examples: ['How teams ship: 62% deploy daily, 25% weekly, 13% monthly'] })
      .describe(`What the infographic shows (1 to ${MAX_PROMPT_CHARS} characters); figures such as "62% of teams" become charts and counters`),
    dimensions: dimensions.optional().describe('Canvas size in pixels. @default {"width":1280,"height":720}'),
    duration: z
      .number({ error: 'must be a number of seconds' })
      .min(MIN_INFOGRAPHIC_SECONDS, { error: `must be at least ${MIN_INFOGRAPHIC_SECONDS} second` })
      .max(MAX_INFOGRAPHIC_SECONDS, { error: `must be at most ${MAX_INFOGRAPHIC_SECONDS} seconds` })
      .optional()
      .describe(`Seconds, ${MIN_INFOGRAPHIC_SECONDS} to ${MAX_INFOGRAPHIC_SECONDS}. When omitted, ${DEFAULT_INFOGRAPHIC_SECONDS} s, or as long as the infographic's on-screen text takes to read when that is longer (1 s plus 0.3 s a word, each render by its own settings). @default ${DEFAULT_INFOGRAPHIC_SECONDS}`),
    animationStyle: shortText(100).optional().describe('A style pack id from GET /v1/animation-styles; a fitting pack is chosen when omitted'),
    backgroundColor: hexColor.optional().describe('Background color, hex; from the style pack when omitted'),
    brandSettings: brandSettings.optional(),
    images: z
      .array(
        z.strictObject({
          url: attachmentUrl.describe('Direct, publicly downloadable image (PNG, JPEG, WebP or SVG, at most 25 MB)'),
          context: shortText(2000).optional().describe('What the image shows or how to use it'),
        }),
      )
      .max(MAX_IMAGES, { error: `must have at most ${MAX_IMAGES} items` })
      .optional()
      .describe(`Images copied into the project, at most ${MAX_IMAGES}`),
    documents: z
      .array(
        z.strictObject({
          url: attachmentUrl.describe('Public HTTPS link to the document (at most 25 MB)'),
          mimeType: z.enum(DOCUMENT_MIME_TYPES, { error: oneOf(DOCUMENT_MIME_TYPES) }).describe('The document type; the file\'s bytes must match it'),
          fileName: shortText(255).optional().describe('A name to show as the source'),
        }),
      )
      .max(MAX_DOCUMENTS, { error: `must have at most ${MAX_DOCUMENTS} items` })
      .optional()
      .describe(`Source documents (PDF, CSV or plain text), at most ${MAX_DOCUMENTS}: a CSV's numbers become the chart, a text grounds the headline and labels`),
    webhookUrl: webhookUrl.optional().describe('HTTPS URL that receives render.completed and render.failed events of this project\'s renders'),
    render: z.boolean().optional().describe('Start a render right after generation; the result arrives by webhook. @default false'),
  })
  .describe('An infographic to generate');

/** A parsed generate body. */
export type GenerateInfographicBody = z.infer<typeof generateInfographicBody>;

/** Body of `POST /v1/infographics/{id}/render`. */
export const renderInfographicBody = z
  .strictObject({
    versionId: shortText(100).describe('The version to render, from the generate response'),
    dimensions: dimensions.optional().describe('Canvas size in pixels. @default the version\'s'),
    fps: z
      .number({ error: 'must be a number' })
      .int({ error: 'must be a whole number' })
      .min(MIN_INFOGRAPHIC_FPS, { error: `must be at least ${MIN_INFOGRAPHIC_FPS}` })
      .max(MAX_INFOGRAPHIC_FPS, { error: `must be at most ${MAX_INFOGRAPHIC_FPS}` })
      .optional()
      .describe(`Frames per second, ${MIN_INFOGRAPHIC_FPS} to ${MAX_INFOGRAPHIC_FPS}. @default ${DEFAULT_INFOGRAPHIC_FPS}`),
    webhookUrl: webhookUrl.optional().describe('Overrides the project\'s (or the API key\'s) webhook URL for this render'),
    ...renderOutputFields,
    settingsValues: z
      .record(z.string(), z.unknown())
      .optional()
      .describe('Overrides of individual settings (texts, numbers, colors, fonts); keys and types per the version\'s settingsSchema'),
  })
  .describe('A render of an infographic version');

/** A parsed render body. */
export type RenderInfographicBody = z.infer<typeof renderInfographicBody>;
