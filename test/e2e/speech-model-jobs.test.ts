// Whole jobs narrated through a speech model, rendered to MP4: the narration is the model's audio
// (its clips' lengths, what the server logged), the catalog lists the model's voices, and a voice
// the node cannot speak is refused before anything is made.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { runChecks } from '../../src/doctor/run-checks.js';
import { probeVideo } from '../../src/render/ffmpeg/run-ffmpeg.js';
import { findFfmpeg } from '../../src/render/ffmpeg/find-ffmpeg.js';
import { ELEVENLABS_VOICE, LISTED_VOICES, startSpeakingServer, type SpeakingServer } from '../helpers/speaking-server.js';
import { sendJson, startServer, type FakeServer } from '../pipeline/speech/providers/fake-speech-servers.js';
import { startE2eNode, type E2eNode } from './e2e-node.js';

const ffmpeg = findFfmpeg()!;

describe('a job narrated by a speech model on the GPU box (openai-compatible)', () => {
  let server: SpeakingServer;
  let e2e: E2eNode;
  let sourceId = '';
  beforeAll(async () => {
    server = await startSpeakingServer('openai');
    e2e = await startE2eNode({ config: { speech: 'openai-compatible:kokoro', speechBaseUrl: `${server.url}/v1` } });
  });
  afterAll(async () => {
    await e2e.close();
    await server.close();
  });

  it('renders an MP4 whose narration is the server\'s speech, scene by scene', async () => {
    const voices = await e2e.request('GET', '/v1/voices');
    expect(voices.body.voices.filter((voice: { provider: string }) => voice.provider === 'openai-compatible').map((voice: { id: string }) => voice.id)).toEqual(LISTED_VOICES);

    const created = await e2e.request('POST', '/v1/videos', {
      prompt: 'How tides work. The moon pulls on the oceans. The earth turns beneath the bulge. Most coasts see two high tides a day.',
      duration: 15,
      dimensions: { width: 256, height: 144 },
      render: true,
      music: false,
      narration_voice: 'bm_george',
    });
    expect(created.status).toBe(202);
    const job = await e2e.waitFor(created.body.id);
    expect(job.status).toBe('completed');
    expect(job.audio).toMatchObject({ narration: true, narration_voice: 'bm_george' });
    expect((job.warnings ?? []).map((warning: { code: string }) => warning.code)).not.toContain('speech_fallback');

    const scenes = e2e.node.ctx.videos.scenes(job.id).filter((scene) => scene.narration?.trim());
    expect(scenes.length).toBeGreaterThan(1);
    const spoken = server.requests.filter((request) => request.url === '/v1/audio/speech').map((request) => JSON.parse(request.body) as { input: string; voice: string });
    for (const scene of scenes) {
      // The server was asked for this scene's script with the named voice, and the clip is its audio.
      expect(spoken).toContainEqual(expect.objectContaining({ input: scene.narration, voice: 'bm_george' }));
      expect(scene.narration_seconds).toBeCloseTo(server.served.get(scene.narration!)!, 1);
      expect(readFileSync(path.join(e2e.node.ctx.filesDir, scene.narration_audio!)).length).toBeGreaterThan(1000);
    }
    const probe = await probeVideo(ffmpeg, path.join(e2e.node.ctx.filesDir, e2e.node.ctx.videos.get(job.id)!.output_path!));
    expect(probe.hasAudio).toBe(true);
    const all = e2e.node.ctx.videos.scenes(job.id);
    expect(probe.durationSeconds).toBeCloseTo(all.reduce((sum, scene) => sum + scene.duration_seconds, 0), 0);
    sourceId = job.id;
  }, 240_000);

  it('speaks an edit\'s new words with the source\'s voice and speech model', async () => {
    const edited = await e2e.request('POST', `/v1/videos/${sourceId}/edit`, { prompt: 'change the narration of scene 2 to The moon drags the sea along with it.', render: true });
    expect(edited.status, JSON.stringify(edited.body)).toBe(202);
    const job = await e2e.waitFor(edited.body.id);
    expect(job.status, JSON.stringify(job.error)).toBe('completed');
    expect(job.audio).toMatchObject({ narration_voice: 'bm_george' });
    const scene = e2e.node.ctx.videos.scenes(job.id)[1]!;
    expect(scene.narration).toContain('The moon drags the sea along with it');
    const asked = server.requests.filter((request) => request.url === '/v1/audio/speech').map((request) => JSON.parse(request.body) as { input: string; voice: string });
    expect(asked.find((entry) => entry.input === scene.narration)?.voice).toBe('bm_george');
    expect(scene.narration_seconds).toBeCloseTo(server.served.get(scene.narration!)!, 1);
  }, 240_000);

  it('refuses a voice no engine of this node speaks, with 400 and nothing made', async () => {
    const before = e2e.node.ctx.videos.listForAccount(e2e.accountId, 100).length;
    const refused = await e2e.request('POST', '/v1/videos', { prompt: 'How tides work. The moon pulls on the oceans.', narration_voice: 'rachel' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'invalid_request', message: expect.stringMatching(/^narration_voice: unknown voice "rachel".*; see GET \/v1\/voices$/) });
    expect(e2e.node.ctx.videos.listForAccount(e2e.accountId, 100)).toHaveLength(before);
  });
});

