import { quotaMonth, summarizeAccount } from '../../accounts/accounts.js';
import { invalidRequest, ServiceError } from '../../errors/service-error.js';
import type { NodeContext } from '../../node-context.js';
import { newId, nowIso } from '../../store/ids.js';
import type { VideoRenderRow, VideoRow } from '../../store/videos-store.js';
import { rendersNeeded } from '../create/resolve-video-options.js';
import { DEFAULT_RENDER_OUTPUT, renderOutputProblem, type RenderOutput } from '../../render/formats/output-format.js';
import type { RenderShape } from './render-job.js';

/**
 * The records of a job's renders (`video_renders`), each in its own format. A render never changes its job: the job
 * keeps the size, rate and MP4 it was made with (the original), so edits start from those, and
 * each re-render is a record of its own with its own MP4.
 */

/** A new render record of a job at a shape, `queued`, an opaque MP4 unless `output` says otherwise; the original when it is the job's own render. */
export function newRenderRecord(videoId: string, shape: RenderShape, options: { original?: boolean; status?: VideoRenderRow['status']; output?: RenderOutput } = {}): VideoRenderRow {
  const output = options.output ?? DEFAULT_RENDER_OUTPUT;
  return {
    id: newId('rnd'),
    video_id: videoId,
    status: options.status ?? 'queued',
    width: shape.width,
    height: shape.height,
    fps: shape.fps,
    renders_used: rendersNeeded(shape.width, shape.height),
    output_path: null,
    error_message: null,
    created_at: nowIso(),
    finished_at: null,
    original: options.original ? 1 : 0,
    format: output.format,
    background: output.background,
  };
}

/**
 * A render's format and background from a request's optional fields (an opaque MP4 when neither is
 * given); 400 `invalid_request` for a transparent background in a format without alpha (MP4, GIF).
 * Every render request (REST, MCP, CLI, videos and infographics) resolves its output here.
 */
export function resolveRenderOutput(fields: { format?: RenderOutput['format'] | undefined; background?: RenderOutput['background'] | undefined }): RenderOutput {
  const output: RenderOutput = { format: fields.format ?? DEFAULT_RENDER_OUTPUT.format, background: fields.background ?? DEFAULT_RENDER_OUTPUT.background };
  const problem = renderOutputProblem(output);
  if (problem) throw invalidRequest(problem);
  return output;
}

/** Refuses (402 `insufficient_credits`) a render the account's plan renders this month cannot pay for (4K: two). */
export function checkRenderQuota(ctx: NodeContext, accountId: string, shape: RenderShape): void {
  const summary = summarizeAccount(ctx, accountId);
  if (summary.renders_remaining < rendersNeeded(shape.width, shape.height)) {
    throw new ServiceError('insufficient_credits', `the render quota is spent: ${summary.renders_used} of ${summary.monthly_renders} renders used this month`);
  }
}

/** Whether a render is an opaque MP4 at the job's own size and rate (what a job's own render makes). */
function atJobShape(row: VideoRow, render: VideoRenderRow): boolean {
  const plainMp4 = render.format === 'mp4' && render.background === 'opaque';
  return plainMp4 && render.width === row.width && render.height === row.height && render.fps === row.fps;
}

/**
 * A re-render's MP4 is made: in one transaction the record is completed and its plan renders are
 * recorded. The job is left as it is, except that a job which has no MP4 of its own (made without
 * `render`) takes the first render completed at its own size and rate as its original.
 */
export function completeRerender(ctx: NodeContext, render: VideoRenderRow, relativePath: string): void {
  // Whatever the format, a render costs what an MP4 re-render does: its renders_used (4K: two).
  ctx.db.transaction(() => {
    const now = nowIso();
    const row = ctx.videos.get(render.video_id)!;
    const original = row.output_path === null && atJobShape(row, render);
    ctx.videos.updateRender(render.id, { status: 'completed', output_path: relativePath, finished_at: now, ...(original ? { original: 1 } : {}) });
    if (original) ctx.videos.update(row.id, { output_path: relativePath, updated_at: now });
    ctx.ledger.recordRenders({ account_id: row.account_id, renders: render.renders_used, reference: render.id, month: quotaMonth(), created_at: now });
  })();
}

/** A render ended without an MP4; nothing is charged for it. */
export function failRender(ctx: NodeContext, renderId: string, message: string): void {
  ctx.videos.updateRender(renderId, { status: 'failed', error_message: message, finished_at: nowIso() });
}
