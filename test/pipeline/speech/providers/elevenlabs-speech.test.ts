import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readWav } from '../../../../src/pipeline/audio/wav.js';
import { createSpeechProvider } from '../../../../src/pipeline/speech/providers/create-speech-provider.js';
import { ELEVENLABS_MODEL_LANGUAGES } from '../../../../src/pipeline/speech/providers/elevenlabs-languages.js';
import type { SpeechSetting } from '../../../../src/pipeline/speech/providers/speech-config.js';
import { SpeechProviderError } from '../../../../src/pipeline/speech/providers/speech-provider.js';
import { requireFfmpeg } from '../../../../src/render/ffmpeg/run-ffmpeg.js';
import { elevenLabsHandler, makeClips, startServer, type FakeServer, type SpokenClip } from './fake-speech-servers.js';

const KEY = 'xi-test-key-0123456789';
const ENGLISH = 'Bees collect nectar from flowers.';
const GERMAN = 'Über die Brücke gehen fünf große Bären, schön!';
const VOICE = 'JBFqnCBsd6RMkjVDRZzb';

describe('elevenlabs speech', () => {
  const ffmpeg = requireFfmpeg();
  let dir: string;
  let clips: SpokenClip[];
  let server: FakeServer;
  const behaviour = { apiKey: KEY, failures: [] as number[], quotaExceeded: false };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'speech-elevenlabs-'));
    clips = await makeClips([{ text: ENGLISH, language: 'en' }, { text: GERMAN, language: 'de' }], dir, ffmpeg);
    server = await startServer(elevenLabsHandler(clips, behaviour));
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });
  afterEach(() => {
    server.requests.length = 0;
    behaviour.quotaExceeded = false;
  });

  const setting = (overrides: Partial<SpeechSetting> = {}): SpeechSetting => ({ provider: 'elevenlabs', model: 'eleven_multilingual_v2', baseUrl: server.url, apiKey: KEY, ...overrides });
  const provider = (overrides: Partial<SpeechSetting> = {}) => createSpeechProvider(setting(overrides), { ffmpeg });

  it.each([
    ['English', 0, 'en'],
    ['German with umlauts', 1, 'de'],
  ] as const)('speaks %s with timestamps: the MP3 decoded whole, each word starting where the alignment says', async (_name, clipIndex, language) => {
    const clip = clips[clipIndex]!;
    const file = path.join(dir, `eleven-${language}.wav`);
    const result = await provider().speak({ text: clip.text, voice: VOICE, language, outputPath: file });
    const wav = readWav(file);
    expect(wav.sampleRate).toBe(44_100);
    expect(result.sampleRate).toBe(44_100);
    expect(wav.samples.length / wav.sampleRate).toBeCloseTo(result.durationSeconds, 6);
    expect(Math.abs(result.durationSeconds - clip.durationSeconds)).toBeLessThan(0.06);
    expect(result.voicedShare).toBeGreaterThan(0.5);
    // The fake aligns each word's first character to where the engine started it: the provider must land on those starts, at the same UTF-16 places.
    expect(result.words).toEqual(clip.words.map((word) => ({ start: word.start, index: word.index, length: word.length })));
    expect(result.words.map((word) => clip.text.slice(word.index, word.index + word.length))).toEqual(
      language === 'de' ? ['Über', 'die', 'Brücke', 'gehen', 'fünf', 'große', 'Bären', 'schön'] : ['Bees', 'collect', 'nectar', 'from', 'flowers'],
    );
    expect(result.words.at(-1)!.start).toBeLessThan(result.durationSeconds);
    const [request] = server.requests;
    expect(request!.url).toBe(`/v1/text-to-speech/${VOICE}/with-timestamps?output_format=mp3_44100_128`);
    expect(request!.headers['xi-api-key']).toBe(KEY);
    expect(request!.headers.authorization).toBeUndefined();
    expect(JSON.parse(request!.body)).toEqual({ text: clip.text, model_id: 'eleven_multilingual_v2' });
  });

  it('tells v2.5 models the language', async () => {
    await provider({ model: 'eleven_flash_v2_5' }).speak({ text: GERMAN, voice: VOICE, language: 'de', outputPath: path.join(dir, 'flash.wav') });
    expect(JSON.parse(server.requests[0]!.body)).toEqual({ text: GERMAN, model_id: 'eleven_flash_v2_5', language_code: 'de' });
  });

  it('lists voices with labels, and languages from verified_languages for this model plus the model\'s own', async () => {
    const voices = await provider().listVoices();
    expect(voices).toEqual([
      { id: VOICE, name: 'George', description: 'warm', gender: 'male', accent: 'british', age: 'middle_aged', use_case: 'narration', languages: ['en', 'tl', 'nb'], provider: 'elevenlabs' },
      { id: 'no-labels', name: 'Bare', description: '', gender: '', accent: '', age: '', use_case: '', languages: ['en', 'tl', 'nb'], provider: 'elevenlabs' },
    ]);
    expect(server.requests.map((request) => request.url).sort()).toEqual(['/v1/models', '/v1/voices']);
    expect(server.requests.every((request) => request.headers['xi-api-key'] === KEY)).toBe(true);
  });

  it('takes a model\'s languages from the built-in table when /v1/models does not list it', async () => {
    const voices = await provider({ model: 'eleven_flash_v2_5' }).listVoices();
    expect(voices[0]!.languages[0]).toBe('de');
    expect(new Set(voices[0]!.languages)).toEqual(new Set(ELEVENLABS_MODEL_LANGUAGES.eleven_flash_v2_5));
    expect(voices[0]!.languages).toContain('hu');
    const english = await provider({ model: 'eleven_turbo_v2' }).listVoices();
    expect(english[1]!.languages).toEqual(['en']);
  });

  const failure = async (promise: Promise<unknown>): Promise<SpeechProviderError> => {
    const error = await promise.then(() => undefined, (caught: unknown) => caught);
    expect(error).toBeInstanceOf(SpeechProviderError);
    return error as SpeechProviderError;
  };
  const speak = (overrides: Partial<SpeechSetting> = {}, voice = VOICE) => provider(overrides).speak({ text: ENGLISH, voice, language: 'en', outputPath: path.join(dir, 'failing.wav') });

  it('says an unknown voice is an unknown voice', async () => {
    const error = await failure(speak({}, 'nobody'));
    expect(error).toMatchObject({ provider: 'elevenlabs', status: 404, reason: 'voice', retryable: false });
    expect(error.message).toBe('elevenlabs:eleven_multilingual_v2 does not know the voice "nobody" (HTTP 404): A voice with the voice_id nobody was not found.; pick a voice the catalog lists for elevenlabs');
  });

  it('does not call a wrong base URL (a bare 404) an unknown voice', async () => {
    const error = await failure(speak({ baseUrl: `${server.url}/v1` }));
    expect(error).toMatchObject({ status: 404, reason: 'request' });
    expect(error.message).toBe(`${server.url}/v1 does not know elevenlabs:eleven_multilingual_v2 (HTTP 404): Not Found; check the model name and the base URL`);
  });

  it('says a refused key is a bad key, naming ELEVENLABS_API_KEY', async () => {
    const error = await failure(speak({ apiKey: 'xi-wrong' }));
    expect(error).toMatchObject({ status: 401, reason: 'auth', retryable: false });
    expect(error.message).toBe(`${server.url} refused the API key for elevenlabs:eleven_multilingual_v2 (HTTP 401): Invalid API key; check ELEVENLABS_API_KEY`);
    const listing = await failure(provider({ apiKey: 'xi-wrong' }).listVoices());
    expect(listing.reason).toBe('auth');
  });

  it('tells an exhausted quota (ElevenLabs answers 401) from a bad key, and does not call it retryable', async () => {
    behaviour.quotaExceeded = true;
    const error = await failure(speak());
    expect(error).toMatchObject({ status: 401, reason: 'quota', retryable: false });
    expect(error.message).toMatch(/^elevenlabs:eleven_multilingual_v2 has no quota left at .* \(HTTP 401\): This request exceeds your quota of 10000\..*; check the account's plan and usage$/);
  });

  it('says a request the provider rejects (422) which field it rejected', async () => {
    const error = await failure(provider().speak({ text: 'Not a served clip.', voice: VOICE, language: 'en', outputPath: path.join(dir, 'unknown.wav') }));
    expect(error).toMatchObject({ status: 422, reason: 'request' });
    expect(error.message).toBe(`${server.url} rejected the request to elevenlabs:eleven_multilingual_v2 (HTTP 422): body.text: no clip for that text`);
  });
});
