import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAccountWithKey, createTestApp, createTestNode, type TestNode } from '../helpers/test-node.js';

const PROMPT = 'How bees make honey: foragers collect nectar, house bees fan it dry, wax caps seal it.';

describe('POST /v1/videos: lengths and voices', () => {
  let node: TestNode;
  let app: FastifyInstance;
  let key: string;
  beforeAll(async () => {
    node = createTestNode();
    let clock = 0;
    // Each create gets a fresh rate-limit window: the rules here are not about the limit.
    app = await createTestApp(node.ctx, { rateLimit: { now: () => (clock += 61_000) } });
    key = (await createAccountWithKey(node.ctx)).key.key;
  });
  afterAll(async () => {
    await app.close();
    node.cleanup();
  });

  /** A create by an account of its own, so jobs left queued never meet the in-flight limit. */
  const create = async (body: Record<string, unknown>) => {
    const own = (await createAccountWithKey(node.ctx)).key.key;
    return app.inject({ method: 'POST', url: '/v1/videos', headers: { ...bearer(own), 'content-type': 'application/json' }, payload: JSON.stringify(body) });
  };

  describe('a length beyond the model\'s maximum', () => {
    it.each([
      ['Make a 3 hour video.', '3 hours (10800 seconds)'],
      ['Make a two-hour film about how bees make honey.', '2 hours (7200 seconds)'],
      ['Eine 10-minütige Erklärung: Bienen sammeln Nektar, Stockbienen trocknen ihn.', '10 minutes (600 seconds)'],
      ['Un vídeo de 5 minutos: las abejas recogen néctar y lo secan.', '5 minutes (300 seconds)'],
      ['Une vidéo de 3 heures : les abeilles butinent le nectar.', '3 hours (10800 seconds)'],
      ['Un video di due ore: le api raccolgono il nettare.', '2 hours (7200 seconds)'],
      ['A 1 hour 30 minute documentary: foragers collect nectar.', '1 hour 30 minutes (5400 seconds)'],
    ])('stated in the prompt (%j) is a 400 naming it, the limit and the way on; nothing is made', async (prompt, words) => {
      const made = node.ctx.db.prepare('SELECT COUNT(*) FROM videos').pluck().get();
      const response = await create({ prompt });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'invalid_request',
        message: `duration: the prompt asks for ${words}; model-5 makes 5 to 120 seconds (2 minutes); ask for 2 minutes or less in the prompt, or set duration (5 to 120), which wins over the prompt; no model makes a longer video; for a longer film, make it as several videos`,
      });
      expect(node.ctx.db.prepare('SELECT COUNT(*) FROM videos').pluck().get()).toBe(made);
    });

    it('in the duration field is a 400 naming the limit, and the model that makes it where one does', async () => {
      const tooLong = await create({ prompt: PROMPT, duration: 10_800 });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().error.message).toBe('body.duration: must be at most 120 seconds (2 minutes), the longest any model makes; for a longer film, make it as several videos');
      const onModel4 = await create({ prompt: PROMPT, model: 'model-4', duration: 90 });
      expect(onModel4.statusCode).toBe(400);
      expect(onModel4.json().error.message).toBe(
        "duration: model-4 makes 5 to 60 seconds, got 90; model-5 or model-6 makes it: set model (GET /v1/models lists each one's max_duration_seconds)",
      );
    });

    it('the field wins over the prompt, and a length that is content is no length', async () => {
      const set = await create({ prompt: 'Make a 3 hour video. Foragers collect nectar, house bees fan it dry.', duration: 60 });
      expect(set.statusCode, set.body).toBe(202);
      expect(node.ctx.videos.get(set.json().id)!.duration_seconds).toBe(60);
      const hike = await create({ prompt: 'A video about our 3-hour hike: we climbed at dawn, ate at the hut, and saw the summit at noon.' });
      expect(hike.statusCode, hike.body).toBe(202);
      expect(node.ctx.videos.get(hike.json().id)!.duration_seconds).toBe(30);
    });
  });

  describe('narration_voice', () => {
    it.each(['Noah', 'noah', 'NOAH', 'embedded-noah', 'Embedded-Noah'])('takes %j, a listed voice by id or name in any case, and stores its id', async (voice) => {
      const response = await create({ prompt: PROMPT, narration_voice: voice });
      expect(response.statusCode, response.body).toBe(202);
      expect(JSON.parse(node.ctx.videos.get(response.json().id)!.options).narrationVoice).toBe('embedded-noah');
    });

    it('refuses a voice neither an id nor a name matches with "did you mean" and the way to the list', async () => {
      const response = await create({ prompt: PROMPT, narration_voice: 'Noha' });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(
        'narration_voice: unknown voice "Noha" (did you mean Noah (embedded-noah)?); a voice is named by its id or its name, in any case: Ava (embedded-ava), Noah (embedded-noah), Mia (embedded-mia), Leo (embedded-leo), Grace (embedded-grace), Owen (embedded-owen), Zoe (embedded-zoe), Max (embedded-max); see GET /v1/voices',
      );
    });

    it('reads the same over MCP: create_video takes a name, and refuses an unknown voice and a length beyond the maximum alike', async () => {
      const own = (await createAccountWithKey(node.ctx)).key.key;
      const url = `${await app.listen({ host: '127.0.0.1', port: 0 })}/mcp`;
      const call = async (args: Record<string, unknown>) => {
        const response = await fetch(url, {
          method: 'POST',
          headers: { ...bearer(own), 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'create_video', arguments: args } }),
        });
        return ((await response.json()) as { result: { isError?: boolean; structuredContent?: { id: string }; content: { text: string }[] } }).result;
      };
      const made = await call({ prompt: PROMPT, narration_voice: 'noah' });
      expect(made.isError, made.content[0]!.text).toBeFalsy();
      expect(JSON.parse(node.ctx.videos.get(made.structuredContent!.id)!.options).narrationVoice).toBe('embedded-noah');
      const voice = await call({ prompt: PROMPT, narration_voice: 'Noha' });
      expect(voice.isError).toBe(true);
      expect(JSON.parse(voice.content[0]!.text).error.message).toMatch(/^narration_voice: unknown voice "Noha" \(did you mean Noah \(embedded-noah\)\?\)/);
      const length = await call({ prompt: 'Make a 3 hour video.' });
      expect(JSON.parse(length.content[0]!.text).error.message).toMatch(/^duration: the prompt asks for 3 hours \(10800 seconds\); model-5 makes 5 to 120 seconds/);
    });

    it('takes a name on the estimate too', async () => {
      const response = await app.inject({ method: 'POST', url: '/v1/videos/estimate', headers: { ...bearer(key), 'content-type': 'application/json' }, payload: JSON.stringify({ prompt: PROMPT, narration_voice: 'grace' }) });
      expect(response.statusCode, response.body).toBe(200);
    });
  });
});
