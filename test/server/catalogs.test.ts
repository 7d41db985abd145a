import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createBrandKit } from '../../src/catalog/brand-kits.js';
import { bearer, createAccountWithKey, createTestApp, createTestNode, type TestNode } from '../helpers/test-node.js';

const sortedKeys = (value: object) => Object.keys(value).sort();

describe('catalogs', () => {
  let node: TestNode;
  let app: FastifyInstance;
  let key: string;
  let accountId: string;

  beforeAll(async () => {
    node = createTestNode();
    app = await createTestApp(node.ctx);
    const created = await createAccountWithKey(node.ctx);
    key = created.key.key;
    accountId = created.account.id;
  });
  afterAll(async () => {
    await app.close();
    node.cleanup();
  });

  const get = async (url: string) => {
    const response = await app.inject({ method: 'GET', url, headers: bearer(key) });
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  describe('GET /v1/models', () => {
    it('lists the four models with exactly the spec\'s fields, plus what backs each on this node', async () => {
      const { models, ...rest } = await get('/v1/models');
      expect(rest).toEqual({});
      expect(models.map((m: { id: string }) => m.id)).toEqual(['model-5', 'model-6', 'model-4', 'model-3']);
      const byId = Object.fromEntries(models.map((m: { id: string }) => [m.id, m]));
      const common = ['available', 'backed_by', 'default', 'description', 'duration_options', 'id', 'label', 'max_duration_seconds', 'multi_scene', 'supports'];
      expect(sortedKeys(byId['model-5'])).toEqual([...common, 'min_credits_to_start'].sort());
      expect(sortedKeys(byId['model-6'])).toEqual([...common, 'min_credits_to_start', 'min_plan', 'unavailable_reason'].sort());
      expect(sortedKeys(byId['model-4'])).toEqual([...common, 'flat_credit_estimate'].sort());
      expect(sortedKeys(byId['model-3'])).toEqual([...common, 'flat_credit_estimate'].sort());
      for (const model of models) {
        expect(typeof model.label).toBe('string');
        expect(model.description.length).toBeGreaterThan(10);
        expect(sortedKeys(model.supports)).toEqual(['ai_video', 'music', 'narration', 'sfx']);
      }
      expect(byId['model-5']).toMatchObject({
        multi_scene: true,
        duration_options: [15, 30, 60, 120],
        max_duration_seconds: 120,
        min_credits_to_start: 7,
        default: true,
        supports: { narration: true, music: true, sfx: true, ai_video: true },
      });
      expect(byId['model-6']).toMatchObject({
        multi_scene: true,
        duration_options: [15, 30, 60, 120],
        max_duration_seconds: 120,
        min_credits_to_start: 7,
        min_plan: 'pro',
        default: false,
      });
      // With no language model, model-5 plans with the prompt's own words and model-6 is not sold.
      expect(byId['model-5']).toMatchObject({ available: true, backed_by: { planner: 'embedded', scene_writer: 'embedded', speech: 'embedded', footage: 'embedded' } });
      expect(byId['model-6']).toMatchObject({ available: false, unavailable_reason: expect.stringContaining('needs a language model') });
      expect(byId['model-4']).toMatchObject({ available: true, backed_by: { planner: 'embedded', speech: 'none' } });
      expect(byId['model-4']).toMatchObject({
        multi_scene: false,
        duration_options: [15, 30, 60],
        max_duration_seconds: 60,
        flat_credit_estimate: 5,
        default: false,
        supports: { narration: false, music: false, sfx: false, ai_video: false },
      });
      expect(byId['model-3']).toMatchObject({
        multi_scene: false,
        duration_options: [15, 30],
        max_duration_seconds: 30,
        flat_credit_estimate: 3,
        default: false,
      });
    });
  });

  describe('GET /v1/animation-styles', () => {
    it('has default_style, no_style and at least 8 packs of id, name, vibe and palette', async () => {
      const body = await get('/v1/animation-styles');
      expect(sortedKeys(body)).toEqual(['default_style', 'no_style', 'styles']);
      expect(body.styles.length).toBeGreaterThanOrEqual(8);
      const ids = body.styles.map((s: { id: string }) => s.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toContain(body.default_style);
      expect(ids).not.toContain(body.no_style);
      expect(typeof body.no_style).toBe('string');
      for (const style of body.styles) {
        expect(sortedKeys(style)).toEqual(['id', 'name', 'palette', 'vibe']);
        expect(style.name.length).toBeGreaterThan(0);
        expect(style.vibe.length).toBeGreaterThan(10);
        expect(style.palette.length).toBeGreaterThanOrEqual(3);
        for (const color of style.palette) {
          expect(sortedKeys(color)).toEqual(['hex', 'label']);
          expect(color.hex).toMatch(/^#[0-9A-Fa-f]{6}$/);
        }
      }
      // Distinct looks, not one palette renamed.
      const palettes = new Set(body.styles.map((s: { palette: { hex: string }[] }) => s.palette.map((c) => c.hex).join()));
      expect(palettes.size).toBe(body.styles.length);
    });
  });

  describe('GET /v1/voices', () => {
    it('lists the embedded voices with every spec field and their languages', async () => {
      const { voices, ...rest } = await get('/v1/voices');
      expect(rest).toEqual({});
      expect(voices.length).toBeGreaterThanOrEqual(4);
      for (const voice of voices) {
        expect(sortedKeys(voice)).toEqual(['accent', 'age', 'description', 'gender', 'id', 'languages', 'name', 'provider', 'use_case']);
        expect(voice.provider).toBe('embedded');
        for (const field of ['id', 'name', 'description', 'gender', 'accent', 'age', 'use_case']) {
          expect(typeof voice[field]).toBe('string');
          expect(voice[field].length).toBeGreaterThan(0);
        }
        expect(voice.languages).toHaveLength(74);
        for (const code of voice.languages) expect(code).toMatch(/^[a-z]{2,3}$/);
      }
      expect(new Set(voices.map((v: { gender: string }) => v.gender))).toEqual(new Set(['female', 'male']));
    });
  });

  describe('GET /v1/brand-kits', () => {
    it('lists the account\'s kits with exactly the spec\'s fields', async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'logo-'));
      const logo = path.join(dir, 'logo.png');
      await sharp({ create: { width: 64, height: 32, channels: 4, background: '#ff0000' } }).png().toFile(logo);
      await createBrandKit(node.ctx, {
        accountId,
        name: 'Acme',
        description: 'Rockets and anvils',
        websiteUrl: 'https://acme.example',
        logoFile: logo,
        primary: '#112233',
        secondary: '#445566',
        accent: '#778899',
        headingFont: 'Montserrat',
        bodyFont: 'Inter',
      });
      const { brand_kits: kits, ...rest } = await get('/v1/brand-kits');
      expect(rest).toEqual({});
      expect(kits).toEqual([
        {
          id: expect.stringMatching(/^bk_/),
          name: 'Acme',
          description: 'Rockets and anvils',
          website_url: 'https://acme.example',
          colors: { primary: '#112233', secondary: '#445566', accent: '#778899' },
          fonts: { heading: 'Montserrat', body: 'Inter' },
          has_logo: true,
        },
      ]);
    });

    it('refuses a logo that is not an image', async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'logo-'));
      const fake = path.join(dir, 'logo.png');
      writeFileSync(fake, 'this is not a png');
      await expect(
        createBrandKit(node.ctx, {
          accountId, name: 'Bad', logoFile: fake, primary: '#112233', secondary: '#445566', accent: '#778899',
          headingFont: 'Inter', bodyFont: 'Inter',
        }),
      ).rejects.toMatchObject({ code: 'invalid_request' });
    });
  });
});

