// Jobs narrated through a speech model (--speech): local servers speak the OpenAI-compatible and
// ElevenLabs protocols with real audio made on the fly, and the plan's clips must be theirs.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readWav } from '../../../src/pipeline/audio/wav.js';
import { NARRATION_LEAD } from '../../../src/pipeline/speech/fit-timeline.js';
import { narrateStage } from '../../../src/pipeline/stages/narrate.js';
import { planStage, storePlan } from '../../../src/pipeline/stages/plan.js';
import { storedPlanOf } from '../../../src/pipeline/stages/stored-plan.js';
import { createVideo } from '../../../src/pipeline/videos/create-video.js';
import { removeProviderKey, setProviderKey } from '../../../src/accounts/provider-keys.js';
import { parseWarnings } from '../../../src/pipeline/videos/job-warnings.js';
import { startSpeakingServer, OPENAI_VOICES, type SpeakingServer } from '../../helpers/speaking-server.js';
import { createAccountWithKey } from '../../helpers/test-node.js';
import { stageFixture, type StageFixture } from '../stages/stage-helpers.js';
import { sendJson, startServer, type FakeServer } from './providers/fake-speech-servers.js';

const PROMPT = 'How a heat pump warms a house. It pulls warmth from the cold outside air. A compressor makes that warmth hotter. Radiators pass it into the rooms.';

