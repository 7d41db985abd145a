import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyTransition } from '../../../src/pipeline/engine/apply-transition.js';
import { FootageError, type FootageClip, type FootageProvider, type FootageRequest } from '../../../src/pipeline/providers/footage/footage-provider.js';
import { footageStage } from '../../../src/pipeline/stages/footage.js';
import { narrateStage } from '../../../src/pipeline/stages/narrate.js';
import { planStage, storePlan } from '../../../src/pipeline/stages/plan.js';
import type { StageContext } from '../../../src/pipeline/stages/stage-context.js';
import { parseWarnings } from '../../../src/pipeline/videos/job-warnings.js';
import { nowIso } from '../../../src/store/ids.js';
import { stageFixture, type StageFixture } from './stage-helpers.js';

/** A video model that writes a file per request (or fails the requests `failAt` names, by order). */
class RecordingFootage implements FootageProvider {
  readonly name = 'google:veo-test';
  readonly requests: FootageRequest[] = [];
  constructor(private readonly failAt: number[] = []) {}
  async makeClip(request: FootageRequest): Promise<FootageClip> {
    this.requests.push(request);
    if (this.failAt.includes(this.requests.length - 1)) throw new FootageError('unavailable', 'google:veo-test refused or failed the clip: quota exhausted');
    mkdirSync(request.dir, { recursive: true });
    const file = path.join(request.dir, `clip-${this.requests.length}.mp4`);
    writeFileSync(file, `clip ${this.requests.length}`);
    return { path: file, seconds: request.seconds - 0.5, provider: this.name };
  }
}

describe('footageStage', () => {
  let fixture: StageFixture;
  beforeEach(() => {
    fixture = stageFixture({ videoModel: true });
  });
  afterEach(async () => {
    await fixture.close();
  });

  async function plannedJob(aiVideo: 'full' | 'off'): Promise<{ id: string; stage: StageContext }> {
    const id = await fixture.createJob({ prompt: 'How tides work. The moon pulls the oceans. Twice a day the water rises.', duration: 8, ai_video: aiVideo, narration: false, music: false });
    applyTransition(fixture.node.ctx, id, 'start', { phase: 'planning', started_at: nowIso() });
    const stage = fixture.stage(id);
    const draft = await planStage(stage);
    storePlan(stage, draft!, await narrateStage(stage, draft!));
    return { id, stage };
  }

  it('films each uncommitted footage scene once, at the job size, storing the clip as a plan asset the scene names', async () => {
    const { ctx } = fixture.node;
    const { id, stage } = await plannedJob('full');
    const footage = new RecordingFootage();
    // The first scene was committed before: it keeps its drawn shot and is not filmed.
    const [committed, ...rest] = ctx.videos.scenes(id);
    ctx.videos.commitScene(committed!.id, { source: 'x', compiled: 'x', writer: 'embedded', committed_at: nowIso(), audit: null, authoring: null });
    await footageStage({ ...stage, footage });

    const row = ctx.videos.get(id)!;
    expect(footage.requests.map((request) => request.seconds)).toEqual(rest.map((scene) => scene.duration_seconds));
    for (const request of footage.requests) {
      expect(request).toMatchObject({ width: row.width, height: row.height, fps: row.fps, dir: path.join(ctx.filesDir, 'videos', id, 'footage') });
      expect(request.description.length).toBeGreaterThan(0);
    }
    const assets = JSON.parse(row.plan!).assets as Record<string, string>;
    const scenes = ctx.videos.scenes(id);
    expect(JSON.parse(scenes[0]!.settings).clip).toBeUndefined();
    for (const scene of scenes.slice(1)) {
      const settings = JSON.parse(scene.settings);
      expect(settings).toMatchObject({ clip: `footage-${scene.position}`, clipSeconds: scene.duration_seconds - 0.5, clipProvider: 'google:veo-test' });
      expect(readFileSync(path.join(ctx.filesDir, assets[settings.clip]!), 'utf8')).toMatch(/^clip \d$/);
    }
    expect(row.phase_detail).toMatch(/^Filming scene \d of \d \(google:veo-test\)$/);

    // A restart: every scene has its clip, so nothing is filmed again.
    await footageStage({ ...stage, footage });
    expect(footage.requests).toHaveLength(rest.length);
  });

  it('keeps the drawn shot of a scene the model fails, warns once naming the scene and the reason, and does not ask again', async () => {
    const { ctx } = fixture.node;
    const { id, stage } = await plannedJob('full');
    const footage = new RecordingFootage([0]);
    await footageStage({ ...stage, footage });
    const scenes = ctx.videos.scenes(id);
    expect(footage.requests).toHaveLength(scenes.length);
    const failed = JSON.parse(scenes[0]!.settings);
    expect(failed.clip).toBeUndefined();
    expect(failed.clipError).toContain('quota exhausted');
    expect(JSON.parse(scenes[1]!.settings).clip).toBe('footage-1');
    const warnings = parseWarnings(ctx.videos.get(id)!.warnings).filter((warning) => warning.code === 'footage_fallback');
    expect(warnings).toEqual([{ code: 'footage_fallback', message: expect.stringMatching(/^Scene 1 keeps its drawn shot.*quota exhausted/) }]);

    await footageStage({ ...stage, footage });
    expect(footage.requests).toHaveLength(scenes.length);
    expect(parseWarnings(ctx.videos.get(id)!.warnings).filter((warning) => warning.code === 'footage_fallback')).toHaveLength(1);
  });

  it('films nothing without a video model, without footage scenes or without an ai_video part in the estimate (an edit), and stops on cancel', async () => {
    const { ctx } = fixture.node;
    const off = await plannedJob('off');
    const footage = new RecordingFootage();
    await footageStage({ ...off.stage, footage });
    expect(footage.requests).toEqual([]);

    const full = await plannedJob('full');
    const before = ctx.videos.scenes(full.id).map((scene) => scene.settings);
    await footageStage(full.stage);
    expect(ctx.videos.scenes(full.id).map((scene) => scene.settings)).toEqual(before);

    // An edit of a footage video: its estimate sells no footage, so none is filmed.
    const options = JSON.parse(ctx.videos.get(full.id)!.options);
    const unsold = { ...options, estimate: options.estimate.filter((part: { part: string }) => part.part !== 'ai_video') };
    ctx.db.prepare('UPDATE videos SET options = ? WHERE id = ?').run(JSON.stringify(unsold), full.id);
    await footageStage({ ...full.stage, footage });
    expect(footage.requests).toEqual([]);
    ctx.db.prepare('UPDATE videos SET options = ? WHERE id = ?').run(JSON.stringify(options), full.id);

    const controller = new AbortController();
    controller.abort(new Error('engine stopping'));
    await expect(footageStage({ ...fixture.stage(full.id, controller.signal), footage })).rejects.toThrow('engine stopping');
    expect(footage.requests).toEqual([]);
  });
});

