import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fallbackSceneCode } from '../../../src/pipeline/providers/embedded/embedded-scene-writer.js';
import type { SceneWriter, WriteSceneRequest } from '../../../src/pipeline/providers/provider-types.js';
import { narrateStage } from '../../../src/pipeline/stages/narrate.js';
import { resolveProviders } from '../../../src/pipeline/stages/pipeline-providers.js';
import { planStage, storePlan } from '../../../src/pipeline/stages/plan.js';
import { SCENE_SHOWN_AS_TITLE, scenesStage } from '../../../src/pipeline/stages/scenes.js';
import { stageContext } from '../../../src/pipeline/stages/stage-context.js';
import { parseWarnings } from '../../../src/pipeline/videos/job-warnings.js';
import { SceneCodeError } from '../../../src/render/scene-code/compile-scene.js';
import { nowIso } from '../../../src/store/ids.js';
import { stageFixture, type StageFixture } from './stage-helpers.js';

/** A scene writer whose model never writes a module: every scene it is asked for fails. */
class FailingWriter implements SceneWriter {
  readonly name = 'failing';
  readonly positions: number[] = [];
  writeScene(request: WriteSceneRequest): Promise<string> {
    this.positions.push(request.position);
    return Promise.reject(new SceneCodeError('the model wrote no module'));
  }
}

describe('the scenes stage', () => {
  let fixture: StageFixture;
  beforeEach(() => {
    fixture = stageFixture();
  });
  afterEach(async () => {
    await fixture.close();
  });

  it('shows a scene whose writer and kit template both fail as its title alone, and warns the job once', async () => {
    const { ctx } = fixture.node;
    const id = await fixture.createJob({ prompt: 'How tides work. The moon pulls the oceans. Twice a day the water rises.', duration: 15, narration: false, music: false });
    const planning = fixture.stage(id);
    const draft = await planStage(planning);
    storePlan(planning, draft!, await narrateStage(planning, draft!));
    const scenes = ctx.videos.scenes(id);
    expect(scenes.length).toBeGreaterThanOrEqual(2);
    // Every scene but the last is committed already; the last is a timeline whose events its kit
    // template cannot read (it takes `when` of each event, and a null event has none): the
    // template throws as it renders, so the embedded writer's one try fails too.
    for (const scene of scenes.slice(0, -1)) {
      ctx.videos.commitScene(scene.id, { source: 'committed before', compiled: 'compiled before', writer: 'embedded', committed_at: nowIso(), audit: null, authoring: null });
    }
    const broken = scenes[scenes.length - 1]!;
    const title = 'When the tide turns';
    ctx.db.prepare('UPDATE scenes SET kind = ?, title = ?, settings = ? WHERE id = ?').run('timeline', title, JSON.stringify({ title, events: [null] }), broken.id);

    const writer = new FailingWriter();
    const providers = resolveProviders({ planner: fixture.planner, enhancer: fixture.enhancer, sceneWriter: writer });
    await scenesStage(stageContext({ ctx, pool: fixture.pool, audio: () => fixture.audio, providers, cacheDir: ctx.config.cacheDir }, id, new AbortController().signal));

    // The writer was asked for the uncommitted scene alone.
    expect(writer.positions).toEqual([broken.position]);
    const committed = ctx.videos.scenes(id).find((scene) => scene.id === broken.id)!;
    expect(committed.committed_at).not.toBeNull();
    expect(committed.writer).toBe('fallback');
    expect(committed.source).toBe(fallbackSceneCode());
    expect(committed.compiled).toBeTruthy();
    expect(committed.authoring).toBeNull();
    expect(JSON.parse(committed.settings)).toEqual({ title });
    // The scenes committed before are left as they were.
    for (const scene of ctx.videos.scenes(id).filter((scene) => scene.id !== broken.id)) expect(scene.source).toBe('committed before');

    const job = ctx.videos.get(id)!;
    expect(job.scenes_committed).toBe(scenes.length);
    const shown = parseWarnings(job.warnings).filter((warning) => warning.code === SCENE_SHOWN_AS_TITLE);
    expect(shown).toHaveLength(1);
    expect(SCENE_SHOWN_AS_TITLE).toBe('scene_shown_as_title');
    expect(shown[0]!.message).toContain(`Scene ${broken.position + 1} `);
    expect(shown[0]!.message).toContain(`timeline "${title}"`);
  }, 300_000);
});
