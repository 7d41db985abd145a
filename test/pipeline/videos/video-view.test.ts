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
    const answer = await createVideo(node.ctx, { account: node.ctx.accounts.get(account.id)!, key: null }, createVideoBody.parse({ prompt: 'Three facts about octopuses', render: true }), {
      enqueue: () => undefined,
    });
    const id = answer.body.id;
    expect(toPollResponse(node.ctx, node.ctx.videos.get(id)!, 'http://127.0.0.1').progress).toEqual({ scenes_committed: 0, scenes_planned: 0 });

    node.ctx.videos.update(id, { status: 'rendering', scenes_planned: 2, scenes_committed: 2, frames_done: 76, frames_total: 180 });
    expect(toPollResponse(node.ctx, node.ctx.videos.get(id)!, 'http://127.0.0.1').progress).toEqual({ scenes_committed: 2, scenes_planned: 2, frames_done: 76, frames_total: 180 });

    node.ctx.videos.update(id, { status: 'completed', frames_done: 180 });
    expect(toPollResponse(node.ctx, node.ctx.videos.get(id)!, 'http://127.0.0.1').progress).toEqual({ scenes_committed: 2, scenes_planned: 2 });
  });
});
