import { ENVIRONMENT_VARIABLES, resolveConfig, type ServiceConfig, type ServiceOptions } from '../config/resolve-config.js';
import { ServiceError } from '../errors/service-error.js';
import type { CheckResult } from './run-checks.js';

/** The settings behind one doctor line, and what to do when `serve` refuses them. */
interface SettingGroup {
  /** The {@link CheckResult.name} of the line that reports these settings. */
  check: string;
  keys: readonly (keyof ServiceOptions)[];
  fix: string;
  /** A group only read together with this one (the premium model needs the default one). */
  needs?: string;
}

/** The provider settings a doctor line reports, each checked apart from the others. */
const SETTING_GROUPS: readonly SettingGroup[] = [
  { check: 'render', keys: ['renderAccel'], fix: 'serve refuses to start with it: set --render-accel (SERVICE_RENDER_ACCEL) to auto, cpu or gpu' },
  {
    check: 'speech model',
    keys: ['speech', 'speechBaseUrl', 'speechVoices', 'speechFallback', 'elevenLabsApiKey', 'elevenLabsBaseUrl'],
    fix: 'serve refuses to start with it: correct --speech, --speech-base-url, --speech-voices or --speech-fallback (SERVICE_SPEECH…) or set the key variable named, or leave --speech unset for the embedded engine',
  },
  {
    check: 'language model',
    keys: ['llm', 'llmBaseUrl', 'llmTimeout', 'llmFallback'],
    fix: 'serve refuses to start with it: correct --llm, --llm-base-url, --llm-timeout or --llm-fallback (SERVICE_LLM…) or set the key variable named, or leave --llm unset for the embedded planner',
  },
  {
    check: 'premium model',
    keys: ['llmPremium', 'llmPremiumBaseUrl', 'llmPremiumTimeout'],
    needs: 'language model',
    fix: 'serve refuses to start with it: correct --llm-premium, --llm-premium-base-url or --llm-premium-timeout (SERVICE_LLM_PREMIUM…), or leave --llm-premium unset to use the --llm model',
  },
  { check: 'queue', keys: ['queue', 'store'], fix: 'serve refuses to start with it: correct --queue redis://host:port (SERVICE_QUEUE) and --store s3://bucket/prefix (SERVICE_STORE), which go together, or leave both unset to render on this machine' },
  { check: 'footage', keys: ['footage', 'footageBaseUrl'], fix: 'serve refuses to start with it: correct --footage or --footage-base-url (SERVICE_FOOTAGE…) or set the key variable named, or leave --footage unset for drawn shots' },
  { check: 'image model', keys: ['imageModel', 'imageModelBaseUrl'], fix: 'serve refuses to start with it: correct --image-model or --image-model-base-url (SERVICE_IMAGE_MODEL…) or set the key variable named, or leave --image-model unset for drawn stills' },
];

/** The configuration `service doctor` checks, and the provider settings `serve` would refuse. */
export interface DoctorConfig {
  /** What `serve` would run with the same flags and environment, less the {@link refused} settings. */
  config: ServiceConfig;
  /** One `fail` line per refused group of settings, named as the line that reports them (`speech model`, `language model`, …). */
  refused: CheckResult[];
}

/**
 * Resolves flags and environment as `serve` does ({@link resolveConfig}). Where `serve` would stop
 * at a malformed provider setting, the doctor reports it as that provider's line and checks the
 * rest; a malformed setting outside the providers (a port, a log level) throws as it does for `serve`.
 */
export function resolveDoctorConfig(options: ServiceOptions = {}, env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): DoctorConfig {
  try {
    return { config: resolveConfig(options, env, cwd), refused: [] };
  } catch (error) {
    if (!isInvalidSetting(error)) throw error;
  }
  const without = (groups: readonly SettingGroup[]): ServiceConfig => {
    const kept: ServiceOptions = { ...options };
    const keptEnv: NodeJS.ProcessEnv = { ...env };
    for (const key of groups.flatMap((group) => group.keys)) {
      delete kept[key];
      delete keptEnv[ENVIRONMENT_VARIABLES[key]];
    }
    return resolveConfig(kept, keptEnv, cwd);
  };
  // Throws when the fault lies outside the providers' settings.
  without(SETTING_GROUPS);

  const refused: CheckResult[] = [];
  const refusedGroups: SettingGroup[] = [];
  for (const group of SETTING_GROUPS) {
    if (group.needs && refusedGroups.some((other) => other.check === group.needs)) {
      // Not read without the model it needs: that model's line says what to fix.
      refusedGroups.push(group);
      continue;
    }
    try {
      without(SETTING_GROUPS.filter((other) => other !== group && other.check !== group.needs));
    } catch (error) {
      if (!isInvalidSetting(error)) throw error;
      refused.push({ name: group.check, status: 'fail', detail: (error as ServiceError).message, fix: group.fix });
      refusedGroups.push(group);
    }
  }
  return { config: without(refusedGroups), refused };
}

function isInvalidSetting(error: unknown): error is ServiceError {
  return error instanceof ServiceError && error.code === 'invalid_request';
}