describe('a job narrated by ElevenLabs (ELEVENLABS_API_KEY alone)', () => {
  let server: SpeakingServer;
  let e2e: E2eNode;
  beforeAll(async () => {
    server = await startSpeakingServer('elevenlabs');
    e2e = await startE2eNode({ config: { elevenLabsApiKey: 'xi-test', elevenLabsBaseUrl: server.url } });
  });
  afterAll(async () => {
    await e2e.close();
    await server.close();
  });

  it('renders an MP4 narrated with the ElevenLabs voice by default for English, its clips the server\'s audio', async () => {
    const created = await e2e.request('POST', '/v1/videos', {
      prompt: 'How tides work. The moon pulls on the oceans. The earth turns beneath the bulge. Most coasts see two high tides a day.',
      duration: 15,
      dimensions: { width: 256, height: 144 },
      render: true,
      music: false,
    });
    const job = await e2e.waitFor(created.body.id);
    expect(job.status).toBe('completed');
    expect(job.audio).toMatchObject({ narration: true, narration_voice: ELEVENLABS_VOICE.voice_id });
    const scenes = e2e.node.ctx.videos.scenes(job.id).filter((scene) => scene.narration?.trim());
    expect(scenes.length).toBeGreaterThan(1);
    for (const scene of scenes) {
      expect(server.requests.some((request) => request.url.startsWith(`/v1/text-to-speech/${ELEVENLABS_VOICE.voice_id}/with-timestamps`) && (JSON.parse(request.body) as { text: string }).text === scene.narration)).toBe(true);
      expect(scene.narration_seconds).toBeCloseTo(server.served.get(scene.narration!)!, 1);
    }
    expect((await probeVideo(ffmpeg, path.join(e2e.node.ctx.filesDir, e2e.node.ctx.videos.get(job.id)!.output_path!))).hasAudio).toBe(true);
  }, 240_000);
});

describe('a speech model that refuses the node\'s key', () => {
  let server: FakeServer;
  let e2e: E2eNode;
  beforeAll(async () => {
    server = await startServer((_request, response) => sendJson(response, 401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } }));
    e2e = await startE2eNode({ config: { speech: 'openai:tts-1', speechBaseUrl: `${server.url}/v1` }, env: { OPENAI_API_KEY: 'sk-wrong-key' } });
  });
  afterAll(async () => {
    await e2e.close();
    await server.close();
  });

  it('fails the job with audio_failed naming the model and the key to check, and charges nothing for narration not made', async () => {
    const balance = (await e2e.request('GET', '/v1/account')).body.balance;
    const created = await e2e.request('POST', '/v1/videos', {
      prompt: 'How tides work. The moon pulls on the oceans. The earth turns beneath the bulge.',
      duration: 10,
      dimensions: { width: 256, height: 144 },
      render: true,
      music: false,
      narration_voice: 'alloy',
    });
    expect(created.status).toBe(202);
    const job = await e2e.waitFor(created.body.id);
    expect(job.status).toBe('failed');
    expect(job.error).toMatchObject({ code: 'audio_failed', message: expect.stringMatching(/openai:tts-1.*OPENAI_API_KEY/) });
    // A bad key is not retried.
    expect(server.requests.filter((request) => request.url === '/v1/audio/speech')).toHaveLength(1);
    expect((await e2e.request('GET', '/v1/account')).body.balance).toBe(balance);
  }, 120_000);
});

