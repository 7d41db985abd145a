import type { ServiceConfig } from '../../config/resolve-config.js';
import type { ResolvedVideoOptions } from '../create/resolve-video-options.js';

/** Something a job's client should know about how the video was made; it does not fail the job. */
export interface JobWarning {
  code: string;
  message: string;
}

/** The warning of a job made with no language model: the embedded planner shows only the prompt's own words. */
export const NO_LANGUAGE_MODEL: JobWarning = {
  code: 'no_language_model',
  message:
    "No language model is configured on this node: the video uses only the prompt's own words (no facts, explanations or answers beyond them). Configure one with --llm (see docs/models.md).",
};

/** The warning of a job whose film shots the kit draws because this node has no video model; no film is charged. */
export const FOOTAGE_DRAWN: JobWarning = {
  code: 'footage_drawn',
  message:
    'No video model is configured on this node: the film shots are not filmed but drawn by the kit (a picture with a camera move, light and grain), and nothing is charged for film (they cost what a motion-graphics scene costs). Configure one with --footage (see "Film shots" in docs/rest-api.md).',
};

/**
 * The warnings a job gets when it is created on a node with this configuration: `no_language_model`
 * without `--llm`; `footage_drawn` without `--footage` when the job asks for film shots (`ai_video`
 * `on` or `full`; an `auto` job gets it from the footage stage once it has a shot to draw).
 */
export function warningsAtCreate(config: ServiceConfig, options?: Pick<ResolvedVideoOptions, 'aiVideo' | 'multiScene'>): JobWarning[] {
  const warnings: JobWarning[] = [];
  // Without a language model (--llm) the embedded planner plans every job.
  if (config.languageModel === undefined) warnings.push(NO_LANGUAGE_MODEL);
  if (config.footage === undefined && options?.multiScene && (options.aiVideo === 'on' || options.aiVideo === 'full')) warnings.push(FOOTAGE_DRAWN);
  return warnings;
}

/** Adds a warning to a job once (the same code and message are not added twice). */
export function addJobWarning(stage: { job(): { warnings: string | null }; progress(changes: { warnings: string }): void }, warning: JobWarning): void {
  const warnings = parseWarnings(stage.job().warnings);
  if (warnings.some((entry) => entry.code === warning.code && entry.message === warning.message)) return;
  stage.progress({ warnings: JSON.stringify([...warnings, warning]) });
}

/**
 * A job's warnings with the one of `code` replaced by `warning`, or taken off without one: for a
 * warning that states a measured fact, which a stage run again measures anew.
 */
export function withJobWarning(stored: string | null | undefined, code: string, warning: JobWarning | undefined): string {
  return JSON.stringify([...parseWarnings(stored).filter((entry) => entry.code !== code), ...(warning ? [warning] : [])]);
}

/** A job row's stored warnings (a JSON array); an unreadable value reads as none. */
export function parseWarnings(stored: string | null | undefined): JobWarning[] {
  try {
    const parsed: unknown = JSON.parse(stored ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter((item): item is JobWarning => typeof item?.code === 'string' && typeof item?.message === 'string').map(({ code, message }) => ({ code, message }))
      : [];
  } catch {
    return [];
  }
}
