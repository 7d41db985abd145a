import { afterEach, describe, expect, it } from 'vitest';
import type { CreditPart } from '../../../src/pipeline/create/estimate-credits.js';
import type { ResolvedVideoOptions } from '../../../src/pipeline/create/resolve-video-options.js';
import { EmbeddedPlanner } from '../../../src/pipeline/providers/embedded/embedded-planner.js';
import type { PlanReading, PlanRequest, StoryPlan, StoryPlanner } from '../../../src/pipeline/providers/provider-types.js';
import { resolveProviders } from '../../../src/pipeline/stages/pipeline-providers.js';
import { planStage } from '../../../src/pipeline/stages/plan.js';
import { stageContext } from '../../../src/pipeline/stages/stage-context.js';
import { parseWarnings } from '../../../src/pipeline/videos/job-warnings.js';
import { stageFixture, UNCALLED_MODEL, type StageFixture } from './stage-helpers.js';

/** A planner whose model read `reading` in the request: the embedded plan, timed to the length it read. */
class ReadingPlanner implements StoryPlanner {
  readonly name = 'model:reading';
  readonly requests: PlanRequest[] = [];
  constructor(private readonly reading: PlanReading) {}
  async plan(request: PlanRequest): Promise<StoryPlan> {
    this.requests.push(request);
    const plan = await new EmbeddedPlanner().plan({ ...request, durationSeconds: this.reading.durationSeconds ?? request.durationSeconds });
    return { ...plan, reading: this.reading };
  }
}

describe('following what a language model read in the request', () => {
  let fixture: StageFixture;
  afterEach(async () => {
    await fixture?.close();
  });

  async function planWith(reading: PlanReading, body: Parameters<StageFixture['createJob']>[0]) {
    fixture = stageFixture({ options: UNCALLED_MODEL });
    const planner = new ReadingPlanner(reading);
    const id = await fixture.createJob(body);
    const before = fixture.node.ctx.videos.get(id)!;
    const providers = resolveProviders({ planner, sceneWriter: fixture.writer });
    const stage = stageContext({ ctx: fixture.node.ctx, pool: fixture.pool, audio: () => fixture.audio, providers, cacheDir: fixture.node.ctx.config.cacheDir }, id, new AbortController().signal);
    const draft = await planStage(stage);
    const after = fixture.node.ctx.videos.get(id)!;
    return { planner, before, after, draft: draft!, options: JSON.parse(after.options) as ResolvedVideoOptions & { estimate: CreditPart[] } };
  }

  it('makes the video as long as the request asks ("Give me 45 seconds on…"), rescaling the estimate, and says so', async () => {
    const { planner, before, after, options } = await planWith({ durationSeconds: 45 }, { prompt: 'Give me 45 seconds on how tides work. The moon pulls the oceans.', narration: false, music: false });
    expect(planner.requests[0]).toMatchObject({ durationSeconds: 30, durationFrom: 'default', lengthRange: { min: 5, max: 120 } });
    expect(options).toMatchObject({ durationSeconds: 45, durationSource: 'model' });
    expect(after.duration_seconds).toBe(45);
    expect(after.estimated_millicredits).toBe(Math.round(before.estimated_millicredits * 1.5));
    expect(options.estimate.reduce((sum, part) => sum + part.millicredits, 0)).toBe(after.estimated_millicredits);
    expect(parseWarnings(after.warnings)).toEqual([
      { code: 'request_read_by_model', message: expect.stringMatching(/^The language model read the request as asking for a video 45 seconds long \(was 30\), so the video is made that way\. The estimate follows the length: [\d.]+ credits became [\d.]+\.$/) },
    ]);
  });

  it('keeps a length, a frame, narration and music the caller set by field, whatever the model read', async () => {
    const { after, options } = await planWith(
      { durationSeconds: 45, shape: 'portrait', narration: false, music: false, captions: true },
      { prompt: 'How tides work. The moon pulls the oceans.', duration: 20, aspect_ratio: '16:9', narration: true, music: true, captions: false },
    );
    expect(options).toMatchObject({ durationSeconds: 20, aspectRatio: '16:9', narration: true, music: true, captions: false });
    expect(parseWarnings(after.warnings)).toEqual([]);
  });

  it('follows the frame, sound, captions and language the model read where no field set them', async () => {
    const { options, draft } = await planWith(
      { shape: 'square', narration: false, music: false, captions: true, language: 'it' },
      { prompt: 'La storia del Colosseo, dalla costruzione a oggi.' },
    );
    expect(options).toMatchObject({ aspectRatio: '1:1', width: 1080, height: 1080, aspectSource: 'model', narration: false, narrationSource: 'model', music: false, musicSource: 'model', captions: true });
    expect(draft.language).toBe('it');
  });
});
