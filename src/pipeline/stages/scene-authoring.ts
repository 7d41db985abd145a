import { readFileSync } from 'node:fs';
import { RenderError } from '../../render/render-pool.js';
import { SceneCodeError } from '../../render/scene-code/compile-scene.js';
import { scoreTestedScene, type SceneScore } from '../../render/scene-code/score-scene.js';
import { auditFindings, testRenderScene, type TestedScene } from '../../render/scene-code/test-render-scene.js';
import type { SceneRow, VideoRow } from '../../store/videos-store.js';
import { LanguageModelError } from '../providers/llm/language-model.js';
import type { PlannedScene, SceneWriter } from '../providers/provider-types.js';
import type { SceneTheme } from '../theme/resolve-theme.js';
import { sceneInputProps } from '../videos/render-job.js';
import { codePictureUrls } from '../materials/scene-pictures.js';
import type { StageContext } from './stage-context.js';

/** Times a scene writer may try before its scene falls back, unless it says otherwise (`SceneWriter.attempts`). */
export const WRITE_ATTEMPTS = 2;

/**
 * What was done to write a committed scene (stored with it): drafts asked for and passed, the
 * draft kept, repair rounds, and the visual critique's outcome (`approved`, `revised`,
 * `revision_rejected` when the revision failed its checks, and again after one repair round with its findings, and the draft was kept, `unavailable`
 * when the model could not critique, `none` for writers without one).
 */
export interface SceneAuthoring {
  candidates: number;
  passed: number;
  /** Index of the draft kept (0-based); absent when a repair round produced the scene. */
  chosen?: number;
  repairs: number;
  score?: SceneScore;
  critique: 'approved' | 'revised' | 'revision_rejected' | 'unavailable' | 'none';
  /** What the critique saw wrong, when it revised. */
  problems?: string[];
}

/** What a committed scene stores. */
export interface CommittedScene {
  source: string;
  compiled: string;
  writer: string;
  audit: string | null;
  authoring: SceneAuthoring | null;
}

/** A draft that passed its checks. */
interface Passed {
  source: string;
  tested: TestedScene;
  score: SceneScore;
}

