import { z } from 'zod';

const signedLinks = z.record(z.string(), z.string()).describe('Signed /files/… links by asset name (about an hour)');

/** `GET /v1/videos/{id}/preview`: the app's live preview of a job. */
export const videoPreviewResponse = z.object({
  video_id: z.string(),
  status: z.string(),
  width: z.number(),
  height: z.number(),
  fps: z.number(),
  scenes: z.array(
    z.object({
      id: z.string(),
      position: z.number(),
      title: z.string(),
      duration_in_frames: z.number(),
      committed: z.boolean(),
      code: z.string().optional().describe('Compiled scene code (CommonJS), on committed scenes only'),
      theme: z.unknown(),
      settings: z.record(z.string(), z.unknown()),
      assets: signedLinks,
    }),
  ),
  soundtrack_url: z.string().optional().describe('Signed link of the mixed narration and music, once mixed'),
  video_url: z.string().optional().describe('Signed link of the MP4, once rendered'),
});

/** `GET /v1/infographics/{id}/versions/{versionId}/preview`: the app's live preview of a version. */
export const infographicPreviewResponse = z.object({
  versionId: z.string(),
  width: z.number(),
  height: z.number(),
  fps: z.number(),
  durationInFrames: z.number(),
  code: z.string().describe('Compiled scene code (CommonJS)'),
  theme: z.unknown(),
  settings: z.record(z.string(), z.unknown()).describe('The version\'s settings, which settingsValues override'),
  assets: signedLinks,
});