describe('GET /v1/voices with a remote voice provider', () => {
  let provider: Server;
  let providerUrl: string;
  let requests = 0;

  beforeAll(async () => {
    // A local server speaking the ElevenLabs voices API.
    provider = createServer((request, response) => {
      requests += 1;
      if (request.url !== '/v1/voices' || request.headers['xi-api-key'] !== 'test-key') {
        response.writeHead(401).end();
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          voices: [
            {
              voice_id: 'remote-1',
              name: 'Rachel',
              description: 'Calm narrator',
              labels: { gender: 'female', accent: 'american', age: 'young', use_case: 'narration' },
              verified_languages: [{ language: 'en' }, { language: 'es-MX' }],
            },
          ],
        }),
      );
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => provider.close(() => resolve())));

  it('adds the speech model\'s voices (ELEVENLABS_API_KEY alone means ElevenLabs speaks) to the embedded ones', async () => {
    const node = createTestNode({ elevenLabsApiKey: 'test-key', elevenLabsBaseUrl: providerUrl });
    const app = await createTestApp(node.ctx);
    const { key } = await createAccountWithKey(node.ctx);
    const response = await app.inject({ method: 'GET', url: '/v1/voices', headers: bearer(key.key) });
    expect(response.statusCode).toBe(200);
    const remote = response.json().voices.find((v: { id: string }) => v.id === 'remote-1');
    expect(remote).toMatchObject({ id: 'remote-1', name: 'Rachel', description: 'Calm narrator', gender: 'female', accent: 'american', age: 'young', use_case: 'narration', provider: 'elevenlabs' });
    // Its verified languages and those of the model it speaks with (eleven_multilingual_v2).
    expect(remote.languages).toEqual(expect.arrayContaining(['en', 'es', 'de', 'fr']));
    expect(requests).toBeGreaterThan(0);
    await app.close();
    node.cleanup();
  });

  it('answers 503 voices_unavailable when the configured provider cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const node = createTestNode({ elevenLabsApiKey: 'test-key', elevenLabsBaseUrl: deadUrl });
    const app = await createTestApp(node.ctx);
    const { key } = await createAccountWithKey(node.ctx);
    const response = await app.inject({ method: 'GET', url: '/v1/voices', headers: bearer(key.key) });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ error: { code: 'voices_unavailable', message: expect.any(String), status: 503 } });
    expect(response.headers['retry-after']).toBe('30');
    await app.close();
    node.cleanup();
  });

  it('answers 503 when the provider refuses the key', async () => {
    const node = createTestNode({ elevenLabsApiKey: 'wrong-key', elevenLabsBaseUrl: providerUrl });
    const app = await createTestApp(node.ctx);
    const { key } = await createAccountWithKey(node.ctx);
    const response = await app.inject({ method: 'GET', url: '/v1/voices', headers: bearer(key.key) });
    expect(response.statusCode).toBe(503);
    await app.close();
    node.cleanup();
  });
});
