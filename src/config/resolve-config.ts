import { RENDER_ACCEL_SETTINGS, type RenderAccelSetting } from '../render/acceleration.js';
import { resolveQueueOptions } from '../queue/queue-settings.js';
import { DEFAULT_MIN_FREE_MB } from '../storage/disk-space.js';
import { parseStoreSetting, type StoreSetting } from '../storage/store-config.js';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { invalidRequest } from '../errors/service-error.js';
import { packageCacheDir } from '../package-root.js';
import { parseFootageSetting, type FootageSetting } from '../pipeline/providers/footage/footage-config.js';
import { parseStillSetting, type StillSetting } from '../pipeline/providers/stills/stills-config.js';
import { parseLanguageModelSetting, type LanguageModelSetting } from '../pipeline/providers/llm/model-config.js';
import { parseSpeechSetting, type SpeechSetting } from '../pipeline/speech/providers/speech-config.js';

/** Log levels accepted by `--log-level` / `SERVICE_LOG_LEVEL`. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
/** One of {@link LOG_LEVELS}. */
export type LogLevel = (typeof LOG_LEVELS)[number];

/** What an operator may set, by flag or environment variable; every field optional. */
export interface ServiceOptions {
  /** Where the database and files live. @default "./data" */
  dataDir?: string;
  /** Listening port; 0 picks a free one. @default 8080 */
  port?: number;
  /** Listening address. @default "127.0.0.1" */
  host?: string;
  /** Base of app_url, download_url and the OAuth issuer. @default "http://<host>:<port>" */
  publicUrl?: string;
  /** Let attachments and webhooks use loopback and private addresses. @default false */
  allowPrivateUrls?: boolean;
  /** @default "info" */
  logLevel?: LogLevel;
  /** Credits given to the owner account that `serve` creates on an empty data dir. @default 1000 */
  ownerCredits?: number;
  /** Path of a Chromium or chrome-headless-shell binary. @default found on the machine */
  browserExecutable?: string;
  /** Path of an ffmpeg binary. @default the one inside Remotion's compositor package */
  ffmpegPath?: string;
  /** Render worker processes (renders at a time). @default 1 */
  renderWorkers?: number;
  /** Video jobs worked on at once (plan, scenes, narration, render). @default 1 */
  jobs?: number;
  /** Render acceleration: `auto` (the GPU when a probe finds one that works), `cpu` or `gpu`. @default "auto" */
  renderAccel?: string;
  /** Redis URL of the distributed render queue (`redis://host:port`); segments then render on `service worker` processes. */
  queue?: string;
  /** Where files shared with workers live: `s3://bucket/prefix` (endpoint, region and keys from the AWS variables). */
  store?: string;
  /** Where built bundles are cached. @default "<dataDir>/cache" */
  cacheDir?: string;
  /** ElevenLabs' API key: without `--speech`, narration speaks through `elevenlabs:eleven_multilingual_v2`. */
  elevenLabsApiKey?: string;
  /** Base URL of ElevenLabs' API. @default "https://api.elevenlabs.io" */
  elevenLabsBaseUrl?: string;
  /** The node's speech model, `<provider>:<model>` (`openai:gpt-4o-mini-tts`, `elevenlabs:eleven_multilingual_v2`, `openai-compatible:kokoro`). @default none: the embedded engine */
  speech?: string;
  /** API base URL of that model; required for `openai-compatible`. */
  speechBaseUrl?: string;
  /** Voice ids of an `openai-compatible` server that cannot list them, comma-separated. */
  speechVoices?: string;
  /** When the speech model fails: `fail` the job (`audio_failed`), or let the `embedded` engine speak with a warning. @default "fail" */
  speechFallback?: string;
  /** The node's language model, `<provider>:<model>` (`openai:gpt-4.1`, `local:./m.gguf`). @default none: the embedded planner */
  llm?: string;
  /** API base URL of that model; required for `openai-compatible`. @default the provider's own */
  llmBaseUrl?: string;
  /** A stronger model for the premium tier (model-6), `<provider>:<model>`. @default the node's language model */
  llmPremium?: string;
  /** API base URL of the premium model. @default the provider's own */
  llmPremiumBaseUrl?: string;
  /** When the language model fails a job's plan: `fail` the job, or plan it with the `embedded` planner and warn. @default "fail" */
  llmFallback?: string;
  /** Seconds one call of the language model may take (`--llm-timeout`). */
  llmTimeout?: number;
  /** Seconds one call of the premium model may take (`--llm-premium-timeout`). */
  llmPremiumTimeout?: number;
  /** The node's video model for `ai_video` footage, `<provider>:<model>` (`google:veo-3.0-fast-generate-001`). @default none: footage shots drawn and animated by the kit */
  footage?: string;
  /** API base URL of that video model. @default the provider's own */
  footageBaseUrl?: string;
  /** The image model for cast portraits and storyboard stills, `<provider>:<model>` (`openai:gpt-image-1`). @default none: drawn by the kit */
  imageModel?: string;
  /** API base URL of that image model; required for `openai-compatible`. @default the provider's own */
  imageModelBaseUrl?: string;
  /** Free space (MB) the data dir's disk must keep: under it creates are refused, jobs pause and health says degraded. @default 200 */
  minFreeMb?: number;
}

