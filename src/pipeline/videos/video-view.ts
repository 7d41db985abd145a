import { burnedCaptionsIn, captionRequestOfSettings, type CaptionRequest } from '../speech/caption-chunks.js';
import { toCredits } from '../../accounts/credits.js';
import { publicUrlOf } from '../../config/resolve-config.js';
import type { NodeContext } from '../../node-context.js';
import { reviewOf } from '../review/review-state.js';
import { footageSecondsMade } from '../stages/footage-scenes.js';
import { creditPartViews, type CreditPart } from '../create/estimate-credits.js';
import { signFileUrl } from '../../security/signed-urls.js';
import type { SceneRow, VideoRenderRow, VideoRow } from '../../store/videos-store.js';
import { isTerminal } from '../engine/job-states.js';
import { parseWarnings, type JobWarning } from './job-warnings.js';
import { sceneVisual } from './scene-visual.js';

/** Seconds a client should wait before polling again, by status. */
const POLL_AFTER: Record<string, number> = {
  queued: 5,
  processing: 10,
  rendering: 5,
  awaiting_approval: 60,
  completed: 0,
  failed: 0,
  canceled: 0,
};

/** The base URL links are made with: the configured public URL, else the listening address. */
export function baseUrlOf(ctx: NodeContext, listeningPort?: number): string {
  return publicUrlOf(ctx.config, listeningPort ?? ctx.config.port);
}

/** `GET /v1/videos/{id}`: the spec's poll response plus the extras of DECISIONS.md. */
export function toPollResponse(ctx: NodeContext, row: VideoRow, baseUrl: string, now = Date.now()): Record<string, unknown> {
  const scenes = ctx.videos.scenes(row.id);
  // Each scene's settings, read once for the scene list and the captions.
  const settings = scenes.map((scene) => parseSettings(scene.settings));
  const renders = ctx.videos.listRenders(row.id);
  // A completed job with a re-render under way is worth polling again, at the pace of a render.
  const rendering = renders.some((render) => render.status === 'queued' || render.status === 'rendering');
  const audio = row.plan ? (JSON.parse(row.plan) as { audio?: { narration: boolean; music: boolean; sfx: boolean; language: string; voice: string } }).audio : undefined;
  const terminal = isTerminal(row.status);
  const finishedAt = terminal && row.finished_at ? Date.parse(row.finished_at) : now;
  return {
    id: row.id,
    status: row.status,
    ...(row.phase && row.status === 'processing' ? { phase: row.phase } : {}),
    ...(row.phase_detail ? { phase_detail: row.phase_detail } : {}),
    poll_after_seconds: row.status === 'completed' && rendering ? POLL_AFTER.rendering! : (POLL_AFTER[row.status] ?? 10),
    model: row.model,
    prompt: row.prompt,
    ...(row.enhanced_prompt ? { enhanced_prompt: row.enhanced_prompt } : {}),
    project_id: row.project_id,
    progress: {
      scenes_committed: row.scenes_committed,
      scenes_planned: row.scenes_planned,
      // Our addition: how far the MP4 render is, while the job renders.
      ...(row.status === 'rendering' && row.frames_total > 0 ? { frames_done: row.frames_done, frames_total: row.frames_total } : {}),
    },
    scenes: scenes.map((scene, i) => ({ id: scene.id, title: scene.title, duration_seconds: scene.duration_seconds, visual: sceneVisual(scene.kind, settings[i]!) })),
    app_url: `${baseUrl}/app/videos/${row.id}`,
    created_at: row.created_at,
    updated_at: row.updated_at,
    elapsed_seconds: Math.max(0, Math.round((finishedAt - Date.parse(row.created_at)) / 1000)),
    last_activity_at: row.last_activity_at,
    warnings: [...parseWarnings(row.warnings), ...pausedWarning(row, terminal)],
    ...(row.plan
      ? {
          dimensions: { width: row.width, height: row.height },
          fps: row.fps,
          duration_seconds: Math.round(scenes.reduce((sum, s) => sum + s.duration_seconds, 0) * 1000) / 1000,
        }
      : {}),
    ...(row.parent_id ? { parent_id: row.parent_id } : {}),
    ...reviewOfJob(row),
    ...regeneratedOf(row, scenes),
    ...factsOf(row, scenes),
    ...(audio
      ? { audio: { narration: audio.narration, music: audio.music, sfx: audio.sfx, narration_language: audio.language, narration_voice: audio.voice, captions: burnedCaptionsOf(settings) } }
      : {}),
    // Extension: every MP4 render of the job, once there is one (a job still being made shows the spec's fields only).
    ...(renders.length > 0 ? { renders: renders.map((render) => renderView(ctx, render, baseUrl, now)) } : {}),
    ...(row.cancel_requested && !terminal ? { cancel_requested: true } : {}),
    ...(row.status === 'failed' && row.error_code ? { error: { code: row.error_code, message: row.error_message ?? '' } } : {}),
    // Every terminal job that was charged shows what it cost (a canceled or failed one pays for its committed work too).
    ...(terminal && row.credits_cost_millicredits !== null ? { credits_cost: toCredits(row.credits_cost_millicredits) } : {}),
    ...estimateBreakdownOf(row),
    ...editOf(row),
    ...segmentWorkersOf(row),
    ...(row.status === 'completed' && row.output_path
      ? { download_url: signFileUrl(ctx.keys.downloads, baseUrl, row.output_path, now) }
      : {}),
  };
}

