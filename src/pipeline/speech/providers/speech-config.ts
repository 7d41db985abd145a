import { invalidRequest } from '../../../errors/service-error.js';

/**
 * Speech providers a node can name in `<provider>:<model>`: `openai` (gpt-4o-mini-tts, tts-1,
 * tts-1-hd), `elevenlabs` (eleven_multilingual_v2, eleven_flash_v2_5, …) and `openai-compatible`
 * (any server answering OpenAI's `/audio/speech`: Kokoro-FastAPI, openedai-speech, LocalAI, …).
 */
export const SPEECH_PROVIDERS = ['openai', 'elevenlabs', 'openai-compatible'] as const;
/** One of {@link SPEECH_PROVIDERS}. */
export type SpeechProviderName = (typeof SPEECH_PROVIDERS)[number];

/** A speech model reached over HTTP, complete. */
export interface SpeechSetting {
  provider: SpeechProviderName;
  /** The provider's model id, e.g. `gpt-4o-mini-tts`, `eleven_multilingual_v2`, `kokoro` (may itself hold colons). */
  model: string;
  /** Where its API lives, without a trailing slash. */
  baseUrl: string;
  /** Optional only for `openai-compatible` servers. Never logged or shown. */
  apiKey: string | undefined;
  /** Voice ids an `openai-compatible` server speaks, for servers that cannot list them (`--speech-voices`). */
  voices?: string[];
}

/** Where each hosted provider's API lives unless a base URL is given. */
export const SPEECH_BASE_URLS = {
  openai: 'https://api.openai.com/v1',
  elevenlabs: 'https://api.elevenlabs.io',
} as const satisfies Partial<Record<SpeechProviderName, string>>;

/**
 * The environment variable holding each provider's key: the one the rest of the node uses for that
 * provider, and for an OpenAI-compatible server its own, so an OpenAI key never goes to a box on the network.
 */
export const SPEECH_KEY_VARIABLES = {
  openai: 'OPENAI_API_KEY',
  elevenlabs: 'ELEVENLABS_API_KEY',
  'openai-compatible': 'SERVICE_SPEECH_API_KEY',
} as const satisfies Record<SpeechProviderName, string>;

/** An example model per provider, for messages. */
const EXAMPLES = 'openai:gpt-4o-mini-tts, elevenlabs:eleven_multilingual_v2 or openai-compatible:kokoro';

/** What {@link parseSpeechSetting} reads besides the `<provider>:<model>` value. */
export interface ParseSpeechOptions {
  /** The setting's name for messages, e.g. `--speech (SERVICE_SPEECH)`. */
  settingName: string;
  /** Overrides the provider's base URL (a proxy, a test server); required for `openai-compatible`. */
  baseUrl?: string;
  /** `--speech-voices`: a comma list of voice ids, for `openai-compatible` servers that cannot list theirs. */
  voices?: string;
  env: NodeJS.ProcessEnv;
}

/**
 * Parses `<provider>:<model>` (`openai:gpt-4o-mini-tts`, `elevenlabs:eleven_multilingual_v2`,
 * `openai-compatible:kokoro`) with its base URL, key and voice list into a complete setting.
 * Throws `invalid_request` naming the setting and the fix.
 */
export function parseSpeechSetting(value: string, options: ParseSpeechOptions): SpeechSetting {
  const { settingName } = options;
  const colon = value.indexOf(':');
  const provider = colon > 0 ? value.slice(0, colon).trim() : '';
  const model = colon > 0 ? value.slice(colon + 1).trim() : '';
  if (!(SPEECH_PROVIDERS as readonly string[]).includes(provider)) {
    throw invalidRequest(`${settingName}: expected <provider>:<model> with provider one of ${SPEECH_PROVIDERS.join(', ')}, e.g. ${EXAMPLES}, got "${value}"`);
  }
  if (model === '') throw invalidRequest(`${settingName}: "${value}" names no model, e.g. ${EXAMPLES}`);
  const name = provider as SpeechProviderName;
  const given = options.baseUrl?.trim();
  const baseUrl = given ? given : name === 'openai-compatible' ? undefined : SPEECH_BASE_URLS[name];
  if (baseUrl === undefined) {
    throw invalidRequest(`${settingName}: openai-compatible needs the server's base URL (the part before /audio/speech), e.g. http://gpu-box:8880/v1 (Kokoro-FastAPI)`);
  }
  if (!/^https?:\/\/[^\s/]+/.test(baseUrl)) throw invalidRequest(`${settingName}: the base URL must be an http(s) URL, got ${baseUrl}`);
  const variable = SPEECH_KEY_VARIABLES[name];
  const apiKey = options.env[variable]?.trim() || undefined;
  if (apiKey === undefined && name !== 'openai-compatible') throw invalidRequest(`${settingName}: ${name} needs an API key; set ${variable}`);
  const voices = parseVoiceList(options.voices);
  if (voices && name !== 'openai-compatible') {
    throw invalidRequest(`${settingName}: --speech-voices is for openai-compatible servers; ${name} lists its own voices`);
  }
  return { provider: name, model, baseUrl: baseUrl.replace(/\/+$/, ''), apiKey, ...(voices ? { voices } : {}) };
}

/** `a, b,,c` → `['a', 'b', 'c']`; undefined when nothing is named. */
function parseVoiceList(value: string | undefined): string[] | undefined {
  const voices = [...new Set((value ?? '').split(',').map((voice) => voice.trim()).filter(Boolean))];
  return voices.length > 0 ? voices : undefined;
}

/** A setting as logs and `service doctor` show it: the model and where it lives, never the key. */
export function describeSpeechSetting(setting: SpeechSetting): string {
  return `${setting.provider}:${setting.model} at ${setting.baseUrl}`;
}
