import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureBundle } from '../../render/bundle/ensure-bundle.js';
import { nowIso } from '../../store/ids.js';
import type { SceneRow, VideoRow } from '../../store/videos-store.js';
import { EmbeddedSceneWriter, fallbackSceneCode } from '../providers/embedded/embedded-scene-writer.js';
import type { SceneWriter } from '../providers/provider-types.js';
import type { SceneTheme } from '../theme/resolve-theme.js';
import { authorScene, checkScene, type CommittedScene } from './scene-authoring.js';
import type { StageContext } from './stage-context.js';
import { storedPlanOf } from './stored-plan.js';
import { addJobWarning } from '../videos/job-warnings.js';

/** The warning code of a scene that could not be drawn as planned and shows its title alone. */
export const SCENE_SHOWN_AS_TITLE = 'scene_shown_as_title';

/** A plain kit template showing the scene's title, for a scene the writer could not get right: never rendered broken. */
async function fallbackScene(stage: StageContext, row: VideoRow, scene: SceneRow, theme: SceneTheme, dir: string): Promise<CommittedScene> {
  const source = fallbackSceneCode();
  const replaced = { ...scene, settings: JSON.stringify({ title: scene.title }) };
  const checked = await checkScene(stage, source, row, replaced, theme, dir);
  if (checked.audit && checked.audit.issues.length > 0) {
    stage.logger?.warn({ videoId: row.id, sceneId: scene.id, issues: checked.audit.issues }, 'the fallback scene has layout issues');
  }
  stage.ctx.db.prepare('UPDATE scenes SET settings = ? WHERE id = ?').run(replaced.settings, scene.id);
  // What the plan put in this scene is not shown: the job says so.
  addJobWarning(stage, {
    code: SCENE_SHOWN_AS_TITLE,
    message: `Scene ${scene.position + 1} (${scene.kind} "${scene.title}") could not be drawn as planned: every draft of it, and its kit template, failed the layout checks, so it shows its title alone.`,
  });
  return { source, compiled: checked.code, writer: 'fallback', audit: checked.audit ? JSON.stringify(checked.audit) : null, authoring: null };
}

/**
 * The scenes stage: writes, compiles, checks and test-renders each scene not yet committed, and
 * commits them one by one, recording who wrote each (`writer`: the writer's name, `embedded` for
 * the kit template a failed scene fell back to, `fallback` for the title card after that) and how
 * (`authoring`: drafts, repairs, critique; see {@link authorScene}). Checkpoint: each scene's `committed_at` (with `scenes_committed`); a
 * resumed job starts at the first uncommitted scene.
 */
export async function scenesStage(stage: StageContext): Promise<void> {
  const { ctx, jobId } = stage;
  const row = stage.job();
  const { theme } = storedPlanOf(row);
  const scenes = ctx.videos.scenes(jobId);
  const pending = scenes.filter((scene) => !scene.committed_at);
  if (pending.length === 0) return;
  stage.progress({ phase: 'generating', phase_detail: 'Preparing the scene kit' });
  await ensureBundle(stage.cacheDir);
  const writer = stage.providers.sceneWriter;
  // A scene the writer cannot get right falls back to the kit template of its planned kind, then to a title card.
  // Templates are fixed code, so one try tells.
  const embedded = new EmbeddedSceneWriter();
  const kitTemplates: SceneWriter | undefined = writer instanceof EmbeddedSceneWriter ? undefined : { name: embedded.name, attempts: 1, writeScene: (request) => embedded.writeScene(request) };
  const checkDir = mkdtempSync(path.join(tmpdir(), `scene-check-${jobId}-`));
  try {
    for (const scene of pending) {
      stage.checkCancel();
      const label = `scene ${scene.position + 1} of ${scenes.length}: ${scene.title}`;
      stage.progress({ phase_detail: `Writing ${label}` });
      const committed =
        (await authorScene(stage, writer, row, scene, scenes.length, theme, checkDir)) ??
        (kitTemplates ? await authorScene(stage, kitTemplates, row, scene, scenes.length, theme, checkDir) : undefined) ??
        (await fallbackScene(stage, row, scene, theme, checkDir));
      stage.checkCancel();
      ctx.db.transaction(() => {
        ctx.videos.commitScene(scene.id, { ...committed, authoring: committed.authoring ? JSON.stringify(committed.authoring) : null, committed_at: nowIso() });
        const count = ctx.videos.scenes(jobId).filter((s) => s.committed_at).length;
        stage.progress({ scenes_committed: count, phase_detail: `Committed ${label}` });
      })();
    }
  } finally {
    rmSync(checkDir, { recursive: true, force: true });
  }
}
