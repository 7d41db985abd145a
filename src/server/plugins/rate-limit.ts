import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimitBucket } from '../rate-limit/rate-limits.js';
import type { BucketSlot, RequestLimits } from '../rate-limit/request-limits.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A limit this route adds beyond the all-endpoints one; only accepted (2xx) requests use it up. */
    rateLimit?: RateLimitBucket;
  }
  interface FastifyRequest {
    /** The bucket use this request holds until its answer says whether it is kept. */
    rateLimitHold?: { slot: BucketSlot; subject: string; bucket: RateLimitBucket; waived: boolean };
  }
}

/** Options of the app's rate limits. */
export interface RateLimitOptions {
  /** Clock, for tests. @default Date.now */
  now?: () => number;
}

/**
 * Marks a request of a limited route as having created nothing (an idempotent replay), so its answer,
 * though a 2xx, gives its bucket use back.
 */
export function waiveRateLimit(request: FastifyRequest): void {
  if (request.rateLimitHold) request.rateLimitHold.waived = true;
}

/**
 * Limits REST requests per API key (per account for app sessions) with the app's shared {@link RequestLimits}: every authenticated
 * request counts against `all`; a route's own bucket counts only requests answered 2xx that created
 * something. The bucket use is taken when the request arrives (so concurrent requests cannot overshoot)
 * and given back when the answer is a refusal. Every authenticated response carries `RateLimit-Limit`,
 * `RateLimit-Remaining` and `RateLimit-Reset` (seconds) of the tightest limit that applies, as it
 * stands once the bucket use is settled; a refusal is 429 with `Retry-After`.
 *
 * Hand-written rather than @fastify/rate-limit: that plugin lets a route's limit replace the global
 * one, while the spec counts a `POST /v1/videos` against both, and MCP tool calls share the counts.
 */
export function rateLimitPlugin(app: FastifyInstance, limits: RequestLimits): void {
  app.addHook('onRequest', async (request, reply) => {
    const principal = request.principal;
    if (!principal) return;
    const bucket = request.routeOptions.config.rateLimit;
    const outcome = limits.count(principal.limitSubject, bucket);
    reply.headers(outcome.headers);
    if (outcome.refusal) throw outcome.refusal;
    if (outcome.slot && bucket) request.rateLimitHold = { slot: outcome.slot, subject: principal.limitSubject, bucket, waived: false };
  });

  const settle = (request: FastifyRequest, reply: FastifyReply): void => {
    const hold = request.rateLimitHold;
    if (!hold) return;
    request.rateLimitHold = undefined;
    const accepted = reply.statusCode >= 200 && reply.statusCode < 300 && !hold.waived;
    if (!accepted) hold.slot.release();
    if (!reply.sent) reply.headers(limits.headers(hold.subject, hold.bucket));
  };
  app.addHook('onSend', async (request, reply, payload) => {
    settle(request, reply);
    return payload;
  });
  // Only when no answer went through onSend (the connection dropped first).
  app.addHook('onResponse', async (request, reply) => settle(request, reply));
}
