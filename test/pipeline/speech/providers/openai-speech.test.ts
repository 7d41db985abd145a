import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SpeakResult } from '../../../../src/pipeline/audio/audio-protocol.js';
import { readWav } from '../../../../src/pipeline/audio/wav.js';
import { createSpeechProvider } from '../../../../src/pipeline/speech/providers/create-speech-provider.js';
import { createOpenAISpeechProvider } from '../../../../src/pipeline/speech/providers/openai-speech.js';
import { OPENAI_SPEECH_LANGUAGES } from '../../../../src/pipeline/speech/providers/openai-voices.js';
import type { SpeechSetting } from '../../../../src/pipeline/speech/providers/speech-config.js';
import { SpeechProviderError } from '../../../../src/pipeline/speech/providers/speech-provider.js';
import { requireFfmpeg } from '../../../../src/render/ffmpeg/run-ffmpeg.js';
import { makeClips, openAIHandler, startServer, type FakeBehaviour, type FakeServer, type SpokenClip } from './fake-speech-servers.js';

const KEY = 'sk-test-speech-key-0123456789';
const ENGLISH = 'Bees collect nectar from flowers.';
const GERMAN = 'Über die Brücke gehen fünf große Bären, schön!';

const ffmpeg = requireFfmpeg();
let dir: string;
let clips: SpokenClip[];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'speech-openai-'));
  clips = await makeClips([{ text: ENGLISH, language: 'en' }, { text: GERMAN, language: 'de' }], dir, ffmpeg);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What every provider's answer must hold: the WAV as described, words ascending inside it and pointing at the text. */
function expectSpeech(result: SpeakResult, file: string, clip: SpokenClip, durationTolerance: number): void {
  const wav = readWav(file);
  expect(wav.sampleRate).toBe(result.sampleRate);
  expect(wav.samples.length / wav.sampleRate).toBeCloseTo(result.durationSeconds, 6);
  expect(Math.abs(result.durationSeconds - clip.durationSeconds)).toBeLessThan(durationTolerance);
  expect(result.voicedShare).toBeGreaterThan(0.5);
  expect(result.voicedShare).toBeLessThanOrEqual(1);
  const spokenWords = clip.words.map((word) => clip.text.slice(word.index, word.index + word.length));
  expect(result.words.map((word) => clip.text.slice(word.index, word.index + word.length))).toEqual(spokenWords);
  const starts = result.words.map((word) => word.start);
  expect(starts).toEqual([...starts].sort((a, b) => a - b));
  expect(starts[0]).toBeGreaterThanOrEqual(0);
  expect(starts.at(-1)).toBeLessThan(result.durationSeconds);
}