/** The scene's test render (see testRenderScene): compiled code, audits and stills, named `label` in `dir`. */
export function checkScene(stage: StageContext, source: string, row: VideoRow, scene: SceneRow, theme: SceneTheme, dir: string, label = scene.id): Promise<TestedScene> {
  const { code: _code, ...props } = sceneInputProps(stage.ctx.filesDir, row, scene, row);
  // The pictures this draft names by words, which the stored scene's code may not have named.
  const assets = { ...codePictureUrls(source, 'en', theme.palette.text), ...props.assets };
  return testRenderScene(stage.pool, stage.cacheDir, source, { ...props, assets, theme }, dir, { name: label, signal: stage.signal });
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

/** Test-renders `source`: the passed draft with its score, or the error its checks raised (compile, static check, render, audit). */
async function tryDraft(stage: StageContext, source: string, row: VideoRow, scene: SceneRow, theme: SceneTheme, dir: string, label: string): Promise<Passed | { error: SceneCodeError | RenderError }> {
  try {
    const tested = await checkScene(stage, source, row, scene, theme, dir, label);
    if (tested.audit && tested.audit.issues.length > 0) throw new SceneCodeError(auditFindings(tested.audit));
    return { source, tested, score: await scoreTestedScene(tested) };
  } catch (error) {
    if (error instanceof SceneCodeError || error instanceof RenderError) return { error };
    throw error;
  }
}

/** Whether a model error should end this writer's turn quietly (the operator chose the kit template fallback). */
function fallsBack(stage: StageContext, writer: SceneWriter, error: unknown): boolean {
  return error instanceof LanguageModelError && writer.onModelError === 'fallback' && !stage.signal.aborted;
}

/** The audit in words, for the critique. */
function describeAudit(tested: TestedScene): string {
  const texts = Math.max(0, ...tested.audits.map((audit) => audit.texts));
  const contrasts = tested.audits.filter((audit) => audit.texts > 0).map((audit) => audit.minContrast);
  const contrast = contrasts.length > 0 ? `lowest text contrast ${Math.min(...contrasts).toFixed(1)}:1` : 'no text';
  return `${texts} text element(s), ${contrast}, no findings (text fits its boxes, nothing leaves the canvas).`;
}

/**
 * Writes one scene with `writer` until it passes its checks: `writer.candidates` first drafts
 * (asked for at once), each compiled, checked and test-rendered, the best by {@link scoreTestedScene}
 * kept; when none passes, the best failure goes back for repair with its findings, up to
 * `writer.attempts` tries in all. A writer with a critique then sees the kept scene's frames and may
 * revise it; a revision is kept only if it passes the same checks. Undefined when every try failed,
 * or when its model could not answer and the writer falls back on that.
 */
export async function authorScene(stage: StageContext, writer: SceneWriter, row: VideoRow, scene: SceneRow, sceneCount: number, theme: SceneTheme, dir: string): Promise<CommittedScene | undefined> {
  const planned = plannedSceneOf(scene);
  const request = { scene: planned, position: scene.position, sceneCount };
  const count = Math.max(1, writer.candidates ?? 1);
  const drafts = await Promise.allSettled(
    Array.from({ length: count }, (_, index) => writer.writeScene(count > 1 ? { ...request, candidate: { index, of: count } } : request, stage.signal)),
  );
  const written = drafts.flatMap((draft) => (draft.status === 'fulfilled' ? [draft.value] : []));
  if (written.length === 0) {
    const error = (drafts[0] as PromiseRejectedResult).reason;
    if (error instanceof SceneCodeError) return undefined;
    if (fallsBack(stage, writer, error)) {
      stage.logger?.warn({ videoId: row.id, sceneId: scene.id, err: error }, 'the scene writer\'s model failed; using the kit template');
      return undefined;
    }
    throw error;
  }

  const passed: (Passed & { index: number })[] = [];
  let failed: { source: string; error: Error } | undefined;
  for (const [index, source] of written.entries()) {
    stage.checkCancel();
    const outcome = await tryDraft(stage, source, row, scene, theme, dir, `${scene.id}-draft${index}`);
    if ('error' in outcome) {
      failed ??= { source, error: outcome.error };
      stage.logger?.warn({ videoId: row.id, sceneId: scene.id, writer: writer.name, draft: index, err: outcome.error }, 'scene draft failed its checks');
    } else {
      passed.push({ ...outcome, index });
    }
  }
  const authoring: SceneAuthoring = { candidates: count, passed: passed.length, repairs: 0, critique: writer.critique ? 'unavailable' : 'none' };

  const best = passed.reduce<(Passed & { index: number }) | undefined>((top, draft) => (!top || draft.score.value > top.score.value ? draft : top), undefined);
  let kept: Passed | undefined = best;
  if (best) authoring.chosen = best.index;
  // Repair: the findings go back with the failed code, as many rounds as the writer allows.
  for (let attempt = 1; !kept && failed && attempt < (writer.attempts ?? WRITE_ATTEMPTS); attempt += 1) {
    stage.checkCancel();
    let source: string;
    try {
      source = await writer.writeScene({ ...request, previousError: failed.error.message, previousSource: failed.source }, stage.signal);
    } catch (error) {
      if (error instanceof SceneCodeError || fallsBack(stage, writer, error)) return undefined;
      throw error;
    }
    authoring.repairs += 1;
    const outcome = await tryDraft(stage, source, row, scene, theme, dir, `${scene.id}-repair${attempt}`);
    if ('error' in outcome) {
      failed = { source, error: outcome.error };
      stage.logger?.warn({ videoId: row.id, sceneId: scene.id, writer: writer.name, err: outcome.error }, 'scene failed its checks; rewriting');
    } else {
      kept = outcome;
    }
  }
  if (!kept) return undefined;
  authoring.score = kept.score;

  if (writer.critique) kept = await critiqueScene(stage, writer, kept, request, row, scene, theme, dir, authoring);
  return {
    source: kept.source,
    compiled: kept.tested.code,
    writer: writer.name,
    audit: kept.tested.audit ? JSON.stringify(kept.tested.audit) : null,
    authoring,
  };
}

/**
 * A critique's revision through the same checks as a draft: when it fails them, its findings go
 * back with it for one repair round, as a failed draft's do. The revision (or its repair) that
 * passed, or undefined when both failed or the repair could not be written (a `SceneCodeError`).
 */
export async function checkRevision<T extends object>(
  source: string,
  check: (source: string, label: 'revised' | 'revised-repair') => Promise<T | { error: Error }>,
  repair: (source: string, error: Error) => Promise<string>,
): Promise<T | undefined> {
  const first = await check(source, 'revised');
  if (!('error' in first)) return first;
  let repaired: string;
  try {
    repaired = await repair(source, first.error);
  } catch (error) {
    if (error instanceof SceneCodeError) return undefined;
    throw error;
  }
  const second = await check(repaired, 'revised-repair');
  return 'error' in second ? undefined : second;
}

/** The visual critique of a kept scene: its revision (repaired once if need be) replaces it only when it passes the checks. */
async function critiqueScene(
  stage: StageContext,
  writer: SceneWriter,
  kept: Passed,
  request: { scene: PlannedScene; position: number; sceneCount: number },
  row: VideoRow,
  scene: SceneRow,
  theme: SceneTheme,
  dir: string,
  authoring: SceneAuthoring,
): Promise<Passed> {
  stage.checkCancel();
  try {
    const critique = await writer.critique!(
      {
        ...request,
        source: kept.source,
        stills: kept.tested.stills.map((still) => ({ frame: still.frame, data: readFileSync(still.path), mimeType: 'image/jpeg' as const })),
        audit: describeAudit(kept.tested),
      },
      stage.signal,
    );
    if (critique.verdict === 'approved') {
      authoring.critique = 'approved';
      return kept;
    }
    authoring.problems = critique.problems;
    const revised = await checkRevision<Passed>(
      critique.source,
      (source, label) => tryDraft(stage, source, row, scene, theme, dir, `${scene.id}-${label}`),
      async (source, error) => {
        stage.checkCancel();
        stage.logger?.warn({ videoId: row.id, sceneId: scene.id, err: error }, 'the critique\'s revision failed its checks; repairing it');
        authoring.repairs += 1;
        return writer.writeScene({ ...request, previousError: error.message, previousSource: source }, stage.signal);
      },
    );
    if (!revised) {
      authoring.critique = 'revision_rejected';
      stage.logger?.warn({ videoId: row.id, sceneId: scene.id }, 'the critique\'s revision failed its checks after a repair round; keeping the scene as it was');
      return kept;
    }
    const outcome = revised;
    authoring.critique = 'revised';
    authoring.score = outcome.score;
    return outcome;
  } catch (error) {
    if (!(error instanceof LanguageModelError) || stage.signal.aborted) throw error;
    // The scene already passed its checks: a critique the model cannot give leaves it as it is.
    stage.logger?.warn({ videoId: row.id, sceneId: scene.id, err: error }, 'the visual critique could not run; keeping the scene');
    authoring.critique = 'unavailable';
    return kept;
  }
}
