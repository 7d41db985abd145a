import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VideoEngine } from '../../../src/pipeline/engine/video-engine.js';
import { EmbeddedPlanner } from '../../../src/pipeline/providers/embedded/embedded-planner.js';
import type { PlanRequest, StoryPlan, StoryPlanner } from '../../../src/pipeline/providers/provider-types.js';
import { stageFixture, type StageFixture } from '../stages/stage-helpers.js';

/** The embedded planner, which plans only once `parties` jobs are planning at the same time. */
class BarrierPlanner implements StoryPlanner {
  readonly name = 'barrier';
  private waiting = 0;
  private open!: () => void;
  private readonly opened = new Promise<void>((resolve) => (this.open = resolve));
  private readonly embedded = new EmbeddedPlanner();

  constructor(
    private readonly parties: number,
    private readonly patienceMs = 20_000,
  ) {}

  async plan(request: PlanRequest): Promise<StoryPlan> {
    this.waiting += 1;
    if (this.waiting >= this.parties) this.open();
    const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`only ${this.waiting} of ${this.parties} jobs were planning at once`)), this.patienceMs).unref());
    await Promise.race([this.opened, timeout]);
    return this.embedded.plan(request);
  }
}

describe('the engine with --jobs', () => {
  let fixture: StageFixture;
  beforeEach(() => {
    fixture = stageFixture();
  });
  afterEach(async () => {
    await fixture.close();
  });

  it('works on as many jobs at once as it is allowed, and each completes', async () => {
    const { ctx } = fixture.node;
    const body = { prompt: 'How tides work. The moon pulls the oceans. Twice a day the water rises.', duration: 10, narration: false, music: false, render: false };
    const ids = [await fixture.createJob(body), await fixture.createJob(body)];
    const engine = new VideoEngine({ ctx, pool: fixture.pool, audio: fixture.audio, concurrency: 2, providers: { planner: new BarrierPlanner(2) } });
    try {
      engine.start();
      await engine.idle();
    } finally {
      await engine.stop();
    }
    for (const id of ids) expect(ctx.videos.get(id)!.status, ctx.videos.get(id)!.error_message ?? '').toBe('completed');
  }, 120_000);

  it('works on one job at a time by default', async () => {
    const { ctx } = fixture.node;
    const body = { prompt: 'How tides work. The moon pulls the oceans.', duration: 10, narration: false, music: false, render: false };
    const ids = [await fixture.createJob(body), await fixture.createJob(body)];
    const engine = new VideoEngine({ ctx, pool: fixture.pool, audio: fixture.audio, providers: { planner: new BarrierPlanner(2, 2000) } });
    try {
      // In this order (start() takes jobs by creation time, and both were made in the same millisecond).
      for (const id of ids) engine.enqueue(id);
      await engine.idle();
    } finally {
      await engine.stop();
    }
    // Each job planned alone: the barrier never opened for the first.
    expect(ctx.videos.get(ids[0]!)!.error_message).toMatch(/only 1 of 2 jobs were planning at once/);
    expect(ctx.videos.get(ids[1]!)!.status).toBe('completed');
  }, 120_000);
});