describe('openai speech (POST /v1/audio/speech)', () => {
  let server: FakeServer;
  const behaviour: FakeBehaviour = { apiKey: KEY, failures: [] };
  beforeAll(async () => {
    server = await startServer(openAIHandler(clips, behaviour));
  });
  afterAll(() => server.close());
  afterEach(() => {
    server.requests.length = 0;
    behaviour.failures.length = 0;
  });

  const setting = (overrides: Partial<SpeechSetting> = {}): SpeechSetting => ({ provider: 'openai', model: 'gpt-4o-mini-tts', baseUrl: `${server.url}/v1`, apiKey: KEY, ...overrides });

  it('speaks WAV: the decoded clip at its own rate, the request as OpenAI documents it', async () => {
    const provider = createSpeechProvider(setting(), { ffmpeg });
    const file = path.join(dir, 'openai.wav');
    const result = await provider.speak({ text: ENGLISH, voice: 'marin', language: 'en', outputPath: file, instructions: 'Calm and warm.' });
    expectSpeech(result, file, clips[0]!, 0.002);
    expect(result.sampleRate).toBe(24_000);
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(JSON.parse(request!.body)).toEqual({ model: 'gpt-4o-mini-tts', voice: 'marin', input: ENGLISH, response_format: 'wav', instructions: 'Calm and warm.' });
  });

  it('speaks MP3 (German, umlauts): duration of the served audio, words at their UTF-16 places, spread near where the engine said them', async () => {
    const provider = createSpeechProvider(setting({ model: 'tts-1' }), { ffmpeg });
    const mp3Provider = createOpenAISpeechProvider(setting({ model: 'tts-1' }), { ffmpeg, responseFormat: 'mp3' });
    const file = path.join(dir, 'openai-de.wav');
    const result = await mp3Provider.speak({ text: GERMAN, voice: 'nova', language: 'de', outputPath: file, instructions: 'ignored by tts-1' });
    expectSpeech(result, file, clips[1]!, 0.06);
    expect(result.sampleRate).toBe(44_100);
    expect(result.words.map((word) => [word.index, word.length])).toEqual(clips[1]!.words.map((word) => [word.index, word.length]));
    const drift = result.words.map((word, i) => Math.abs(word.start - clips[1]!.words[i]!.start));
    expect(Math.max(...drift)).toBeLessThan(0.45);
    expect(JSON.parse(server.requests[0]!.body)).toEqual({ model: 'tts-1', voice: 'nova', input: GERMAN, response_format: 'mp3' });
    expect(provider.name).toBe('openai:tts-1');
  });

  it('lists the voices the model speaks, in the languages OpenAI documents, without asking the server', async () => {
    const mini = await createSpeechProvider(setting(), { ffmpeg }).listVoices();
    const tts1 = await createSpeechProvider(setting({ model: 'tts-1-hd' }), { ffmpeg }).listVoices();
    expect(mini.map((voice) => voice.id)).toEqual(['alloy', 'ash', 'coral', 'echo', 'fable', 'nova', 'onyx', 'sage', 'shimmer', 'ballad', 'verse', 'marin', 'cedar']);
    expect(tts1.map((voice) => voice.id)).toEqual(['alloy', 'ash', 'coral', 'echo', 'fable', 'nova', 'onyx', 'sage', 'shimmer']);
    expect(mini[0]).toMatchObject({ id: 'alloy', name: 'Alloy', provider: 'openai' });
    expect(mini[0]!.languages).toEqual(OPENAI_SPEECH_LANGUAGES);
    expect(OPENAI_SPEECH_LANGUAGES).toEqual(expect.arrayContaining(['en', 'de', 'ja', 'zh', 'nb']));
    expect(OPENAI_SPEECH_LANGUAGES.every((code) => /^[a-z]{2}$/.test(code))).toBe(true);
    expect(server.requests).toHaveLength(0);
  });

  const failure = async (promise: Promise<unknown>): Promise<SpeechProviderError> => {
    const error = await promise.then(() => undefined, (caught: unknown) => caught);
    expect(error).toBeInstanceOf(SpeechProviderError);
    return error as SpeechProviderError;
  };
  const speakTo = (name: string, overrides: Partial<SpeechSetting> = {}, voice = 'alloy', options = {}) =>
    createSpeechProvider(setting(overrides), { ffmpeg, ...options }).speak({ text: ENGLISH, voice, language: 'en', outputPath: path.join(dir, `${name}.wav`) });

  it('says a refused key is a bad key, naming the variable and never the key', async () => {
    const error = await failure(speakTo('bad-key', { apiKey: 'sk-wrong-key' }));
    expect(error).toMatchObject({ provider: 'openai', status: 401, reason: 'auth', retryable: false });
    expect(error.message).toContain(`${server.url}/v1 refused the API key for openai:gpt-4o-mini-tts (HTTP 401)`);
    expect(error.message).toContain('check OPENAI_API_KEY');
    expect(error.message).not.toContain('sk-wrong-key');
  });

  it('says an unknown voice is an unknown voice', async () => {
    const error = await failure(speakTo('bad-voice', {}, 'bogus'));
    expect(error).toMatchObject({ status: 400, reason: 'voice', retryable: false });
    expect(error.message).toMatch(/^openai:gpt-4o-mini-tts does not know the voice "bogus" \(HTTP 400\): Invalid value: 'bogus'/);
  });

  it('says a rate limit is a rate limit or quota, and may be retried', async () => {
    behaviour.failures.push(429);
    const error = await failure(speakTo('rate-limited'));
    expect(error).toMatchObject({ status: 429, reason: 'rate_limit', retryable: true, retryAfterMs: 0 });
    expect(error.message).toContain('rate limited or out of quota');
  });

  it('says where to look when the server cannot be reached or does not answer in time', async () => {
    const closed = await startServer(() => undefined);
    const closedUrl = closed.url;
    await closed.close();
    const unreachable = await failure(speakTo('unreachable', { baseUrl: closedUrl }));
    expect(unreachable).toMatchObject({ reason: 'network', status: undefined, retryable: true });
    expect(unreachable.message).toMatch(new RegExp(`^cannot reach ${closedUrl} for openai:gpt-4o-mini-tts: .*ECONNREFUSED.*; check the base URL and the network$`));

    const silent = await startServer(() => undefined);
    try {
      const slow = await failure(speakTo('slow', { baseUrl: silent.url }, 'alloy', { speakTimeoutMs: 200 }));
      expect(slow).toMatchObject({ reason: 'timeout', retryable: true });
      expect(slow.message).toBe(`openai:gpt-4o-mini-tts at ${silent.url} did not answer within 200 ms; check the base URL and the network`);
    } finally {
      await silent.close();
    }
  });

  it('rethrows the caller\'s abort, not a provider error', async () => {
    const controller = new AbortController();
    const reason = new Error('job canceled');
    controller.abort(reason);
    const provider = createSpeechProvider(setting(), { ffmpeg });
    await expect(provider.speak({ text: ENGLISH, voice: 'alloy', language: 'en', outputPath: path.join(dir, 'aborted.wav'), signal: controller.signal })).rejects.toBe(reason);
  });
});

