import type { FfmpegInfo } from '../../../render/ffmpeg/find-ffmpeg.js';
import { requireFfmpeg } from '../../../render/ffmpeg/run-ffmpeg.js';
import { createElevenLabsSpeechProvider } from './elevenlabs-speech.js';
import { createOpenAISpeechProvider } from './openai-speech.js';
import type { SpeechSetting } from './speech-config.js';
import type { SpeechProvider } from './speech-provider.js';

/** What every provider may be given besides its setting. */
export interface CreateSpeechOptions {
  /** FFmpeg to decode with. @default requireFfmpeg() (throws when there is none) */
  ffmpeg?: FfmpegInfo;
  /** Time limit of one speak call. @default 120000 */
  speakTimeoutMs?: number;
  /** Time limit of a voice list call. @default 15000 */
  listTimeoutMs?: number;
}

/** The provider a parsed `--speech` setting names. */
export function createSpeechProvider(setting: SpeechSetting, options: CreateSpeechOptions = {}): SpeechProvider {
  const common = { ...options, ffmpeg: options.ffmpeg ?? requireFfmpeg() };
  return setting.provider === 'elevenlabs' ? createElevenLabsSpeechProvider(setting, common) : createOpenAISpeechProvider(setting, common);
}
