import { onScreenWords } from '../edit/scene-text.js';
import { readingSeconds } from '../speech/fit-timeline.js';
import { DEFAULT_INFOGRAPHIC_SECONDS, MAX_INFOGRAPHIC_SECONDS } from './infographic-schema.js';

/**
 * How long an infographic lasts. A duration the request asked for is kept. Otherwise it is the
 * default 15 s, or, when its on-screen text takes longer to read (about 1 s and 0.3 s a word, the
 * rule every video scene keeps), that time in whole seconds, up to the 120 s an infographic may last.
 */
export function infographicSeconds(asked: number | undefined, settings: Record<string, unknown>): number {
  if (asked !== undefined) return asked;
  return Math.min(MAX_INFOGRAPHIC_SECONDS, Math.max(DEFAULT_INFOGRAPHIC_SECONDS, Math.ceil(readingSeconds(onScreenWords(settings)))));
}

/** Whether a project's infographics follow their text (no `duration` was asked), from its stored options. */
export function followsText(options: string): boolean {
  try {
    return (JSON.parse(options) as { durationFollowsText?: unknown }).durationFollowsText === true;
  } catch {
    return false;
  }
}
