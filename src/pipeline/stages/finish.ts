import type { StageContext } from './stage-context.js';

/**
 * The finish stage's checks: every planned scene is committed with compiled code before the sound
 * is mixed and anything is rendered. Sets the `finishing` phase; stores nothing.
 */
export function finishStage(stage: StageContext): void {
  stage.checkCancel();
  stage.progress({ phase: 'finishing', phase_detail: 'Final checks' });
  const scenes = stage.ctx.videos.scenes(stage.jobId);
  const missing = scenes.filter((scene) => !scene.committed_at || !scene.compiled);
  if (scenes.length === 0 || missing.length > 0) {
    throw new Error(`${missing.length} of ${scenes.length} scenes are not committed`);
  }
}