/** {@link ServiceOptions} with every default applied; built once by {@link resolveConfig}. */
export interface ServiceConfig {
  dataDir: string;
  port: number;
  host: string;
  /** Undefined until the port is known; use {@link publicUrlOf}. */
  publicUrl: string | undefined;
  allowPrivateUrls: boolean;
  logLevel: LogLevel;
  ownerCredits: number;
  browserExecutable: string | undefined;
  ffmpegPath: string | undefined;
  renderWorkers: number;
  jobs: number;
  renderAccel: RenderAccelSetting;
  /** The distributed render queue's Redis URL; undefined renders in this process's workers. */
  queueUrl: string | undefined;
  /** The store files shared with render workers live in (`local`: the data dir only). */
  store: StoreSetting;
  cacheDir: string;
  /** The node's speech model with its key; undefined when the embedded engine speaks every voice. */
  speech: SpeechSetting | undefined;
  /** What a job does when the speech model fails (see {@link ServiceOptions.speechFallback}). */
  speechFallback: 'fail' | 'embedded';
  /** The node's language model with its key; undefined when none is configured. */
  languageModel: LanguageModelSetting | undefined;
  /** The premium tier's model when one is configured apart from {@link languageModel}. */
  premiumLanguageModel: LanguageModelSetting | undefined;
  /** True when no `--llm` was given and {@link languageModel} is the one GGUF file in `<data-dir>/models`. */
  languageModelFromDataDir: boolean;
  /** What a job does when its language model fails: fail (`model_unavailable`, `model_output_invalid`) or fall back to the embedded planner with a warning. */
  llmFallback: 'fail' | 'embedded';
  /** The node's video model with its key; undefined when none is configured (footage is drawn by the kit). */
  footage: FootageSetting | undefined;
  /** The image model with its key; undefined when none is configured (portraits and stills are drawn by the kit). */
  imageModel: StillSetting | undefined;
  /** Free bytes the data dir's disk must keep (see src/storage/disk-space.ts). */
  minFreeBytes: number;
}

/** Environment variables read for each option (flags win over them). */
export const ENVIRONMENT_VARIABLES = {
  dataDir: 'SERVICE_DATA_DIR',
  port: 'SERVICE_PORT',
  host: 'SERVICE_HOST',
  publicUrl: 'SERVICE_PUBLIC_URL',
  allowPrivateUrls: 'SERVICE_ALLOW_PRIVATE_URLS',
  logLevel: 'SERVICE_LOG_LEVEL',
  ownerCredits: 'SERVICE_OWNER_CREDITS',
  browserExecutable: 'SERVICE_BROWSER_EXECUTABLE',
  ffmpegPath: 'SERVICE_FFMPEG_PATH',
  renderWorkers: 'SERVICE_RENDER_WORKERS',
  jobs: 'SERVICE_JOBS',
  renderAccel: 'SERVICE_RENDER_ACCEL',
  queue: 'SERVICE_QUEUE',
  store: 'SERVICE_STORE',
  cacheDir: 'SERVICE_CACHE_DIR',
  elevenLabsApiKey: 'ELEVENLABS_API_KEY',
  elevenLabsBaseUrl: 'ELEVENLABS_BASE_URL',
  speech: 'SERVICE_SPEECH',
  speechBaseUrl: 'SERVICE_SPEECH_BASE_URL',
  speechVoices: 'SERVICE_SPEECH_VOICES',
  speechFallback: 'SERVICE_SPEECH_FALLBACK',
  llm: 'SERVICE_LLM',
  llmBaseUrl: 'SERVICE_LLM_BASE_URL',
  llmPremium: 'SERVICE_LLM_PREMIUM',
  llmPremiumBaseUrl: 'SERVICE_LLM_PREMIUM_BASE_URL',
  llmFallback: 'SERVICE_LLM_FALLBACK',
  llmTimeout: 'SERVICE_LLM_TIMEOUT',
  llmPremiumTimeout: 'SERVICE_LLM_PREMIUM_TIMEOUT',
  footage: 'SERVICE_FOOTAGE',
  footageBaseUrl: 'SERVICE_FOOTAGE_BASE_URL',
  imageModel: 'SERVICE_IMAGE_MODEL',
  imageModelBaseUrl: 'SERVICE_IMAGE_MODEL_BASE_URL',
  minFreeMb: 'SERVICE_MIN_FREE_MB',
} as const satisfies Record<keyof ServiceOptions, string>;