/**
 * One render of the job (extension `renders`): the original (the job's own MP4, at its size and
 * rate; the top-level `download_url`) or a re-render, with its format (`background` when
 * transparent) and a signed link, named with the format's extension, once completed.
 */
export function renderView(ctx: NodeContext, render: VideoRenderRow, baseUrl: string, now = Date.now()): Record<string, unknown> {
  return {
    id: render.id,
    status: render.status,
    original: render.original === 1,
    dimensions: { width: render.width, height: render.height },
    fps: render.fps,
    format: render.format,
    ...(render.background === 'transparent' ? { background: render.background } : {}),
    created_at: render.created_at,
    ...(render.status === 'completed' && render.finished_at ? { completed_at: render.finished_at } : {}),
    ...(render.status === 'failed' && render.error_message ? { error: render.error_message } : {}),
    ...(render.status === 'completed' && render.output_path ? { download_url: signFileUrl(ctx.keys.downloads, baseUrl, render.output_path, now) } : {}),
  };
}

/**
 * The figures and dates the video states, each with its scene and where it comes from (extension
 * `facts`): `request` and `document` the node checked against the request and its documents;
 * `general` is the model's knowledge, for a person to check before publishing.
 */
function factsOf(row: VideoRow, scenes: SceneRow[]): { facts?: { scene_id: string; text: string; basis: string; arithmetic?: string }[] } {
  const facts = row.plan ? (JSON.parse(row.plan) as { facts?: { position: number; text: string; basis: string; arithmetic?: string }[] }).facts : undefined;
  if (!facts || facts.length === 0) return {};
  const byPosition = new Map(scenes.map((scene) => [scene.position, scene.id]));
  return { facts: facts.flatMap((fact) => (byPosition.has(fact.position) ? [{ scene_id: byPosition.get(fact.position)!, text: fact.text, basis: fact.basis, ...(fact.arithmetic ? { arithmetic: fact.arithmetic } : {}) }] : [])) };
}

/** A job the engine holds back for a full disk says so among its warnings, with what to do (the pause itself is in `phase_detail`). */
function pausedWarning(row: VideoRow, terminal: boolean): JobWarning[] {
  return !terminal && row.error_code === 'storage_full' ? [{ code: 'storage_full', message: `Paused until the disk has space: ${row.error_message ?? 'the data dir\'s disk is full'}` }] : [];
}

/**
 * Which render worker made each scene's segment, when segments were rendered through the
 * distributed queue (extension `segment_workers`, in scene order; scenes whose segment was reused
 * are absent).
 */
function segmentWorkersOf(row: VideoRow): { segment_workers?: { scene_id: string; worker: string }[] } {
  const workers = (JSON.parse(row.options) as { segment_workers?: Record<string, string> }).segment_workers;
  return workers ? { segment_workers: Object.entries(workers).map(([scene_id, worker]) => ({ scene_id, worker })) } : {};
}

