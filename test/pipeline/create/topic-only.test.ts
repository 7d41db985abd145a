import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { topicOnly } from '../../../src/pipeline/create/topic-only.js';
import { bearer, createAccountWithKey, createTestApp, createTestNode, snapshotDatabase, type TestNode } from '../../helpers/test-node.js';

/**
 * With no language model a video shows only what the request gives; a prompt that names only a
 * topic would be its topic held for the whole length. Such a create is a 400 before anything is
 * written or charged; a prompt with content, or one with documents or images, is made as before.
 */
const TOPIC_ONLY = [
  'How honeybees make honey',
  'Three facts about octopuses',
  'Explain how a heat pump works',
  'A video about the water cycle',
  'Make a 20 second vertical video explaining how vaccines train the immune system',
  'Square Instagram post video: 5 tips for better sleep. No voiceover please, just music.',
  'History of the bicycle, vertical video for TikTok',
  'Apollo 11',
  'Erkläre in 15 Sekunden, warum der Himmel blau ist',
  'In drei Szenen, warum Mülltrennung wichtig ist',
  'Explique comment fonctionne la blockchain en 30 secondes',
  'En français comment fonctionne la photosynthèse',
  'Explícame cómo funciona la fotosíntesis',
  'Compare renting versus buying a home in two columns, honest pros and cons for each',
  // One short statement and nothing more is one line held as long as a topic would be.
  'Rivers carve canyons over millions of years.',
];

const WITH_CONTENT = [
  'How tides work. The moon pulls the oceans. Twice a day the water rises.',
  'Coffee: 2 billion cups a day.',
  'Onboarding video for new hires at Acme: day one, tools, who to ask',
  'Haz un anuncio de 15 segundos para nuestra panadería, solo música. Visita panaderia.example.es',
  'Erstelle ein 30-Sekunden-Video für unser Café im Hochformat. Jetzt bestellen!',
  'Finland drinks 12 kg, Norway 9.9 kg, Iceland 9 kg and Denmark 8.7 kg.',
  'Honeybees make honey by collecting nectar, fanning it dry and sealing it with wax.',
  // A longer statement says something of its own.
  'Bienen sammeln Nektar von den Blumen und machen daraus Honig für den Winter',
  'Explain how a heat pump works. It moves 3 units of heat per unit of electricity.',
];

describe('topicOnly', () => {
  it.each(TOPIC_ONLY)('reads %j as a topic and nothing else', async (prompt) => {
    expect(await topicOnly({ prompt, images: 0, documents: 0, voiceover: false })).toBeTruthy();
  });

  it.each(WITH_CONTENT)('reads %j as content', async (prompt) => {
    expect(await topicOnly({ prompt, images: 0, documents: 0, voiceover: false })).toBeUndefined();
  });

  it('takes documents, images, a voiceover or a brand description as content', async () => {
    const prompt = 'Quarterly sales by region';
    expect(await topicOnly({ prompt, images: 0, documents: 0, voiceover: false })).toBe('Quarterly sales by region');
    expect(await topicOnly({ prompt, images: 0, documents: 1, voiceover: false })).toBeUndefined();
    expect(await topicOnly({ prompt, images: 2, documents: 0, voiceover: false })).toBeUndefined();
    expect(await topicOnly({ prompt, images: 0, documents: 0, voiceover: true })).toBeUndefined();
    expect(await topicOnly({ prompt: 'Welcome to Acme', images: 0, documents: 0, voiceover: false, brand: { name: 'Acme' } })).toBe('Welcome to Acme');
    expect(await topicOnly({ prompt: 'Welcome to Acme', images: 0, documents: 0, voiceover: false, brand: { name: 'Acme', description: 'Acme roasts coffee in small batches.' } })).toBeUndefined();
    expect(await topicOnly({ prompt: 'A logo sting for Acme', images: 0, documents: 0, voiceover: false, brand: { name: 'Acme', logo: true } })).toBeUndefined();
  });
});

describe('POST /v1/videos with a topic-only prompt', () => {
  let node: TestNode;
  afterEach(() => node.cleanup());

  describe('on a node with no language model', () => {
    beforeEach(() => {
      node = createTestNode();
    });

    it('is a 400 naming what to add, and changes nothing', async () => {
      const app = await createTestApp(node.ctx);
      const { account, key } = await createAccountWithKey(node.ctx, 'ultimate', 100);
      const before = snapshotDatabase(node.ctx);
      for (const url of ['/v1/videos', '/v1/videos/estimate']) {
        const response = await app.inject({ method: 'POST', url, headers: bearer(key.key), payload: { prompt: 'Explain how a heat pump works', duration: 15 } });
        expect(response.statusCode).toBe(400);
        const error = response.json().error;
        expect(error.code).toBe('invalid_request');
        expect(error.message).toContain('no language model');
        expect(error.message).toContain('one line ("How a heat pump works")');
        expect(error.message).toMatch(/points, steps or figures/);
        expect(error.message).toContain('service models pull');
        expect(error.details).toEqual([expect.objectContaining({ field: 'body.prompt' })]);
      }
      expect(snapshotDatabase(node.ctx)).toEqual(before);
      const account2 = (await app.inject({ method: 'GET', url: '/v1/account', headers: bearer(key.key) })).json();
      expect(account2.credits ?? account2.balance).toBe(account.balance ?? 100);
      const videosDir = path.join(node.ctx.filesDir, 'videos');
      expect(existsSync(videosDir) ? readdirSync(videosDir) : []).toEqual([]);
      await app.close();
    });

    it('makes a single-scene model\'s one animated line of a topic, as before', async () => {
      const app = await createTestApp(node.ctx);
      const { key } = await createAccountWithKey(node.ctx, 'ultimate', 100);
      const response = await app.inject({ method: 'POST', url: '/v1/videos', headers: bearer(key.key), payload: { prompt: 'Welcome to Acme', model: 'model-4' } });
      expect(response.statusCode).toBe(202);
      await app.close();
    });

    it('makes a prompt with content as before', async () => {
      const app = await createTestApp(node.ctx);
      const { key } = await createAccountWithKey(node.ctx, 'ultimate', 100);
      const response = await app.inject({
        method: 'POST',
        url: '/v1/videos',
        headers: bearer(key.key),
        payload: { prompt: 'How a heat pump works: it pulls heat from outdoor air, a compressor concentrates it, and the indoor unit releases it.', duration: 15 },
      });
      expect(response.statusCode).toBe(202);
      await app.close();
    });
  });

  it('is made on a node with a language model, which writes about the topic', async () => {
    node = createTestNode({ llm: 'openai-compatible:qwen2.5-7b', llmBaseUrl: 'http://127.0.0.1:9/v1' });
    const app = await createTestApp(node.ctx);
    const { key } = await createAccountWithKey(node.ctx, 'ultimate', 100);
    const response = await app.inject({ method: 'POST', url: '/v1/videos', headers: bearer(key.key), payload: { prompt: 'Explain how a heat pump works', duration: 15 } });
    expect(response.statusCode).toBe(202);
    await app.close();
  });
});
