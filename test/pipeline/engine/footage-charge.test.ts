import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toMillicredits } from '../../../src/accounts/credits.js';
import { footageMillicredits, type CreditPart } from '../../../src/pipeline/create/estimate-credits.js';
import type { ResolvedVideoOptions } from '../../../src/pipeline/create/resolve-video-options.js';
import { applyTransition, finishJob } from '../../../src/pipeline/engine/apply-transition.js';
import { jobCharge } from '../../../src/pipeline/engine/charge-parts.js';
import { narrateStage } from '../../../src/pipeline/stages/narrate.js';
import { planStage, storePlan } from '../../../src/pipeline/stages/plan.js';
import { nowIso } from '../../../src/store/ids.js';
import { stageFixture, type StageFixture } from '../stages/stage-helpers.js';

describe('the ai_video charge', () => {
  let fixture: StageFixture;
  beforeEach(() => {
    fixture = stageFixture({ videoModel: true });
  });
  afterEach(async () => {
    await fixture.close();
  });

  it('charges a failed job only the footage seconds made: one of two footage scenes committed, with a clip shorter than the scene', async () => {
    const { ctx } = fixture.node;
    const id = await fixture.createJob({ prompt: 'How tides work. The moon pulls the oceans. Twice a day the water rises.', duration: 8, ai_video: 'full', narration: false, music: false });
    applyTransition(ctx, id, 'start', { phase: 'planning', started_at: nowIso() });
    const stage = fixture.stage(id);
    const draft = await planStage(stage);
    storePlan(stage, draft!, await narrateStage(stage, draft!));
    const scenes = ctx.videos.scenes(id);
    expect(scenes.length).toBeGreaterThanOrEqual(2);
    expect(scenes.every((scene) => scene.kind === 'footage')).toBe(true);
    const [first] = scenes;
    // The model filmed 2.5 s of the first scene, which was then committed; the job failed before the rest.
    const clipSeconds = Math.min(2.5, first!.duration_seconds - 0.5);
    ctx.db.prepare('UPDATE scenes SET settings = ? WHERE id = ?').run(JSON.stringify({ ...JSON.parse(first!.settings), clip: 'footage-0', clipSeconds, clipProvider: 'google:veo-test' }), first!.id);
    ctx.videos.commitScene(first!.id, { source: 'x', compiled: 'x', writer: 'embedded', committed_at: nowIso(), audit: null, authoring: null });

    const before = ctx.videos.get(id)!;
    const options = JSON.parse(before.options) as ResolvedVideoOptions & { estimate: CreditPart[] };
    const plannedFootage = options.estimate.find((part) => part.part === 'ai_video')!.millicredits;
    expect(plannedFootage).toBe(footageMillicredits(options, scenes.reduce((sum, scene) => sum + scene.duration_seconds, 0)));

    finishJob(ctx, id, 'fail', { error_code: 'internal', error_message: 'test', phase_detail: 'Failed' }, () => 'http://127.0.0.1');
    const job = ctx.videos.get(id)!;
    expect(job.status).toBe('failed');
    const charge = ctx.ledger.entries(job.account_id).find((entry) => entry.reference === id && entry.kind === 'charge')!;
    const parts = JSON.parse(charge.parts!) as { part: string; credits: number }[];
    const made = footageMillicredits(options, clipSeconds);
    expect(toMillicredits(parts.find((part) => part.part === 'ai_video')!.credits)).toBe(made);
    expect(made).toBeLessThan(plannedFootage);

    // The other parts are the committed share of their estimate; all of them sum to the cost.
    const total = scenes.reduce((sum, scene) => sum + scene.duration_seconds, 0);
    const share = first!.duration_seconds / total;
    const base = options.estimate.find((part) => part.part === 'base')!.millicredits;
    expect(Math.abs(toMillicredits(parts.find((part) => part.part === 'base')!.credits) - base * share)).toBeLessThanOrEqual(1);
    expect(parts.reduce((sum, part) => sum + toMillicredits(part.credits), 0)).toBe(job.credits_cost_millicredits!);
    expect(charge.millicredits).toBe(-job.credits_cost_millicredits!);
  });
});

