/** Per-API-key limits, per minute. `all` counts every authenticated request; the others add to it. */
export const RATE_LIMITS = {
  all: 60,
  'videos.create': 5,
  /** Edits are small, iterative changes: their own window, so trying a few phrasings does not spend the create limit. */
  'videos.edit': 20,
  'infographics.generate': 10,
} as const;

/** A named limit a route can add beyond `all`. */
export type RateLimitBucket = Exclude<keyof typeof RATE_LIMITS, 'all'>;

/** The length of every rate-limit window. */
export const RATE_LIMIT_WINDOW_MS = 60_000;

/** What each limit counts, as a refusal names it. */
export const RATE_LIMIT_SUBJECTS: Record<keyof typeof RATE_LIMITS, string> = {
  all: 'requests (all endpoints)',
  'videos.create': 'video creates (POST /v1/videos, MCP create_video)',
  'videos.edit': 'video edits (POST /v1/videos/{id}/edit, MCP edit_video)',
  'infographics.generate': 'infographic generations (POST /v1/infographics/generate)',
};