/**
 * Resolves flags over environment variables over defaults into a complete config.
 * Throws `invalid_request` naming the setting when a value is malformed.
 */
export function resolveConfig(
  options: ServiceOptions = {},
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = process.cwd(),
): ServiceConfig {
  const fromEnv = (key: keyof ServiceOptions): string | undefined => {
    const value = env[ENVIRONMENT_VARIABLES[key]];
    return value === undefined || value === '' ? undefined : value;
  };

  const resolveLanguageModel = (key: 'llm' | 'llmPremium', baseUrlKey: 'llmBaseUrl' | 'llmPremiumBaseUrl') => {
    const value = options[key] ?? fromEnv(key);
    const baseUrl = options[baseUrlKey] ?? fromEnv(baseUrlKey);
    const flag = `--${key === 'llm' ? 'llm' : 'llm-premium'}`;
    if (value === undefined) {
      if (baseUrl !== undefined) throw invalidRequest(`${flag}-base-url (${ENVIRONMENT_VARIABLES[baseUrlKey]}) is set but ${flag} (${ENVIRONMENT_VARIABLES[key]}) is not`);
      return undefined;
    }
    const timeoutKey = key === 'llm' ? 'llmTimeout' : 'llmPremiumTimeout';
    const timeoutSeconds = options[timeoutKey] ?? parseNumber(`${flag}-timeout (${ENVIRONMENT_VARIABLES[timeoutKey]})`, fromEnv(timeoutKey));
    return parseLanguageModelSetting(value, { settingName: `${flag} (${ENVIRONMENT_VARIABLES[key]})`, baseUrl, env, cwd, ...(timeoutSeconds !== undefined ? { timeoutSeconds } : {}) });
  };

  const port = options.port ?? parseInteger('port', fromEnv('port')) ?? 8080;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw invalidRequest(`port must be a whole number from 0 to 65535, got ${port}`);
  }
  const logLevel = options.logLevel ?? fromEnv('logLevel') ?? 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    throw invalidRequest(`log level must be one of ${LOG_LEVELS.join(', ')}, got ${logLevel}`);
  }
  const ownerCredits = options.ownerCredits ?? parseNumber('owner credits', fromEnv('ownerCredits')) ?? 1000;
  if (!(ownerCredits >= 0)) throw invalidRequest(`owner credits must be 0 or more, got ${ownerCredits}`);

  const publicUrl = options.publicUrl ?? fromEnv('publicUrl');
  if (publicUrl !== undefined && !/^https?:\/\/[^\s/]+/.test(publicUrl)) {
    throw invalidRequest(`public url must be an http(s) URL, got ${publicUrl}`);
  }

  const voiceApiKey = options.elevenLabsApiKey ?? fromEnv('elevenLabsApiKey');
  // With no --speech, an ElevenLabs key means narration through ElevenLabs: a node never lists voices it does not speak.
  const speechValue = options.speech ?? fromEnv('speech') ?? (voiceApiKey ? 'elevenlabs:eleven_multilingual_v2' : undefined);
  const speechBaseUrl = options.speechBaseUrl ?? fromEnv('speechBaseUrl') ?? (speechValue?.startsWith('elevenlabs:') ? (options.elevenLabsBaseUrl ?? fromEnv('elevenLabsBaseUrl')) : undefined);
  const speechVoices = options.speechVoices ?? fromEnv('speechVoices');
  if (speechValue === undefined && (speechBaseUrl !== undefined || speechVoices !== undefined)) {
    throw invalidRequest(`--speech-base-url and --speech-voices (${ENVIRONMENT_VARIABLES.speechBaseUrl}, ${ENVIRONMENT_VARIABLES.speechVoices}) need --speech (${ENVIRONMENT_VARIABLES.speech})`);
  }
  const speech =
    speechValue === undefined
      ? undefined
      : parseSpeechSetting(speechValue, { settingName: `--speech (${ENVIRONMENT_VARIABLES.speech})`, ...(speechBaseUrl ? { baseUrl: speechBaseUrl } : {}), ...(speechVoices ? { voices: speechVoices } : {}), env: voiceApiKey ? { ...env, ELEVENLABS_API_KEY: voiceApiKey } : env });
  const speechFallback = options.speechFallback ?? fromEnv('speechFallback') ?? 'fail';
  if (speechFallback !== 'fail' && speechFallback !== 'embedded') {
    throw invalidRequest(`--speech-fallback (${ENVIRONMENT_VARIABLES.speechFallback}) must be "fail" or "embedded", got "${speechFallback}"`);
  }
  const renderWorkers = options.renderWorkers ?? parseInteger('render workers', fromEnv('renderWorkers')) ?? 1;
  if (!(renderWorkers >= 1 && renderWorkers <= 64)) throw invalidRequest(`render workers must be 1 to 64, got ${renderWorkers}`);
  const jobs = options.jobs ?? parseInteger('jobs', fromEnv('jobs')) ?? 1;
  if (!(jobs >= 1 && jobs <= 16)) throw invalidRequest(`jobs (--jobs, SERVICE_JOBS) must be 1 to 16, got ${jobs}`);
  const renderAccel = options.renderAccel ?? fromEnv('renderAccel') ?? 'auto';
  if (!(RENDER_ACCEL_SETTINGS as readonly string[]).includes(renderAccel)) {
    throw invalidRequest(`render acceleration must be one of ${RENDER_ACCEL_SETTINGS.join(', ')}, got ${renderAccel}`);
  }
  const minFreeMb = options.minFreeMb ?? parseNumber(`minimum free space (${ENVIRONMENT_VARIABLES.minFreeMb})`, fromEnv('minFreeMb')) ?? DEFAULT_MIN_FREE_MB;
  if (!(minFreeMb >= 0)) throw invalidRequest(`minimum free space (${ENVIRONMENT_VARIABLES.minFreeMb}) must be 0 MB or more, got ${minFreeMb}`);
  const { queueUrl, store } = resolveScaleOut(options.queue ?? fromEnv('queue'), options.store ?? fromEnv('store'), env);
  const dataDir = path.resolve(cwd, options.dataDir ?? fromEnv('dataDir') ?? 'data');
  // With no --llm, the one model `service models pull` put in the data dir writes the scripts.
  const configuredModel = resolveLanguageModel('llm', 'llmBaseUrl');
  const pulledModel = configuredModel ? undefined : onlyPulledModel(path.join(dataDir, 'models'));
  const languageModel =
    configuredModel ??
    (pulledModel
      ? parseLanguageModelSetting(`local:${pulledModel}`, { settingName: `the model in ${path.join(dataDir, 'models')}`, env, cwd, ...(options.llmTimeout !== undefined ? { timeoutSeconds: options.llmTimeout } : {}) })
      : undefined);
  const premiumLanguageModel = resolveLanguageModel('llmPremium', 'llmPremiumBaseUrl');
  if (premiumLanguageModel && !languageModel) {
    throw invalidRequest('--llm-premium (SERVICE_LLM_PREMIUM) needs a default model too: set --llm (SERVICE_LLM)');
  }
  const llmFallback = options.llmFallback ?? fromEnv('llmFallback') ?? 'fail';
  if (llmFallback !== 'fail' && llmFallback !== 'embedded') {
    throw invalidRequest(`--llm-fallback (SERVICE_LLM_FALLBACK) must be "fail" or "embedded", got "${llmFallback}"`);
  }

  const footageValue = options.footage ?? fromEnv('footage');
  const footageBaseUrl = options.footageBaseUrl ?? fromEnv('footageBaseUrl');
  if (footageValue === undefined && footageBaseUrl !== undefined) {
    throw invalidRequest(`--footage-base-url (${ENVIRONMENT_VARIABLES.footageBaseUrl}) is set but --footage (${ENVIRONMENT_VARIABLES.footage}) is not`);
  }
  const footage =
    footageValue === undefined ? undefined : parseFootageSetting(footageValue, { settingName: `--footage (${ENVIRONMENT_VARIABLES.footage})`, baseUrl: footageBaseUrl, env });

  const imageModelValue = options.imageModel ?? fromEnv('imageModel');
  const imageModelBaseUrl = options.imageModelBaseUrl ?? fromEnv('imageModelBaseUrl');
  if (imageModelValue === undefined && imageModelBaseUrl !== undefined) {
    throw invalidRequest(`--image-model-base-url (${ENVIRONMENT_VARIABLES.imageModelBaseUrl}) is set but --image-model (${ENVIRONMENT_VARIABLES.imageModel}) is not`);
  }
  const imageModel =
    imageModelValue === undefined
      ? undefined
      : parseStillSetting(imageModelValue, { settingName: `--image-model (${ENVIRONMENT_VARIABLES.imageModel})`, ...(imageModelBaseUrl !== undefined ? { baseUrl: imageModelBaseUrl } : {}), env });

  return {
    dataDir,
    renderWorkers,
    jobs,
    renderAccel: renderAccel as RenderAccelSetting,
    queueUrl,
    store,
    footage,
    imageModel,
    minFreeBytes: Math.round(minFreeMb * 1024 * 1024),
    languageModel,
    languageModelFromDataDir: pulledModel !== undefined,
    premiumLanguageModel,
    llmFallback,
    cacheDir: path.resolve(cwd, options.cacheDir ?? fromEnv('cacheDir') ?? packageCacheDir() ?? path.join(dataDir, 'cache')),
    port,
    host: options.host ?? fromEnv('host') ?? '127.0.0.1',
    publicUrl: publicUrl?.replace(/\/+$/, ''),
    allowPrivateUrls: options.allowPrivateUrls ?? parseFlag(fromEnv('allowPrivateUrls')),
    logLevel: logLevel as LogLevel,
    ownerCredits,
    browserExecutable: options.browserExecutable ?? fromEnv('browserExecutable'),
    ffmpegPath: options.ffmpegPath ?? fromEnv('ffmpegPath'),
    speech,
    speechFallback: speechFallback as 'fail' | 'embedded',
  };
}

