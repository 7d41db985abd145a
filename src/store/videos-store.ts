import type { JobPhase, JobStatus } from '../pipeline/engine/job-states.js';
import type { OutputFormat, RenderBackground } from '../render/formats/output-format.js';
import type { Db } from './open-database.js';
import { StatementCache } from './statement-cache.js';

/** A video job row. */
export interface VideoRow {
  id: string;
  account_id: string;
  api_key_id: string | null;
  project_id: string;
  parent_id: string | null;
  status: JobStatus;
  phase: JobPhase | null;
  phase_detail: string | null;
  model: string;
  prompt: string;
  enhanced_prompt: string | null;
  options: string;
  width: number;
  height: number;
  fps: number;
  duration_seconds: number;
  render: number;
  webhook_url: string | null;
  estimated_millicredits: number;
  credits_cost_millicredits: number | null;
  plan: string | null;
  scenes_planned: number;
  scenes_committed: number;
  cancel_requested: number;
  error_code: string | null;
  error_message: string | null;
  output_path: string | null;
  soundtrack_path: string | null;
  /** Frames of the timeline the render has done (rendered or reused) and of the whole timeline; 0 before rendering. */
  frames_done: number;
  frames_total: number;
  /** JSON array of `{ code, message }`: what the client should know about how the video was made. */
  warnings: string;
  /** A storyboard build's review gates (JSON `ReviewState`); null for every other job. */
  review?: string | null;
  created_at: string;
  updated_at: string;
  last_activity_at: string;
  started_at: string | null;
  finished_at: string | null;
}

/** A scene row. */
export interface SceneRow {
  id: string;
  video_id: string;
  position: number;
  title: string;
  role: string;
  kind: string;
  duration_seconds: number;
  settings: string;
  source: string | null;
  compiled: string | null;
  writer: string | null;
  /** How the scene was written (JSON SceneAuthoring: drafts, repairs, critique); null for the fallback title card. */
  authoring: string | null;
  /** An edit's scene carried over unchanged: the source scene's id (its code, narration and segment are reused; it is not charged). */
  reused_from?: string | null;
  committed_at: string | null;
  narration: string | null;
  narration_audio: string | null;
  narration_seconds: number | null;
  narration_words: string | null;
  /** JSON `FrameAudit` of the middle frame of the scene's test render. */
  audit: string | null;
}

/** Where a render stands. */
export type RenderStatus = 'queued' | 'rendering' | 'completed' | 'failed';

/**
 * One render of a video job: the job's own (the original, at the job's size and rate, whose
 * MP4 is the job's `download_url`) or a re-render (`POST /v1/videos/{id}/render`, `service render`)
 * at any size and rate, which never changes the job.
 */
export interface VideoRenderRow {
  id: string;
  video_id: string;
  status: RenderStatus;
  width: number;
  height: number;
  fps: number;
  /** Plan renders it uses (2 for 4K). */
  renders_used: number;
  /** Relative to files/, once completed. */
  output_path: string | null;
  error_message: string | null;
  created_at: string;
  finished_at: string | null;
  /** 1: the original (the job's own render, or for a job made without one the first render completed at its size and rate). */
  original: number;
  /** The file's format. @default 'mp4' */
  format: OutputFormat;
  /** `transparent`: no background, an alpha channel (webm and mov only). @default 'opaque' */
  background: RenderBackground;
}

/** Columns a job update may set. */
export type VideoUpdate = Partial<
  Pick<
    VideoRow,
    | 'status' | 'phase' | 'phase_detail' | 'enhanced_prompt' | 'plan' | 'scenes_planned' | 'scenes_committed'
    | 'cancel_requested' | 'error_code' | 'error_message' | 'output_path' | 'credits_cost_millicredits'
    | 'updated_at' | 'last_activity_at' | 'started_at' | 'finished_at' | 'width' | 'height' | 'fps' | 'soundtrack_path'
    | 'frames_done' | 'frames_total' | 'warnings' | 'review' | 'options'
  >
>;

/** Statuses that count as in flight (the limit of 5). */
export const IN_FLIGHT_STATUSES: readonly JobStatus[] = ['queued', 'processing', 'rendering', 'awaiting_approval'];

/** Reads and writes video jobs and their scenes. */
export class VideosStore {
  private readonly sql: StatementCache;

  constructor(db: Db) {
    this.sql = new StatementCache(db);
  }

  insert(row: VideoRow): void {
    const columns = Object.keys(row);
    this.sql
      .get(`INSERT INTO videos (${columns.join(', ')}) VALUES (${columns.map((c) => '@' + c).join(', ')})`)
      .run(row);
  }

  get(id: string): VideoRow | undefined {
    return this.sql.get('SELECT * FROM videos WHERE id = ?').get(id) as VideoRow | undefined;
  }

