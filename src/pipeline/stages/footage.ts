import path from 'node:path';
import { saveJobFiles } from '../../storage/job-files.js';
import type { SceneRow } from '../../store/videos-store.js';
import type { CreditPart } from '../create/estimate-credits.js';
import { pictureReference } from '../materials/picture-reference.js';
import { FootageError, type FootageProvider } from '../providers/footage/footage-provider.js';
import { addJobWarning, FOOTAGE_DRAWN, parseWarnings, type JobWarning } from '../videos/job-warnings.js';
import type { StageContext } from './stage-context.js';
import { storedPlanOf, type StoredPlan } from './stored-plan.js';

/** Lengths a footage request may ask for (checkFootageRequest's range). */
const MIN_CLIP_SECONDS = 0.5;
const MAX_CLIP_SECONDS = 60;

/** The warning a footage scene gets when the video model made no clip for it; it keeps the kit's drawn shot. */
export function footageFallbackWarning(position: number, reason: string): JobWarning {
  return { code: 'footage_fallback', message: `Scene ${position + 1} keeps its drawn shot: no clip was filmed for it (${reason}).` };
}

/** Footage scenes still to film: not committed, no clip and no recorded failure. */
function scenesToFilm(scenes: SceneRow[]): SceneRow[] {
  return scenes.filter((scene) => {
    if (scene.kind !== 'footage' || scene.committed_at) return false;
    const settings = JSON.parse(scene.settings) as Record<string, unknown>;
    return settings.clip === undefined && settings.clipError === undefined;
  });
}

/**
 * The footage stage: with a video model configured, films a clip for each footage scene that has
 * none (its description, its length, the job's size and rate, its still as the start frame) and
 * stores it as a plan asset the scene's `clip` names, with `clipSeconds` and `clipProvider`.
 * Checkpoint: each scene's settings, written with the plan's assets in one transaction, so a
 * restart never films a scene twice. A clip the model cannot make leaves the scene its drawn shot,
 * records `clipError` and warns the job; it does not fail the job. Without a video model the kit
 * draws the job's shots and the job is warned `footage_drawn` (once); in a job whose estimate has
 * no `ai_video` part (an edit): nothing.
 */
export async function footageStage(stage: StageContext): Promise<void> {
  const provider = stage.footage;
  if (!provider) {
    warnDrawn(stage);
    return;
  }
  // Footage is filmed only where it is sold: an edit prices no ai_video part, and its footage
  // scenes keep the clips (or drawn shots) they came with.
  const { estimate } = JSON.parse(stage.job().options) as { estimate?: CreditPart[] };
  if (!estimate?.some((part) => part.part === 'ai_video')) return;
  const { ctx, jobId } = stage;
  const footage = ctx.videos.scenes(jobId).filter((scene) => scene.kind === 'footage');
  const pending = scenesToFilm(footage);
  for (const scene of pending) {
    stage.checkCancel();
    stage.progress({ phase: 'generating', phase_detail: `Filming scene ${footage.indexOf(scene) + 1} of ${footage.length} (${provider.name})` });
    await filmScene(stage, provider, scene);
  }
}

/**
 * Without a video model, a job with shots of its own to draw (footage scenes with no clip) says so
 * (`footage_drawn`), unless it already does: `on` and `full` jobs are warned at create, an `auto`
 * job only once its planner marked a shot.
 */
function warnDrawn(stage: StageContext): void {
  if (parseWarnings(stage.job().warnings).some((warning) => warning.code === FOOTAGE_DRAWN.code)) return;
  // A shot with a clip (a video link an edit imported) shows that clip: it is not drawn.
  const drawn = stage.ctx.videos.scenes(stage.jobId).some((scene) => scene.kind === 'footage' && !scene.reused_from && (JSON.parse(scene.settings) as { clip?: unknown }).clip === undefined);
  if (drawn) addJobWarning(stage, FOOTAGE_DRAWN);
}

async function filmScene(stage: StageContext, provider: FootageProvider, scene: SceneRow): Promise<void> {
  const { ctx, jobId } = stage;
  const row = stage.job();
  const plan = storedPlanOf(row);
  const settings = JSON.parse(scene.settings) as Record<string, unknown>;
  const seconds = scene.duration_seconds;
  if (seconds < MIN_CLIP_SECONDS || seconds > MAX_CLIP_SECONDS) {
    recordFailure(stage, scene, settings, `a ${seconds} s scene is outside the ${MIN_CLIP_SECONDS} to ${MAX_CLIP_SECONDS} s a clip can be`);
    return;
  }
  const description = typeof settings.description === 'string' && settings.description.trim() ? settings.description : scene.title;
  let clip;
  try {
    clip = await provider.makeClip(
      {
        description,
        seconds,
        width: row.width,
        height: row.height,
        fps: row.fps,
        references: pictureReference(ctx.filesDir, plan.assets, settings.image),
        ...(typeof settings.seed === 'string' ? { seed: settings.seed } : {}),
        dir: path.join(ctx.filesDir, 'videos', jobId, 'footage'),
      },
      stage.signal,
    );
  } catch (error) {
    if (!(error instanceof FootageError) || stage.signal.aborted) throw error;
    stage.logger?.warn({ videoId: jobId, sceneId: scene.id, err: error }, 'the video model made no clip; the scene keeps its drawn shot');
    recordFailure(stage, scene, settings, error.message);
    return;
  }
  const name = `footage-${scene.position}`;
  const relative = path.relative(ctx.filesDir, clip.path).split(path.sep).join('/');
  await saveJobFiles(ctx, [relative]);
  ctx.db.transaction(() => {
    // Read again inside the transaction: the plan row is the one other stages write too.
    const current = storedPlanOf(stage.job());
    const stored: StoredPlan = { ...current, assets: { ...current.assets, [name]: relative } };
    ctx.db.prepare('UPDATE scenes SET settings = ? WHERE id = ?').run(JSON.stringify({ ...settings, clip: name, clipSeconds: clip.seconds, clipProvider: clip.provider }), scene.id);
    stage.progress({ plan: JSON.stringify(stored) });
  })();
}

/** The scene keeps its drawn shot: `clipError` in its settings (so a restart does not ask again) and a job warning. */
function recordFailure(stage: StageContext, scene: SceneRow, settings: Record<string, unknown>, reason: string): void {
  const { ctx } = stage;
  ctx.db.transaction(() => {
    ctx.db.prepare('UPDATE scenes SET settings = ? WHERE id = ?').run(JSON.stringify({ ...settings, clipError: reason }), scene.id);
    stage.progress({ warnings: JSON.stringify([...parseWarnings(stage.job().warnings), footageFallbackWarning(scene.position, reason)]) });
  })();
}
