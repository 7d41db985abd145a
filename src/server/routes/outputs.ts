import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { NodeContext } from '../../node-context.js';
import { videoCaptions } from '../../pipeline/captions/video-captions.js';
import { infographicPoster } from '../../pipeline/infographics/infographic-poster.js';
import { ownProject, projectVersion } from '../../pipeline/infographics/infographic-renders.js';
import { ownVideo } from '../../pipeline/videos/video-operations.js';
import { videoPoster, type Poster } from '../../pipeline/videos/video-poster.js';
import { principalOf } from '../plugins/auth.js';
import { defineRoute } from '../route-definition.js';
import { captionsQuery, posterQuery } from '../schemas/output-schemas.js';
import { videoIdParams } from '../schemas/video-schemas.js';
import type { AppServices } from '../services.js';

const id = z.string().min(1).max(100);

/** Sends a poster's bytes with its type and a file name to save it as. */
function sendPoster(reply: FastifyReply, poster: Poster, name: string): FastifyReply {
  return reply
    .header('content-type', poster.contentType)
    .header('content-disposition', `inline; filename="${name}-${poster.frame}.${poster.format === 'png' ? 'png' : 'jpg'}"`)
    .header('x-poster-time', String(poster.timeSeconds))
    .header('cache-control', 'private, no-cache')
    .send(poster.data);
}

/**
 * Outputs people take elsewhere: a video's caption file (SubRip or WebVTT, from its narration's
 * word timings) and posters (one frame as PNG or JPEG) of videos and infographic versions.
 */
export function outputRoutes(ctx: NodeContext, services: AppServices) {
  return [
    defineRoute({
      method: 'GET',
      url: '/v1/videos/:id/captions',
      operationId: 'getVideoCaptions',
      summary:
        'The narration as a caption file, in the narration\'s language: format=srt (SubRip, application/x-subrip, the default) or format=vtt (WebVTT, text/vtt). Cues of at most two lines of 42 characters (18 for Chinese and Japanese), each shown 1 to 7 s, cut at sentence and clause ends, timed to the spoken words. 404 not_found for a job without narration; 409 not_ready before its narration is spoken',
      tags: ['videos'],
      params: videoIdParams,
      querystring: captionsQuery,
      response: {
        status: 200,
        description: 'The caption file (Content-Language: the narration\'s language; Content-Disposition names it <id>.srt or <id>.vtt); WebVTT comes as text/vtt',
        contentType: 'application/x-subrip',
        schema: z.string(),
      },
      handler: async (request, reply) => {
        const captions = videoCaptions(ctx, ownVideo(ctx, request.params.id, principalOf(request).account.id), request.query.format);
        return reply
          .header('content-type', captions.content_type)
          .header('content-disposition', `attachment; filename="${captions.file_name}"`)
          .header('content-language', captions.language)
          .header('cache-control', 'private, no-cache')
          .send(captions.captions);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/v1/videos/:id/poster',
      operationId: 'getVideoPoster',
      summary:
        'One frame as a poster image at the video\'s size: format=jpeg (the default) or format=png, at time seconds (default: the end of the first scene\'s hold, when its entrances have settled). From the rendered MP4, or rendered from the committed scene before there is one. 400 for a time outside the length; 409 not_ready when there is nothing to take it from yet',
      tags: ['videos'],
      params: videoIdParams,
      querystring: posterQuery,
      response: { status: 200, description: 'The image (image/jpeg or image/png); X-Poster-Time says the frame\'s time, seconds', contentType: 'image/jpeg', schema: z.string() },
      handler: async (request, reply) => {
        const row = ownVideo(ctx, request.params.id, principalOf(request).account.id);
        return sendPoster(reply, await videoPoster(ctx, row, request.query, services), row.id);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/v1/infographics/:id/versions/:versionId/poster',
      operationId: 'getInfographicPoster',
      summary:
        'One frame of an infographic version as a poster image at the version\'s size: format=jpeg (the default) or format=png, at time seconds (default: the end of its hold, when everything has come in). 400 for a time outside its duration; 409 not_ready unless the version is ready',
      tags: ['infographics'],
      params: z.strictObject({ id, versionId: id }),
      querystring: posterQuery,
      response: { status: 200, description: 'The image (image/jpeg or image/png); X-Poster-Time says the frame\'s time, seconds', contentType: 'image/jpeg', schema: z.string() },
      handler: async (request, reply) => {
        const project = ownProject(ctx, request.params.id, principalOf(request).account.id);
        const version = projectVersion(ctx, project, request.params.versionId);
        return sendPoster(reply, await infographicPoster(ctx, version, request.query, services), version.id);
      },
    }),
  ];
}
