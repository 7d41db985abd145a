import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CreditPart } from '../../../src/pipeline/create/estimate-credits.js';
import { applyTransition, finishJob } from '../../../src/pipeline/engine/apply-transition.js';
import type { PlannedScene } from '../../../src/pipeline/providers/provider-types.js';
import { NARRATION_LEAD, NARRATION_TAIL } from '../../../src/pipeline/speech/fit-timeline.js';
import { NARRATION_LONGER_THAN_TARGET, narrateStage } from '../../../src/pipeline/stages/narrate.js';
import { planStage, storePlan } from '../../../src/pipeline/stages/plan.js';
import { parseWarnings } from '../../../src/pipeline/videos/job-warnings.js';
import { nowIso } from '../../../src/store/ids.js';
import { stageFixture, type StageFixture } from './stage-helpers.js';

/** A plan far too long to say in 5 s: its narration must still be spoken whole, every sentence. */
const LONG_SCENES: PlannedScene[] = [
  {
    role: 'hook',
    kind: 'title',
    title: 'The TCP handshake',
    durationSeconds: 1.5,
    settings: { title: 'The TCP handshake' },
    narration: 'Before your app sends a single byte of data, TCP opens the connection with three packets.',
  },
  {
    role: 'body',
    kind: 'steps',
    title: 'Three packets',
    durationSeconds: 2,
    settings: { heading: 'Three packets', steps: ['The client sends SYN', 'The server answers SYN-ACK', 'The client confirms with ACK'] },
    narration: "The client sends SYN. The server answers SYN-ACK. The client confirms with ACK. Why three? Each side's SYN must be acknowledged, and SYN-ACK does both jobs in one packet.",
  },
  { role: 'close', kind: 'cta', title: 'Thanks', durationSeconds: 1.5, settings: { message: '48,000 of you. Thank you.' }, narration: '48,000 of you. Thank you.' },
];

