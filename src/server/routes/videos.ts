import { z } from 'zod';
import { invalidRequest, notFound, ServiceError } from '../../errors/service-error.js';
import type { NodeContext } from '../../node-context.js';
import { createVideoBody } from '../../pipeline/create/create-video-schema.js';
import { createVideo } from '../../pipeline/videos/create-video.js';
import { videoFrames } from '../../pipeline/videos/video-frames.js';
import { baseUrlOf, toListItem, toPollResponse } from '../../pipeline/videos/video-view.js';
import type { VideoRow } from '../../store/videos-store.js';
import { principalOf } from '../plugins/auth.js';
import { defineRoute } from '../route-definition.js';
import type { AppServices } from '../services.js';

const idParams = z.strictObject({ id: z.string().min(1).max(100) });

const pollResponse = z.looseObject({
  id: z.string(),
  status: z.string(),
  phase: z.string().optional(),
  phase_detail: z.string().optional(),
  poll_after_seconds: z.number(),
  model: z.string(),
  prompt: z.string(),
  enhanced_prompt: z.string().optional(),
  project_id: z.string(),
  progress: z.object({ scenes_committed: z.number(), scenes_planned: z.number() }),
  scenes: z.array(z.object({ id: z.string(), title: z.string(), duration_seconds: z.number() })),
  app_url: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  elapsed_seconds: z.number(),
  last_activity_at: z.string(),
  credits_cost: z.number().optional(),
  download_url: z.string().optional(),
});

const dimension = z.number().int().min(128).max(3840).refine((n) => n % 2 === 0, 'must be an even number');

/** Body of `POST /v1/videos/{id}/render` (DECISIONS.md). */
export const renderBody = z
  .strictObject({
    dimensions: z.strictObject({ width: dimension, height: dimension }).optional().describe('New canvas size; default the job\'s'),
    fps: z.union([z.literal(24), z.literal(25), z.literal(30), z.literal(50), z.literal(60)]).optional().describe('24, 25, 30, 50 or 60; default the job\'s'),
  })
  .optional();

/** `limit` and `cursor` of `GET /v1/videos`. */
const listQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(20).describe('Page size, 1 to 100'),
  cursor: z.string().max(200).optional().describe('The next_cursor of the previous page'),
});

function encodeCursor(row: VideoRow): string {
  return Buffer.from(JSON.stringify([row.created_at, row.id])).toString('base64url');
}

function decodeCursor(cursor: string): { created_at: string; id: string } {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof createdAt === 'string' && typeof id === 'string') return { created_at: createdAt, id };
  } catch {
    // falls through to the error below
  }
  throw invalidRequest('querystring.cursor: not a cursor this node issued; use next_cursor from the previous page');
}

/** The `/v1/videos` resource: create, poll, list, cancel, frames, re-render. */
export function videoRoutes(ctx: NodeContext, services: AppServices) {
  const ownVideo = (id: string, accountId: string): VideoRow => {
    const row = ctx.videos.get(id);
    if (!row || row.account_id !== accountId) throw notFound(`video ${id}`);
    return row;
  };
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
        schema: z.object({ id: z.string(), status: z.literal('queued'), model: z.string(), estimated_credits: z.number() }),
      },
      handler: async (request, reply) => {
        const key = request.headers['idempotency-key'];
        const answer = await createVideo(ctx, principalOf(request), request.body, {
          idempotencyKey: typeof key === 'string' ? key : undefined,
          enqueue: (id) => services.engine?.enqueue(id),
        });
        reply.code(answer.statusCode);
        return answer.body;
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/v1/videos',
      operationId: 'listVideos',
      summary: 'The caller\'s video jobs, newest first',
      tags: ['videos'],
      querystring: listQuery,
      response: {
        status: 200,
        description: 'A page of jobs',
        schema: z.object({ videos: z.array(z.looseObject({ id: z.string(), status: z.string() })), next_cursor: z.string().nullable() }),
      },
      handler: async (request) => {
        const { account } = principalOf(request);
        const { limit, cursor } = request.query;
        const rows = ctx.videos.listForAccount(account.id, limit + 1, cursor ? decodeCursor(cursor) : undefined);
        const page = rows.slice(0, limit);
        return {
          videos: page.map((row) => toListItem(row, base(request))),
          next_cursor: rows.length > limit ? encodeCursor(page[page.length - 1]!) : null,
        };
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/v1/videos/:id',
      operationId: 'getVideo',
      summary: 'Poll a video job',
      tags: ['videos'],
      params: idParams,
      response: { status: 200, description: 'The job', schema: pollResponse },
      handler: async (request) => toPollResponse(ctx, ownVideo(request.params.id, principalOf(request).account.id), base(request)),
    }),
    defineRoute({
      method: 'POST',
      url: '/v1/videos/:id/cancel',
      operationId: 'cancelVideo',
      summary: 'Cancel a job: at once when queued or paused, cooperatively while it works; 409 when finished',
      tags: ['videos'],
      params: idParams,
      response: { status: 200, description: 'The job', schema: pollResponse },
      handler: async (request) => {
        const row = ownVideo(request.params.id, principalOf(request).account.id);
        if (!services.engine) throw new ServiceError('service_unavailable', 'this node runs no job engine');
        return toPollResponse(ctx, services.engine.cancel(row.id), base(request));
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/v1/videos/:id/frames',
      operationId: 'getVideoFrames',
      summary: 'One JPEG per scene, from the MP4 or rendered as stills',
      tags: ['videos'],
      params: idParams,
      querystring: z.strictObject({ max_frames: z.coerce.number().int().min(1).max(12).default(6).describe('1 to 12') }),
      response: {
        status: 200,
        description: 'The frames',
        schema: z.object({
          video_id: z.string(),
          source: z.string(),
          frames: z.array(z.object({ scene_id: z.string(), index: z.number(), time_seconds: z.number(), width: z.number(), height: z.number(), mime_type: z.string(), data: z.string() })),
        }),
      },
      handler: async (request) => {
        const row = ownVideo(request.params.id, principalOf(request).account.id);
        return videoFrames(ctx, row, request.query.max_frames, services);
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/v1/videos/:id/render',
      operationId: 'renderVideo',
      summary: 'Re-render a completed job, optionally at other dimensions or fps; uses one plan render (4K: two)',
      tags: ['videos'],
      params: idParams,
      body: renderBody,
      response: { status: 202, description: 'The job, with the queued render', schema: pollResponse },
      handler: async (request, reply) => {
        const row = ownVideo(request.params.id, principalOf(request).account.id);
        if (!services.engine) throw new ServiceError('service_unavailable', 'this node runs no job engine');
        const body = request.body ?? {};
        services.engine.rerender(row.id, {
          width: body.dimensions?.width ?? row.width,
          height: body.dimensions?.height ?? row.height,
          fps: body.fps ?? row.fps,
        });
        reply.code(202);
        return toPollResponse(ctx, ctx.videos.get(row.id)!, base(request));
      },
    }),
  ];
}
