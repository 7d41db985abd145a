// Who speaks a job's narration, and speaking one script with that voice: the node's speech model
// (`--speech`) for its own voices, the embedded engine (eSpeak NG) for the embedded ones. A voice
// is never swapped for another silently: a language the model's voices do not speak, or a model
// that fails under `--speech-fallback embedded`, is said on the job as `speech_fallback`.
import { AudioError } from '../audio/audio-thread.js';
import type { SpokenWord } from '../audio/audio-protocol.js';
import { describeSpeechSetting } from '../speech/providers/speech-config.js';
import { SpeechProviderError } from '../speech/providers/speech-provider.js';
import { speakWithRetry } from '../speech/providers/speak-with-retry.js';
import { espeakSettings, findEmbeddedVoice } from '../speech/espeak-voice.js';
import { NARRATION_LANGUAGES, type NarrationLanguage } from '../speech/languages.js';
import { accountSpeechProvider, defaultProviderVoice, providerVoices, speechProviderOf } from '../speech/node-voices.js';
import { firstLine } from '../providers/provider-failure.js';
import type { SpeechProvider } from '../speech/providers/speech-provider.js';
import { accountProviderKey } from '../../accounts/provider-keys.js';
import type { JobWarning } from '../videos/job-warnings.js';
import type { StageContext } from './stage-context.js';
import type { StoredAudio } from './stored-plan.js';

/** A voice that suits each style pack (any embedded voice speaks every language). */
const PACK_VOICES: Record<string, string> = {
  'corporate-clean': 'embedded-grace',
  'bold-kinetic': 'embedded-leo',
  'playful-pop': 'embedded-mia',
  'tech-neon': 'embedded-max',
  'editorial-serif': 'embedded-owen',
  'warm-organic': 'embedded-zoe',
  'luxury-noir': 'embedded-noah',
  'pastel-soft': 'embedded-mia',
  'data-minimal': 'embedded-max',
  'retro-wave': 'embedded-leo',
};

/** The embedded voice that suits a pack. */
export function packVoice(themeId: string): string {
  return PACK_VOICES[themeId] ?? 'embedded-ava';
}

/** The warning of a job the embedded engine narrates although the node has a speech model. */
export function speechFallbackWarning(reason: string): JobWarning {
  return { code: 'speech_fallback', message: `${reason}: the narration is spoken by the embedded engine (eSpeak NG) instead.` };
}

/** Who speaks a job: a voice id and, for the speech model's voices, its provider. */
export interface ChosenVoice {
  voice: string;
  provider?: StoredAudio['voiceProvider'];
  warning?: JobWarning;
}

/**
 * The job's voice, decided at planning: the one the request named (create checked that this node
 * speaks it), else the speech model's voice that speaks the language and suits the pack, else the
 * pack's embedded voice, with `speech_fallback` when the node has a model but none of its voices
 * speaks the language (or, under `--speech-fallback embedded`, its voice list cannot be read).
 */
export async function chooseVoice(stage: StageContext, requested: string | undefined, themeId: string, language: NarrationLanguage): Promise<ChosenVoice> {
  const { config } = stage.ctx;
  const provider = speechProviderOf(config);
  if (requested && (findEmbeddedVoice(requested) || !provider)) return { voice: requested };
  if (!provider) return { voice: packVoice(themeId) };
  const model = describeSpeechSetting(config.speech!);
  let voices;
  try {
    voices = await providerVoices(provider);
  } catch (error) {
    if (config.speechFallback !== 'embedded') throw new AudioError(`the speech model ${model} could not list its voices: ${firstLine(error)}`);
    return { voice: packVoice(themeId), warning: speechFallbackWarning(`The speech model ${model} could not list its voices (${firstLine(error)})`) };
  }
  if (requested) return { voice: requested, provider: provider.provider };
  const voice = defaultProviderVoice(voices, language, themeId);
  if (voice) return { voice: voice.id, provider: provider.provider };
  return { voice: packVoice(themeId), warning: speechFallbackWarning(`No voice of the speech model ${provider.name} speaks ${NARRATION_LANGUAGES[language]} (${language})`) };
}

/**
 * Speaks one script with the job's voice into `file` (absolute). The embedded engine takes `rate`
 * (1 = the voice's own pace); a speech model speaks at its own pace. A model's failure, after its
 * retries, is `audio_failed` naming the model and what to check; under `--speech-fallback
 * embedded` it throws {@link SpeechFallback} instead, so the caller speaks the whole job again with
 * the embedded engine (one voice per video).
 */
export async function speakScript(stage: StageContext, audio: Pick<StoredAudio, 'voice' | 'voiceProvider' | 'language'>, text: string, file: string, rate = 1): Promise<{ durationSeconds: number; words: SpokenWord[] }> {
  if (audio.voiceProvider) {
    const provider = jobSpeechProvider(stage, audio.voiceProvider);
    const model = stage.ctx.config.speech ? describeSpeechSetting(stage.ctx.config.speech) : audio.voiceProvider;
    if (!provider || provider.provider !== audio.voiceProvider) {
      throw new AudioError(`the job's voice "${audio.voice}" is spoken by ${audio.voiceProvider}, and this node's speech model is ${stage.ctx.config.speech ? model : 'not set'}; start the node with the same --speech to speak it`);
    }
    try {
      return await speakWithRetry(provider, { text, voice: audio.voice, language: audio.language, outputPath: file, ...(stage.signal ? { signal: stage.signal } : {}) });
    } catch (error) {
      if (!(error instanceof SpeechProviderError)) throw error;
      if (stage.ctx.config.speechFallback === 'embedded') throw new SpeechFallback(`The speech model ${model} failed (${error.message})`);
      throw new AudioError(`the speech model ${model} could not speak the narration: ${error.message}`);
    }
  }
  const voice = findEmbeddedVoice(audio.voice);
  if (!voice) throw new AudioError(`the voice "${audio.voice}" is not an embedded voice and no speech model speaks it`);
  const settings = espeakSettings(voice, audio.language);
  const paced = { ...settings, wordsPerMinute: Math.round(settings.wordsPerMinute * rate) };
  // One retry, so a speech failure fails the job loudly rather than leaving a silent scene.
  return stage
    .audio()
    .speak(text, paced, file)
    .catch(() => stage.audio().speak(text, paced, file));
}

/**
 * The speech model a job speaks with: with the account's own key where the job was priced so
 * (`covered_by.narration`, decided at create), else with the node's. A key removed since is
 * `audio_failed`: the narration it was priced for is not spoken with the node's key instead.
 */
function jobSpeechProvider(stage: StageContext, speaker: NonNullable<StoredAudio['voiceProvider']>): SpeechProvider | undefined {
  const row = stage.job();
  const covered = (JSON.parse(row.options) as { covered_by?: Record<string, string> }).covered_by?.narration;
  if (covered !== speaker || !stage.ctx.config.speech) return speechProviderOf(stage.ctx.config);
  const apiKey = accountProviderKey(stage.ctx, row.account_id, covered);
  if (apiKey === undefined) {
    throw new AudioError(`the account's ${covered} key was removed after this job was priced to use it, so its narration was not spoken; store the key again (PUT /v1/account/provider-keys/${covered}) and create the video again`);
  }
  return accountSpeechProvider(stage.ctx.config, apiKey);
}

/** A speech model failed and the node falls back to the embedded engine (`--speech-fallback embedded`). */
export class SpeechFallback extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'SpeechFallback';
  }
}
