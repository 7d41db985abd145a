import type { Logger } from 'pino';
import type { NodeContext } from '../../node-context.js';
import type { RenderPool } from '../../render/render-pool.js';
import { nowIso } from '../../store/ids.js';
import type { VideoRenderRow } from '../../store/videos-store.js';
import { describeFailure } from '../engine/describe-failure.js';
import { describeRenderDetail } from '../../render/render-video.js';
import { renderFileName } from '../../render/formats/output-format.js';
import { renderJobFile } from '../videos/render-job.js';
import { completeRerender, failRender, newRenderRecord } from '../videos/render-records.js';
import { restoreFilesOfJob } from '../videos/job-file-references.js';
import { CancelSignal, type StageContext } from './stage-context.js';

/** Least time between two progress writes while rendering, ms. */
const PROGRESS_EVERY_MS = 1000;

/**
 * The render stage: renders the committed scenes (with the soundtrack) to the job's MP4, checked
 * with ffprobe, reporting `frames_done` / `frames_total` about once a second, and in
 * `phase_detail` the frames captured, the frames held and the rate. The render is the job's
 * original record in `video_renders` (made here, taken up again after a restart). Checkpoint:
 * `output_path`; the terminal transition charges the render.
 */
export async function renderStage(stage: StageContext): Promise<void> {
  const row = stage.job();
  const shape = { width: row.width, height: row.height, fps: row.fps };
  let record = stage.ctx.videos.originalRender(row.id);
  if (!record) {
    record = newRenderRecord(row.id, shape, { original: true, status: 'rendering' });
    stage.ctx.videos.insertRender(record);
  } else if (record.status !== 'rendering') {
    stage.ctx.videos.updateRender(record.id, { status: 'rendering', error_message: null, finished_at: null });
  }
  try {
    const relativePath = await renderOriginal(stage, shape);
    stage.ctx.db.transaction(() => {
      stage.ctx.videos.updateRender(record.id, { status: 'completed', output_path: relativePath, finished_at: nowIso() });
      stage.progress({ output_path: relativePath });
    })();
  } catch (error) {
    // An engine stopping leaves the record rendering: the job and its render go on at the next start.
    const stopping = stage.signal.aborted && !(stage.signal.reason instanceof CancelSignal);
    if (!stopping) failRender(stage.ctx, record.id, stage.signal.reason instanceof CancelSignal ? 'the job was canceled' : describeFailure(error).message);
    throw error;
  }
}

async function renderOriginal(stage: StageContext, shape: { width: number; height: number; fps: number }): Promise<string> {
  const row = stage.job();
  let lastWrite = 0;
  let lastWaiting: string | undefined;
  const { relativePath, workers } = await renderJobFile(stage.ctx, stage.pool, row, shape, {
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
  return relativePath;
}

/** What a re-render needs of the node. */
export interface RerenderServices {
  ctx: NodeContext;
  pool: RenderPool;
  cacheDir: string;
  logger?: Pick<Logger, 'error'>;
}

/**
 * A re-render of a completed job at a new shape or in another format (`POST /v1/videos/{id}/render`):
 * renders to a file of its own (MP4, WebM, MOV or GIF, opaque or transparent), then marks the render completed and records the plan renders it used (see
 * {@link completeRerender}); the job keeps its own size, rate and MP4. A failure marks the render
 * failed; the job stays as it was. When `stopping()` says the engine is shutting down, the render
 * is left for the next start.
 */
export async function rerenderStage(services: RerenderServices, render: VideoRenderRow, signal: AbortSignal, stopping: () => boolean): Promise<void> {
  const { ctx } = services;
  const row = ctx.videos.get(render.video_id)!;
  try {
    ctx.videos.updateRender(render.id, { status: 'rendering' });
    await restoreFilesOfJob(ctx, row.id);
    const output = { format: render.format, background: render.background };
    const { relativePath } = await renderJobFile(ctx, services.pool, row, render, { cacheDir: services.cacheDir, fileName: renderFileName(render.id, render.format), output, signal });
    completeRerender(ctx, render, relativePath);
  } catch (error) {
    if (stopping()) return;
    services.logger?.error({ videoId: row.id, renderId: render.id, err: error }, 're-render failed');
    failRender(ctx, render.id, describeFailure(error).message);
  }
}
