// Local HTTP servers speaking the OpenAI, OpenAI-compatible and ElevenLabs speech protocols, and
// real speech (the embedded engine's, encoded with FFmpeg) for them to serve.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { SpokenWord } from '../../../../src/pipeline/audio/audio-protocol.js';
import { AudioThread } from '../../../../src/pipeline/audio/audio-thread.js';
import { espeakSettings, findEmbeddedVoice } from '../../../../src/pipeline/speech/espeak-voice.js';
import type { NarrationLanguage } from '../../../../src/pipeline/speech/languages.js';
import type { FfmpegInfo } from '../../../../src/render/ffmpeg/find-ffmpeg.js';
import { runBinary } from '../../../../src/render/ffmpeg/run-ffmpeg.js';

/** A request a fake server received. */
export interface LoggedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface FakeServer {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  requests: LoggedRequest[];
  close(): Promise<void>;
}

type Handler = (request: LoggedRequest, response: ServerResponse) => void;

/** A server on 127.0.0.1 (port 0) that logs every request and answers with `handle`. */
export async function startServer(handle: Handler): Promise<FakeServer> {
  const requests: LoggedRequest[] = [];
  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const request = { method: incoming.method ?? 'GET', url: incoming.url ?? '/', headers: incoming.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(request);
      handle(request, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

/** A sentence spoken by the embedded engine, in the formats providers serve. */
export interface SpokenClip {
  text: string;
  language: NarrationLanguage;
  /** 24 kHz mono WAV, as OpenAI serves it. */
  wav: Buffer;
  /** 44.1 kHz MP3, as ElevenLabs (and OpenAI, when asked) serve it. */
  mp3: Buffer;
  durationSeconds: number;
  /** Where the engine said each word starts. */
  words: SpokenWord[];
}

/** Speaks each sentence with the embedded engine and encodes it as providers would serve it. */
export async function makeClips(sentences: { text: string; language: NarrationLanguage }[], dir: string, ffmpeg: FfmpegInfo): Promise<SpokenClip[]> {
  const audio = new AudioThread();
  try {
    const clips: SpokenClip[] = [];
    for (const [i, { text, language }] of sentences.entries()) {
      const source = path.join(dir, `clip-${i}.wav`);
      const spoken = await audio.speak(text, espeakSettings(findEmbeddedVoice('embedded-ava')!, language), source);
      const wav = path.join(dir, `clip-${i}-24k.wav`);
      const mp3 = path.join(dir, `clip-${i}.mp3`);
      await runBinary(ffmpeg.ffmpeg, ['-v', 'error', '-y', '-i', source, '-ar', '24000', '-c:a', 'pcm_s16le', wav]);
      await runBinary(ffmpeg.ffmpeg, ['-v', 'error', '-y', '-i', source, '-ar', '44100', '-c:a', 'libmp3lame', '-b:a', '128k', mp3]);
      clips.push({ text, language, wav: readFileSync(wav), mp3: readFileSync(mp3), durationSeconds: spoken.durationSeconds, words: spoken.words });
    }
    return clips;
  } finally {
    await audio.close();
  }
}

/** What a fake server does beyond answering: the key it wants and failures to answer first. */
export interface FakeBehaviour {
  apiKey?: string;
  /** HTTP statuses to answer the next speech requests with, one each, before answering normally. */
  failures: number[];
}

/** Voices the fake OpenAI server speaks. */
export const OPENAI_FAKE_VOICES = ['alloy', 'nova', 'marin'];

/**
 * OpenAI's `/v1/audio/speech` (and, with `voiceList`, Kokoro-FastAPI's `/v1/audio/voices`):
 * serves the clip whose text is the input, as WAV or MP3 as asked.
 */
export function openAIHandler(clips: SpokenClip[], behaviour: FakeBehaviour, options: { voiceList?: string[] } = {}): Handler {
  return (request, response) => {
    if (behaviour.apiKey && request.headers.authorization !== `Bearer ${behaviour.apiKey}`) {
      return sendJson(response, 401, { error: { message: 'Incorrect API key provided: sk-wro***key.', type: 'invalid_request_error', param: null, code: 'invalid_api_key' } });
    }
    if (request.method === 'GET' && request.url === '/v1/audio/voices' && options.voiceList) return sendJson(response, 200, { voices: options.voiceList });
    if (request.method !== 'POST' || request.url !== '/v1/audio/speech') return sendJson(response, 404, { detail: 'Not Found' });
    const failure = behaviour.failures.shift();
    if (failure !== undefined) return sendJson(response, failure, { error: { message: 'The server is overloaded, try again.', type: 'server_error' } }, { 'retry-after': '0' });
    const body = JSON.parse(request.body) as { input: string; voice: string; response_format?: string };
    if (!(options.voiceList ?? OPENAI_FAKE_VOICES).includes(body.voice)) {
      return sendJson(response, 400, { error: { message: `Invalid value: '${body.voice}'. Supported values are: 'alloy', 'nova' and 'marin'.`, type: 'invalid_request_error', param: 'voice', code: 'invalid_value' } });
    }
    const clip = clips.find((candidate) => candidate.text === body.input);
    if (!clip) return sendJson(response, 400, { error: { message: 'no clip for that input', type: 'invalid_request_error' } });
    const mp3 = body.response_format === 'mp3';
    response.writeHead(200, { 'content-type': mp3 ? 'audio/mpeg' : 'audio/wav' });
    response.end(mp3 ? clip.mp3 : clip.wav);
  };
}

/** The fake ElevenLabs account's voices. */
export const ELEVENLABS_FAKE_VOICES = [
  {
    voice_id: 'JBFqnCBsd6RMkjVDRZzb',
    name: 'George',
    description: null,
    labels: { accent: 'british', description: 'warm', age: 'middle_aged', gender: 'male', use_case: 'narration' },
    verified_languages: [
      { language: 'en', model_id: 'eleven_multilingual_v2', accent: 'british', locale: 'en-GB' },
      { language: 'de', model_id: 'eleven_flash_v2_5', accent: 'standard', locale: 'de-DE' },
    ],
  },
  { voice_id: 'no-labels', name: 'Bare', labels: null, verified_languages: null },
];

/**
 * ElevenLabs: `GET /v1/voices`, `GET /v1/models` (multilingual v2 only, with three languages, so a
 * test can tell it from the built-in table) and `POST /v1/text-to-speech/{voice}/with-timestamps`,
 * whose alignment puts each word's first character at the engine's word start.
 */
export function elevenLabsHandler(clips: SpokenClip[], behaviour: FakeBehaviour & { quotaExceeded?: boolean }): Handler {
  return (request, response) => {
    if (request.headers['xi-api-key'] !== behaviour.apiKey) return sendJson(response, 401, { detail: { status: 'invalid_api_key', message: 'Invalid API key' } });
    if (request.method === 'GET' && request.url === '/v1/voices') return sendJson(response, 200, { voices: ELEVENLABS_FAKE_VOICES });
    if (request.method === 'GET' && request.url === '/v1/models') {
      return sendJson(response, 200, [{ model_id: 'eleven_multilingual_v2', languages: [{ language_id: 'en', name: 'English' }, { language_id: 'fil', name: 'Filipino' }, { language_id: 'no', name: 'Norwegian' }] }]);
    }
    const match = /^\/v1\/text-to-speech\/([^/]+)\/with-timestamps\?output_format=mp3_44100_128$/.exec(request.url);
    if (request.method !== 'POST' || !match) return sendJson(response, 404, { detail: 'Not Found' });
    if (behaviour.quotaExceeded) {
      return sendJson(response, 401, { detail: { status: 'quota_exceeded', message: 'This request exceeds your quota of 10000. You have 3 credits remaining.' } });
    }
    const failure = behaviour.failures.shift();
    if (failure !== undefined) return sendJson(response, failure, { detail: { status: 'system_busy', message: 'busy' } });
    const voice = decodeURIComponent(match[1]!);
    if (!ELEVENLABS_FAKE_VOICES.some((entry) => entry.voice_id === voice)) {
      return sendJson(response, 404, { detail: { status: 'voice_not_found', message: `A voice with the voice_id ${voice} was not found.` } });
    }
    const body = JSON.parse(request.body) as { text: string };
    const clip = clips.find((candidate) => candidate.text === body.text);
    if (!clip) return sendJson(response, 422, { detail: [{ loc: ['body', 'text'], msg: 'no clip for that text', type: 'value_error' }] });
    sendJson(response, 200, { audio_base64: clip.mp3.toString('base64'), alignment: alignment(clip), normalized_alignment: alignment(clip) });
  };
}

/** Per-character (code point) times: a word's characters from its start towards the next word's; others hold the last time. */
function alignment(clip: SpokenClip): { characters: string[]; character_start_times_seconds: number[]; character_end_times_seconds: number[] } {
  const characters: string[] = [];
  const starts: number[] = [];
  let offset = 0;
  let last = 0;
  for (const character of clip.text) {
    const k = clip.words.findIndex((word) => offset >= word.index && offset < word.index + word.length);
    if (k >= 0) {
      const word = clip.words[k]!;
      const next = clip.words[k + 1]?.start ?? clip.durationSeconds;
      last = word.start + ((offset - word.index) / word.length) * (next - word.start) * 0.8;
    }
    characters.push(character);
    starts.push(Number(last.toFixed(3)));
    offset += character.length;
  }
  return { characters, character_start_times_seconds: starts, character_end_times_seconds: starts.map((_start, i) => starts[i + 1] ?? clip.durationSeconds) };
}