describe('openai-compatible speech', () => {
  let kokoro: FakeServer;
  let plain: FakeServer;
  beforeAll(async () => {
    kokoro = await startServer(openAIHandler(clips, { failures: [] }, { voiceList: ['af_bella', 'am_adam'] }));
    plain = await startServer(openAIHandler(clips, { failures: [] }));
  });
  afterAll(async () => {
    await kokoro.close();
    await plain.close();
  });

  const setting = (server: FakeServer, overrides: Partial<SpeechSetting> = {}): SpeechSetting => ({ provider: 'openai-compatible', model: 'kokoro', baseUrl: `${server.url}/v1`, apiKey: undefined, ...overrides });

  it('lists the voices a server offers (Kokoro-FastAPI: GET /v1/audio/voices) and speaks one without a key', async () => {
    const provider = createSpeechProvider(setting(kokoro), { ffmpeg });
    const voices = await provider.listVoices();
    expect(voices).toEqual([
      { id: 'af_bella', name: 'af_bella', description: '', gender: '', accent: '', age: '', use_case: '', languages: [], provider: 'openai-compatible' },
      expect.objectContaining({ id: 'am_adam' }),
    ]);
    const file = path.join(dir, 'kokoro.wav');
    const result = await provider.speak({ text: GERMAN, voice: 'af_bella', language: 'de', outputPath: file, instructions: 'not for kokoro' });
    expectSpeech(result, file, clips[1]!, 0.002);
    const speech = kokoro.requests.find((request) => request.url === '/v1/audio/speech')!;
    expect(speech.headers.authorization).toBeUndefined();
    expect(JSON.parse(speech.body)).toEqual({ model: 'kokoro', voice: 'af_bella', input: GERMAN, response_format: 'wav' });
  });

  it('sends SERVICE_SPEECH_API_KEY when set, and names it when refused', async () => {
    const guarded = await startServer(openAIHandler(clips, { apiKey: 'local-key', failures: [] }));
    try {
      const ok = await createSpeechProvider(setting(guarded, { apiKey: 'local-key' }), { ffmpeg }).speak({ text: ENGLISH, voice: 'alloy', language: 'en', outputPath: path.join(dir, 'guarded.wav') });
      expect(ok.durationSeconds).toBeGreaterThan(1);
      expect(guarded.requests[0]!.headers.authorization).toBe('Bearer local-key');
      const refused = await createSpeechProvider(setting(guarded), { ffmpeg }).speak({ text: ENGLISH, voice: 'alloy', language: 'en', outputPath: path.join(dir, 'refused.wav') }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(SpeechProviderError);
      expect((refused as Error).message).toContain('check SERVICE_SPEECH_API_KEY');
    } finally {
      await guarded.close();
    }
  });

  it('falls back to --speech-voices where the server has no voice list, after trying both places', async () => {
    const voices = await createSpeechProvider(setting(plain, { voices: ['alloy', 'nova'] }), { ffmpeg }).listVoices();
    expect(voices.map((voice) => voice.id)).toEqual(['alloy', 'nova']);
    expect(plain.requests.map((request) => `${request.method} ${request.url}`)).toEqual(['GET /v1/audio/voices', 'GET /v1/voices']);
  });

  it('says to pass --speech-voices where the server has no list and none was given', async () => {
    const error = await createSpeechProvider(setting(plain), { ffmpeg }).listVoices().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SpeechProviderError);
    expect((error as Error).message).toBe(`openai-compatible:kokoro at ${plain.url}/v1 offers no voice list (/audio/voices or /voices); pass the voices it speaks with --speech-voices, e.g. --speech-voices af_bella,am_adam`);
  });

  it('says a wrong base URL (404 on /audio/speech) is the model or the base URL', async () => {
    const error = await createSpeechProvider(setting(plain, { baseUrl: plain.url }), { ffmpeg }).speak({ text: ENGLISH, voice: 'alloy', language: 'en', outputPath: path.join(dir, 'wrong-base.wav') }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 404, reason: 'request' });
    expect((error as Error).message).toBe(`${plain.url} does not know openai-compatible:kokoro (HTTP 404): Not Found; check the model name and the base URL`);
  });
});