describe('OpenAI\'s speech API, and a server with no voice list', () => {
  let server: SpeakingServer;
  beforeAll(async () => {
    server = await startSpeakingServer('openai', [], false);
  });
  afterAll(async () => {
    await server.close();
  });

  const cases: { name: string; config: Record<string, string>; env: Record<string, string>; voice: string | undefined; listed: string }[] = [
    { name: 'openai:gpt-4o-mini-tts with its key', config: { speech: 'openai:gpt-4o-mini-tts' }, env: { OPENAI_API_KEY: 'sk-test' }, voice: 'coral', listed: 'coral' },
    { name: 'openai-compatible with --speech-voices', config: { speech: 'openai-compatible:tts', speechVoices: 'bm_george,af_bella' }, env: {}, voice: undefined, listed: 'bm_george' },
  ];
  for (const entry of cases) {
    it(`narrates a whole rendered job: ${entry.name}`, async () => {
      const e2e = await startE2eNode({ config: { ...entry.config, speechBaseUrl: `${server.url}/v1` }, env: entry.env });
      try {
        const voices = (await e2e.request('GET', '/v1/voices')).body.voices as { id: string; provider: string }[];
        expect(voices.some((voice) => voice.id === entry.listed && voice.provider !== 'embedded')).toBe(true);
        const created = await e2e.request('POST', '/v1/videos', {
          prompt: 'How tides work. The moon pulls on the oceans. The earth turns beneath the bulge.',
          duration: 10,
          dimensions: { width: 256, height: 144 },
          render: true,
          music: false,
          ...(entry.voice ? { narration_voice: entry.voice } : {}),
        });
        const job = await e2e.waitFor(created.body.id);
        expect(job.status).toBe('completed');
        // No voice named on the list-less server: its first listed voice that speaks English.
        expect(job.audio.narration_voice).toBe(entry.voice ?? 'bm_george');
        for (const scene of e2e.node.ctx.videos.scenes(job.id).filter((row) => row.narration?.trim())) {
          expect(scene.narration_seconds).toBeCloseTo(server.served.get(scene.narration!)!, 1);
        }
        expect((await probeVideo(ffmpeg, path.join(e2e.node.ctx.filesDir, e2e.node.ctx.videos.get(job.id)!.output_path!))).hasAudio).toBe(true);
      } finally {
        await e2e.close();
      }
    }, 240_000);
  }

  it('service doctor speaks "Hello." with the model and shows its latency, or what to fix', async () => {
    const { resolveConfig } = await import('../../src/config/resolve-config.js');
    const dataDir = mkdtempSync(path.join(tmpdir(), 'speech-doctor-'));
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
    const ok = await runChecks(resolveConfig({ dataDir, speech: 'openai-compatible:tts', speechBaseUrl: `${server.url}/v1`, speechVoices: 'af_bella' }, {}));
    expect(ok.find((check) => check.name === 'speech model')).toMatchObject({ status: 'ok', detail: expect.stringMatching(/^openai-compatible:tts at http:\/\/127\.0\.0\.1:\d+\/v1: spoke "Hello\." with af_bella in \d+ ms$/) });
    const bad = await runChecks(resolveConfig({ dataDir, speech: 'openai-compatible:tts', speechBaseUrl: `${server.url}/v1`, speechVoices: 'nobody' }, {}));
    expect(bad.find((check) => check.name === 'speech model')).toMatchObject({ status: 'fail', fix: expect.stringContaining('--speech') });
  }, 120_000);
});
