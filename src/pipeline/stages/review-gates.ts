import { readRequestContent } from '../providers/embedded/request-content.js';
import { stripDirectives } from '../speech/read-audio-intent.js';
import { applyTransition } from '../engine/apply-transition.js';
import { renderCastSheets, renderStoryboard } from '../review/board-stills.js';
import { castOf, readCastChanges } from '../review/cast.js';
import { castPortraits, shotStills } from '../review/review-stills.js';
import { BOARD_NAMES, reviewOf, type CastMember, type ReviewState } from '../review/review-state.js';
import { storyboardUpdate, withCast } from '../review/storyboard-changes.js';
import type { StageContext } from './stage-context.js';
import { storedPlanOf } from './stored-plan.js';

/** Whether the build goes on past the gates, or waits at one. */
export type GateOutcome = 'go_on' | 'paused';

/** The words of each planned scene and the attached images, which the cast is found in. */
function castSourceOf(stage: StageContext) {
  const row = stage.job();
  const plan = storedPlanOf(row);
  const options = stage.options();
  const scenes = stage.ctx.videos.scenes(stage.jobId).sort((a, b) => a.position - b.position);
  return {
    // The request's content, not how it asks for the video ("Make a 20 second film about …").
    prompt: readRequestContent(stripDirectives(row.prompt)).sentences.join(' '),
    written: row.prompt,
    title: plan.title,
    scenes: scenes.map((scene) => {
      const settings = JSON.parse(scene.settings) as Record<string, unknown>;
      return [scene.narration ?? '', settings.caption, settings.description].filter((text) => typeof text === 'string' && text).join('. ');
    }),
    images: (plan.images ?? []).flatMap((image) => {
      const index = Number(/^images\[(\d+)\]$/.exec(image.field)?.[1] ?? NaN);
      const context = options.images[index]?.context;
      return [{ asset: image.name, ...(context ? { context } : {}) }];
    }),
  };
}

/** Pauses the job at its board (the first showing of a gate: `gate_reached`). */
function pauseAt(stage: StageContext, review: ReviewState): void {
  applyTransition(stage.ctx, stage.jobId, 'gate_reached', {
    review: JSON.stringify(review),
    phase: null,
    phase_detail: `Waiting for approval of the ${BOARD_NAMES[review.gate]} (round ${review.round})`,
  });
}

/** Gives every planned shot the cast it names (look in its description, picture when it has none). */
function castIntoScenes(stage: StageContext, cast: CastMember[]): void {
  const { ctx } = stage;
  const update = ctx.db.prepare('UPDATE scenes SET settings = ? WHERE id = ?');
  ctx.db.transaction(() => {
    for (const scene of ctx.videos.scenes(stage.jobId)) {
      if (scene.kind !== 'footage' || scene.committed_at) continue;
      update.run(JSON.stringify(withCast(JSON.parse(scene.settings) as Record<string, unknown>, scene.narration ?? '', cast)), scene.id);
    }
  })();
}

/**
 * The storyboard review gates (`storyboard: true`, `ai_video: "full"`), between the plan and the
 * scenes: the build pauses at the cast sheets, then at the storyboard stills, each until
 * `POST /approve`. Approved with `{}`, the build goes on; with `{ changes }`, this stage redoes
 * only what the changes name and pauses again at the next round. Checkpoint: the job's `review`
 * (a redo writes its changes and the stills still to draw before drawing them, so a restart
 * draws without applying the changes twice).
 */
export async function reviewGatesStage(stage: StageContext): Promise<GateOutcome> {
  const options = stage.options();
  if (!options.storyboard || !options.multiScene) return 'go_on';
  const { ctx, jobId } = stage;
  const review = reviewOf(stage.job());

  if (!review) {
    const cast = await castPortraits(stage, castOf(castSourceOf(stage)), 1);
    const stills = await renderCastSheets(stage, cast, 1);
    pauseAt(stage, { gate: 'cast', round: 1, state: 'paused', cast, stills });
    return 'paused';
  }

  if (review.state === 'redoing') {
    const round = review.round + 1;
    let state = review;
    if (!state.redraw) {
      // Apply the changes and note what to draw, in one write: the checkpoint of the redo.
      if (state.gate === 'cast') {
        const change = readCastChanges(state.changes ?? '', state.cast);
        state = { ...state, cast: change.cast, redraw: change.redraw, changed: change.changed };
        stage.progress({ review: JSON.stringify(state) });
      } else {
        const row = stage.job();
        const update = storyboardUpdate(row, ctx.videos.scenes(jobId), state.operations ?? [], state.cast, round);
        state = { ...state, redraw: [...update.redraw], changed: update.changed };
        ctx.db.transaction(() => {
          ctx.videos.deleteUncommittedScenes(jobId);
          for (const scene of update.scenes) ctx.videos.insertScene(scene);
          const parts = update.estimate;
          const optionsJson = JSON.stringify({ ...(JSON.parse(row.options) as object), durationSeconds: update.seconds, ...(parts ? { estimate: parts } : {}) });
          ctx.db
            .prepare('UPDATE videos SET options = ?, estimated_millicredits = ?, duration_seconds = ? WHERE id = ?')
            .run(optionsJson, parts ? parts.reduce((sum, part) => sum + part.millicredits, 0) : row.estimated_millicredits, update.seconds, jobId);
          stage.progress({ plan: JSON.stringify(update.plan), scenes_planned: update.scenes.length, soundtrack_path: null, review: JSON.stringify(state) });
        })();
      }
    }
    const redraw = new Set(state.redraw);
    if (state.gate === 'cast') state = { ...state, cast: await castPortraits(stage, state.cast, round) };
    else await shotStills(stage, state.cast, redraw);
    const stills =
      state.gate === 'cast'
        ? await renderCastSheets(stage, state.cast, round, state.stills, redraw)
        : await renderStoryboard(stage, ctx.videos.scenes(jobId), round, state.stills, redraw);
    const { changes: _changes, operations: _operations, redraw: _redraw, ...rest } = state;
    const paused: ReviewState = { ...rest, round, state: 'paused', stills };
    stage.progress({ review: JSON.stringify(paused), phase_detail: `Waiting for approval of the ${BOARD_NAMES[state.gate]} (round ${round})` });
    return 'paused';
  }

  if (review.state === 'approved' && review.gate === 'cast') {
    castIntoScenes(stage, review.cast);
    await shotStills(stage, review.cast);
    const stills = await renderStoryboard(stage, ctx.videos.scenes(jobId), 1);
    pauseAt(stage, { gate: 'storyboard', round: 1, state: 'paused', cast: review.cast, stills });
    return 'paused';
  }

  return review.state === 'approved' ? 'go_on' : 'paused';
}
