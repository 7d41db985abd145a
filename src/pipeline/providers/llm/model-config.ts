import path from 'node:path';
import { invalidRequest } from '../../../errors/service-error.js';

/** Providers a node can name in `--llm <provider>:<model>`. */
export const LANGUAGE_MODEL_PROVIDERS = ['openai', 'anthropic', 'google', 'openai-compatible', 'local'] as const;
/** One of {@link LANGUAGE_MODEL_PROVIDERS}. */
export type LanguageModelProvider = (typeof LANGUAGE_MODEL_PROVIDERS)[number];
/** The providers reached over HTTP through the AI SDK. */
export type RemoteLanguageModelProvider = Exclude<LanguageModelProvider, 'local'>;

/** A model reached over HTTP through the AI SDK. */
export interface RemoteLanguageModelSetting {
  provider: RemoteLanguageModelProvider;
  /** The provider's model id, e.g. `gpt-4.1`, `qwen2.5-coder:32b` (may itself hold colons). */
  model: string;
  /** Where its API lives, without a trailing slash. */
  baseUrl: string;
  /** Optional only for `openai-compatible` servers. Never logged or shown. */
  apiKey: string | undefined;
  /** How long one call may take (see {@link DEFAULT_TIMEOUT_SECONDS}). */
  timeoutMs?: number;
}

/** A GGUF file run in-process by node-llama-cpp. */
export interface LocalLanguageModelSetting {
  provider: 'local';
  /** Absolute path of the `.gguf` file. */
  model: string;
  /** How long one call may take (see {@link DEFAULT_TIMEOUT_SECONDS}). */
  timeoutMs?: number;
}

/** One configured language model, complete: what `createLanguageModel` needs. */
export type LanguageModelSetting = RemoteLanguageModelSetting | LocalLanguageModelSetting;

/** Where each hosted provider's API lives unless `--llm-base-url` says otherwise. */
export const DEFAULT_BASE_URLS = {
  openai: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com/v1',
  google: 'https://generativelanguage.googleapis.com/v1beta',
} as const satisfies Partial<Record<RemoteLanguageModelProvider, string>>;

/**
 * The environment variable holding each provider's key. An OpenAI-compatible server gets its own
 * variable so that an OpenAI key is never sent to a box on the network.
 */
export const API_KEY_VARIABLES = {
  openai: 'OPENAI_API_KEY',
  anthropic: 'ANTHROPIC_API_KEY',
  google: 'GOOGLE_GENERATIVE_AI_API_KEY',
  'openai-compatible': 'SERVICE_LLM_API_KEY',
} as const satisfies Record<RemoteLanguageModelProvider, string>;

/**
 * How long one call may take by default, in seconds: a hosted API answers a plan in well under two
 * minutes; a server on a GPU box may be busy, and a model on a CPU writes a few tokens a second, so
 * they get ten and fifteen minutes. `--llm-timeout` sets it.
 */
export const DEFAULT_TIMEOUT_SECONDS: Record<LanguageModelProvider, number> = { openai: 120, anthropic: 120, google: 120, 'openai-compatible': 600, local: 900 };

/** The longest `--llm-timeout` a node takes: an hour. */
export const MAX_TIMEOUT_SECONDS = 3600;

/** What {@link parseLanguageModelSetting} reads besides the `<provider>:<model>` value. */
export interface ParseLanguageModelOptions {
  /** The setting's name for messages, e.g. `--llm (SERVICE_LLM)`. */
  settingName: string;
  /** `--llm-base-url` or its variable, when given. */
  baseUrl?: string;
  env: NodeJS.ProcessEnv;
  /** Relative `local:` paths resolve against it. */
  cwd: string;
  /** `--llm-timeout` or its variable, in seconds, when given. */
  timeoutSeconds?: number;
}

/**
 * Parses `<provider>:<model>` (`openai:gpt-4.1`, `openai-compatible:qwen2.5-coder:32b`,
 * `local:./models/x.gguf`) with its base URL and key into a complete setting.
 * Throws `invalid_request` naming the setting and the fix when something is missing or malformed.
 */
