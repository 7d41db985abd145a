import type { FfmpegInfo } from '../../../render/ffmpeg/find-ffmpeg.js';
import type { SpeakResult } from '../../audio/audio-protocol.js';
import { decodeSpeech } from './decode-speech.js';
import { ELEVENLABS_MODEL_LANGUAGES, normalizeLanguage, takesLanguageCode } from './elevenlabs-languages.js';
import type { SpeechSetting } from './speech-config.js';
import { callProvider, readJson } from './speech-http.js';
import { SpeechProviderError, type SpeechProvider, type SpeechRequest, type SpeechVoice } from './speech-provider.js';
import { spreadWords, wordsFromCharacterTimes } from './word-timings.js';

/** How ElevenLabs is reached. */
export interface ElevenLabsSpeechOptions {
  ffmpeg: FfmpegInfo;
  /** ElevenLabs' `output_format`; MP3 is the one every plan may ask for. @default "mp3_44100_128" */
  outputFormat?: string;
  /** @default 120000 */
  speakTimeoutMs?: number;
  /** @default 15000 */
  listTimeoutMs?: number;
}

interface ElevenLabsVoice {
  voice_id?: unknown;
  name?: unknown;
  description?: unknown;
  labels?: Record<string, unknown> | null;
  verified_languages?: { language?: unknown; model_id?: unknown }[] | null;
}

interface Alignment {
  characters?: unknown;
  character_start_times_seconds?: unknown;
}

const asText = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * ElevenLabs: voices from `GET /v1/voices`, speech from `POST /v1/text-to-speech/{voice}/with-timestamps`,
 * whose per-character start times give the words their starts.
 */
export function createElevenLabsSpeechProvider(setting: SpeechSetting, options: ElevenLabsSpeechOptions): SpeechProvider {
  if (setting.provider !== 'elevenlabs') throw new Error('createElevenLabsSpeechProvider: needs an elevenlabs setting');
  const headers = { 'xi-api-key': setting.apiKey ?? '', accept: 'application/json' };
  const listTimeoutMs = options.listTimeoutMs ?? 15_000;
  return {
    name: `elevenlabs:${setting.model}`,
    provider: 'elevenlabs',

    async listVoices(signal) {
      const [body, modelLanguages] = await Promise.all([
        callProvider({ setting, path: '/v1/voices', init: { headers }, timeoutMs: listTimeoutMs, signal }, (response) => readJson(response, setting)),
        readModelLanguages(setting, headers, listTimeoutMs, signal),
      ]);
      const voices = (body as { voices?: unknown }).voices;
      if (!Array.isArray(voices)) {
        throw new SpeechProviderError({ provider: 'elevenlabs', reason: 'invalid_output' }, `elevenlabs at ${setting.baseUrl} answered GET /v1/voices without a voices list`);
      }
      return (voices as ElevenLabsVoice[]).filter((voice) => typeof voice.voice_id === 'string').map((voice) => catalogVoice(voice, setting.model, modelLanguages));
    },

    async speak(request: SpeechRequest): Promise<SpeakResult> {
      const body = {
        text: request.text,
        model_id: setting.model,
        ...(takesLanguageCode(setting.model) ? { language_code: request.language.split('-')[0] } : {}),
      };
      const query = `output_format=${encodeURIComponent(options.outputFormat ?? 'mp3_44100_128')}`;
      const answer = await callProvider(
        {
          setting,
          path: `/v1/text-to-speech/${encodeURIComponent(request.voice)}/with-timestamps?${query}`,
          init: { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) },
          timeoutMs: options.speakTimeoutMs ?? 120_000,
          signal: request.signal,
          voice: request.voice,
        },
        (response) => readJson(response, setting),
      );
      const { audio_base64: audio, alignment } = (answer ?? {}) as { audio_base64?: unknown; alignment?: Alignment | null };
      if (typeof audio !== 'string') {
        throw new SpeechProviderError({ provider: 'elevenlabs', reason: 'invalid_output' }, `elevenlabs:${setting.model} answered without audio_base64`);
      }
      const decoded = await decodeSpeech(Buffer.from(audio, 'base64'), request.outputPath, { ffmpeg: options.ffmpeg, setting, text: request.text, signal: request.signal });
      const characters = Array.isArray(alignment?.characters) ? (alignment.characters as unknown[]).map(asText) : [];
      const starts = Array.isArray(alignment?.character_start_times_seconds) ? (alignment.character_start_times_seconds as unknown[]).map(Number) : [];
      const words =
        wordsFromCharacterTimes(request.text, request.language, characters, starts, decoded.durationSeconds) ?? spreadWords(request.text, request.language, decoded.voicedSpan);
      return { durationSeconds: decoded.durationSeconds, sampleRate: decoded.sampleRate, words, voicedShare: decoded.voicedShare };
    },
  };
}

/**
 * The languages the configured model speaks: from `GET /v1/models` (ElevenLabs adds languages
 * over time), else the table in elevenlabs-languages.ts, else none known. The voice list does not
 * fail for this: a key may be scoped to voices only.
 */
async function readModelLanguages(setting: SpeechSetting, headers: Record<string, string>, timeoutMs: number, signal?: AbortSignal): Promise<readonly string[]> {
  const fallback = ELEVENLABS_MODEL_LANGUAGES[setting.model] ?? [];
  try {
    const models = await callProvider({ setting, path: '/v1/models', init: { headers }, timeoutMs, signal }, (response) => readJson(response, setting));
    const model = Array.isArray(models) ? (models as { model_id?: unknown; languages?: { language_id?: unknown }[] }[]).find((entry) => entry.model_id === setting.model) : undefined;
    const languages = (model?.languages ?? []).map((entry) => normalizeLanguage(asText(entry.language_id))).filter(Boolean);
    return languages.length > 0 ? [...new Set(languages)] : fallback;
  } catch (error) {
    if (signal?.aborted) throw error;
    return fallback;
  }
}

/**
 * A voice as the catalog lists it. Its languages: those it is verified in with this model (or with
 * any model, where ElevenLabs does not say which), and all the model speaks when it is multilingual.
 */
function catalogVoice(voice: ElevenLabsVoice, model: string, modelLanguages: readonly string[]): SpeechVoice {
  const verified = (voice.verified_languages ?? []).filter((entry) => entry.model_id === undefined || entry.model_id === model);
  const languages = [...new Set([...verified.map((entry) => normalizeLanguage(asText(entry.language))), ...modelLanguages].filter(Boolean))];
  return {
    id: asText(voice.voice_id),
    name: asText(voice.name),
    description: asText(voice.description) || asText(voice.labels?.description),
    gender: asText(voice.labels?.gender),
    accent: asText(voice.labels?.accent),
    age: asText(voice.labels?.age),
    use_case: asText(voice.labels?.use_case),
    languages,
    provider: 'elevenlabs',
  };
}
