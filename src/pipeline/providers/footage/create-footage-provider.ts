import { createAiSdkFootageProvider, type AiSdkFootageOptions } from './ai-sdk-footage.js';
import { createEmbeddedFootageProvider, type EmbeddedFootageOptions } from './embedded-footage.js';
import type { FootageSetting } from './footage-config.js';
import type { FootageProvider } from './footage-provider.js';

/** What {@link createFootageProvider} may build either provider with. */
export interface FootageProviderDeps extends EmbeddedFootageOptions {
  /** Options of the video-model provider (retries, time limit, poll interval, fetch). */
  aiSdk?: AiSdkFootageOptions;
}

/**
 * The node's footage provider: the video model a setting names (`--footage google:veo-…`), or the
 * embedded provider when none is configured.
 */
export function createFootageProvider(setting: FootageSetting | undefined, deps: FootageProviderDeps): FootageProvider {
  if (setting) return createAiSdkFootageProvider(setting, { ffmpegPath: deps.ffmpegPath, ...deps.aiSdk });
  return createEmbeddedFootageProvider(deps);
}
