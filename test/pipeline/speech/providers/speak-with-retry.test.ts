import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkSpeechProvider } from '../../../../src/pipeline/speech/providers/check-speech-provider.js';
import { createSpeechProvider } from '../../../../src/pipeline/speech/providers/create-speech-provider.js';
import { speakWithRetry } from '../../../../src/pipeline/speech/providers/speak-with-retry.js';
import type { SpeechSetting } from '../../../../src/pipeline/speech/providers/speech-config.js';
import { SpeechProviderError } from '../../../../src/pipeline/speech/providers/speech-provider.js';
import { requireFfmpeg } from '../../../../src/render/ffmpeg/run-ffmpeg.js';
import { elevenLabsHandler, makeClips, openAIHandler, startServer, type FakeBehaviour, type FakeServer, type SpokenClip } from './fake-speech-servers.js';

const KEY = 'sk-retry-key-0123456789';
const HELLO = 'Hello.';

describe('speakWithRetry and checkSpeechProvider', () => {
  const ffmpeg = requireFfmpeg();
  let dir: string;
  let clips: SpokenClip[];
  let server: FakeServer;
  const behaviour: FakeBehaviour = { apiKey: KEY, failures: [] };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'speech-retry-'));
    clips = await makeClips([{ text: HELLO, language: 'en' }], dir, ffmpeg);
    server = await startServer(openAIHandler(clips, behaviour));
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });
  afterEach(() => {
    server.requests.length = 0;
    behaviour.failures.length = 0;
  });

  const setting = (overrides: Partial<SpeechSetting> = {}): SpeechSetting => ({ provider: 'openai', model: 'tts-1', baseUrl: `${server.url}/v1`, apiKey: KEY, ...overrides });
  const request = (name: string) => ({ text: HELLO, voice: 'alloy', language: 'en', outputPath: path.join(dir, `${name}.wav`) });

  it('retries a 503 with backoff, then succeeds', async () => {
    behaviour.failures.push(503, 502);
    const started = performance.now();
    const result = await speakWithRetry(createSpeechProvider(setting(), { ffmpeg }), request('retried'), { attempts: 3, backoffMs: 40 });
    expect(result.durationSeconds).toBeCloseTo(clips[0]!.durationSeconds, 2);
    expect(server.requests).toHaveLength(3);
    expect(performance.now() - started).toBeGreaterThanOrEqual(40 + 80 - 5);
  });

  it('gives up after the attempts, saying how many', async () => {
    behaviour.failures.push(503, 503, 503, 503);
    const error = await speakWithRetry(createSpeechProvider(setting(), { ffmpeg }), request('exhausted'), { attempts: 3, backoffMs: 1 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SpeechProviderError);
    expect(error).toMatchObject({ status: 503, reason: 'server' });
    expect((error as Error).message).toMatch(/failed for openai:tts-1 \(HTTP 503\): The server is overloaded, try again\. \(after 3 attempts\)$/);
    expect(server.requests).toHaveLength(3);
  });

  it('never retries a refused key or an unknown voice', async () => {
    const provider = createSpeechProvider(setting({ apiKey: 'sk-wrong' }), { ffmpeg });
    await expect(speakWithRetry(provider, request('no-retry'), { attempts: 3, backoffMs: 1 })).rejects.toMatchObject({ status: 401, reason: 'auth' });
    expect(server.requests).toHaveLength(1);
    server.requests.length = 0;
    await expect(speakWithRetry(createSpeechProvider(setting(), { ffmpeg }), { ...request('voice'), voice: 'bogus' }, { attempts: 3, backoffMs: 1 })).rejects.toMatchObject({ reason: 'voice' });
    expect(server.requests).toHaveLength(1);
  });

  it('stops waiting when the job is canceled', async () => {
    behaviour.failures.push(503, 503);
    const controller = new AbortController();
    const reason = new Error('canceled');
    setTimeout(() => controller.abort(reason), 50);
    await expect(speakWithRetry(createSpeechProvider(setting(), { ffmpeg }), { ...request('canceled'), signal: controller.signal }, { attempts: 3, backoffMs: 10_000 })).rejects.toBe(reason);
  });

  it('checks a provider with one short speak, and reports the problem when it fails', async () => {
    const ok = await checkSpeechProvider(createSpeechProvider(setting(), { ffmpeg }));
    expect(ok).toMatchObject({ ok: true, voice: 'alloy' });
    expect(ok.ok && ok.latencyMs).toBeGreaterThanOrEqual(0);
    expect(JSON.parse(server.requests[0]!.body)).toMatchObject({ input: 'Hello.', voice: 'alloy' });
    const bad = await checkSpeechProvider(createSpeechProvider(setting({ apiKey: 'sk-wrong' }), { ffmpeg }), { voice: 'nova' });
    expect(bad).toEqual({ ok: false, problem: expect.stringContaining('check OPENAI_API_KEY') });
  });

  it('checks ElevenLabs with the first voice it lists', async () => {
    const eleven = await startServer(elevenLabsHandler(clips, { apiKey: 'xi', failures: [] }));
    try {
      const check = await checkSpeechProvider(createSpeechProvider({ provider: 'elevenlabs', model: 'eleven_flash_v2_5', baseUrl: eleven.url, apiKey: 'xi' }, { ffmpeg }));
      expect(check).toMatchObject({ ok: true, voice: 'JBFqnCBsd6RMkjVDRZzb' });
    } finally {
      await eleven.close();
    }
  });
});
