import { invalidRequest, notFound, ServiceError } from '../../errors/service-error.js';
import type { NodeContext } from '../../node-context.js';
import type { VideoRow } from '../../store/videos-store.js';
import type { VideoEngine } from '../engine/video-engine.js';
import type { EditReader } from '../edit/model-edit-reader.js';
import { answerReview, pausedReview, type ApproveBody } from '../review/answer-review.js';
import type { OutputFormat, RenderBackground } from '../../render/formats/output-format.js';
import { resolveRenderOutput } from './render-records.js';
import { toListItem, toPollResponse } from './video-view.js';

/**
 * The video operations behind both the REST routes and the MCP tools, so neither adapter holds a
 * rule: ownership, paging, cancel and re-render.
 */

/** A job of the account, or 404 (a job of another account answers the same as a missing one). */
export function ownVideo(ctx: NodeContext, id: string, accountId: string): VideoRow {
  const row = ctx.videos.get(id);
  if (!row || row.account_id !== accountId) throw notFound(`video ${id}`);
  return row;
}

/**
 * `POST /v1/videos/{id}/approve` (and MCP `approve_video`): answers a storyboard build paused at a
 * review gate: `{}` goes on, `{ changes }` redoes the board and pauses again. 409
 * `not_awaiting_approval` for a job that is not paused.
 */
export async function approveVideo(
  ctx: NodeContext,
  engine: VideoEngine | undefined,
  accountId: string,
  id: string,
  body: ApproveBody,
  baseUrl: string,
  reader?: EditReader,
): Promise<Record<string, unknown>> {
  const row = ownVideo(ctx, id, accountId);
  pausedReview(row);
  const running = requireEngine(engine);
  const answered = await answerReview(ctx, row, body, { enqueue: (jobId) => running.enqueue(jobId), ...(reader ? { reader } : {}) });
  return toPollResponse(ctx, answered, baseUrl);
}

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
  throw invalidRequest('cursor: not a cursor this node issued; use next_cursor from the previous page');
}

/** `GET /v1/videos`: a page of the account's jobs, newest first. */
export function listVideos(
  ctx: NodeContext,
  accountId: string,
  page: { limit: number; cursor?: string | undefined; parent_id?: string | undefined },
  baseUrl: string,
): { videos: Record<string, unknown>[]; next_cursor: string | null } {
  const rows = ctx.videos.listForAccount(accountId, page.limit + 1, page.cursor ? decodeCursor(page.cursor) : undefined, page.parent_id);
  const shown = rows.slice(0, page.limit);
  return {
    videos: shown.map((row) => toListItem(row, baseUrl)),
    next_cursor: rows.length > page.limit ? encodeCursor(shown[shown.length - 1]!) : null,
  };
}

function requireEngine(engine: VideoEngine | undefined): VideoEngine {
  if (!engine) throw new ServiceError('service_unavailable', 'this node runs no job engine');
  return engine;
}

/** `POST /v1/videos/{id}/cancel`: at once when queued or paused, cooperatively while working; 409 when finished. */
export function cancelVideo(ctx: NodeContext, engine: VideoEngine | undefined, accountId: string, id: string, baseUrl: string): Record<string, unknown> {
  const row = ownVideo(ctx, id, accountId);
  return toPollResponse(ctx, requireEngine(engine).cancel(row.id), baseUrl);
}

/**
 * `POST /v1/videos/{id}/render`: queues a re-render of a completed job at its own or new dimensions
 * and fps, in a format (MP4 unless asked; see {@link resolveRenderOutput}), as a render record of its own; answers the job in the poll shape (whose `renders` holds
 * the new render) and the id of the render it queued. The job stays `completed` with its own size, rate and MP4.
 */
export function queueRerender(
  ctx: NodeContext,
  engine: VideoEngine | undefined,
  accountId: string,
  id: string,
  shape: { dimensions?: { width: number; height: number } | undefined; fps?: number | undefined; format?: OutputFormat | undefined; background?: RenderBackground | undefined },
  baseUrl: string,
): { video: Record<string, unknown>; renderId: string } {
  // The format and background first: a transparent MP4 is a 400 whoever asks and whatever the job.
  const output = resolveRenderOutput(shape);
  const row = ownVideo(ctx, id, accountId);
  const render = requireEngine(engine).rerender(
    row.id,
    {
      width: shape.dimensions?.width ?? row.width,
      height: shape.dimensions?.height ?? row.height,
      fps: shape.fps ?? row.fps,
    },
    output,
  );
  return { video: toPollResponse(ctx, ctx.videos.get(row.id)!, baseUrl), renderId: render.id };
}
