import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createVideoBody } from '../../../src/pipeline/create/create-video-schema.js';
import { createVideo } from '../../../src/pipeline/videos/create-video.js';
import { toPollResponse } from '../../../src/pipeline/videos/video-view.js';
import { createAccountWithKey, createTestNode, type TestNode } from '../../helpers/test-node.js';

describe('toPollResponse', () => {
  let node: TestNode;
  beforeEach(() => {
    node = createTestNode();
  });
  afterEach(() => node.cleanup());

  it('reports the frames of the MP4 render in progress while the job renders, and not otherwise', async () => {
    const { account } = await createAccountWithKey(node.ctx);
    const answer = await createVideo(node.ctx, { account: node.ctx.accounts.get(account.id)!, key: null }, createVideoBody.parse({ prompt: 'Three facts about octopuses: three hearts, blue blood, nine brains.', render: true }), {
      enqueue: () => undefined,
    });
    const id = answer.body.id;
    expect(toPollResponse(node.ctx, node.ctx.videos.get(id)!, 'http://127.0.0.1').progress).toEqual({ scenes_committed: 0, scenes_planned: 0 });

    node.ctx.videos.update(id, { status: 'rendering', scenes_planned: 2, scenes_committed: 2, frames_done: 76, frames_total: 180 });
    expect(toPollResponse(node.ctx, node.ctx.videos.get(id)!, 'http://127.0.0.1').progress).toEqual({ scenes_committed: 2, scenes_planned: 2, frames_done: 76, frames_total: 180 });

    node.ctx.videos.update(id, { status: 'completed', frames_done: 180 });
    expect(toPollResponse(node.ctx, node.ctx.videos.get(id)!, 'http://127.0.0.1').progress).toEqual({ scenes_committed: 2, scenes_planned: 2 });
  });

  it('lists the facts the scenes state with their scene and basis (extension facts), and none for a plan without them', async () => {
    const { account } = await createAccountWithKey(node.ctx);
    const answer = await createVideo(node.ctx, { account: node.ctx.accounts.get(account.id)!, key: null }, createVideoBody.parse({ prompt: 'The history of flight: gliders, engines, jets.' }), { enqueue: () => undefined });
    const id = answer.body.id;
    expect(toPollResponse(node.ctx, node.ctx.videos.get(id)!, 'http://127.0.0.1').facts).toBeUndefined();
    const scene = (position: number) => ({ id: `scn_${position}`, video_id: id, position, title: `Scene ${position}`, role: 'body', kind: 'timeline', duration_seconds: 5, settings: '{}', source: null, compiled: null, writer: null, committed_at: null, narration: null, narration_audio: null, narration_seconds: null, narration_words: null, audit: null, authoring: null });
    node.ctx.videos.insertScene(scene(0));
    node.ctx.videos.insertScene(scene(1));
    const facts = [
      { position: 1, text: 'The first powered flight was in 1903', basis: 'general' },
      { position: 1, text: 'Our airline flew 12,000 passengers', basis: 'request' },
    ];
    node.ctx.videos.update(id, { plan: JSON.stringify({ title: 'Flight', facts }) });
    expect(toPollResponse(node.ctx, node.ctx.videos.get(id)!, 'http://127.0.0.1').facts).toEqual([
      { scene_id: 'scn_1', text: 'The first powered flight was in 1903', basis: 'general' },
      { scene_id: 'scn_1', text: 'Our airline flew 12,000 passengers', basis: 'request' },
    ]);
  });
});
