import type { ServiceConfig } from '../../config/resolve-config.js';

/** Something a job's client should know about how the video was made; it does not fail the job. */
export interface JobWarning {
  code: string;
  message: string;
}

/** The warning of a job made with no language model: the embedded planner shows only the prompt's own words. */
export const NO_LANGUAGE_MODEL: JobWarning = {
  code: 'no_language_model',
  message:
    "No language model is configured on this node: the video uses only the prompt's own words (no facts, explanations or answers beyond them). Configure one with --llm (see the README).",
};

/** The warnings a job gets when it is created on a node with this configuration. */
export function warningsAtCreate(config: ServiceConfig): JobWarning[] {
  // Without a language model (--llm) the embedded planner plans every job.
  return config.languageModel === undefined ? [NO_LANGUAGE_MODEL] : [];
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
