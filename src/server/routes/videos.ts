import type { NodeContext } from '../../node-context.js';
import { createVideoBody } from '../../pipeline/create/create-video-schema.js';
import { createEdit } from '../../pipeline/edit/create-edit.js';
import { createVideo, estimateVideo } from '../../pipeline/videos/create-video.js';
import { videoFrames } from '../../pipeline/videos/video-frames.js';
import { approveVideo, cancelVideo, listVideos, ownVideo, queueRerender } from '../../pipeline/videos/video-operations.js';
import { videoPreview } from '../../pipeline/videos/video-preview.js';
import { baseUrlOf, toPollResponse } from '../../pipeline/videos/video-view.js';
import { principalOf } from '../plugins/auth.js';
import { requestBaseUrl } from '../request-base-url.js';
import { defineRoute } from '../route-definition.js';
import { idempotencyKeyOf, sendStoredAnswer } from '../stored-answer.js';
import {
  approveVideoFields,
  createdVideoResponse,
  editVideoFields,
  framesQuery,
  framesResponse,
  listVideosQuery,
  listVideosResponse,
  pollResponse,
  renderBody,
  videoIdParams,
} from '../schemas/video-schemas.js';
import { videoPreviewResponse } from '../schemas/preview-schemas.js';
import { videoEstimateResponse } from '../schemas/estimate-schemas.js';
import type { AppServices } from '../services.js';

/** The `/v1/videos` resource: create, poll, list, cancel, frames, re-render. */
export function videoRoutes(ctx: NodeContext, services: AppServices) {
  const base = (request: { socket: { localPort?: number } }) => baseUrlOf(ctx, request.socket.localPort);

  return [
    defineRoute({
      method: 'POST',
      url: '/v1/videos',
      operationId: 'createVideo',
      summary: 'Start a video job from a prompt; answers 202 at once',
      tags: ['videos'],
      rateLimit: 'videos.create',
      body: createVideoBody,
      response: {
        status: 202,
        description: 'The job, queued',
        schema: createdVideoResponse,
      },
      handler: async (request, reply) => {
        const answer = await createVideo(ctx, principalOf(request), request.body, {
          idempotencyKey: idempotencyKeyOf(request),
          enqueue: (id) => services.engine?.enqueue(id),
        });
        return sendStoredAnswer(request, reply, answer);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/v1/videos',
      operationId: 'listVideos',
      summary: 'The caller\'s video jobs, newest first',
      tags: ['videos'],
      querystring: listVideosQuery,
      response: { status: 200, description: 'A page of jobs', schema: listVideosResponse },
      handler: async (request) => listVideos(ctx, principalOf(request).account.id, request.query, base(request)),
    }),
    defineRoute({
      method: 'GET',
      url: '/v1/videos/:id',
      operationId: 'getVideo',
      summary: 'Poll a video job',
      tags: ['videos'],
      params: videoIdParams,
      response: { status: 200, description: 'The job', schema: pollResponse },
      handler: async (request) => toPollResponse(ctx, ownVideo(ctx, request.params.id, principalOf(request).account.id), base(request)),
    }),
    defineRoute({
      method: 'POST',
      url: '/v1/videos/:id/cancel',
      operationId: 'cancelVideo',
      summary: 'Cancel a job: at once when queued or paused, cooperatively while it works; 409 when finished',
      tags: ['videos'],
      params: videoIdParams,
      response: { status: 200, description: 'The job', schema: pollResponse },
      handler: async (request) => cancelVideo(ctx, services.engine, principalOf(request).account.id, request.params.id, base(request)),
    }),
    defineRoute({
      method: 'GET',
      url: '/v1/videos/:id/frames',
      operationId: 'getVideoFrames',
      summary: 'One JPEG per scene, from the MP4 or rendered as stills',
      tags: ['videos'],
      params: videoIdParams,
      querystring: framesQuery,
      response: { status: 200, description: 'The frames', schema: framesResponse },
      handler: async (request) =>
        videoFrames(ctx, ownVideo(ctx, request.params.id, principalOf(request).account.id), request.query.max_frames, services),
    }),
    defineRoute({
      method: 'POST',
      url: '/v1/videos/:id/edit',
      operationId: 'editVideo',
      summary: 'Change a finished multi-scene video by describing the change; answers 202 with a new job (parent_id the source), which remakes only what the change touches',
      tags: ['videos'],
      rateLimit: 'videos.edit',
      params: videoIdParams,
      body: editVideoFields,
      response: { status: 202, description: 'The edit job, queued', schema: createdVideoResponse },
      handler: async (request, reply) => {
        const answer = await createEdit(ctx, principalOf(request), request.params.id, request.body, {
          idempotencyKey: idempotencyKeyOf(request),
          enqueue: (id) => services.engine?.enqueue(id),
          ...(services.editor ? { reader: services.editor } : {}),
        });
        return sendStoredAnswer(request, reply, answer);
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/v1/videos/:id/approve',
      operationId: 'approveVideo',
      summary: 'Answer a storyboard build paused at a review gate: {} goes on, { changes } redoes that board and pauses again; 409 not_awaiting_approval for a job that is not paused',
      tags: ['videos'],
      params: videoIdParams,
      body: approveVideoFields,
      response: { status: 200, description: 'The job, going on', schema: pollResponse },
      handler: async (request) =>
        approveVideo(ctx, services.engine, principalOf(request).account.id, request.params.id, request.body ?? {}, base(request), services.editor),
    }),
    defineRoute({
      method: 'POST',
      url: '/v1/videos/:id/render',
      operationId: 'renderVideo',
      summary: 'Re-render a completed job, optionally at other dimensions or fps, as MP4, WebM, MOV or GIF, opaque or (WebM, MOV) transparent; uses one plan render (4K: two) whatever the format',
      tags: ['videos'],
      params: videoIdParams,
      body: renderBody,
      response: { status: 202, description: 'The job, with the queued render', schema: pollResponse },
      handler: async (request, reply) => {
        const answer = queueRerender(ctx, services.engine, principalOf(request).account.id, request.params.id, request.body ?? {}, base(request)).video;
        reply.code(202);
        return answer;
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/v1/videos/:id/preview',
      operationId: 'getVideoPreview',
      summary: 'What the app\'s live preview plays: committed scenes with their compiled code, the rest by title and length, soundtrack and MP4 once they exist (signed links, about an hour); 409 not_ready before the plan',
      tags: ['videos'],
      params: videoIdParams,
      response: { status: 200, description: 'The preview', schema: videoPreviewResponse },
      // Links use the origin the caller reached the node at: the app's preview frame loads them under 'self'.
      handler: async (request) => videoPreview(ctx, ownVideo(ctx, request.params.id, principalOf(request).account.id), requestBaseUrl(ctx, request)),
    }),
    defineRoute({
      method: 'POST',
      url: '/v1/videos/estimate',
      operationId: 'estimateVideo',
      summary: 'Price a create body without creating anything: the same validation and estimate as POST /v1/videos, nothing written, no attachment fetched (URLs are checked for form only); balance, quota and jobs in flight are not checked (extension)',
      tags: ['videos'],
      body: createVideoBody,
      response: { status: 200, description: 'The estimate', schema: videoEstimateResponse },
      handler: async (request) => estimateVideo(ctx, principalOf(request), request.body),
    }),
  ];
}
