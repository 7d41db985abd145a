// A local speech server that speaks any text for real: OpenAI's `/v1/audio/speech` (and
// Kokoro-FastAPI's `/v1/audio/voices`), or ElevenLabs' voices and text-to-speech with timestamps.
// Its audio is the embedded engine's slowest voice at 110 words a minute, so a job narrated
// through it is told from one the node narrated itself by the clips' lengths.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AudioThread } from '../../src/pipeline/audio/audio-thread.js';
import { espeakSettings, findEmbeddedVoice } from '../../src/pipeline/speech/espeak-voice.js';
import { requireFfmpeg, runBinary } from '../../src/render/ffmpeg/run-ffmpeg.js';
import { sendJson, startServer, type FakeServer } from '../pipeline/speech/providers/fake-speech-servers.js';

/** OpenAI's built-in voices, which the OpenAI protocol server speaks besides its listed ones. */
export const OPENAI_VOICES = ['alloy', 'ash', 'ballad', 'cedar', 'coral', 'echo', 'fable', 'marin', 'nova', 'onyx', 'sage', 'shimmer', 'verse'];
/** The voices the OpenAI-compatible server lists (as Kokoro-FastAPI does). */
export const LISTED_VOICES = ['af_bella', 'bm_george'];
/** The ElevenLabs server's one voice (English). */
export const ELEVENLABS_VOICE = { voice_id: 'JBFqnCBsd6RMkjVDRZzb', name: 'George', labels: { accent: 'british', description: 'warm', age: 'middle_aged', gender: 'male', use_case: 'narration' }, verified_languages: [{ language: 'en' }] };

/** A speaking server and what it served: each text's audio length in seconds. */
export interface SpeakingServer extends FakeServer {
  served: Map<string, number>;
}

/**
 * Starts a speaking server for `protocol`; `apiKeys` are the ElevenLabs keys it takes. `voiceList`
 * false: the OpenAI protocol server has no voice list (as OpenAI's own API and openedai-speech).
 */
export async function startSpeakingServer(protocol: 'openai' | 'elevenlabs', apiKeys: readonly string[] = ['xi-test'], voiceList = true): Promise<SpeakingServer> {
  const ffmpeg = requireFfmpeg();
  const dir = mkdtempSync(path.join(tmpdir(), 'speaking-server-'));
  const audio = new AudioThread();
  const served = new Map<string, number>();
  let count = 0;
  const speak = async (text: string) => {
    count += 1;
    const raw = path.join(dir, `spoken-${count}.wav`);
    const settings = espeakSettings(findEmbeddedVoice('embedded-owen')!, 'en');
    const spoken = await audio.speak(text, { ...settings, wordsPerMinute: 110 }, raw);
    const encoded = path.join(dir, `clip-${count}.${protocol === 'openai' ? 'wav' : 'mp3'}`);
    const codec = protocol === 'openai' ? ['-ar', '24000', '-c:a', 'pcm_s16le'] : ['-ar', '44100', '-c:a', 'libmp3lame', '-b:a', '128k'];
    await runBinary(ffmpeg.ffmpeg, ['-v', 'error', '-y', '-i', raw, ...codec, encoded]);
    served.set(text, spoken.durationSeconds);
    return { bytes: readFileSync(encoded), seconds: spoken.durationSeconds };
  };
  const server = await startServer((request, response) => {
    if (protocol === 'openai') {
      if (voiceList && request.method === 'GET' && request.url === '/v1/audio/voices') return sendJson(response, 200, { voices: LISTED_VOICES });
      if (request.method !== 'POST' || request.url !== '/v1/audio/speech') return sendJson(response, 404, { detail: 'Not Found' });
      const body = JSON.parse(request.body) as { input: string; voice: string };
      if (![...LISTED_VOICES, ...OPENAI_VOICES].includes(body.voice)) return sendJson(response, 400, { detail: `voice ${body.voice} not found` });
      void speak(body.input).then(
        (clip) => response.writeHead(200, { 'content-type': 'audio/wav' }).end(clip.bytes),
        (error: unknown) => sendJson(response, 500, { detail: String(error) }),
      );
      return;
    }
    if (!apiKeys.includes(String(request.headers['xi-api-key']))) return sendJson(response, 401, { detail: { status: 'invalid_api_key', message: 'Invalid API key' } });
    if (request.method === 'GET' && request.url === '/v1/voices') return sendJson(response, 200, { voices: [ELEVENLABS_VOICE] });
    const match = /^\/v1\/text-to-speech\/([^/]+)\/with-timestamps/.exec(request.url);
    if (request.method !== 'POST' || !match) return sendJson(response, 404, { detail: 'Not Found' });
    const { text } = JSON.parse(request.body) as { text: string };
    void speak(text).then((clip) => {
      // Each character's time spread over the clip, as the API's alignment gives it.
      const characters = [...text];
      const starts = characters.map((_character, i) => Number(((i / characters.length) * clip.seconds * 0.95).toFixed(3)));
      sendJson(response, 200, {
        audio_base64: clip.bytes.toString('base64'),
        alignment: { characters, character_start_times_seconds: starts, character_end_times_seconds: starts.map((_start, i) => starts[i + 1] ?? clip.seconds) },
      });
    }, (error: unknown) => sendJson(response, 500, { detail: { status: 'system_error', message: String(error) } }));
  });
  return {
    ...server,
    served,
    close: async () => {
      await server.close();
      await audio.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
