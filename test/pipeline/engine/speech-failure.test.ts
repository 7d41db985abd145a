import { describe, expect, it } from 'vitest';
import { AudioError, AudioThread } from '../../../src/pipeline/audio/audio-thread.js';
import { VideoEngine } from '../../../src/pipeline/engine/video-engine.js';
import { createVideo } from '../../../src/pipeline/videos/create-video.js';
import { RenderPool } from '../../../src/render/render-pool.js';
import { createAccountWithKey, createTestNode } from '../../helpers/test-node.js';

/** A speech engine that always fails. */
class BrokenSpeech extends AudioThread {
  calls = 0;
  override speak(): Promise<never> {
    this.calls += 1;
    return Promise.reject(new AudioError('the speech engine crashed'));
  }
}

describe('a speech failure', () => {
  it('is retried once, then fails the job with audio_failed instead of leaving a silent scene', async () => {
    const node = createTestNode();
    const audio = new BrokenSpeech();
    const pool = new RenderPool();
    const engine = new VideoEngine({ ctx: node.ctx, pool, audio });
    try {
      const { account } = await createAccountWithKey(node.ctx);
      const answer = await createVideo(node.ctx, { account: node.ctx.accounts.get(account.id)!, key: null }, { prompt: 'How tides work. The moon pulls the oceans.', duration: 10 }, { enqueue: (id) => engine.enqueue(id) });
      await engine.idle();
      const job = node.ctx.videos.get(answer.body.id)!;
      expect(job.status).toBe('failed');
      expect(job.error_code).toBe('audio_failed');
      expect(job.error_message).toContain('speech engine crashed');
      expect(audio.calls).toBe(2);
      expect(job.credits_cost_millicredits).toBe(0);
      expect(node.ctx.videos.scenes(job.id)).toEqual([]);
    } finally {
      await engine.stop();
      await pool.close();
      node.cleanup();
    }
  });
});
