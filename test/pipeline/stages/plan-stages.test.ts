import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyTransition } from '../../../src/pipeline/engine/apply-transition.js';
import { ENHANCE_SKIPPED, enhanceStage } from '../../../src/pipeline/stages/enhance.js';
import { narrateStage } from '../../../src/pipeline/stages/narrate.js';
import { planStage, storePlan } from '../../../src/pipeline/stages/plan.js';
import { storedPlanOf } from '../../../src/pipeline/stages/stored-plan.js';
import { resolveProviders } from '../../../src/pipeline/stages/pipeline-providers.js';
import { stageContext } from '../../../src/pipeline/stages/stage-context.js';
import type { CreateVideoBody } from '../../../src/pipeline/create/create-video-schema.js';
import type { CreditPart } from '../../../src/pipeline/create/estimate-credits.js';
import { parseWarnings } from '../../../src/pipeline/videos/job-warnings.js';
import { stageFixture, UNCALLED_MODEL, type StageFixture } from './stage-helpers.js';

const SILENT: Partial<CreateVideoBody> = { narration: false, music: false };

describe('the plan stage', () => {
  let fixture: StageFixture;
  beforeEach(() => {
    fixture = stageFixture();
  });
  afterEach(async () => {
    await fixture.close();
  });

  it('writes the plan checkpoint once: a stored plan is not planned again', async () => {
    const id = await fixture.createJob({ prompt: 'How tides work. The moon pulls the oceans. Twice a day the water rises.', duration: 20, ...SILENT });
    const stage = fixture.stage(id);
    const draft = await planStage(stage);
    expect(draft).toBeDefined();
    storePlan(stage, draft!, await narrateStage(stage, draft!));

    const job = fixture.node.ctx.videos.get(id)!;
    const scenes = fixture.node.ctx.videos.scenes(id);
    expect(storedPlanOf(job).planner).toBe('counting');
    expect(job.scenes_planned).toBe(scenes.length);
    expect(scenes.length).toBe(draft!.plan.scenes.length);
    expect(job.phase).toBe('generating');
    expect(scenes.reduce((sum, scene) => sum + scene.duration_seconds, 0)).toBeCloseTo(20, 0);

    expect(await planStage(stage)).toBeUndefined();
    expect(fixture.planner.requests).toHaveLength(1);
    expect(fixture.node.ctx.videos.scenes(id).map((scene) => scene.id)).toEqual(scenes.map((scene) => scene.id));
  });

  it('plans from the prompt without its sound directives, in the requested language', async () => {
    const id = await fixture.createJob({ prompt: 'How tides work. The moon pulls the oceans. No music please.', duration: 15, narration_language: 'fr', narration: false });
    await planStage(fixture.stage(id));
    expect(fixture.planner.requests[0]!.language).toBe('fr');
    expect(fixture.planner.requests[0]!.prompt).not.toMatch(/music/i);
  });

  it('replaces the uncommitted scene rows a crashed attempt left, keeping one row per planned scene', async () => {
    const id = await fixture.createJob({ prompt: 'Why bees dance. They tell the hive where the flowers are.', duration: 15, ...SILENT });
    const stage = fixture.stage(id);
    const first = await planStage(stage);
    storePlan(stage, first!, await narrateStage(stage, first!));
    // A crash after the scene rows but before the plan: the rows are there, the checkpoint is not.
    fixture.node.ctx.videos.update(id, { plan: null });
    const again = await planStage(stage);
    storePlan(stage, again!, await narrateStage(stage, again!));
    expect(fixture.node.ctx.videos.scenes(id)).toHaveLength(again!.plan.scenes.length);
  });
});

describe('the enhance stage', () => {
  let fixture: StageFixture;
  beforeEach(() => {
    // enhance_prompt is sold only on a node with a language model.
    fixture = stageFixture({ options: UNCALLED_MODEL });
  });
  afterEach(async () => {
    await fixture.close();
  });

  it('asks the enhancer once and stores the enhanced prompt as its checkpoint', async () => {
    const prompt = 'How tides work. The moon pulls the oceans.';
    const id = await fixture.createJob({ prompt, duration: 15, enhance_prompt: true, ...SILENT });
    const stage = fixture.stage(id);
    await enhanceStage(stage);
    await enhanceStage(stage);
    expect(fixture.enhancer.prompts).toEqual([prompt]);
    expect(fixture.node.ctx.videos.get(id)!.enhanced_prompt).toContain('How tides work');
  });

  it('does nothing unless enhance_prompt was asked, and nothing once the plan is stored', async () => {
    const plain = await fixture.createJob({ prompt: 'How tides work. The moon pulls the oceans.', duration: 15, ...SILENT });
    await enhanceStage(fixture.stage(plain));
    const planned = await fixture.createJob({ prompt: 'How tides work. The moon pulls the oceans.', duration: 15, enhance_prompt: true, ...SILENT });
    fixture.node.ctx.videos.update(planned, { plan: '{}' });
    await enhanceStage(fixture.stage(planned));
    expect(fixture.enhancer.prompts).toEqual([]);
    expect(fixture.node.ctx.videos.get(plain)!.enhanced_prompt).toBeNull();
  });

  it('makes a job stored with enhance_prompt on a node that lost its model from the prompt as written, warns once and does not charge the part', async () => {
    const { ctx } = fixture.node;
    const id = await fixture.createJob({ prompt: 'How tides work. The moon pulls the oceans.', duration: 15, enhance_prompt: true, ...SILENT });
    const before = ctx.videos.get(id)!;
    const estimateOf = (options: string) => (JSON.parse(options) as { estimate: CreditPart[] }).estimate;
    expect(estimateOf(before.options)).toContainEqual({ part: 'enhance_prompt', millicredits: 500 });
    // The same job on a node without a language model: no enhancer among its providers.
    const stage = stageContext({ ctx, pool: fixture.pool, audio: () => fixture.audio, providers: resolveProviders({ planner: fixture.planner }), cacheDir: ctx.config.cacheDir }, id, new AbortController().signal);
    await enhanceStage(stage);
    await enhanceStage(stage);

    const job = ctx.videos.get(id)!;
    expect(job.enhanced_prompt).toBeNull();
    expect(parseWarnings(job.warnings).filter((warning) => warning.code === 'enhance_skipped')).toEqual([ENHANCE_SKIPPED]);
    // What the terminal charge reads: the estimate without the enhance_prompt part.
    expect(job.estimated_millicredits).toBe(before.estimated_millicredits - 500);
    expect(estimateOf(job.options).map((part) => part.part)).not.toContain('enhance_prompt');
    expect((JSON.parse(job.options) as { enhancePrompt: boolean }).enhancePrompt).toBe(false);
  });
});

describe('a stage context', () => {
  it('throws at the next check once the job is canceled, and the plan stage stores nothing', async () => {
    const fixture = stageFixture();
    try {
      const id = await fixture.createJob({ prompt: 'How tides work. The moon pulls the oceans.', duration: 15, ...SILENT });
      applyTransition(fixture.node.ctx, id, 'start', { phase: 'planning' });
      fixture.node.ctx.videos.update(id, { cancel_requested: 1 });
      await expect(planStage(fixture.stage(id))).rejects.toMatchObject({ name: 'CancelSignal' });
      expect(fixture.planner.requests).toHaveLength(0);
      expect(fixture.node.ctx.videos.get(id)!.plan).toBeNull();
    } finally {
      await fixture.close();
    }
  });
});
