import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureBundle } from '../../render/bundle/ensure-bundle.js';
import { RenderError } from '../../render/render-pool.js';
import { SceneCodeError } from '../../render/scene-code/compile-scene.js';
import { auditFindings, testRenderScene, type TestedScene } from '../../render/scene-code/test-render-scene.js';
import { nowIso } from '../../store/ids.js';
import type { SceneRow, VideoRow } from '../../store/videos-store.js';
import { EmbeddedSceneWriter, fallbackSceneCode } from '../providers/embedded/embedded-scene-writer.js';
import { LanguageModelError } from '../providers/llm/language-model.js';
import type { PlannedScene, SceneWriter } from '../providers/provider-types.js';
import type { SceneTheme } from '../theme/resolve-theme.js';
import { sceneInputProps } from '../videos/render-job.js';
import type { StageContext } from './stage-context.js';
import { storedPlanOf } from './stored-plan.js';

/** Times a scene writer may try before its scene falls back, unless it says otherwise (`SceneWriter.attempts`). */
export const WRITE_ATTEMPTS = 2;

/** What a committed scene stores. */
interface CommittedScene {
  source: string;
  compiled: string;
  writer: string;
  audit: string | null;
}

/** The scene's test render (see testRenderScene): compiled code and the middle frame's audit. */
function checkScene(stage: StageContext, source: string, row: VideoRow, scene: SceneRow, theme: SceneTheme, dir: string): Promise<TestedScene> {
  const { code: _code, ...props } = sceneInputProps(stage.ctx.filesDir, row, scene, row);
  return testRenderScene(stage.pool, stage.cacheDir, source, { ...props, theme }, dir, { name: scene.id, signal: stage.signal });
}

/** The scene as planned, from its row. */
function plannedSceneOf(scene: SceneRow): PlannedScene {
  return {
    role: scene.role as PlannedScene['role'],
    kind: scene.kind as PlannedScene['kind'],
    title: scene.title,
    durationSeconds: scene.duration_seconds,
    settings: JSON.parse(scene.settings) as Record<string, unknown>,
    narration: scene.narration ?? '',
  };
}

/**
 * Asks `writer` for the scene until it passes its checks, `writer.attempts` times at most, each
 * retry given the failed code and the findings. Undefined when every attempt failed, or when its
 * language model could not answer and the writer falls back on that.
 */
async function writeScene(stage: StageContext, writer: SceneWriter, row: VideoRow, scene: SceneRow, sceneCount: number, theme: SceneTheme, dir: string): Promise<CommittedScene | undefined> {
  const planned = plannedSceneOf(scene);
  let previous: { source?: string; error: string } | undefined;
  for (let attempt = 0; attempt < (writer.attempts ?? WRITE_ATTEMPTS); attempt += 1) {
    let source: string | undefined;
    try {
      source = await writer.writeScene({ scene: planned, position: scene.position, sceneCount, previousError: previous?.error, previousSource: previous?.source }, stage.signal);
      const checked = await checkScene(stage, source, row, scene, theme, dir);
      if (checked.audit && checked.audit.issues.length > 0) throw new SceneCodeError(auditFindings(checked.audit));
      return { source, compiled: checked.code, writer: writer.name, audit: checked.audit ? JSON.stringify(checked.audit) : null };
    } catch (error) {
      if (error instanceof LanguageModelError && writer.onModelError === 'fallback' && !stage.signal.aborted) {
        stage.logger?.warn({ videoId: row.id, sceneId: scene.id, err: error }, 'the scene writer\'s model failed; using the kit template');
        return undefined;
      }
      if (!(error instanceof SceneCodeError || error instanceof RenderError)) throw error;
      previous = { source, error: error.message };
      stage.logger?.warn({ videoId: row.id, sceneId: scene.id, writer: writer.name, err: error }, 'scene failed its checks; rewriting');
    }
  }
  return undefined;
}

/** A plain kit template showing the scene's title, for a scene the writer could not get right: never rendered broken. */
async function fallbackScene(stage: StageContext, row: VideoRow, scene: SceneRow, theme: SceneTheme, dir: string): Promise<CommittedScene> {
  const source = fallbackSceneCode();
  const replaced = { ...scene, settings: JSON.stringify({ title: scene.title }) };
  const checked = await checkScene(stage, source, row, replaced, theme, dir);
  if (checked.audit && checked.audit.issues.length > 0) {
    stage.logger?.warn({ videoId: row.id, sceneId: scene.id, issues: checked.audit.issues }, 'the fallback scene has layout issues');
  }
  stage.ctx.db.prepare('UPDATE scenes SET settings = ? WHERE id = ?').run(replaced.settings, scene.id);
  return { source, compiled: checked.code, writer: 'fallback', audit: checked.audit ? JSON.stringify(checked.audit) : null };
}

/**
 * The scenes stage: writes, compiles, checks and test-renders each scene not yet committed, and
 * commits them one by one, recording who wrote each (`writer`: the writer's name, `embedded` for
 * the kit template a failed scene fell back to, `fallback` for the title card after that). Checkpoint: each scene's `committed_at` (with `scenes_committed`); a
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
        (await writeScene(stage, writer, row, scene, scenes.length, theme, checkDir)) ??
        (kitTemplates ? await writeScene(stage, kitTemplates, row, scene, scenes.length, theme, checkDir) : undefined) ??
        (await fallbackScene(stage, row, scene, theme, checkDir));
      stage.checkCancel();
      ctx.db.transaction(() => {
        ctx.videos.commitScene(scene.id, { ...committed, committed_at: nowIso() });
        const count = ctx.videos.scenes(jobId).filter((s) => s.committed_at).length;
        stage.progress({ scenes_committed: count, phase_detail: `Committed ${label}` });
      })();
    }
  } finally {
    rmSync(checkDir, { recursive: true, force: true });
  }
}
