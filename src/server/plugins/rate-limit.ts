import type { FastifyInstance } from 'fastify';
import { ServiceError } from '../../errors/service-error.js';
import { FixedWindowLimiter, type LimitState } from '../rate-limit/fixed-window-limiter.js';
import { RATE_LIMIT_WINDOW_MS, RATE_LIMITS, type RateLimitBucket } from '../rate-limit/rate-limits.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A limit this route adds beyond the all-endpoints one. */
    rateLimit?: RateLimitBucket;
  }
}

/** Options of {@link rateLimitPlugin}. */
export interface RateLimitOptions {
  /** Clock, for tests. @default Date.now */
  now?: () => number;
}

/**
 * Limits requests per API key: every authenticated request counts against `all`, and a route's own
 * bucket counts too. Every authenticated response carries `RateLimit-Limit`, `RateLimit-Remaining`
 * and `RateLimit-Reset` (seconds) of the tightest limit that applies; a refusal is 429 with
 * `Retry-After`.
 *
 * Hand-written rather than @fastify/rate-limit: that plugin lets a route's limit replace the global
 * one, while the spec counts a `POST /v1/videos` against both.
 */
export function rateLimitPlugin(app: FastifyInstance, options: RateLimitOptions = {}): void {
  const limiter = new FixedWindowLimiter(RATE_LIMIT_WINDOW_MS, options.now);

  app.addHook('onRequest', async (request, reply) => {
    const principal = request.principal;
    if (!principal) return;
    const states: LimitState[] = [limiter.hit(`${principal.key.id}:all`, RATE_LIMITS.all)];
    const bucket = request.routeOptions.config.rateLimit;
    if (bucket && states[0]!.allowed) states.push(limiter.hit(`${principal.key.id}:${bucket}`, RATE_LIMITS[bucket]));

    const refused = states.find((state) => !state.allowed);
    const shown = refused ?? states.reduce((tightest, state) => (state.remaining < tightest.remaining ? state : tightest));
    const resetSeconds = Math.max(1, Math.ceil(shown.resetMs / 1000));
    reply.headers({
      'ratelimit-limit': String(shown.limit),
      'ratelimit-remaining': String(shown.remaining),
      'ratelimit-reset': String(resetSeconds),
    });
    if (refused) {
      throw new ServiceError(
        'rate_limited',
        `rate limit of ${refused.limit} requests per minute reached for this API key; retry in ${resetSeconds} s`,
        { headers: { 'retry-after': String(resetSeconds) } },
      );
    }
  });
}