describe('the ai_video charge of drawn shots', () => {
  let fixture: StageFixture;
  afterEach(async () => {
    await fixture.close();
  });

  /** A planned `full` job with every scene committed, on the fixture's node; `settings` adds to each scene's settings by position. */
  async function committedFullJob(settings: (position: number, seconds: number) => Record<string, unknown>): Promise<string> {
    const { ctx } = fixture.node;
    const id = await fixture.createJob({ prompt: 'How tides work. The moon pulls the oceans. Twice a day the water rises.', duration: 8, ai_video: 'full', narration: false, music: false });
    applyTransition(ctx, id, 'start', { phase: 'planning', started_at: nowIso() });
    const stage = fixture.stage(id);
    const draft = await planStage(stage);
    storePlan(stage, draft!, await narrateStage(stage, draft!));
    for (const scene of ctx.videos.scenes(id)) {
      expect(scene.kind).toBe('footage');
      ctx.db.prepare('UPDATE scenes SET settings = ? WHERE id = ?').run(JSON.stringify({ ...JSON.parse(scene.settings), ...settings(scene.position, scene.duration_seconds) }), scene.id);
      ctx.videos.commitScene(scene.id, { source: 'x', compiled: 'x', writer: 'embedded', committed_at: nowIso(), audit: null, authoring: null });
    }
    finishJob(ctx, id, 'succeed', { phase_detail: 'Done' }, () => 'http://127.0.0.1');
    return id;
  }

  const chargeOf = (id: string) => {
    const row = fixture.node.ctx.videos.get(id)!;
    const charge = fixture.node.ctx.ledger.entries(row.account_id).find((entry) => entry.reference === id && entry.kind === 'charge')!;
    return { row, charge, parts: JSON.parse(charge.parts!) as { part: string; credits: number }[] };
  };

  it('charges a shot the video model failed (footage_fallback) at the base rate, not as film: only the seconds filmed are ai_video', async () => {
    fixture = stageFixture({ videoModel: true });
    // Scene 1 was refused by the model and keeps its drawn shot; the others were filmed 0.5 s short.
    const id = await committedFullJob((position, seconds) => (position === 0 ? { clipError: 'refused' } : { clip: `footage-${position}`, clipSeconds: seconds - 0.5, clipProvider: 'google:veo-test' }));
    const { row, charge, parts } = chargeOf(id);
    expect(row.status).toBe('completed');
    const options = JSON.parse(row.options) as ResolvedVideoOptions & { estimate: CreditPart[] };
    const scenes = fixture.node.ctx.videos.scenes(id);
    const filmed = scenes.slice(1).reduce((sum, scene) => sum + scene.duration_seconds - 0.5, 0);
    expect(toMillicredits(parts.find((part) => part.part === 'ai_video')!.credits)).toBe(footageMillicredits(options, filmed));
    expect(toMillicredits(parts.find((part) => part.part === 'base')!.credits)).toBe(options.estimate.find((part) => part.part === 'base')!.millicredits);
    expect(parts.reduce((sum, part) => sum + toMillicredits(part.credits), 0)).toBe(-charge.millicredits);
  });

  it('on a node without a video model, a "full" job is charged the base rate with no ai_video part', async () => {
    fixture = stageFixture();
    const id = await committedFullJob(() => ({}));
    const { row, charge, parts } = chargeOf(id);
    expect(row.status).toBe('completed');
    expect(parts).toEqual([{ part: 'base', credits: 2 }]);
    expect(charge.millicredits).toBe(-2000);
    expect(row.credits_cost_millicredits).toBe(2000);
  });
});

describe('jobCharge', () => {
  const estimate: CreditPart[] = [
    { part: 'base', millicredits: 2000 },
    { part: 'narration', millicredits: 400 },
    { part: 'ai_video', millicredits: 12000 },
  ];

  it('prices ai_video by the footage made and the rest by the committed share, summing exactly', () => {
    const charge = jobCharge({ estimate, estimatedMillicredits: 14400, committedShare: 1 / 3, footageMillicredits: 1500 });
    expect(charge.parts).toEqual([
      { part: 'base', millicredits: 667 },
      { part: 'narration', millicredits: 133 },
      { part: 'ai_video', millicredits: 1500 },
    ]);
    expect(charge.cost).toBe(2300);
  });

  it('without footage made the ai_video part is 0; without an ai_video part the share of the estimate is charged', () => {
    expect(jobCharge({ estimate, estimatedMillicredits: 14400, committedShare: 0, footageMillicredits: 0 })).toEqual({
      cost: 0,
      parts: [
        { part: 'base', millicredits: 0 },
        { part: 'narration', millicredits: 0 },
        { part: 'ai_video', millicredits: 0 },
      ],
    });
    const plain = estimate.slice(0, 2);
    expect(jobCharge({ estimate: plain, estimatedMillicredits: 2400, committedShare: 0.5, footageMillicredits: 900 })).toEqual({
      cost: 1200,
      parts: [
        { part: 'base', millicredits: 1000 },
        { part: 'narration', millicredits: 200 },
      ],
    });
  });
});
