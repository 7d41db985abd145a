// The voices this node can speak: the embedded engine's, and the configured speech model's
// (`--speech`). One place answers what the catalog lists, which voice a create may name, which
// voice a job gets by default and who speaks it, so a listed voice is always the voice heard.
import { createHash } from 'node:crypto';
import type { ServiceConfig } from '../../config/resolve-config.js';
import { requireFfmpeg } from '../../render/ffmpeg/run-ffmpeg.js';
import { embeddedVoiceCatalog, type VoiceCatalogItem } from './embedded-voices.js';
import { createSpeechProvider } from './providers/create-speech-provider.js';
import type { SpeechProviderName, SpeechSetting } from './providers/speech-config.js';
import type { SpeechProvider, SpeechVoice } from './providers/speech-provider.js';

/** Who speaks a voice: the embedded engine or the node's speech model. */
export type VoiceSpeaker = 'embedded' | SpeechProviderName;

/** A voice of the catalog (`GET /v1/voices`): the spec's fields, `provider` and the languages it speaks. */
export interface NodeVoice extends VoiceCatalogItem {
  provider: VoiceSpeaker;
}

/** How long a provider's voice list is kept before it is asked again. */
const VOICE_LIST_TTL_MS = 5 * 60_000;

const providers = new WeakMap<SpeechSetting, SpeechProvider>();
const voiceLists = new WeakMap<SpeechProvider, { at: number; voices: Promise<SpeechVoice[]> }>();

/** The node's speech model as a provider (one per setting), or undefined when the embedded engine speaks every voice. */
export function speechProviderOf(config: Pick<ServiceConfig, 'speech' | 'ffmpegPath'>): SpeechProvider | undefined {
  if (!config.speech) return undefined;
  let provider = providers.get(config.speech);
  if (!provider) {
    provider = createSpeechProvider(config.speech, { ffmpeg: requireFfmpeg(config.ffmpegPath) });
    providers.set(config.speech, provider);
  }
  return provider;
}

const accountProviders = new Map<string, SpeechProvider>();

/**
 * The node's speech model calling with an account's own key (a job whose narration part that key
 * covers): one provider per setting and key, never shared with the node's own key.
 */
export function accountSpeechProvider(config: Pick<ServiceConfig, 'speech' | 'ffmpegPath'>, apiKey: string): SpeechProvider {
  const setting = config.speech!;
  const slot = `${setting.provider}\n${setting.model}\n${setting.baseUrl}\n${createHash('sha256').update(apiKey).digest('hex')}`;
  let provider = accountProviders.get(slot);
  if (!provider) {
    provider = createSpeechProvider({ ...setting, apiKey }, { ffmpeg: requireFfmpeg(config.ffmpegPath) });
    accountProviders.set(slot, provider);
  }
  return provider;
}

/** The provider's voices, asked at most every five minutes (a failed answer is not kept). Throws SpeechProviderError. */
export function providerVoices(provider: SpeechProvider): Promise<SpeechVoice[]> {
  const cached = voiceLists.get(provider);
  if (cached && Date.now() - cached.at < VOICE_LIST_TTL_MS) return cached.voices;
  const voices = provider.listVoices();
  voiceLists.set(provider, { at: Date.now(), voices });
  voices.catch(() => voiceLists.delete(provider));
  return voices;
}

/** The embedded voices as catalog items, with their speaker. */
export function embeddedNodeVoices(): NodeVoice[] {
  return embeddedVoiceCatalog().map((voice) => ({ ...voice, provider: 'embedded' }));
}

/** Every voice this node speaks: the speech model's first (they sound better), then the embedded engine's. Throws SpeechProviderError when the model's list cannot be read. */
export async function nodeVoices(config: Pick<ServiceConfig, 'speech' | 'ffmpegPath'>): Promise<NodeVoice[]> {
  const provider = speechProviderOf(config);
  return [...(provider ? await providerVoices(provider) : []), ...embeddedNodeVoices()];
}

/**
 * Whether a voice speaks a language. A voice whose server names no languages (an
 * `openai-compatible` server) is taken to speak what the operator named it for when asked for by
 * id, and English when the node picks it.
 */
export function speaksLanguage(voice: Pick<NodeVoice, 'languages'>, language: string, named: boolean): boolean {
  if (voice.languages.length === 0) return named || language === 'en';
  return voice.languages.includes(language);
}

/** Words that describe a calm voice and a bright one, as providers' descriptions and labels use them. */
const CALM = /\b(calm|soft|gentle|warm|deep|soothing|relaxed|measured|steady|composed|narrat\w*|documentary|audiobook|meditation|mature)\b/;
const BRIGHT = /\b(bright|upbeat|energetic|lively|cheerful|excited|confident|friendly|social|advert\w*|promo\w*|young|youthful|playful)\b/;

/** The packs whose videos want a bright voice; the others a calm one. */
const BRIGHT_PACKS: ReadonlySet<string> = new Set(['bold-kinetic', 'playful-pop', 'tech-neon', 'retro-wave']);

/** How well a voice suits a pack: its description and labels read against the pack's mood. */
function suitability(voice: VoiceCatalogItem, themeId: string): number {
  const words = `${voice.description} ${voice.use_case} ${voice.age}`.toLowerCase().replace(/_/g, ' ');
  const wanted = BRIGHT_PACKS.has(themeId) ? BRIGHT : CALM;
  const other = BRIGHT_PACKS.has(themeId) ? CALM : BRIGHT;
  return (wanted.test(words) ? 2 : 0) - (other.test(words) ? 1 : 0);
}

/**
 * The voice the model speaks a job with when the request names none: of its voices that speak the
 * language, the one that suits the pack best (the provider's own order breaks ties). Undefined when
 * none speaks it.
 */
export function defaultProviderVoice(voices: readonly SpeechVoice[], language: string, themeId: string): SpeechVoice | undefined {
  let best: SpeechVoice | undefined;
  let bestScore = -Infinity;
  for (const voice of voices) {
    if (!speaksLanguage(voice, language, false)) continue;
    const score = suitability(voice, themeId);
    if (score > bestScore) {
      best = voice;
      bestScore = score;
    }
  }
  return best;
}
