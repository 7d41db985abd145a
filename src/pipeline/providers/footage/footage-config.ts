import { invalidRequest } from '../../../errors/service-error.js';

/**
 * Video-model providers a node can name in `<provider>:<model>`: those whose installed `@ai-sdk/*`
 * package has a video model. `google` is Veo through the Gemini API (`@ai-sdk/google`).
 */
export const FOOTAGE_PROVIDERS = ['google'] as const;
/** One of {@link FOOTAGE_PROVIDERS}. */
export type FootageProviderName = (typeof FOOTAGE_PROVIDERS)[number];

/** A video model reached over HTTP through the AI SDK, complete. */
export interface FootageSetting {
  provider: FootageProviderName;
  /** The provider's model id, e.g. `veo-3.0-fast-generate-001`. */
  model: string;
  /** Where its API lives, without a trailing slash. */
  baseUrl: string;
  /** Never logged or shown. */
  apiKey: string;
}

/** Where each provider's API lives unless a base URL is given. */
export const FOOTAGE_BASE_URLS = {
  google: 'https://generativelanguage.googleapis.com/v1beta',
} as const satisfies Record<FootageProviderName, string>;

/** The environment variable holding each provider's key (the same one its language models use). */
export const FOOTAGE_KEY_VARIABLES = {
  google: 'GOOGLE_GENERATIVE_AI_API_KEY',
} as const satisfies Record<FootageProviderName, string>;

/** What {@link parseFootageSetting} reads besides the `<provider>:<model>` value. */
export interface ParseFootageOptions {
  /** The setting's name for messages, e.g. `--footage (SERVICE_FOOTAGE)`. */
  settingName: string;
  /** Overrides the provider's base URL (a proxy, a test server). */
  baseUrl?: string;
  env: NodeJS.ProcessEnv;
}

/**
 * Parses `<provider>:<model>` (`google:veo-3.0-fast-generate-001`) with its base URL and key into
 * a complete setting. Throws `invalid_request` naming the setting and the fix.
 */
export function parseFootageSetting(value: string, options: ParseFootageOptions): FootageSetting {
  const { settingName } = options;
  const colon = value.indexOf(':');
  const provider = colon > 0 ? value.slice(0, colon) : '';
  const model = colon > 0 ? value.slice(colon + 1).trim() : '';
  if (!(FOOTAGE_PROVIDERS as readonly string[]).includes(provider)) {
    throw invalidRequest(`${settingName}: expected <provider>:<model> with provider one of ${FOOTAGE_PROVIDERS.join(', ')}, got "${value}"`);
  }
  if (model === '') throw invalidRequest(`${settingName}: "${value}" names no model, e.g. google:veo-3.0-fast-generate-001`);
  const name = provider as FootageProviderName;
  const baseUrl = (options.baseUrl ?? FOOTAGE_BASE_URLS[name]).replace(/\/+$/, '');
  if (!/^https?:\/\/[^\s/]+/.test(baseUrl)) throw invalidRequest(`${settingName}: the base URL must be an http(s) URL, got ${baseUrl}`);
  const variable = FOOTAGE_KEY_VARIABLES[name];
  const apiKey = options.env[variable]?.trim();
  if (!apiKey) throw invalidRequest(`${settingName}: ${name} needs an API key; set ${variable}`);
  return { provider: name, model, baseUrl, apiKey };
}

/** A setting as logs and `service doctor` show it: the model and where it lives, never the key. */
export function describeFootageSetting(setting: FootageSetting): string {
  return `${setting.provider}:${setting.model} at ${setting.baseUrl}`;
}