describe('footageStage on a node without a video model', () => {
  let fixture: StageFixture;
  beforeEach(() => {
    fixture = stageFixture();
  });
  afterEach(async () => {
    await fixture.close();
  });

  /** A planned job; `film` marks those planned scenes as film shots, as a language model may under `auto`. */
  async function plannedJob(aiVideo: 'auto' | 'on' | 'full', film: number[] = []): Promise<{ id: string; stage: StageContext }> {
    const id = await fixture.createJob({ prompt: 'How tides work. The moon pulls the oceans. Twice a day the water rises.', duration: 8, ai_video: aiVideo, narration: false, music: false });
    applyTransition(fixture.node.ctx, id, 'start', { phase: 'planning', started_at: nowIso() });
    const stage = fixture.stage(id);
    const draft = await planStage(stage);
    for (const position of film) draft!.plan.scenes[position]!.film = true;
    storePlan(stage, draft!, await narrateStage(stage, draft!));
    return { id, stage };
  }

  const drawnWarnings = (id: string) => parseWarnings(fixture.node.ctx.videos.get(id)!.warnings).filter((warning) => warning.code === 'footage_drawn');

  it('a "full" job sells no film, its shots are drawn, and it carries footage_drawn once (from create, not repeated by the stage)', async () => {
    const { ctx } = fixture.node;
    const { id, stage } = await plannedJob('full');
    const options = JSON.parse(ctx.videos.get(id)!.options) as { estimate: { part: string }[] };
    expect(options.estimate.map((part) => part.part)).toEqual(['base']);
    expect(ctx.videos.scenes(id).every((scene) => scene.kind === 'footage')).toBe(true);
    expect(drawnWarnings(id)).toEqual([{ code: 'footage_drawn', message: expect.stringContaining('--footage') }]);
    await footageStage(stage);
    await footageStage(stage);
    expect(drawnWarnings(id)).toHaveLength(1);
  });

  it('an "auto" job is warned only once a shot was marked to draw', async () => {
    const plain = await plannedJob('auto');
    expect(fixture.node.ctx.videos.scenes(plain.id).some((scene) => scene.kind === 'footage')).toBe(false);
    await footageStage(plain.stage);
    expect(drawnWarnings(plain.id)).toEqual([]);

    const marked = await plannedJob('auto', [1]);
    expect(drawnWarnings(marked.id)).toEqual([]);
    expect(fixture.node.ctx.videos.scenes(marked.id).map((scene) => scene.kind)).toContain('footage');
    await footageStage(marked.stage);
    expect(drawnWarnings(marked.id)).toEqual([{ code: 'footage_drawn', message: expect.stringMatching(/No video model.*drawn.*nothing is charged for film/) }]);
  });
});