/** The estimate by part kept with the job at create (extension `estimate_breakdown`); none on jobs made before it was kept. */
function estimateBreakdownOf(row: VideoRow): { estimate_breakdown?: ReturnType<typeof creditPartViews> } {
  const estimate = (JSON.parse(row.options) as { estimate?: CreditPart[] }).estimate;
  return Array.isArray(estimate) ? { estimate_breakdown: creditPartViews(estimate) } : {};
}

/** The gate a paused storyboard build waits at (DECISIONS `review`), with what its last redo changed. */
function reviewOfJob(row: VideoRow): { review?: { gate: string; round: number; changed?: string[] } } {
  const review = row.status === 'awaiting_approval' ? reviewOf(row) : undefined;
  if (!review) return {};
  return { review: { gate: review.gate, round: review.round, ...(review.changed?.length && review.state === 'paused' ? { changed: review.changed } : {}) } };
}

/**
 * What an edit job remade (DECISIONS `regenerated`): the scenes it drew (not carried over from its
 * source), whether narration was spoken again and the soundtrack mixed again, and the seconds of
 * film shots it made (imported clips are not made).
 */
function regeneratedOf(row: VideoRow, scenes: SceneRow[]): { regenerated?: { scenes: string[]; narration: boolean; soundtrack: boolean; footage_seconds: number } } {
  if (!row.parent_id) return {};
  const edit = (JSON.parse(row.options) as { edit?: { respoken?: number[]; remixed_audio?: boolean } }).edit;
  const remade = scenes.filter((scene) => !scene.reused_from);
  const made = remade.filter((scene) => (JSON.parse(scene.settings) as { clipProvider?: string }).clipProvider !== 'import');
  return {
    regenerated: {
      scenes: remade.map((scene) => scene.id),
      narration: (edit?.respoken?.length ?? 0) > 0,
      soundtrack: edit?.remixed_audio ?? false,
      footage_seconds: Math.round(footageSecondsMade(made) * 1000) / 1000,
    },
  };
}

/** What an edit job changed and what it carried over from its source (extension `edit`). */
function editOf(row: VideoRow): { edit?: unknown } {
  const edit = (JSON.parse(row.options) as { edit?: unknown }).edit;
  return edit ? { edit } : {};
}

/** A `GET /v1/videos` item (DECISIONS.md). */
export function toListItem(row: VideoRow, baseUrl: string): Record<string, unknown> {
  return {
    id: row.id,
    status: row.status,
    phase: row.status === 'processing' ? row.phase : null,
    model: row.model,
    prompt: row.prompt,
    project_id: row.project_id,
    app_url: `${baseUrl}/app/videos/${row.id}`,
    created_at: row.created_at,
    updated_at: row.updated_at,
    warnings: parseWarnings(row.warnings),
    ...(row.credits_cost_millicredits !== null ? { credits_cost: toCredits(row.credits_cost_millicredits) } : {}),
    ...(row.parent_id ? { parent_id: row.parent_id } : {}),
    ...editSummaryOf(row),
  };
}

/** On an edit job's list item (extension): what the edit changed, one line each, so a list can say what it edits. */
function editSummaryOf(row: VideoRow): { edit?: { changes: string[] } } {
  if (!row.parent_id) return {};
  const edit = (JSON.parse(row.options) as { edit?: { changes?: unknown } }).edit;
  return Array.isArray(edit?.changes) ? { edit: { changes: edit.changes.filter((line): line is string => typeof line === 'string') } } : {};
}

/** A scene's stored settings; unreadable ones read as none. */
function parseSettings(stored: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(stored);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The look and place of the job's burned-in captions (extension), from its scenes' settings; null when none are burned in. */
function burnedCaptionsOf(settings: Record<string, unknown>[]): CaptionRequest | null {
  for (const scene of settings) {
    const captions = burnedCaptionsIn(scene);
    if (captions) return captionRequestOfSettings(captions);
  }
  return null;
}