  /** Newest first; `before` is the (created_at, id) of the previous page's last item. */
  /** An account's jobs newest first, after the cursor `before`; only the edits of `parentId` when given. */
  listForAccount(accountId: string, limit: number, before?: { created_at: string; id: string }, parentId?: string): VideoRow[] {
    const parent = parentId === undefined ? '' : ' AND parent_id = ?';
    const parentArgs = parentId === undefined ? [] : [parentId];
    if (!before) {
      return this.sql
        .get(`SELECT * FROM videos WHERE account_id = ?${parent} ORDER BY created_at DESC, id DESC LIMIT ?`)
        .all(accountId, ...parentArgs, limit) as VideoRow[];
    }
    return this.sql
      .get(
        `SELECT * FROM videos WHERE account_id = ?${parent} AND (created_at < ? OR (created_at = ? AND id < ?))
         ORDER BY created_at DESC, id DESC LIMIT ?`,
      )
      .all(accountId, ...parentArgs, before.created_at, before.created_at, before.id, limit) as VideoRow[];
  }

  countInFlight(accountId: string): number {
    return this.sql
      .get(`SELECT COUNT(*) FROM videos WHERE account_id = ? AND status IN (${IN_FLIGHT_STATUSES.map(() => '?').join(', ')})`)
      .pluck()
      .get(accountId, ...IN_FLIGHT_STATUSES) as number;
  }

  /** Jobs a stopped process left unfinished, oldest first. */
  listUnfinished(): VideoRow[] {
    return this.sql
      .get(`SELECT * FROM videos WHERE status IN ('queued', 'processing', 'rendering') ORDER BY created_at, id`)
      .all() as VideoRow[];
  }

  update(id: string, changes: VideoUpdate): void {
    const columns = Object.keys(changes);
    if (columns.length === 0) return;
    this.sql
      .get(`UPDATE videos SET ${columns.map((c) => `${c} = @${c}`).join(', ')} WHERE id = @id`)
      .run({ ...changes, id });
  }

  insertScene(row: SceneRow): void {
    const columns = Object.keys(row);
    this.sql
      .get(`INSERT INTO scenes (${columns.join(', ')}) VALUES (${columns.map((c) => '@' + c).join(', ')})`)
      .run(row);
  }

  scenes(videoId: string): SceneRow[] {
    return this.sql.get('SELECT * FROM scenes WHERE video_id = ? ORDER BY position').all(videoId) as SceneRow[];
  }

  deleteUncommittedScenes(videoId: string): void {
    this.sql.get('DELETE FROM scenes WHERE video_id = ? AND committed_at IS NULL').run(videoId);
  }

  insertRender(row: VideoRenderRow): void {
    const columns = Object.keys(row);
    this.sql
      .get(`INSERT INTO video_renders (${columns.join(', ')}) VALUES (${columns.map((c) => '@' + c).join(', ')})`)
      .run(row);
  }

  getRender(id: string): VideoRenderRow | undefined {
    return this.sql.get('SELECT * FROM video_renders WHERE id = ?').get(id) as VideoRenderRow | undefined;
  }

  /** A job's renders, oldest first (the original, when the job rendered itself, comes first). */
  listRenders(videoId: string): VideoRenderRow[] {
    return this.sql.get('SELECT * FROM video_renders WHERE video_id = ? ORDER BY created_at, id').all(videoId) as VideoRenderRow[];
  }

  /** The record of the job's own render, while it runs and once done. */
  originalRender(videoId: string): VideoRenderRow | undefined {
    return this.sql.get('SELECT * FROM video_renders WHERE video_id = ? AND original = 1 ORDER BY created_at, id LIMIT 1').get(videoId) as
      | VideoRenderRow
      | undefined;
  }

  /** Re-renders a stopped process left unfinished, oldest first (a job's own render resumes with the job). */
  listUnfinishedRenders(): VideoRenderRow[] {
    return this.sql
      .get(`SELECT * FROM video_renders WHERE status IN ('queued', 'rendering') AND original = 0 ORDER BY created_at, id`)
      .all() as VideoRenderRow[];
  }

  updateRender(id: string, changes: Partial<Pick<VideoRenderRow, 'status' | 'output_path' | 'error_message' | 'finished_at' | 'original'>>): void {
    const columns = Object.keys(changes);
    if (columns.length === 0) return;
    this.sql.get(`UPDATE video_renders SET ${columns.map((c) => `${c} = @${c}`).join(', ')} WHERE id = @id`).run({ ...changes, id });
  }

  commitScene(id: string, values: { source: string; compiled: string; writer: string; committed_at: string; audit: string | null; authoring: string | null }): void {
    this.sql
      .get('UPDATE scenes SET source = @source, compiled = @compiled, writer = @writer, committed_at = @committed_at, audit = @audit, authoring = @authoring WHERE id = @id')
      .run({ ...values, id });
  }
}
