import type { FfmpegInfo } from '../../../render/ffmpeg/find-ffmpeg.js';
import type { SpeakResult } from '../../audio/audio-protocol.js';
import { decodeSpeech } from './decode-speech.js';
import { openAIVoices, takesInstructions } from './openai-voices.js';
import type { SpeechSetting } from './speech-config.js';
import { callProvider, readJson } from './speech-http.js';
import { SpeechProviderError, type SpeechProvider, type SpeechRequest, type SpeechVoice } from './speech-provider.js';
import { spreadWords } from './word-timings.js';

/** How an OpenAI-protocol provider is reached. */
export interface OpenAISpeechOptions {
  ffmpeg: FfmpegInfo;
  /** What audio to ask for; FFmpeg decodes whatever comes back. @default "wav" (lossless, nothing to trim) */
  responseFormat?: 'wav' | 'mp3';
  /** @default 120000 (a long narration on a busy local server) */
  speakTimeoutMs?: number;
  /** @default 15000 */
  listTimeoutMs?: number;
}

/**
 * A provider speaking OpenAI's `POST {base}/audio/speech`: OpenAI itself, or an OpenAI-compatible
 * server (Kokoro-FastAPI, openedai-speech, LocalAI). Neither gives word timings, so words are spread
 * over the voiced span.
 */
export function createOpenAISpeechProvider(setting: SpeechSetting, options: OpenAISpeechOptions): SpeechProvider {
  if (setting.provider === 'elevenlabs') throw new Error('createOpenAISpeechProvider: an elevenlabs setting speaks its own protocol');
  const headers = (json: boolean): Record<string, string> => ({
    ...(json ? { 'content-type': 'application/json' } : {}),
    ...(setting.apiKey ? { authorization: `Bearer ${setting.apiKey}` } : {}),
  });
  return {
    name: `${setting.provider}:${setting.model}`,
    provider: setting.provider,

    async listVoices(signal) {
      if (setting.provider === 'openai') return openAIVoices(setting.model);
      return listServerVoices(setting, headers(false), options.listTimeoutMs ?? 15_000, signal);
    },

    async speak(request: SpeechRequest): Promise<SpeakResult> {
      const body = {
        model: setting.model,
        voice: request.voice,
        input: request.text,
        response_format: options.responseFormat ?? 'wav',
        ...(request.instructions && takesInstructions(setting.model) ? { instructions: request.instructions } : {}),
      };
      const audio = await callProvider(
        { setting, path: '/audio/speech', init: { method: 'POST', headers: headers(true), body: JSON.stringify(body) }, timeoutMs: options.speakTimeoutMs ?? 120_000, signal: request.signal, voice: request.voice },
        async (response) => new Uint8Array(await response.arrayBuffer()),
      );
      const decoded = await decodeSpeech(audio, request.outputPath, { ffmpeg: options.ffmpeg, setting, text: request.text, signal: request.signal });
      return {
        durationSeconds: decoded.durationSeconds,
        sampleRate: decoded.sampleRate,
        words: spreadWords(request.text, request.language, decoded.voicedSpan),
        voicedShare: decoded.voicedShare,
      };
    },
  };
}

/** Where OpenAI-compatible servers list their voices: Kokoro-FastAPI and openedai-speech at the first, others at the second. */
const VOICE_LIST_PATHS = ['/audio/voices', '/voices'];

/**
 * An OpenAI-compatible server's voices: from its voice list where it offers one (OpenAI's API has
 * none), else the configured `--speech-voices`. Languages are unknown: servers do not say them.
 */
async function listServerVoices(setting: SpeechSetting, headers: Record<string, string>, timeoutMs: number, signal?: AbortSignal): Promise<SpeechVoice[]> {
  for (const path of VOICE_LIST_PATHS) {
    let ids: string[] | undefined;
    try {
      ids = await callProvider({ setting, path, init: { headers: { ...headers, accept: 'application/json' } }, timeoutMs, signal }, async (response) => voiceIds(await readJson(response, setting)));
    } catch (error) {
      // No such route (404, 405, 501) or not a list: the server has no voice list there.
      if (!(error instanceof SpeechProviderError) || !(error.reason === 'invalid_output' || [404, 405, 501].includes(error.status ?? 0))) throw error;
    }
    if (ids && ids.length > 0) return ids.map((id) => serverVoice(id));
  }
  if (setting.voices && setting.voices.length > 0) return setting.voices.map((id) => serverVoice(id));
  throw new SpeechProviderError(
    { provider: setting.provider, reason: 'request' },
    `${setting.provider}:${setting.model} at ${setting.baseUrl} offers no voice list (${VOICE_LIST_PATHS.join(' or ')}); pass the voices it speaks with --speech-voices, e.g. --speech-voices af_bella,am_adam`,
  );
}

/**
 * Voice ids from a list body: `{ voices: [...] }` (Kokoro-FastAPI), `{ data: [...] }` or a bare
 * array, of ids or of objects with `id`, `voice_id` or `name`. Undefined when it is none of these.
 */
function voiceIds(body: unknown): string[] | undefined {
  const record = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const list = Array.isArray(body) ? body : Array.isArray(record.voices) ? record.voices : Array.isArray(record.data) ? record.data : undefined;
  if (!list) return undefined;
  const ids = list.map((item: unknown) => {
    if (typeof item === 'string') return item;
    const entry = item && typeof item === 'object' ? (item as Record<string, unknown>) : {};
    const id = entry.id ?? entry.voice_id ?? entry.name;
    return typeof id === 'string' ? id : '';
  });
  return [...new Set(ids.filter(Boolean))];
}

function serverVoice(id: string): SpeechVoice {
  return { id, name: id, description: '', gender: '', accent: '', age: '', use_case: '', languages: [], provider: 'openai-compatible' };
}