/** The public base URL: the configured one, else `http://<host>:<port>` of the listening server. */
export function publicUrlOf(config: ServiceConfig, listeningPort = config.port): string {
  if (config.publicUrl) return config.publicUrl;
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${listeningPort}`;
}

function parseInteger(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw invalidRequest(`${name} must be a whole number, got ${value}`);
  return Number(value);
}

/** The GGUF file in a models folder when it holds exactly one (a download still under way, `.partial`, does not count). */
function onlyPulledModel(modelsDir: string): string | undefined {
  let names: string[];
  try {
    names = readdirSync(modelsDir).filter((name) => name.toLowerCase().endsWith('.gguf'));
  } catch {
    return undefined;
  }
  return names.length === 1 ? path.join(modelsDir, names[0]!) : undefined;
}

function parseNumber(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isFinite(parsed)) throw invalidRequest(`${name} must be a number, got ${value}`);
  return parsed;
}

function parseFlag(value: string | undefined): boolean {
  return value !== undefined && ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

/**
 * The scale-out settings: a render queue needs a shared bucket (workers on other machines read
 * scene inputs and write segments there), and its URL must be one Redis clients take.
 */
export function resolveScaleOut(queue: string | undefined, storeValue: string | undefined, env: NodeJS.ProcessEnv): { queueUrl: string | undefined; store: StoreSetting } {
  const store = parseStoreSetting(storeValue, env);
  const queueUrl = queue?.trim() ? queue.trim() : undefined;
  if (queueUrl === undefined) {
    if (store.kind === 's3') throw invalidRequest('--store (SERVICE_STORE) holds the files render workers share: set --queue redis://host:port (SERVICE_QUEUE) too, or leave --store unset to keep files in the data dir');
    return { queueUrl, store };
  }
  resolveQueueOptions({ url: queueUrl });
  if (store.kind !== 's3') {
    throw invalidRequest('--queue (SERVICE_QUEUE) needs --store s3://bucket/prefix (SERVICE_STORE): render workers on other machines read scene inputs and write segments there');
  }
  return { queueUrl, store };
}