describe('narration through a speech model', () => {
  let kokoro: SpeakingServer;
  let eleven: SpeakingServer;
  let refusing: FakeServer;
  const served = { get: (text: string) => kokoro.served.get(text) ?? eleven.served.get(text) };

  beforeAll(async () => {
    kokoro = await startSpeakingServer('openai');
    eleven = await startSpeakingServer('elevenlabs', ['xi-test', 'xi-account']);
    // A server that refuses every key.
    refusing = await startServer((_request, response) => sendJson(response, 401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } }));
  });

  afterAll(async () => {
    await Promise.all([kokoro.close(), eleven.close(), refusing.close()]);
  });

  async function planned(fixture: StageFixture, body: Record<string, unknown>) {
    const id = await fixture.createJob({ prompt: PROMPT, duration: 20, music: false, ...body } as Parameters<StageFixture['createJob']>[0]);
    const stage = fixture.stage(id);
    const draft = (await planStage(stage))!;
    storePlan(stage, draft, await narrateStage(stage, draft));
    const job = fixture.node.ctx.videos.get(id)!;
    return { job, plan: storedPlanOf(job), scenes: fixture.node.ctx.videos.scenes(id), warnings: parseWarnings(job.warnings) };
  }

  it('speaks every scene with the model\'s voice: the clips are the server\'s audio, the durations follow it, and no speech_fallback', async () => {
    const fixture = stageFixture({ options: { speech: 'openai-compatible:kokoro', speechBaseUrl: `${kokoro.url}/v1` } });
    try {
      const before = kokoro.requests.length;
      const { plan, scenes, warnings } = await planned(fixture, {});
      expect(plan.audio).toMatchObject({ narration: true, voiceProvider: 'openai-compatible' });
      expect(['af_bella', 'bm_george']).toContain(plan.audio!.voice);
      const speechRequests = kokoro.requests.slice(before).filter((request) => request.url === '/v1/audio/speech');
      const narrated = scenes.filter((scene) => scene.narration?.trim());
      expect(narrated.length).toBeGreaterThan(1);
      for (const scene of narrated) {
        // The scene's clip is the one the server made for its script, decoded: same length.
        expect(speechRequests.some((request) => (JSON.parse(request.body) as { input: string; voice: string }).input === scene.narration)).toBe(true);
        const clip = readWav(path.join(fixture.node.ctx.filesDir, scene.narration_audio!));
        expect(clip.samples.length / clip.sampleRate).toBeCloseTo(served.get(scene.narration!)!, 1);
        expect(scene.narration_seconds).toBeCloseTo(served.get(scene.narration!)!, 1);
        expect(scene.duration_seconds).toBeGreaterThanOrEqual(scene.narration_seconds!);
      }
      expect(warnings.map((warning) => warning.code)).not.toContain('speech_fallback');
    } finally {
      await fixture.close();
    }
  }, 120_000);

  it('speaks through OpenAI\'s protocol with its key and one of its built-in voices, in German too', async () => {
    const fixture = stageFixture({ options: { speech: 'openai:gpt-4o-mini-tts', speechBaseUrl: `${kokoro.url}/v1` }, env: { OPENAI_API_KEY: 'sk-test' } });
    try {
      const before = kokoro.requests.length;
      const { plan, scenes, warnings } = await planned(fixture, { narration_language: 'de', prompt: 'Wie eine Wärmepumpe ein Haus heizt. Sie holt Wärme aus der kalten Außenluft. Ein Verdichter macht die Wärme heißer. Heizkörper geben sie an die Räume ab.' });
      expect(plan.audio).toMatchObject({ voiceProvider: 'openai', language: 'de' });
      expect(OPENAI_VOICES).toContain(plan.audio!.voice);
      const calls = kokoro.requests.slice(before).filter((request) => request.url === '/v1/audio/speech');
      expect(calls.length).toBeGreaterThan(1);
      expect(calls.every((call) => call.headers.authorization === 'Bearer sk-test' && (JSON.parse(call.body) as { model: string }).model === 'gpt-4o-mini-tts')).toBe(true);
      for (const scene of scenes.filter((entry) => entry.narration?.trim())) expect(scene.narration_seconds).toBeCloseTo(served.get(scene.narration!)!, 1);
      expect(warnings.map((warning) => warning.code)).not.toContain('speech_fallback');
    } finally {
      await fixture.close();
    }
  }, 120_000);

  it('falls back to the embedded engine with speech_fallback exactly when no model voice speaks the language', async () => {
    const fixture = stageFixture({ options: { speech: 'openai-compatible:kokoro', speechBaseUrl: `${kokoro.url}/v1` } });
    try {
      const before = kokoro.requests.filter((request) => request.url === '/v1/audio/speech').length;
      const { plan, warnings } = await planned(fixture, { narration_language: 'de' });
      expect(plan.audio!.voiceProvider).toBeUndefined();
      expect(plan.audio!.voice).toMatch(/^embedded-/);
      expect(warnings.filter((warning) => warning.code === 'speech_fallback')).toEqual([{ code: 'speech_fallback', message: expect.stringContaining('German (de)') }]);
      expect(kokoro.requests.filter((request) => request.url === '/v1/audio/speech').length).toBe(before);
    } finally {
      await fixture.close();
    }
  }, 120_000);

  it('speaks with the ElevenLabs voice the request names (never the embedded engine in its place), with its timings', async () => {
    const fixture = stageFixture({ options: { elevenLabsApiKey: 'xi-test', elevenLabsBaseUrl: eleven.url } });
    try {
      const { plan, scenes } = await planned(fixture, { narration_voice: 'JBFqnCBsd6RMkjVDRZzb', prompt: `${PROMPT} With captions.` });
      expect(plan.audio).toMatchObject({ voice: 'JBFqnCBsd6RMkjVDRZzb', voiceProvider: 'elevenlabs' });
      const calls = eleven.requests.filter((request) => request.url.startsWith('/v1/text-to-speech/JBFqnCBsd6RMkjVDRZzb/with-timestamps'));
      const narrated = scenes.filter((scene) => scene.narration?.trim());
      expect(calls.length).toBeGreaterThanOrEqual(narrated.length);
      for (const scene of narrated) {
        expect(scene.narration_seconds).toBeCloseTo(served.get(scene.narration!)!, 1);
        const words = JSON.parse(scene.narration_words!) as { start: number; index: number }[];
        expect(words.length).toBeGreaterThan(2);
        expect(words.every((word, i) => i === 0 || word.start >= words[i - 1]!.start)).toBe(true);
        // The timings are ElevenLabs' alignment (the server puts character i at i/n of 95% of the
        // clip), not spread by the node, and the captions start on them.
        const seconds = served.get(scene.narration!)!;
        const characters = [...scene.narration!].length;
        for (const word of words) expect(word.start).toBeCloseTo(Number((([...scene.narration!.slice(0, word.index)].length / characters) * seconds * 0.95).toFixed(3)), 2);
        const captions = (JSON.parse(scene.settings) as { narrationCaptions: { chunks: { start: number; text: string }[] } }).narrationCaptions.chunks;
        expect(captions.length).toBeGreaterThan(0);
        expect(captions[0]!.start).toBeCloseTo(NARRATION_LEAD + words[0]!.start, 5);
        for (const caption of captions) expect(words.some((word) => Math.abs(NARRATION_LEAD + word.start - caption.start) < 1e-6)).toBe(true);
      }
    } finally {
      await fixture.close();
    }
  }, 120_000);

  it('refuses at create a voice the node cannot speak, or one that does not speak narration_language, saying which do; nothing is written', async () => {
    const fixture = stageFixture({ options: { elevenLabsApiKey: 'xi-test', elevenLabsBaseUrl: eleven.url } });
    try {
      const { account } = await createAccountWithKey(fixture.node.ctx);
      const principal = { account: fixture.node.ctx.accounts.get(account.id)!, key: null };
      const create = (body: Record<string, unknown>) => createVideo(fixture.node.ctx, principal, { prompt: PROMPT, ...body }, { enqueue: () => undefined });
      await expect(create({ narration_voice: 'no-such-voice' })).rejects.toMatchObject({
        code: 'invalid_request',
        message: expect.stringMatching(/^narration_voice: unknown voice "no-such-voice"; a voice is named by its id or its name, in any case: George \(JBFqnCBsd6RMkjVDRZzb\), .*; see GET \/v1\/voices$/),
      });
      await expect(create({ narration_voice: 'Georgr' })).rejects.toThrow(/unknown voice "Georgr" \(did you mean George \(JBFqnCBsd6RMkjVDRZzb\)\?\)/);
      // George speaks English and eleven_multilingual_v2's languages; Welsh is not one of them.
      const refused = create({ narration_voice: 'JBFqnCBsd6RMkjVDRZzb', narration_language: 'cy' });
      await expect(refused).rejects.toMatchObject({ code: 'invalid_request' });
      await expect(refused).rejects.toThrow(/George \("JBFqnCBsd6RMkjVDRZzb", elevenlabs\) does not speak narration_language "cy"; voices that do: embedded-ava \(Ava, embedded\)/);
      expect(fixture.node.ctx.videos.listForAccount(account.id, 10)).toHaveLength(0);
    } finally {
      await fixture.close();
    }
  });

  it('takes a speech model\'s voice by its name in any case and keeps its id', async () => {
    const fixture = stageFixture({ options: { elevenLabsApiKey: 'xi-test', elevenLabsBaseUrl: eleven.url } });
    try {
      const { account } = await createAccountWithKey(fixture.node.ctx);
      const principal = { account: fixture.node.ctx.accounts.get(account.id)!, key: null };
      const created = await createVideo(fixture.node.ctx, principal, { prompt: PROMPT, narration_voice: 'george' }, { enqueue: () => undefined });
      expect(JSON.parse(fixture.node.ctx.videos.get(created.body.id)!.options).narrationVoice).toBe('JBFqnCBsd6RMkjVDRZzb');
    } finally {
      await fixture.close();
    }
  });

  it('speaks with the account\'s own ElevenLabs key where it covers the narration part (0 credits, covered_by), and fails when that key is removed', async () => {
    const fixture = stageFixture({ options: { elevenLabsApiKey: 'xi-test', elevenLabsBaseUrl: eleven.url } });
    try {
      const { account } = await createAccountWithKey(fixture.node.ctx);
      setProviderKey(fixture.node.ctx, account.id, 'elevenlabs', 'xi-account');
      const principal = { account: fixture.node.ctx.accounts.get(account.id)!, key: null };
      const body = { prompt: PROMPT, duration: 20, music: false, narration_voice: 'JBFqnCBsd6RMkjVDRZzb' };
      const created = await createVideo(fixture.node.ctx, principal, body, { enqueue: () => undefined });
      const narration = (created.body.estimate_breakdown as { part: string; credits: number; covered_by?: string }[]).find((part) => part.part === 'narration');
      expect(narration).toMatchObject({ credits: 0, covered_by: 'elevenlabs' });
      const before = eleven.requests.length;
      const stage = fixture.stage(created.body.id);
      const draft = (await planStage(stage))!;
      storePlan(stage, draft, await narrateStage(stage, draft));
      const calls = eleven.requests.slice(before).filter((request) => request.url.startsWith('/v1/text-to-speech/'));
      expect(calls.length).toBeGreaterThan(1);
      expect(calls.every((call) => call.headers['xi-api-key'] === 'xi-account')).toBe(true);

      // Priced to use the account's key, which is then removed: the narration is not spoken with the node's key.
      const again = await createVideo(fixture.node.ctx, principal, body, { enqueue: () => undefined });
      removeProviderKey(fixture.node.ctx, account.id, 'elevenlabs');
      const orphan = fixture.stage(again.body.id);
      const plan = (await planStage(orphan))!;
      await expect(narrateStage(orphan, plan)).rejects.toMatchObject({ name: 'AudioError', message: expect.stringContaining("the account's elevenlabs key was removed") });
    } finally {
      await fixture.close();
    }
  }, 120_000);

  it('fails the job with audio_failed naming the model when it refuses the key; --speech-fallback embedded narrates with the embedded engine and warns', async () => {
    const failing = stageFixture({ options: { speech: 'openai-compatible:kokoro', speechBaseUrl: `${refusing.url}/v1`, speechVoices: 'af_bella' } });
    try {
      const id = await failing.createJob({ prompt: PROMPT, duration: 20, music: false });
      const stage = failing.stage(id);
      const draft = (await planStage(stage))!;
      await expect(narrateStage(stage, draft)).rejects.toMatchObject({ name: 'AudioError', message: expect.stringContaining('openai-compatible:kokoro') });
    } finally {
      await failing.close();
    }
    const falling = stageFixture({ options: { speech: 'openai-compatible:kokoro', speechBaseUrl: `${refusing.url}/v1`, speechVoices: 'af_bella', speechFallback: 'embedded' } });
    try {
      const { plan, scenes, warnings } = await planned(falling, {});
      expect(plan.audio!.voiceProvider).toBeUndefined();
      expect(plan.audio!.voice).toMatch(/^embedded-/);
      expect(scenes.filter((scene) => scene.narration_audio).length).toBeGreaterThan(1);
      expect(warnings).toContainEqual({ code: 'speech_fallback', message: expect.stringContaining('The speech model openai-compatible:kokoro') });
    } finally {
      await falling.close();
    }
  }, 120_000);
});
