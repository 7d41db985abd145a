import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AudioError, AudioThread } from '../../../src/pipeline/audio/audio-thread.js';
import { applyTransition } from '../../../src/pipeline/engine/apply-transition.js';
import { VideoEngine } from '../../../src/pipeline/engine/video-engine.js';
import { narrateStage } from '../../../src/pipeline/stages/narrate.js';
import { planStage, storePlan } from '../../../src/pipeline/stages/plan.js';
import { nowIso } from '../../../src/store/ids.js';
import { stageFixture, UNCALLED_MODEL, type StageFixture } from '../stages/stage-helpers.js';

/** Speech that always fails: the job stops in the narrate stage, after the planner. */
class BrokenSpeech extends AudioThread {
  override speak(): Promise<never> {
    return Promise.reject(new AudioError('no speech here'));
  }
}

describe('the engine over its stages', () => {
  let fixture: StageFixture;
  beforeEach(() => {
    // A language model is configured (never called: the tests pass their own providers), so a create may ask for enhance_prompt.
    fixture = stageFixture({ options: UNCALLED_MODEL });
  });
  afterEach(async () => {
    await fixture.close();
  });

  it('resumes a processing job from its checkpoints: a stored plan and committed scenes are not made again', async () => {
    const { ctx } = fixture.node;
    const id = await fixture.createJob({ prompt: 'How tides work. The moon pulls the oceans. Twice a day the water rises.', duration: 20, narration: false, music: false });
    // What a node killed after its last scene commit leaves: processing, the plan, every scene committed.
    applyTransition(ctx, id, 'start', { phase: 'planning', started_at: nowIso() });
    const stage = fixture.stage(id);
    const draft = await planStage(stage);
    storePlan(stage, draft!, await narrateStage(stage, draft!));
    for (const scene of ctx.videos.scenes(id)) {
      ctx.videos.commitScene(scene.id, { source: 'committed before the crash', compiled: 'compiled before the crash', writer: 'embedded', committed_at: nowIso(), audit: null, authoring: null });
    }
    const planned = fixture.planner.requests.length;

    const engine = new VideoEngine({ ctx, pool: fixture.pool, audio: fixture.audio, providers: { planner: fixture.planner, sceneWriter: fixture.writer, enhancer: fixture.enhancer } });
    try {
      engine.start();
      await engine.idle();
    } finally {
      await engine.stop();
    }
    const job = ctx.videos.get(id)!;
    expect(job.status).toBe('completed');
    expect(fixture.planner.requests).toHaveLength(planned);
    expect(fixture.writer.positions).toEqual([]);
    expect(ctx.videos.scenes(id).every((scene) => scene.source === 'committed before the crash')).toBe(true);
    // Every scene was committed: the whole estimate is charged, once.
    expect(job.credits_cost_millicredits).toBe(job.estimated_millicredits);
    const charges = ctx.ledger.entries(job.account_id).filter((entry) => entry.reference === id && entry.kind === 'charge');
    expect(charges.map((entry) => entry.millicredits)).toEqual([-job.estimated_millicredits]);
  });

  it('asks the providers it was given: the enhancer, then the planner', async () => {
    const { ctx } = fixture.node;
    const audio = new BrokenSpeech();
    const prompt = 'How tides work. The moon pulls the oceans.';
    const id = await fixture.createJob({ prompt, duration: 15, enhance_prompt: true });
    const engine = new VideoEngine({ ctx, pool: fixture.pool, audio, providers: { planner: fixture.planner, enhancer: fixture.enhancer } });
    try {
      engine.enqueue(id);
      await engine.idle();
    } finally {
      await engine.stop();
      await audio.close();
    }
    const job = ctx.videos.get(id)!;
    expect(fixture.enhancer.prompts).toEqual([prompt]);
    expect(fixture.planner.requests).toHaveLength(1);
    // The narrate stage failed before the plan checkpoint: nothing planned is stored or charged.
    expect(job.status).toBe('failed');
    expect(job.error_code).toBe('audio_failed');
    expect(job.plan).toBeNull();
    expect(job.credits_cost_millicredits).toBe(0);
  });
});
