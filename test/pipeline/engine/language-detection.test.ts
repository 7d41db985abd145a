import { afterAll, describe, expect, it } from 'vitest';
import { AudioError, AudioThread } from '../../../src/pipeline/audio/audio-thread.js';
import { VideoEngine } from '../../../src/pipeline/engine/video-engine.js';
import type { EspeakSettings } from '../../../src/pipeline/speech/espeak-voice.js';
import type { NarrationLanguage } from '../../../src/pipeline/speech/languages.js';
import { createVideo } from '../../../src/pipeline/videos/create-video.js';
import { RenderPool } from '../../../src/render/render-pool.js';
import { createAccountWithKey, createTestNode } from '../../helpers/test-node.js';

/** An audio thread that records what it is asked and ends the job at its first narration. */
class RecordingAudio extends AudioThread {
  readonly detected: string[] = [];
  readonly voices: string[] = [];
  override detectLanguage(text: string): Promise<NarrationLanguage> {
    this.detected.push(text);
    return super.detectLanguage(text);
  }
  override speak(_text: string, settings: EspeakSettings): Promise<never> {
    this.voices.push(settings.voice);
    return Promise.reject(new AudioError('stop here: the test needs only the language'));
  }
}

describe('a prompt\'s narration language', () => {
  const audio = new RecordingAudio();
  afterAll(async () => {
    await audio.close();
  });

  it.each([
    ['Bienen sammeln Nektar von den Blumen und machen daraus Honig für den Winter.', 'de'],
    ['Les abeilles récoltent le nectar des fleurs et le transforment en miel.', 'fr'],
    ['ミツバチは花の蜜を集めて、はちみつを作ります。', 'ja'],
    ['How honeybees turn nectar into honey, step by step.', 'en'],
  ] as [string, NarrationLanguage][])('is detected on the audio thread: %s is %s', async (text, code) => {
    expect(await audio.detectLanguage(text)).toBe(code);
  });

  // The detector's n-gram tables hold the event loop for about 0.6 s as they load and keep 45 MB:
  // asked on the audio thread, they never load where the API answers polls.
  it('is asked of the audio thread by the engine, not worked out on the server\'s event loop', async () => {
    const node = createTestNode();
    const pool = new RenderPool();
    const engineAudio = new RecordingAudio();
    const engine = new VideoEngine({ ctx: node.ctx, pool, audio: engineAudio });
    const prompt = 'Bienen sammeln Nektar von den Blumen und machen daraus Honig für den Winter.';
    try {
      const { account } = await createAccountWithKey(node.ctx);
      await createVideo(node.ctx, { account: node.ctx.accounts.get(account.id)!, key: null }, { prompt, duration: 10 }, { enqueue: (id) => engine.enqueue(id) });
      await engine.idle();
      expect(engineAudio.detected).toEqual([prompt]);
      // And the narration it starts is German.
      expect(engineAudio.voices[0]).toMatch(/^de\+/);
    } finally {
      await engine.stop();
      await engineAudio.close();
      await pool.close();
      node.cleanup();
    }
  });
});
