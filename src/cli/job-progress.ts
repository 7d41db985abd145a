import type { VideoRow } from '../store/videos-store.js';

/** One reading of a task's progress, as the CLI bar draws it. */
export interface ProgressReading {
  /** Overall 0..1 across every stage; undefined holds the bar where it is (a job that failed). */
  fraction: number | undefined;
  /** The one stage the task is in: `queued`, `planning`, `generating`, `finishing`, `rendering`, `done`, ... */
  stage: string;
  /**
   * What the task is doing, in its own words, where the stage's name would misname it: the
   * `planning` phase also covers the steps before any scene exists that are not planning
   * (enhancing the prompt, narrating, drawing the storyboard). Shown in place of the stage.
   */
  step?: string;
  /** That stage's own detail, e.g. `42% (frame 380/900)`; never another stage's. */
  detail?: string;
}

/** What a bar prints for a reading: its step or stage, then its detail. */
export function readingLabel(reading: ProgressReading): string {
  const what = reading.step ?? reading.stage;
  return reading.detail ? `${what} ${reading.detail}` : what;
}

/** A video job as the CLI sees it: its row in the data dir, or its poll response from a node. */
export interface JobSnapshot {
  status: string;
  phase?: string | null | undefined;
  phaseDetail?: string | null | undefined;
  scenesPlanned: number;
  scenesCommitted: number;
  framesDone?: number | undefined;
  framesTotal?: number | undefined;
  errorMessage?: string | null | undefined;
}

type Band = readonly [from: number, to: number];

/**
 * The share of the bar each stage of a job fills, in order, so that a later stage always draws
 * further along than an earlier one; a job that renders gives the MP4 render the last third.
 */
export function stageBands(render: boolean): { planning: Band; generating: Band; finishing: Band; rendering: Band } {
  return render
    ? { planning: [0.02, 0.12], generating: [0.12, 0.62], finishing: [0.62, 0.67], rendering: [0.67, 0.98] }
    : { planning: [0.02, 0.15], generating: [0.15, 0.9], finishing: [0.9, 0.98], rendering: [0.9, 0.98] };
}

function within(band: Band, part: number): number {
  return band[0] + (band[1] - band[0]) * Math.max(0, Math.min(1, part));
}

function inParens(text: string | null | undefined): string | undefined {
  return text ? `(${text})` : undefined;
}

function withDetail(reading: { fraction: number | undefined; stage: string; detail?: string | undefined }): ProgressReading {
  return reading.detail ? { fraction: reading.fraction, stage: reading.stage, detail: reading.detail } : { fraction: reading.fraction, stage: reading.stage };
}

/** The detail of a render: `42% (frame 380/900)`. */
export function framesDetail(framesDone: number, framesTotal: number): string {
  return `${Math.floor((100 * framesDone) / framesTotal)}% (frame ${framesDone}/${framesTotal})`;
}

/**
 * A foreground render (`service render`): the frames fill the bar up to `band[1]`, `done` fills it.
 * `made` says how the frames were made (`212 frames captured, 190 held, 28 frames/s`).
 */
export function renderReading(framesDone: number, framesTotal: number, band: Band = [0, 0.98], made?: string): ProgressReading {
  if (framesTotal <= 0) return { fraction: band[0], stage: 'rendering' };
  return { fraction: within(band, framesDone / framesTotal), stage: 'rendering', detail: `${framesDetail(framesDone, framesTotal)}${made ? ` · ${made}` : ''}` };
}

/** The frames captured and held that a render's `phase_detail` carries in parentheses, if any. */
function madeOf(phaseDetail: string | null | undefined): string | undefined {
  return phaseDetail ? /\(([^()]*\bheld\b[^()]*)\)/.exec(phaseDetail)?.[1] : undefined;
}

/**
 * Where a video job stands: one overall fraction (see {@link stageBands}) and its current stage
 * with that stage's own detail. `render` says whether the job ends with an MP4 render.
 */
