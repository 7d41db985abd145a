import { z } from 'zod';

/** `q`, `language` and `limit` of `GET /v1/pictures`. */
export const picturesQuery = z.strictObject({
  q: z
    .string({ error: 'is required: the words for what the picture shows, e.g. honey jar' })
    .trim()
    .min(1, { error: 'must not be empty: say what the picture shows, e.g. honey jar' })
    .max(80, { error: 'must be at most 80 characters' })
    .describe('What the picture shows, in a few words ("honey jar", "lighthouse")'),
  language: z
    .string()
    .regex(/^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/, { error: 'must be a language code, e.g. en or de' })
    .default('en')
    .describe('The language of the words (BCP 47, e.g. de); languages the library has no names in search English. @default en'),
  limit: z.coerce
    .number({ error: 'must be a whole number from 1 to 24' })
    .int({ error: 'must be a whole number from 1 to 24' })
    .min(1, { error: 'must be a whole number from 1 to 24' })
    .max(24, { error: 'must be a whole number from 1 to 24' })
    .default(12)
    .describe('The most pictures answered, 1 to 24'),
});

/** The answer of `GET /v1/pictures`. */
export const picturesResponse = z.object({
  pictures: z.array(
    z.object({
      id: z.string().describe("The library id, what an edit's set_picture takes as picture: fluent-emoji-flat:honey-pot"),
      name: z.string().describe('What it shows, in words'),
      kind: z.enum(['illustration', 'icon', 'flag']).describe('illustration (colour), icon (a line icon) or flag'),
      score: z.number().describe('0 to 1: how well it fits the words'),
      chosen: z.boolean().describe('Whether it is the picture an edit picks for these words (set_picture with them, or "show a … in scene 2")'),
      svg: z.string().describe('The picture as standalone SVG markup, 96 px square'),
    }),
  ),
});