describe('narrateStage', () => {
  let fixture: StageFixture;
  beforeEach(() => {
    fixture = stageFixture();
  });
  afterEach(async () => {
    await fixture.close();
  });

  /** A job of `duration` seconds planned with `scenes`, narrated and stored. */
  async function narrated(duration: number, scenes: PlannedScene[]): Promise<string> {
    const id = await fixture.createJob({ prompt: 'How TCP opens a connection. The client sends SYN. The server answers SYN-ACK. The client confirms with ACK.', duration, narration: true, music: false });
    applyTransition(fixture.node.ctx, id, 'start', { phase: 'planning', started_at: nowIso() });
    const stage = fixture.stage(id);
    const draft = (await planStage(stage))!;
    draft.plan = { ...draft.plan, scenes: structuredClone(scenes) };
    storePlan(stage, draft, await narrateStage(stage, draft));
    return id;
  }

  it('speaks an over-long plan whole, every sentence and list point kept, and makes the video longer with narration_longer_than_target', async () => {
    const { ctx } = fixture.node;
    const id = await narrated(5, LONG_SCENES);
    const job = ctx.videos.get(id)!;
    const scenes = ctx.videos.scenes(id);

    expect(scenes.map((scene) => scene.narration)).toEqual(LONG_SCENES.map((scene) => scene.narration));
    // Every text and list point on screen as planned (the pipeline adds only pictures).
    expect(scenes.map((scene) => JSON.parse(scene.settings) as Record<string, unknown>)).toMatchObject(LONG_SCENES.map((scene) => scene.settings));
    // Each scene lasts what its speech needs (to the nearest frame), so the video is longer than the 5 s asked.
    for (const scene of scenes) expect(scene.duration_seconds).toBeGreaterThanOrEqual(scene.narration_seconds! + NARRATION_LEAD + NARRATION_TAIL - 0.5 / job.fps);
    const made = scenes.reduce((sum, scene) => sum + scene.duration_seconds, 0);
    expect(made).toBeGreaterThan(6);

    const warnings = parseWarnings(job.warnings).filter((warning) => warning.code === NARRATION_LONGER_THAN_TARGET);
    expect(warnings).toHaveLength(1);
    const { message } = warnings[0]!;
    expect(message).toContain('more than the 5 s asked for');
    expect(message).toContain(`so the video is ${Math.round(made * 10) / 10} s long`);
    expect(message).toContain('no sentence is cut');
    expect(message).toMatch(/scene 2 \(2 s planned, [\d.]+ s made\)/);
    // The embedded engine sped up as far as it goes before the video was made longer.
    expect(message).toContain("at 1.3× the voice's pace");

    // The estimate's per-second parts are priced for the seconds made, and the charge follows them.
    expect(job.duration_seconds).toBeCloseTo(made, 6);
    const estimate = (JSON.parse(job.options) as { estimate: CreditPart[] }).estimate;
    const base = estimate.find((part) => part.part === 'base')!;
    expect(base.millicredits).toBe(Math.round(250 * 5 * (made / 5)));
    expect(job.estimated_millicredits).toBe(estimate.reduce((sum, part) => sum + part.millicredits, 0));
    for (const scene of scenes) ctx.videos.commitScene(scene.id, { source: 'x', compiled: 'x', writer: 'embedded', committed_at: nowIso(), audit: null, authoring: null });
    finishJob(ctx, id, 'succeed', { phase_detail: 'Done' }, () => 'http://127.0.0.1');
    expect(ctx.videos.get(id)!.credits_cost_millicredits).toBe(job.estimated_millicredits);
    expect(job.estimated_millicredits).toBeGreaterThan(Math.round((250 + 50) * 5));
  }, 60_000);

  it('prices a plan narrated again after a crash from the seconds asked, once, with one warning', async () => {
    const { ctx } = fixture.node;
    const id = await narrated(5, LONG_SCENES);
    const first = ctx.videos.get(id)!;
    // A crash after the plan's scene rows, before its checkpoint: the stages run again.
    ctx.videos.update(id, { plan: null });
    const stage = fixture.stage(id);
    const draft = (await planStage(stage))!;
    draft.plan = { ...draft.plan, scenes: structuredClone(LONG_SCENES) };
    storePlan(stage, draft, await narrateStage(stage, draft));

    const again = ctx.videos.get(id)!;
    expect(again.estimated_millicredits).toBeCloseTo(first.estimated_millicredits, -1);
    expect(again.duration_seconds).toBeCloseTo(first.duration_seconds, 6);
    expect(parseWarnings(again.warnings).filter((warning) => warning.code === NARRATION_LONGER_THAN_TARGET)).toHaveLength(1);
  }, 60_000);

  it('keeps a narration that fits to the target, unwarned and priced as estimated', async () => {
    const { ctx } = fixture.node;
    const before = { base: 250 * 20 };
    const id = await narrated(20, [
      { role: 'hook', kind: 'title', title: 'Tides', durationSeconds: 8, settings: { title: 'Tides' }, narration: 'The moon pulls the oceans.' },
      { role: 'close', kind: 'cta', title: 'Thanks', durationSeconds: 12, settings: { message: '48,000 of you. Thank you.' }, narration: '48,000 of you. Thank you.' },
    ]);
    const job = ctx.videos.get(id)!;
    const scenes = ctx.videos.scenes(id);
    expect(scenes.reduce((sum, scene) => sum + scene.duration_seconds, 0)).toBeCloseTo(20, 1);
    expect(scenes[1]!.narration).toBe('48,000 of you. Thank you.');
    expect(JSON.parse(scenes[1]!.settings)).toMatchObject({ message: '48,000 of you. Thank you.' });
    // Each narrated scene carries its words' times as heard in the video, for the kit to build it with the narration.
    const timing = JSON.parse(scenes[0]!.settings).narrationTiming as { text: string; words: { index: number; start: number }[]; start: number; end: number };
    expect(timing.text).toBe('The moon pulls the oceans.');
    expect(timing.words.map((word) => timing.text.slice(word.index).split(' ')[0])).toEqual(['The', 'moon', 'pulls', 'the', 'oceans.']);
    expect(timing.words[0]!.start).toBeGreaterThanOrEqual(timing.start);
    expect(timing.end).toBeGreaterThan(timing.words[4]!.start);
    expect(parseWarnings(job.warnings).map((warning) => warning.code)).not.toContain(NARRATION_LONGER_THAN_TARGET);
    expect(job.duration_seconds).toBe(20);
    expect((JSON.parse(job.options) as { estimate: CreditPart[] }).estimate.find((part) => part.part === 'base')!.millicredits).toBe(before.base);
  }, 60_000);
});
