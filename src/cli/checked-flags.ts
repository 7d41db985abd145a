import { Option, type Command } from 'commander';
import type { ServiceOptions } from '../config/resolve-config.js';

/** One flag of {@link CHECKED_FLAGS}: its commander spelling, help and the option it sets. */
interface CheckedFlag {
  /** The {@link ServiceOptions} field, which is also commander's name for the flag (`--llm-base-url` → `llmBaseUrl`). */
  key: keyof ServiceOptions;
  flags: string;
  description: string;
  parse?: (value: string) => number;
}

/**
 * The flags that choose what `serve` runs and `service doctor` checks: the language, speech,
 * video and image models, the render path and the scale-out queue and store. Declared once here so
 * that doctor takes exactly serve's flags and checks the configuration serve would run.
 */
export const CHECKED_FLAGS = [
  { key: 'renderAccel', flags: '--render-accel <auto|cpu|gpu>', description: 'render acceleration: auto uses the GPU (Chromium angle-egl, NVENC) only when a probe finds one that works; see `service doctor` (env SERVICE_RENDER_ACCEL, default auto)' },
  { key: 'queue', flags: '--queue <redis-url>', description: 'render video segments on `service worker` processes through this Redis (BullMQ), e.g. redis://10.0.0.5:6379 (env SERVICE_QUEUE; needs --store)' },
  { key: 'store', flags: '--store <s3-url>', description: 'bucket the node and its workers share, s3://bucket/prefix; endpoint, region and keys from AWS_ENDPOINT_URL_S3, AWS_REGION, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY (env SERVICE_STORE)' },
  { key: 'llm', flags: '--llm <provider:model>', description: 'language model: openai:<model>, anthropic:<model>, google:<model>, openai-compatible:<model> or local:<file.gguf> (env SERVICE_LLM; keys from OPENAI_API_KEY, ANTHROPIC_API_KEY, GOOGLE_GENERATIVE_AI_API_KEY, SERVICE_LLM_API_KEY)' },
  { key: 'llmBaseUrl', flags: '--llm-base-url <url>', description: 'API base URL of the language model, required for openai-compatible (env SERVICE_LLM_BASE_URL)' },
  { key: 'llmPremium', flags: '--llm-premium <provider:model>', description: 'a stronger language model for model-6 (env SERVICE_LLM_PREMIUM, default the --llm model)' },
  { key: 'llmPremiumBaseUrl', flags: '--llm-premium-base-url <url>', description: 'API base URL of the premium model (env SERVICE_LLM_PREMIUM_BASE_URL)' },
  { key: 'llmTimeout', flags: '--llm-timeout <seconds>', description: 'how long one call of the language model may take (env SERVICE_LLM_TIMEOUT; default 120 for hosted APIs, 600 for openai-compatible servers, 900 for local files)', parse: parseFloat },
  { key: 'llmPremiumTimeout', flags: '--llm-premium-timeout <seconds>', description: 'the same for the premium model (env SERVICE_LLM_PREMIUM_TIMEOUT)', parse: parseFloat },
  { key: 'llmFallback', flags: '--llm-fallback <fail|embedded>', description: 'when the language model fails a plan: fail the job, or plan with the embedded planner and warn (env SERVICE_LLM_FALLBACK, default fail)' },
  { key: 'footage', flags: '--footage <provider:model>', description: 'video model for ai_video footage: google:<veo model> (env SERVICE_FOOTAGE; key from GOOGLE_GENERATIVE_AI_API_KEY; default none: shots drawn and animated by the kit)' },
  { key: 'footageBaseUrl', flags: '--footage-base-url <url>', description: 'API base URL of the video model (env SERVICE_FOOTAGE_BASE_URL)' },
  { key: 'speech', flags: '--speech <provider:model>', description: 'speech model for narration: openai:<model> (OPENAI_API_KEY), elevenlabs:<model> (ELEVENLABS_API_KEY) or openai-compatible:<model> with --speech-base-url (env SERVICE_SPEECH; default elevenlabs:eleven_multilingual_v2 when ELEVENLABS_API_KEY is set, else the embedded engine)' },
  { key: 'speechBaseUrl', flags: '--speech-base-url <url>', description: 'API base URL of the speech model; required for openai-compatible (env SERVICE_SPEECH_BASE_URL)' },
  { key: 'speechVoices', flags: '--speech-voices <ids>', description: 'comma-separated voice ids of an openai-compatible server that cannot list its voices (env SERVICE_SPEECH_VOICES)' },
  { key: 'speechFallback', flags: '--speech-fallback <fail|embedded>', description: 'when the speech model fails: fail the job (audio_failed), or narrate with the embedded engine and warn (env SERVICE_SPEECH_FALLBACK, default fail)' },
  { key: 'imageModel', flags: '--image-model <provider:model>', description: 'image model for cast portraits and storyboard stills: openai:<model>, google:<model> or openai-compatible:<model> (env SERVICE_IMAGE_MODEL; default none: drawn by the kit)' },
  { key: 'imageModelBaseUrl', flags: '--image-model-base-url <url>', description: 'API base URL of the image model; required for openai-compatible (env SERVICE_IMAGE_MODEL_BASE_URL)' },
] as const satisfies readonly CheckedFlag[];

/** A {@link ServiceOptions} field one of {@link CHECKED_FLAGS} sets. */
export type CheckedOptionKey = (typeof CHECKED_FLAGS)[number]['key'];

/** Adds every flag of {@link CHECKED_FLAGS} to a command, in their order. */
export function withCheckedFlags(command: Command): Command {
  for (const flag of CHECKED_FLAGS as readonly CheckedFlag[]) {
    const option = new Option(flag.flags, flag.description);
    command.addOption(flag.parse ? option.argParser(flag.parse) : option);
  }
  return command;
}

/** The {@link ServiceOptions} a command's parsed options hold for {@link CHECKED_FLAGS}; unset flags are left out. */
export function checkedOptionsOf(parsed: Record<string, unknown>): Pick<ServiceOptions, CheckedOptionKey> {
  const options: Record<string, unknown> = {};
  for (const { key } of CHECKED_FLAGS) {
    if (parsed[key] !== undefined) options[key] = parsed[key];
  }
  return options as Pick<ServiceOptions, CheckedOptionKey>;
}
