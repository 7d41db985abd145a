import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../errors/service-error.js';
import type { NodeContext } from '../../node-context.js';
import { ownProject } from '../../pipeline/infographics/infographic-renders.js';
import { infographicThumbnail, videoThumbnail, type Thumbnail } from '../../pipeline/thumbnails/list-thumbnails.js';
import { ownVideo } from '../../pipeline/videos/video-operations.js';
import type { AccountRow } from '../../store/accounts-store.js';
import type { AppServices } from '../services.js';

/** Options of the thumbnail routes: the node, its render pool, and who the session is. */
export interface ThumbnailRoutesOptions {
  ctx: NodeContext;
  services: AppServices;
  /** The signed-in account of the request's session; throws 401 without one. */
  account: (request: FastifyRequest, reply: FastifyReply) => AccountRow;
}

/** Sends a thumbnail, or 304 when the browser holds this one already. */
function sendThumbnail(request: FastifyRequest, reply: FastifyReply, thumbnail: Thumbnail | undefined, what: string): FastifyReply {
  if (!thumbnail) throw notFound(`a thumbnail of ${what} (nothing is made yet to take one from)`);
  const etag = `"${thumbnail.key}"`;
  // A minute's reuse keeps a list cheap to show again; the ETag makes checking afterwards cheap too.
  reply.header('etag', etag).header('cache-control', 'private, max-age=60');
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.header('content-type', 'image/jpeg').send(thumbnail.data);
}

/**
 * The app's list thumbnails: `GET /app/api/videos/:id/thumbnail` and
 * `GET /app/api/infographics/:id/thumbnail`, one small stored JPEG each (see list-thumbnails.ts),
 * for the signed-in account's own items only; 404 while there is nothing to take one from.
 */
export function registerThumbnailRoutes(app: FastifyInstance, options: ThumbnailRoutesOptions): void {
  const { ctx, services } = options;
  const config = { auth: false };
  app.get<{ Params: { id: string } }>('/app/api/videos/:id/thumbnail', { config }, async (request, reply) => {
    const account = options.account(request, reply);
    const row = ownVideo(ctx, request.params.id, account.id);
    return sendThumbnail(request, reply, await videoThumbnail(ctx, row, services), `video ${row.id}`);
  });
  app.get<{ Params: { id: string } }>('/app/api/infographics/:id/thumbnail', { config }, async (request, reply) => {
    const account = options.account(request, reply);
    const project = ownProject(ctx, request.params.id, account.id);
    return sendThumbnail(request, reply, await infographicThumbnail(ctx, project, services), `infographic ${project.id}`);
  });
}
