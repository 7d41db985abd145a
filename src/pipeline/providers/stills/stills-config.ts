import { invalidRequest } from '../../../errors/service-error.js';

/**
 * Image-model providers a node can name in `<provider>:<model>`, those whose installed `@ai-sdk/*`
 * package has an image model: `openai` (gpt-image-1, dall-e-3), `google` (Imagen, and Gemini image
 * models, through the Gemini API) and `openai-compatible` (any server answering OpenAI's
 * `/images/generations`).
 */
export const STILL_PROVIDERS = ['openai', 'google', 'openai-compatible'] as const;
/** One of {@link STILL_PROVIDERS}. */
export type StillProviderName = (typeof STILL_PROVIDERS)[number];

/** An image model reached over HTTP through the AI SDK, complete. */
export interface StillSetting {
  provider: StillProviderName;
  /** The provider's model id, e.g. `gpt-image-1`, `imagen-4.0-generate-001` (may itself hold colons). */
  model: string;
  /** Where its API lives, without a trailing slash. */
  baseUrl: string;
  /** Optional only for `openai-compatible` servers. Never logged or shown. */
  apiKey: string | undefined;
}

/** Where each hosted provider's API lives unless a base URL is given. */
export const STILL_BASE_URLS = {
  openai: 'https://api.openai.com/v1',
  google: 'https://generativelanguage.googleapis.com/v1beta',
} as const satisfies Partial<Record<StillProviderName, string>>;

/**
 * The environment variable holding each provider's key: the one its language models use, and for
 * an OpenAI-compatible server its own, so that an OpenAI key is never sent to a box on the network.
 */
export const STILL_KEY_VARIABLES = {
  openai: 'OPENAI_API_KEY',
  google: 'GOOGLE_GENERATIVE_AI_API_KEY',
  'openai-compatible': 'SERVICE_IMAGE_API_KEY',
} as const satisfies Record<StillProviderName, string>;

/** A setting as logs and `service doctor` show it: the model and where it lives, never the key. */
export function describeStillSetting(setting: StillSetting): string {
  return `${setting.provider}:${setting.model} at ${setting.baseUrl}`;
}

/** What {@link parseStillSetting} reads besides the `<provider>:<model>` value. */
export interface ParseStillOptions {
  /** The setting's name for messages, e.g. `--stills (SERVICE_STILLS)`. */
  settingName: string;
  /** Overrides the provider's base URL (a proxy, a test server); required for `openai-compatible`. */
  baseUrl?: string;
  env: NodeJS.ProcessEnv;
}

/**
 * Parses `<provider>:<model>` (`openai:gpt-image-1`, `google:imagen-4.0-generate-001`,
 * `openai-compatible:flux.1-schnell`) with its base URL and key into a complete setting. Throws
 * `invalid_request` naming the setting and the fix.
 */
export function parseStillSetting(value: string, options: ParseStillOptions): StillSetting {
  const { settingName } = options;
  const colon = value.indexOf(':');
  const provider = colon > 0 ? value.slice(0, colon).trim() : '';
  const model = colon > 0 ? value.slice(colon + 1).trim() : '';
  if (!(STILL_PROVIDERS as readonly string[]).includes(provider)) {
    throw invalidRequest(`${settingName}: expected <provider>:<model> with provider one of ${STILL_PROVIDERS.join(', ')}, e.g. openai:gpt-image-1, got "${value}"`);
  }
  if (model === '') throw invalidRequest(`${settingName}: "${value}" names no model, e.g. openai:gpt-image-1 or google:imagen-4.0-generate-001`);
  const name = provider as StillProviderName;
  const given = options.baseUrl?.trim();
  const baseUrl = given ? given : name === 'openai-compatible' ? undefined : STILL_BASE_URLS[name];
  if (baseUrl === undefined) {
    throw invalidRequest(`${settingName}: openai-compatible needs the server's base URL (the part before /images/generations), e.g. http://gpu-box:8000/v1`);
  }
  if (!/^https?:\/\/[^\s/]+/.test(baseUrl)) throw invalidRequest(`${settingName}: the base URL must be an http(s) URL, got ${baseUrl}`);
  const variable = STILL_KEY_VARIABLES[name];
  const apiKey = options.env[variable]?.trim() || undefined;
  if (apiKey === undefined && name !== 'openai-compatible') throw invalidRequest(`${settingName}: ${name} needs an API key; set ${variable}`);
  return { provider: name, model, baseUrl: baseUrl.replace(/\/+$/, ''), apiKey };
}
