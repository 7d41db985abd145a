import type { FastifyInstance } from 'fastify';
import type { RateLimitBucket } from '../rate-limit/rate-limits.js';
import type { RequestLimits } from '../rate-limit/request-limits.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A limit this route adds beyond the all-endpoints one. */
    rateLimit?: RateLimitBucket;
  }
}

/** Options of the app's rate limits. */
export interface RateLimitOptions {
  /** Clock, for tests. @default Date.now */
  now?: () => number;
}

/**
 * Limits REST requests per API key with the app's shared {@link RequestLimits}: every authenticated
 * request counts against `all`, and a route's own bucket counts too. Every authenticated response
 * carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` (seconds) of the tightest
 * limit that applies; a refusal is 429 with `Retry-After`.
 *
 * Hand-written rather than @fastify/rate-limit: that plugin lets a route's limit replace the global
 * one, while the spec counts a `POST /v1/videos` against both, and MCP tool calls share the counts.
 */
export function rateLimitPlugin(app: FastifyInstance, limits: RequestLimits): void {
  app.addHook('onRequest', async (request, reply) => {
    const principal = request.principal;
    if (!principal) return;
    const outcome = limits.count(principal.key.id, request.routeOptions.config.rateLimit);
    reply.headers(outcome.headers);
    if (outcome.refusal) throw outcome.refusal;
  });
}
