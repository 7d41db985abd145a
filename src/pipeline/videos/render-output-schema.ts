import { z } from 'zod';
import { GIF_FPS, GIF_MAX_SIDE, OUTPUT_FORMATS, RENDER_BACKGROUNDS } from '../../render/formats/output-format.js';

/**
 * The `format` and `background` fields every render request takes (`POST /v1/videos/{id}/render`,
 * `render_video`, `POST /v1/infographics/{id}/render`), declared once for the routes, the OpenAPI
 * document and the MCP tool.
 */
export const renderOutputFields = {
  format: z
    .enum(OUTPUT_FORMATS, { error: `must be one of ${OUTPUT_FORMATS.join(', ')}` })
    .optional()
    .describe(
      `The file's format. mp4: H.264 + AAC. webm: VP9 + Opus. mov: ProRes 4444 + PCM (for editing suites). gif: no sound, a palette of its own, the longer side at most ${GIF_MAX_SIDE} px and at most ${GIF_FPS} fps, looping. Every format costs the same, one plan render (4K: two), and a failed render costs nothing. @default mp4`,
    ),
  background: z
    .enum(RENDER_BACKGROUNDS, { error: `must be one of ${RENDER_BACKGROUNDS.join(', ')}` })
    .optional()
    .describe(
      'Extension. opaque: the scenes with their style pack\'s background. transparent: the scenes without their background, in a video with an alpha channel (VP9 yuva420p in WebM, ProRes 4444 yuva444p10le in MOV), to lay lower thirds, logo stings and kinetic type over footage in an editor. transparent needs format webm or mov (with mp4 or gif it is a 400). @default opaque',
    ),
};
