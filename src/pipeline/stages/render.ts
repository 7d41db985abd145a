import type { Logger } from 'pino';
import { quotaMonth } from '../../accounts/accounts.js';
import type { NodeContext } from '../../node-context.js';
import type { RenderPool } from '../../render/render-pool.js';
import { nowIso } from '../../store/ids.js';
import type { VideoRenderRow } from '../../store/videos-store.js';
import { describeFailure } from '../engine/describe-failure.js';
import { describeRenderDetail } from '../../render/render-video.js';
import { renderJobMp4 } from '../videos/render-job.js';
import { restoreFilesOfJob } from '../videos/job-file-references.js';
import type { StageContext } from './stage-context.js';

/** Least time between two progress writes while rendering, ms. */
const PROGRESS_EVERY_MS = 1000;

/**
 * The render stage: renders the committed scenes (with the soundtrack) to the job's MP4, checked
 * with ffprobe, reporting `frames_done` / `frames_total` about once a second, and in
 * `phase_detail` the frames captured, the frames held and the rate. Checkpoint:
 * `output_path`; the terminal transition charges the render.
 */
export async function renderStage(stage: StageContext): Promise<void> {
  const row = stage.job();
  let lastWrite = 0;
  let lastWaiting: string | undefined;
  const { relativePath, workers } = await renderJobMp4(stage.ctx, stage.pool, row, { width: row.width, height: row.height, fps: row.fps }, {
    cacheDir: stage.cacheDir,
    fileName: `${row.id}.mp4`,
    signal: stage.signal,
    onProgress: (progress, _renderedFrames, totalFrames, detail) => {
      // A stall (or its end) is shown at once: no progress follows it to carry it.
      if (Date.now() - lastWrite < PROGRESS_EVERY_MS && detail.waiting === lastWaiting) return;
      lastWrite = Date.now();
      lastWaiting = detail.waiting;
      stage.progress({
        phase_detail: `Rendering the MP4: ${Math.floor(progress * 100)}% (${describeRenderDetail(detail)})`,
        frames_done: Math.round(progress * totalFrames),
        frames_total: totalFrames,
      });
    },
  });
  if (workers) {
    // Which `service worker` made each segment (the poll's `segment_workers`).
    const options = JSON.parse(stage.job().options) as Record<string, unknown>;
    stage.ctx.videos.update(row.id, { options: JSON.stringify({ ...options, segment_workers: { ...(options.segment_workers as object | undefined), ...workers } }) });
  }
  stage.progress({ output_path: relativePath });
}

/** What a re-render needs of the node. */
export interface RerenderServices {
  ctx: NodeContext;
  pool: RenderPool;
  cacheDir: string;
  logger?: Pick<Logger, 'error'>;
}

/**
 * A re-render of a completed job at a new shape (`POST /v1/videos/{id}/render`): renders, then in
 * one transaction marks the render completed, moves the job's download to the new MP4 and records
 * the render quota it used. A failure marks the render failed; the job stays as it was. When
 * `stopping()` says the engine is shutting down, the render is left queued for the next start.
 */
export async function rerenderStage(services: RerenderServices, render: VideoRenderRow, signal: AbortSignal, stopping: () => boolean): Promise<void> {
  const { ctx } = services;
  const row = ctx.videos.get(render.video_id)!;
  try {
    ctx.videos.updateRender(render.id, { status: 'rendering' });
    await restoreFilesOfJob(ctx, row.id);
    const { relativePath } = await renderJobMp4(ctx, services.pool, row, render, { cacheDir: services.cacheDir, fileName: `${render.id}.mp4`, signal });
    ctx.db.transaction(() => {
      const now = nowIso();
      ctx.videos.updateRender(render.id, { status: 'completed', output_path: relativePath, finished_at: now });
      ctx.videos.update(row.id, { output_path: relativePath, width: render.width, height: render.height, fps: render.fps, updated_at: now });
      ctx.ledger.recordRenders({ account_id: row.account_id, renders: render.renders_used, reference: render.id, month: quotaMonth(), created_at: now });
    })();
  } catch (error) {
    if (stopping()) return;
    services.logger?.error({ videoId: row.id, renderId: render.id, err: error }, 're-render failed');
    ctx.videos.updateRender(render.id, { status: 'failed', error_message: describeFailure(error).message, finished_at: nowIso() });
  }
}
