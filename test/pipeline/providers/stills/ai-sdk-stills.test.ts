import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAiSdkStillProvider } from '../../../../src/pipeline/providers/stills/ai-sdk-stills.js';
import { StillError, type StillRequest } from '../../../../src/pipeline/providers/stills/still-provider.js';
import type { StillSetting } from '../../../../src/pipeline/providers/stills/stills-config.js';
import { makeTestPng, startFakeImageServer, type FakeImageServer } from '../../../helpers/fake-image-server.js';

const KEY = 'sk-test-image-key-0123456789';
const GREEN: [number, number, number] = [20, 200, 40];
const RED: [number, number, number] = [220, 30, 30];
const BLUE: [number, number, number] = [30, 40, 220];

describe('createAiSdkStillProvider (OpenAI image API through the AI SDK)', () => {
  let server: FakeImageServer;
  let dir: string;
  // 400x200: green quarter, red half, blue quarter. A 2:1 picture cover-cropped to a square keeps only the red half.
  let banded: Uint8Array;

  beforeAll(async () => {
    server = await startFakeImageServer({ apiKey: KEY });
    dir = mkdtempSync(path.join(tmpdir(), 'stills-ai-sdk-'));
    banded = await makeTestPng(400, 200, [{ rgb: GREEN, share: 0.25 }, { rgb: RED, share: 0.5 }, { rgb: BLUE, share: 0.25 }]);
  });

  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  afterEach(() => {
    server.requests.length = 0;
  });

  const setting = (overrides: Partial<StillSetting> = {}): StillSetting => ({ provider: 'openai', model: 'gpt-image-1', baseUrl: server.url, apiKey: KEY, ...overrides });
  const provider = (overrides: Partial<StillSetting> = {}, options = {}) => createAiSdkStillProvider(setting(overrides), { maxRetries: 2, ...options });
  const request = (overrides: Partial<StillRequest> = {}): StillRequest => ({
    description: 'A red-haired pilot in a leather jacket, three-quarter portrait',
    width: 160,
    height: 160,
    dir: path.join(dir, 'stills'),
    ...overrides,
  });
  const failure = async (promise: Promise<unknown>): Promise<unknown> => promise.then(() => { throw new Error('expected a failure'); }, (caught: unknown) => caught);
  const stillFailure = async (promise: Promise<unknown>): Promise<StillError> => {
    const error = await failure(promise);
    expect(error).toBeInstanceOf(StillError);
    return error as StillError;
  };

  /** Mean colour of the still's pixels in a region given in shares of its size. */
  async function meanColor(file: string, region: { left: number; right: number }): Promise<number[]> {
    const { data, info } = await sharp(file).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const total = [0, 0, 0];
    let count = 0;
    for (let y = 0; y < info.height; y += 1) {
      for (let x = Math.floor(region.left * info.width); x < Math.floor(region.right * info.width); x += 1) {
        for (let c = 0; c < 3; c += 1) total[c]! += data[(y * info.width + x) * 3 + c]!;
        count += 1;
      }
    }
    return total.map((value) => value / count);
  }

  it('writes a PNG of exactly the requested size, cover-cropped from the model\'s image', async () => {
    server.enqueue({ image: banded });
    const made = await provider().makeStill(request({ seed: 'cast-1' }));
    expect(made.provider).toBe('openai:gpt-image-1');
    expect(path.dirname(made.path)).toBe(path.join(dir, 'stills'));
    const metadata = await sharp(made.path).metadata();
    expect(metadata).toMatchObject({ format: 'png', width: 160, height: 160 });
    // Centre-cropped, not stretched: the square holds only the red middle band, edge to edge.
    for (const region of [{ left: 0, right: 0.1 }, { left: 0.45, right: 0.55 }, { left: 0.9, right: 1 }]) {
      const [r, g, b] = await meanColor(made.path, region);
      expect(r).toBeGreaterThan(200);
      expect(g! + b!).toBeLessThan(90);
    }
    expect(readdirSync(path.join(dir, 'stills')).filter((name) => name.includes('partial'))).toEqual([]);

    expect(server.requests).toHaveLength(1);
    const [sent] = server.requests;
    expect(sent!.path).toBe('/v1/images/generations');
    expect(sent!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(sent!.body).toMatchObject({ model: 'gpt-image-1', prompt: 'A red-haired pilot in a leather jacket, three-quarter portrait', n: 1, size: '1024x1024' });
    // OpenAI's image models take no seed: none is sent.
    expect(sent!.body.seed).toBeUndefined();
  });

  it('asks each OpenAI model for its own size closest to the still\'s shape', async () => {
    server.enqueue({ image: banded }, { image: banded });
    const landscape = await provider({ model: 'dall-e-3' }).makeStill(request({ width: 320, height: 180 }));
    expect(await sharp(landscape.path).metadata()).toMatchObject({ width: 320, height: 180 });
    const portrait = await provider().makeStill(request({ width: 180, height: 320 }));
    expect(await sharp(portrait.path).metadata()).toMatchObject({ width: 180, height: 320 });
    expect(server.requests.map((r) => [r.body.model, r.body.size])).toEqual([
      ['dall-e-3', '1792x1024'],
      ['gpt-image-1', '1024x1536'],
    ]);
    expect(server.requests[0]!.body.response_format).toBe('b64_json');
  });

  it('asks an OpenAI-compatible server for the still\'s size in multiples of 64, with the seed and no key', async () => {
    const open = await startFakeImageServer();
    try {
      open.enqueue({ image: banded });
      const compatible = createAiSdkStillProvider({ provider: 'openai-compatible', model: 'flux.1-schnell', baseUrl: open.url, apiKey: undefined });
      const made = await compatible.makeStill(request({ width: 320, height: 180, seed: 'board-2' }));
      expect(made.provider).toBe('openai-compatible:flux.1-schnell');
      expect(await sharp(made.path).metadata()).toMatchObject({ format: 'png', width: 320, height: 180 });
      expect(open.requests).toHaveLength(1);
      const [sent] = open.requests;
      expect(sent!.path).toBe('/v1/images/generations');
      expect(sent!.body).toMatchObject({ model: 'flux.1-schnell', prompt: request().description, size: '320x192', seed: expect.any(Number) });
      expect(sent!.headers.authorization).toBeUndefined();
    } finally {
      await open.close();
    }
  });

  it('sends reference images to gpt-image models through the edits endpoint', async () => {
    const reference = path.join(dir, 'reference.png');
    writeFileSync(reference, await makeTestPng(64, 64, [{ rgb: BLUE, share: 1 }]));
    server.enqueue({ image: banded });
    const made = await provider().makeStill(request({ references: [{ path: reference, mimeType: 'image/png' }] }));
    expect(await sharp(made.path).metadata()).toMatchObject({ width: 160, height: 160 });
    const [sent] = server.requests;
    expect(sent!.path).toBe('/v1/images/edits');
    expect(sent!.body).toMatchObject({ model: 'gpt-image-1', prompt: request().description, size: '1024x1024' });
    const image = sent!.body.image as { type: string; bytes: Uint8Array };
    expect(image.type).toBe('image/png');
    expect((await sharp(image.bytes).metadata()).width).toBe(64);
  });

  it('retries a 429 after its retry-after and then makes the still', async () => {
    server.enqueue({ status: 429, message: 'Rate limit reached', headers: { 'retry-after': '0.05' } }, { image: banded });
    const made = await provider().makeStill(request());
    expect(existsSync(made.path)).toBe(true);
    expect(server.requests.map((r) => r.path)).toEqual(['/v1/images/generations', '/v1/images/generations']);
  });

  it('fails with unavailable, naming the attempts, when the server keeps failing', async () => {
    server.enqueue({ status: 500, headers: { 'retry-after': '0' } }, { status: 500, headers: { 'retry-after': '0' } });
    const error = await stillFailure(provider({}, { maxRetries: 1 }).makeStill(request()));
    expect(error.kind).toBe('unavailable');
    expect(error.message).toContain('after 2 attempts');
    expect(server.requests).toHaveLength(2);
  });

  it('fails with unavailable naming the key variable when the key is refused, never showing the key', async () => {
    const error = await stillFailure(provider({ apiKey: 'sk-wrong-key-987654321' }).makeStill(request()));
    expect(error.kind).toBe('unavailable');
    expect(error.message).toContain('OPENAI_API_KEY');
    expect(error.message).not.toContain('sk-wrong-key-987654321');
    expect(server.requests).toHaveLength(1);
  });

  it('fails with invalid_output when the payload is not an image, and writes nothing', async () => {
    const out = path.join(dir, 'not-image');
    server.enqueue({ notImage: true });
    const error = await stillFailure(provider().makeStill(request({ dir: out })));
    expect(error.kind).toBe('invalid_output');
    expect(error.message).toContain('not an image');
    expect(existsSync(out) ? readdirSync(out) : []).toEqual([]);
  });

  it('fails with invalid_output when the answer is not an image list', async () => {
    server.enqueue({ body: { images: 'none' } });
    const error = await stillFailure(provider().makeStill(request()));
    expect(error.kind).toBe('invalid_output');
  });

  it('fails with invalid_output when the model keeps answering with no image', async () => {
    server.enqueue({ body: { data: [] } }, { body: { data: [] } }, { body: { data: [] } });
    const error = await stillFailure(provider().makeStill(request()));
    expect(error.kind).toBe('invalid_output');
    expect(error.message).toContain('without an image');
    // An empty answer is asked again, as the AI SDK does, up to the retries.
    expect(server.requests).toHaveLength(3);
  });

  it('refuses a bad request with invalid_request naming every bad field, before calling the model', async () => {
    const error = await failure(provider().makeStill(request({ description: ' ', width: 8, height: 100.5, references: [{ path: '/x.gif', mimeType: 'image/gif' as 'image/png' }] })));
    expect(error).toMatchObject({ code: 'invalid_request' });
    const message = (error as Error).message;
    for (const field of ['description', 'width', 'height', 'reference /x.gif']) expect(message).toContain(field);
    const missing = await failure(provider().makeStill(request({ references: [{ path: path.join(dir, 'missing.png'), mimeType: 'image/png' }] })));
    expect(missing).toMatchObject({ code: 'invalid_request' });
    expect((missing as Error).message).toContain('missing.png');
    expect(server.requests).toHaveLength(0);
  });

  it('stops at once when canceled while the model works, with the signal\'s reason', async () => {
    server.enqueue({ hang: true });
    const controller = new AbortController();
    const started = Date.now();
    const pending = provider().makeStill(request(), controller.signal);
    while (server.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    const reason = new Error('job canceled');
    controller.abort(reason);
    expect(await failure(pending)).toBe(reason);
    expect(Date.now() - started).toBeLessThan(5_000);
    // Already canceled: nothing is sent.
    await expect(provider().makeStill(request(), controller.signal)).rejects.toBe(reason);
    expect(server.requests).toHaveLength(1);
  });

  it('fails with unavailable when the model makes nothing within the time limit', async () => {
    server.enqueue({ hang: true });
    const error = await stillFailure(provider({}, { timeoutMs: 300 }).makeStill(request()));
    expect(error.kind).toBe('unavailable');
    expect(error.message).toContain('within 300 ms');
  });
});

describe('createAiSdkStillProvider (Google image models through the AI SDK)', () => {
  const GOOGLE_KEY = 'AIza-test-image-key-0123';
  let server: FakeImageServer;
  let dir: string;
  let square: Uint8Array;

  beforeAll(async () => {
    server = await startFakeImageServer({ apiKey: GOOGLE_KEY });
    dir = mkdtempSync(path.join(tmpdir(), 'stills-google-'));
    square = await makeTestPng(256, 256, [{ rgb: RED, share: 0.5 }, { rgb: BLUE, share: 0.5 }]);
  });

  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  afterEach(() => {
    server.requests.length = 0;
  });

  const google = (model: string, apiKey = GOOGLE_KEY) => createAiSdkStillProvider({ provider: 'google', model, baseUrl: server.googleUrl, apiKey }, { maxRetries: 0 });
  const request = (overrides: Partial<StillRequest> = {}): StillRequest => ({
    description: 'A lighthouse on a cliff at dawn, storyboard frame',
    width: 320,
    height: 180,
    seed: 'board-1',
    dir: path.join(dir, 'stills'),
    ...overrides,
  });

  it('asks Imagen for the closest aspect ratio, without a seed, and crops its answer to the exact size', async () => {
    server.enqueue({ image: square });
    const made = await google('imagen-4.0-generate-001').makeStill(request());
    expect(made.provider).toBe('google:imagen-4.0-generate-001');
    expect(await sharp(made.path).metadata()).toMatchObject({ format: 'png', width: 320, height: 180 });
    const [sent] = server.requests;
    expect(sent!.path).toBe('/v1beta/models/imagen-4.0-generate-001:predict');
    expect(sent!.headers['x-goog-api-key']).toBe(GOOGLE_KEY);
    expect(sent!.body).toEqual({ instances: [{ prompt: request().description }], parameters: { sampleCount: 1, aspectRatio: '16:9' } });
  });

  it('gives a Gemini image model the seed and the reference images', async () => {
    const reference = path.join(dir, 'portrait.png');
    writeFileSync(reference, await makeTestPng(32, 32, [{ rgb: GREEN, share: 1 }]));
    server.enqueue({ image: square });
    const made = await google('gemini-2.5-flash-image').makeStill(request({ width: 200, height: 250, references: [{ path: reference, mimeType: 'image/png' }] }));
    expect(await sharp(made.path).metadata()).toMatchObject({ width: 200, height: 250 });
    const [sent] = server.requests;
    expect(sent!.path).toBe('/v1beta/models/gemini-2.5-flash-image:generateContent');
    expect(sent!.body.generationConfig).toMatchObject({ seed: expect.any(Number), responseModalities: ['IMAGE'], imageConfig: { aspectRatio: '4:5' } });
    const parts = sent!.body.contents[0].parts as { text?: string; inlineData?: { mimeType: string; data: string } }[];
    expect(parts.find((part) => part.text)?.text).toBe(request().description);
    const inline = parts.find((part) => part.inlineData)!.inlineData!;
    expect(inline.mimeType).toBe('image/png');
    expect((await sharp(Buffer.from(inline.data, 'base64')).metadata()).width).toBe(32);
  });

  it('fails with unavailable naming GOOGLE_GENERATIVE_AI_API_KEY when the key is refused', async () => {
    const error = await google('imagen-4.0-generate-001', 'AIza-wrong-key').makeStill(request()).then(() => undefined, (caught: unknown) => caught);
    expect(error).toBeInstanceOf(StillError);
    expect(error).toMatchObject({ kind: 'unavailable' });
    expect((error as Error).message).toContain('GOOGLE_GENERATIVE_AI_API_KEY');
    expect((error as Error).message).not.toContain('AIza-wrong-key');
  });

  it('fails with invalid_output when Imagen answers with something that is not an image', async () => {
    server.enqueue({ notImage: true });
    const error = await google('imagen-4.0-generate-001').makeStill(request()).then(() => undefined, (caught: unknown) => caught);
    expect(error).toMatchObject({ kind: 'invalid_output' });
  });
});