export function parseLanguageModelSetting(value: string, options: ParseLanguageModelOptions): LanguageModelSetting {
  const { settingName } = options;
  const colon = value.indexOf(':');
  const provider = colon > 0 ? value.slice(0, colon).trim() : '';
  const model = colon > 0 ? value.slice(colon + 1).trim() : '';
  if (!provider || !model) {
    throw invalidRequest(
      `${settingName} must be <provider>:<model> (providers: ${LANGUAGE_MODEL_PROVIDERS.join(', ')}), e.g. openai:gpt-4.1 or openai-compatible:qwen2.5-coder-32b, got "${value}"`,
    );
  }
  if (!(LANGUAGE_MODEL_PROVIDERS as readonly string[]).includes(provider)) {
    throw invalidRequest(`${settingName}: unknown provider "${provider}"; use one of ${LANGUAGE_MODEL_PROVIDERS.join(', ')}`);
  }
  if (provider === 'local') {
    if (options.baseUrl !== undefined) throw invalidRequest(`${settingName}: a base URL does not apply to local models`);
    if (!model.toLowerCase().endsWith('.gguf')) {
      throw invalidRequest(`${settingName}: local models are GGUF files; "${model}" does not end in .gguf`);
    }
    return { provider: 'local', model: path.resolve(options.cwd, model), timeoutMs: timeoutMs('local', options) };
  }
  const remote = provider as RemoteLanguageModelProvider;

  const baseUrl = options.baseUrl ?? (remote === 'openai-compatible' ? undefined : DEFAULT_BASE_URLS[remote]);
  if (baseUrl === undefined) {
    throw invalidRequest(
      `${settingName}: openai-compatible needs the server's base URL, e.g. --llm-base-url http://gpu-box:8000/v1 (vLLM) or http://localhost:11434/v1 (Ollama)`,
    );
  }
  if (!/^https?:\/\/[^\s/]+/.test(baseUrl)) {
    throw invalidRequest(`${settingName}: the base URL must be an http(s) URL, got ${baseUrl}`);
  }

  const keyVariable = API_KEY_VARIABLES[remote];
  const apiKey = nonEmpty(options.env[keyVariable]);
  if (apiKey === undefined && remote !== 'openai-compatible') {
    throw invalidRequest(`${settingName}: ${remote} needs an API key; set ${keyVariable}`);
  }
  return { provider: remote, model, baseUrl: baseUrl.replace(/\/+$/, ''), apiKey, timeoutMs: timeoutMs(remote, options) };
}

/** A call's time limit in milliseconds: the one given, else the provider's default. */
function timeoutMs(provider: LanguageModelProvider, options: ParseLanguageModelOptions): number {
  const seconds = options.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS[provider];
  if (!(seconds >= 1 && seconds <= MAX_TIMEOUT_SECONDS)) throw invalidRequest(`${options.settingName}: the timeout must be 1 to ${MAX_TIMEOUT_SECONDS} seconds, got ${seconds}`);
  return Math.round(seconds * 1000);
}

/** `<provider>:<model>` of a setting, for logs and the doctor (never the key). */
/** What a node without a language model does, and how to give it one: for `service doctor` and `serve`'s start. */
export const NO_LANGUAGE_MODEL = {
  detail: "none configured: scripts come from the embedded rules, which show only the prompt's own content (a prompt that only names a topic makes a thin video)",
  fix: 'pull a model and serve with it (service models pull, then --llm local:<file.gguf>), point at a server (--llm openai-compatible:<model> --llm-base-url <url>), or use a key (--llm openai:<model> with OPENAI_API_KEY)',
};

export function describeLanguageModel(setting: LanguageModelSetting): string {
  return setting.provider === 'local'
    ? `local:${setting.model}`
    : `${setting.provider}:${setting.model} at ${setting.baseUrl}`;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}
