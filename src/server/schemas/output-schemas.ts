import { z } from 'zod';
import { CAPTION_FORMATS } from '../../pipeline/captions/caption-files.js';
import { POSTER_FORMATS } from '../../pipeline/videos/video-poster.js';

/** `GET /v1/videos/{id}/captions` query, and the MCP `get_captions` arguments beside the id. */
export const captionsQuery = z.strictObject({
  format: z
    .enum(CAPTION_FORMATS, { error: 'must be "srt" (SubRip) or "vtt" (WebVTT)' })
    .default('srt')
    .describe('srt (SubRip, application/x-subrip) or vtt (WebVTT, text/vtt). @default srt'),
});

/** The MCP `get_captions` answer: the file's text with what it is. */
export const captionsResponse = z.object({
  video_id: z.string(),
  format: z.enum(CAPTION_FORMATS),
  language: z.string().describe('The narration\'s language (BCP-47, no region), which the captions are in'),
  cues: z.number().int().describe('How many cues the file holds'),
  captions: z.string().describe('The caption file\'s text'),
});

/** A poster's query: which moment, in which image format. */
export const posterQuery = z.strictObject({
  time: z.coerce
    .number({ error: 'must be a number of seconds' })
    .min(0, { error: 'must be 0 or more seconds' })
    .optional()
    .describe('The moment, seconds from the start (0 to the length). @default the end of the first scene\'s hold, when its entrances have settled (about 80% into it)'),
  format: z
    .enum(POSTER_FORMATS, { error: 'must be "jpeg" or "png"' })
    .default('jpeg')
    .describe('jpeg (image/jpeg) or png (image/png). @default jpeg'),
});