export function jobProgress(job: JobSnapshot, options: { render: boolean }): ProgressReading {
  const bands = stageBands(options.render || job.status === 'rendering');
  switch (job.status) {
    case 'queued':
      return { fraction: 0, stage: 'queued' };
    case 'awaiting_approval':
      return withDetail({ fraction: bands.planning[1], stage: 'awaiting approval', detail: inParens(job.phaseDetail) });
    case 'rendering':
      if (job.framesTotal && job.framesTotal > 0) return renderReading(Math.min(job.framesDone ?? 0, job.framesTotal), job.framesTotal, bands.rendering, madeOf(job.phaseDetail));
      return { fraction: bands.rendering[0], stage: 'rendering' };
    case 'completed':
      return { fraction: 1, stage: 'done' };
    case 'failed':
      return withDetail({ fraction: undefined, stage: 'failed', detail: inParens(job.errorMessage) });
    case 'canceled':
      return { fraction: undefined, stage: 'canceled' };
    case 'processing':
      break;
    default:
      return { fraction: undefined, stage: job.status };
  }
  if (job.phase === 'generating') {
    const part = job.scenesPlanned > 0 ? job.scenesCommitted / job.scenesPlanned : 0;
    const count = job.scenesPlanned > 0 ? `${job.scenesCommitted}/${job.scenesPlanned} scenes` : undefined;
    return withDetail({ fraction: within(bands.generating, part), stage: 'generating', detail: [count, inParens(job.phaseDetail)].filter(Boolean).join(' ') });
  }
  if (job.phase === 'finishing') return withDetail({ fraction: bands.finishing[0], stage: 'finishing', detail: inParens(job.phaseDetail) });
  // The API's phase stays `planning` until scenes are built (the spec names three phases), but the
  // narration spoken in it is no planning: the job's own words name the step ("narrating scene 1 of 3").
  return job.phaseDetail ? { fraction: bands.planning[0], stage: 'planning', step: lowerFirst(job.phaseDetail) } : { fraction: bands.planning[0], stage: 'planning' };
}

/** `Narrating scene 1 of 3` as a bar's step: `narrating scene 1 of 3` (an initialism such as `SVG` kept). */
function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text;
}

/** A job's row in this data dir, as a {@link JobSnapshot}. */
export function snapshotOfRow(row: VideoRow): JobSnapshot {
  return {
    status: row.status,
    phase: row.phase,
    phaseDetail: row.phase_detail,
    scenesPlanned: row.scenes_planned,
    scenesCommitted: row.scenes_committed,
    framesDone: row.frames_done,
    framesTotal: row.frames_total,
    errorMessage: row.error_message,
  };
}

/** A job's poll response (`GET /v1/videos/{id}`), as a {@link JobSnapshot}. */
export function snapshotOfPoll(job: Record<string, unknown>): JobSnapshot {
  const progress = (job.progress ?? {}) as { scenes_committed?: number; scenes_planned?: number; frames_done?: number; frames_total?: number };
  const error = job.error as { message?: string } | undefined;
  return {
    status: String(job.status),
    phase: typeof job.phase === 'string' ? job.phase : undefined,
    phaseDetail: typeof job.phase_detail === 'string' ? job.phase_detail : undefined,
    scenesPlanned: progress.scenes_planned ?? 0,
    scenesCommitted: progress.scenes_committed ?? 0,
    framesDone: progress.frames_done,
    framesTotal: progress.frames_total,
    errorMessage: error?.message,
  };
}

/** Where an infographic render stands; its render reports no frames, so `rendering` holds one place. */
export function infographicRenderProgress(status: string, errorMessage?: string | null): ProgressReading {
  switch (status) {
    case 'queued':
      return { fraction: 0, stage: 'queued' };
    case 'rendering':
      return { fraction: 0.05, stage: 'rendering' };
    case 'completed':
      return { fraction: 1, stage: 'done' };
    case 'failed':
      return withDetail({ fraction: undefined, stage: 'failed', detail: inParens(errorMessage) });
    default:
      return { fraction: undefined, stage: status };
  }
}
