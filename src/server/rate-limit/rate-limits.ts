/** Per-API-key limits, per minute. `all` counts every authenticated request; the others add to it. */
export const RATE_LIMITS = {
  all: 60,
  'videos.create': 5,
  'infographics.generate': 10,
} as const;

/** A named limit a route can add beyond `all`. */
export type RateLimitBucket = Exclude<keyof typeof RATE_LIMITS, 'all'>;

/** The length of every rate-limit window. */
export const RATE_LIMIT_WINDOW_MS = 60_000;
