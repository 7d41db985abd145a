import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAiSdkFootageProvider } from '../../../../src/pipeline/providers/footage/ai-sdk-footage.js';
import type { FootageSetting } from '../../../../src/pipeline/providers/footage/footage-config.js';
import { FootageError, type FootageRequest } from '../../../../src/pipeline/providers/footage/footage-provider.js';
import { findFfmpeg, type FfmpegInfo } from '../../../../src/render/ffmpeg/find-ffmpeg.js';
import { probeVideo, runBinary } from '../../../../src/render/ffmpeg/run-ffmpeg.js';
import { makeTestMp4, startFakeVideoServer, type FakeVideoServer } from '../../../helpers/fake-video-server.js';

const KEY = 'AIza-test-key-0123456789';
const MODEL = 'veo-3.0-fast-generate-001';

describe('createAiSdkFootageProvider (google Veo through the AI SDK)', () => {
  let server: FakeVideoServer;
  let ffmpeg: FfmpegInfo;
  let clip: Uint8Array;
  let dir: string;

  beforeAll(async () => {
    ffmpeg = findFfmpeg()!;
    server = await startFakeVideoServer({ apiKey: KEY });
    clip = await makeTestMp4(ffmpeg, { width: 320, height: 180, seconds: 2, fps: 30 });
    dir = mkdtempSync(path.join(tmpdir(), 'footage-ai-sdk-'));
  });

  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  afterEach(() => {
    server.requests.length = 0;
  });

  const setting = (apiKey = KEY): FootageSetting => ({ provider: 'google', model: MODEL, baseUrl: server.url, apiKey });
  const provider = (apiKey = KEY) => createAiSdkFootageProvider(setting(apiKey), { pollIntervalMs: 20, maxRetries: 2 });
  const request = (overrides: Partial<FootageRequest> = {}): FootageRequest => ({
    description: 'A lake at dusk under the hills, slow push-in',
    seconds: 2,
    width: 320,
    height: 180,
    fps: 30,
    dir: path.join(dir, 'clips'),
    ...overrides,
  });
  const failure = async (promise: Promise<unknown>): Promise<FootageError> => {
    const error = await promise.then(() => undefined, (caught: unknown) => caught);
    expect(error).toBeInstanceOf(FootageError);
    return error as FootageError;
  };

  it('writes a clip that decodes, at the requested size and rate, and reports its seconds', async () => {
    server.enqueue({ video: clip, polls: 2 });
    const made = await provider().makeClip(request({ seed: 'shot-1' }));
    expect(made.provider).toBe(`google:${MODEL}`);
    expect(path.dirname(made.path)).toBe(path.join(dir, 'clips'));
    const probe = await probeVideo(ffmpeg, made.path);
    expect(probe).toMatchObject({ codec: 'h264', width: 320, height: 180, fps: 30, hasAudio: false });
    expect(probe.durationSeconds).toBeCloseTo(2, 1);
    expect(made.seconds).toBe(probe.durationSeconds);
    // Every frame decodes: 2 s at 30 fps.
    const frames = path.join(dir, 'frames');
    mkdirSync(frames, { recursive: true });
    await runBinary(ffmpeg.ffmpeg, ['-v', 'error', '-xerror', '-i', made.path, '-c:v', 'png', path.join(frames, '%03d.png')]);
    expect(readdirSync(frames)).toHaveLength(60);

    const start = server.requests.find((r) => r.path.endsWith(':predictLongRunning'))!;
    expect(start.path).toBe(`/v1beta/models/${MODEL}:predictLongRunning`);
    expect(start.headers['x-goog-api-key']).toBe(KEY);
    expect(start.body.instances).toEqual([{ prompt: 'A lake at dusk under the hills, slow push-in' }]);
    expect(start.body.parameters).toMatchObject({ aspectRatio: '16:9', durationSeconds: 4, sampleCount: 1 });
    expect(typeof start.body.parameters.seed).toBe('number');
    // Polled until done (two polls), then downloaded.
    expect(server.requests.filter((r) => r.path.includes('/operations/'))).toHaveLength(2);
    expect(server.requests.at(-1)!.path).toMatch(/^\/v1beta\/files\/[^/]+:download\?alt=media&key=/);
  });

  it('cuts a longer clip to the requested length and conforms a portrait request', async () => {
    server.enqueue({ video: clip });
    const made = await provider().makeClip(request({ seconds: 1, width: 180, height: 320, fps: 24 }));
    const probe = await probeVideo(ffmpeg, made.path);
    expect(probe).toMatchObject({ width: 180, height: 320, fps: 24 });
    expect(made.seconds).toBeCloseTo(1, 1);
    expect(server.requests[0]!.body.parameters).toMatchObject({ aspectRatio: '9:16', durationSeconds: 4 });
  });

  it('sends the first reference still as the start frame', async () => {
    const still = path.join(dir, 'still.png');
    writeFileSync(still, await sharp({ create: { width: 64, height: 36, channels: 3, background: '#3366aa' } }).png().toBuffer());
    server.enqueue({ video: clip });
    await provider().makeClip(request({ references: [{ path: still, mimeType: 'image/png' }] }));
    const instance = server.requests[0]!.body.instances[0];
    expect(instance.prompt).toBe('A lake at dusk under the hills, slow push-in');
    expect(instance.image.mimeType).toBe('image/png');
    expect(Buffer.from(instance.image.bytesBase64Encoded, 'base64').equals(readFileSync(still))).toBe(true);
  });

  it('maps a 401 to unavailable naming the key variable, without retrying', async () => {
    server.enqueue({ status: 401, message: 'Request had invalid authentication credentials.' });
    const error = await failure(provider().makeClip(request()));
    expect(error.kind).toBe('unavailable');
    expect(error.message).toContain('GOOGLE_GENERATIVE_AI_API_KEY');
    expect(server.requests).toHaveLength(1);
  });

  it('maps a key the API refuses (400 API_KEY_INVALID) to unavailable without showing the key', async () => {
    const wrong = 'AIza-wrong-key-9876543210';
    const error = await failure(provider(wrong).makeClip(request()));
    expect(error.kind).toBe('unavailable');
    expect(error.message).toContain('GOOGLE_GENERATIVE_AI_API_KEY');
    expect(error.message).not.toContain(wrong);
  });

  it('retries a 500 and then makes the clip', async () => {
    server.enqueue({ status: 500, message: 'internal', headers: { 'retry-after-ms': '10' } }, { video: clip });
    const made = await provider().makeClip(request());
    expect(existsSync(made.path)).toBe(true);
    expect(server.requests.filter((r) => r.path.endsWith(':predictLongRunning'))).toHaveLength(2);
  });

  it('maps a rate limit past the retries to unavailable', async () => {
    const limited = { status: 429, message: 'quota exceeded', headers: { 'retry-after-ms': '10' } };
    server.enqueue(limited, limited, limited);
    const error = await failure(provider().makeClip(request()));
    expect(error.kind).toBe('unavailable');
    expect(error.message).toMatch(/rate limited .*after 3 attempts/);
  });

  it('maps bytes that are not a video to invalid_output and leaves no file behind', async () => {
    const before = existsSync(request().dir) ? readdirSync(request().dir) : [];
    server.enqueue({ video: new TextEncoder().encode('this is not an mp4 at all, just text'.repeat(20)) });
    const error = await failure(provider().makeClip(request()));
    expect(error.kind).toBe('invalid_output');
    expect(readdirSync(request().dir)).toEqual(before);
  });

  it('maps a finished operation without a video to invalid_output and a refused one to unavailable', async () => {
    server.enqueue({ noSamples: true });
    expect((await failure(provider().makeClip(request()))).kind).toBe('invalid_output');
    server.enqueue({ operationError: 'The prompt was blocked by safety filters.' });
    const refused = await failure(provider().makeClip(request()));
    expect(refused.kind).toBe('unavailable');
    expect(refused.message).toContain('blocked by safety filters');
  });

  it('maps its own time limit to unavailable', async () => {
    server.enqueue({ video: clip, polls: 1000 });
    const slow = createAiSdkFootageProvider(setting(), { pollIntervalMs: 20, timeoutMs: 300 });
    const error = await failure(slow.makeClip(request()));
    expect(error.kind).toBe('unavailable');
    expect(error.message).toContain('within 300 ms');
  });

  it('throws the caller\'s abort reason when canceled', async () => {
    server.enqueue({ video: clip, polls: 1000 });
    const controller = new AbortController();
    const reason = new Error('job canceled');
    setTimeout(() => controller.abort(reason), 100);
    await expect(provider().makeClip(request(), controller.signal)).rejects.toBe(reason);
  });

  it('refuses a request no provider could honour with invalid_request, calling nothing', async () => {
    await expect(provider().makeClip(request({ seconds: 0, width: 321 }))).rejects.toMatchObject({ code: 'invalid_request', message: expect.stringMatching(/seconds.*width/) });
    expect(server.requests).toHaveLength(0);
  });
});
