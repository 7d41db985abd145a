import { ServiceError } from '../../errors/service-error.js';
import { FixedWindowLimiter, type LimitState } from './fixed-window-limiter.js';
import { RATE_LIMIT_SUBJECTS, RATE_LIMIT_WINDOW_MS, RATE_LIMITS, type RateLimitBucket } from './rate-limits.js';

/** A use of a bucket held while the request runs: kept when the request is accepted, given back otherwise. */
export interface BucketSlot {
  /** Gives the use back: the request was refused, failed, or created nothing (a replay). Once only. */
  release(): void;
}

/** The outcome of counting one request: the headers to send and, past a limit, the 429 to throw. */
export interface LimitOutcome {
  headers: Record<string, string>;
  refusal?: ServiceError;
  /** The bucket use this request holds, when it named a bucket and was let through. */
  slot?: BucketSlot;
}

/**
 * The per-credential limits of the spec, shared by REST and MCP so that one API key's requests count
 * once whichever door they come through. A subject is an API key id, an OAuth connection id, or a
 * local account. Every request counts against `all`. A bucket (`videos.create`) counts accepted uses
 * only: a request takes a slot up front, so two at once cannot both take the last one, and gives it
 * back when it is refused (a 400 while fixing a typo must not cost a create).
 */
export class RequestLimits {
  private readonly limiter: FixedWindowLimiter;

  constructor(now: () => number = Date.now) {
    this.limiter = new FixedWindowLimiter(RATE_LIMIT_WINDOW_MS, now);
  }

  /** Counts a request against `all` and, when given and `all` lets it through, takes a slot of `bucket`. */
  count(subject: string, bucket?: RateLimitBucket): LimitOutcome {
    const all = this.limiter.hit(`${subject}:all`, RATE_LIMITS.all);
    if (!bucket || !all.allowed) return this.outcome([['all', all]]);
    const slot = this.limiter.reserve(`${subject}:${bucket}`, RATE_LIMITS[bucket]);
    const outcome = this.outcome([['all', all], [bucket, slot]]);
    return slot.allowed ? { ...outcome, slot } : outcome;
  }

  /** The headers of `subject`'s limits as they stand now, counting nothing (after a slot is kept or given back). */
  headers(subject: string, bucket?: RateLimitBucket): Record<string, string> {
    const states = [this.limiter.peek(`${subject}:all`, RATE_LIMITS.all)];
    if (bucket) states.push(this.limiter.peek(`${subject}:${bucket}`, RATE_LIMITS[bucket]));
    return headersOf(tightest(states));
  }

  /**
   * Runs `run` holding a slot of `bucket` (an MCP tool call, whose HTTP request already counted
   * against `all`): throws the 429 when no slot is free, keeps the slot when `run` succeeds and gives
   * it back when it throws.
   */
  async withBucket<T>(subject: string, bucket: RateLimitBucket, run: () => Promise<T>): Promise<T> {
    const slot = this.limiter.reserve(`${subject}:${bucket}`, RATE_LIMITS[bucket]);
    const { refusal } = this.outcome([[bucket, slot]]);
    if (refusal) throw refusal;
    try {
      return await run();
    } catch (error) {
      slot.release();
      throw error;
    }
  }

  private outcome(named: [keyof typeof RATE_LIMITS, LimitState][]): LimitOutcome {
    const states = named.map(([, state]) => state);
    const refused = named.find(([, state]) => !state.allowed);
    const headers = headersOf(refused ? refused[1] : tightest(states));
    if (!refused) return { headers };
    const [name, state] = refused;
    const resetSeconds = headers['ratelimit-reset']!;
    return {
      headers,
      refusal: new ServiceError('rate_limited', `rate limit of ${state.limit} ${RATE_LIMIT_SUBJECTS[name]} per minute reached for this credential; retry in ${resetSeconds} s`, {
        headers: { 'retry-after': resetSeconds },
      }),
    };
  }
}

function tightest(states: LimitState[]): LimitState {
  return states.reduce((tight, state) => (state.remaining < tight.remaining ? state : tight));
}

function headersOf(state: LimitState): Record<string, string> {
  return {
    'ratelimit-limit': String(state.limit),
    'ratelimit-remaining': String(state.remaining),
    'ratelimit-reset': String(Math.max(1, Math.ceil(state.resetMs / 1000))),
  };
}
