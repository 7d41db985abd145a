import { ServiceError } from '../../errors/service-error.js';
import { FixedWindowLimiter, type LimitState } from './fixed-window-limiter.js';
import { RATE_LIMIT_WINDOW_MS, RATE_LIMITS, type RateLimitBucket } from './rate-limits.js';

/** The outcome of counting one request: the headers to send and, past a limit, the 429 to throw. */
export interface LimitOutcome {
  headers: Record<string, string>;
  refusal?: ServiceError;
}

/**
 * The per-credential limits of the spec, shared by REST and MCP so that one API key's requests count
 * once whichever door they come through. A subject is an API key id, an OAuth connection id, or a
 * local account; every request counts against `all`, and a bucket (`videos.create`) counts too.
 */
export class RequestLimits {
  private readonly limiter: FixedWindowLimiter;

  constructor(now: () => number = Date.now) {
    this.limiter = new FixedWindowLimiter(RATE_LIMIT_WINDOW_MS, now);
  }

  /** Counts a request against `all` and, when given, `bucket`. */
  count(subject: string, bucket?: RateLimitBucket): LimitOutcome {
    const states: LimitState[] = [this.limiter.hit(`${subject}:all`, RATE_LIMITS.all)];
    if (bucket && states[0]!.allowed) states.push(this.limiter.hit(`${subject}:${bucket}`, RATE_LIMITS[bucket]));
    return this.outcome(states);
  }

  /**
   * Counts one more use of `bucket` alone (an MCP tool call, whose HTTP request already counted
   * against `all`) and throws the 429 past the limit.
   */
  countBucket(subject: string, bucket: RateLimitBucket): void {
    const outcome = this.outcome([this.limiter.hit(`${subject}:${bucket}`, RATE_LIMITS[bucket])]);
    if (outcome.refusal) throw outcome.refusal;
  }

  private outcome(states: LimitState[]): LimitOutcome {
    const refused = states.find((state) => !state.allowed);
    const shown = refused ?? states.reduce((tightest, state) => (state.remaining < tightest.remaining ? state : tightest));
    const resetSeconds = Math.max(1, Math.ceil(shown.resetMs / 1000));
    const headers = {
      'ratelimit-limit': String(shown.limit),
      'ratelimit-remaining': String(shown.remaining),
      'ratelimit-reset': String(resetSeconds),
    };
    if (!refused) return { headers };
    return {
      headers,
      refusal: new ServiceError('rate_limited', `rate limit of ${refused.limit} requests per minute reached for this credential; retry in ${resetSeconds} s`, {
        headers: { 'retry-after': String(resetSeconds) },
      }),
    };
  }
}
