import type { SpeakResult } from '../../audio/audio-protocol.js';
import type { VoiceCatalogItem } from '../embedded-voices.js';
import type { SpeechProviderName } from './speech-config.js';

/** A voice a speech provider speaks, as the catalog lists it, with who speaks it. */
export interface SpeechVoice extends VoiceCatalogItem {
  provider: SpeechProviderName;
}

/** One piece of narration to speak. */
export interface SpeechRequest {
  text: string;
  /** The provider's voice id (`alloy`, an ElevenLabs voice_id, `af_bella`). */
  voice: string;
  /** The narration language (BCP-47 without region, e.g. `de`); providers that can be told use it, others read the text. */
  language: string;
  /** Where the WAV (mono 16-bit PCM) is written. */
  outputPath: string;
  /** How to speak (`gpt-4o-mini-tts` only; others ignore it), e.g. "calm, unhurried". */
  instructions?: string;
  signal?: AbortSignal;
}

/**
 * A remote text-to-speech service. `speak` answers like the embedded engine (audio-worker's
 * `speak`): the same WAV format and the same {@link SpeakResult}, so the pipeline can swap them.
 */
export interface SpeechProvider {
  /** `<provider>:<model>`. */
  readonly name: string;
  readonly provider: SpeechProviderName;
  /** The voices this provider speaks with its model. Throws {@link SpeechProviderError}. */
  listVoices(signal?: AbortSignal): Promise<SpeechVoice[]>;
  /**
   * Speaks `request.text` into a WAV at `request.outputPath`. Throws {@link SpeechProviderError}
   * when the provider fails, and the signal's reason when canceled.
   */
  speak(request: SpeechRequest): Promise<SpeakResult>;
}

/**
 * Why a call failed, which decides whether trying again can help: `rate_limit`, `server`,
 * `network` and `timeout` may pass; `auth`, `quota`, `voice`, `request` and `invalid_output` will not.
 */
export type SpeechFailureReason = 'auth' | 'quota' | 'rate_limit' | 'voice' | 'request' | 'server' | 'network' | 'timeout' | 'invalid_output';

const RETRYABLE: ReadonlySet<SpeechFailureReason> = new Set(['rate_limit', 'server', 'network', 'timeout']);

/** A speech provider's failure, with a message naming the provider and what to check. */
export class SpeechProviderError extends Error {
  readonly provider: SpeechProviderName;
  /** The HTTP status, when the provider answered. */
  readonly status: number | undefined;
  readonly reason: SpeechFailureReason;
  /** How long the provider asked to wait (`Retry-After`), in ms. */
  readonly retryAfterMs: number | undefined;

  constructor(
    failure: { provider: SpeechProviderName; reason: SpeechFailureReason; status?: number; retryAfterMs?: number },
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'SpeechProviderError';
    this.provider = failure.provider;
    this.reason = failure.reason;
    this.status = failure.status;
    this.retryAfterMs = failure.retryAfterMs;
  }

  /** Whether the same call may succeed when tried again shortly. */
  get retryable(): boolean {
    return RETRYABLE.has(this.reason);
  }
}
