import { webhookSecretOf } from '../accounts/api-keys.js';
import type { NodeContext } from '../node-context.js';
import {
  NonPublicTargetError,
  pinnedRequest,
  systemResolver,
  type HostResolver,
  type PinnedRequestOptions,
} from '../security/pinned-request.js';
import { webhookUrlProblem } from '../security/url-policy.js';
import { webhooksStoreOf, type WebhookOutboxRow, type WebhookOutcome, type WebhooksStore } from '../store/webhooks-store.js';
import { signWebhook } from './sign-webhook.js';

/** The logging the dispatcher does; a pino logger fits. */
export interface WebhookLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** Resolves a host name to all its addresses. */
export type WebhookLookup = HostResolver;

/** Options of a {@link WebhookDispatcher}; every field optional. */
export interface WebhookDispatcherOptions {
  /** Wait before each retry; the first attempt plus one retry per entry are made. @default [1000, 5000, 25000] */
  retryDelaysMs?: number[];
  /** Time one attempt has, from resolving the host name to the receiver's answer. @default 10000 */
  requestTimeoutMs?: number;
  /** Deliveries in flight at once. @default 4 */
  concurrency?: number;
  /**
   * Resolves host names; every address is checked by the node's policy and the connection goes
   * only to checked addresses. @default dns.promises.lookup with `all: true`
   */
  lookup?: WebhookLookup;
  /** Where the socket for a checked address goes; tests stand a local receiver in for a public address. */
  connectTo?: PinnedRequestOptions['connectTo'];
  /** Where deliveries and failures are logged. @default no logging */
  logger?: WebhookLogger;
}

interface ResolvedDispatcherOptions {
  retryDelaysMs: readonly number[];
  requestTimeoutMs: number;
  concurrency: number;
  lookup: WebhookLookup;
  connectTo: PinnedRequestOptions['connectTo'];
  logger: WebhookLogger | undefined;
  /** How long a claimed row stays hidden from other senders: longer than any one delivery can take. */
  leaseMs: number;
}

/** The spec's backoff: three retries after 1 s, 5 s and 25 s. */
const DEFAULT_RETRY_DELAYS_MS = [1000, 5000, 25000] as const;
/** Longest sleep with nothing due: picks up rows another process wrote without waking this one. */
const IDLE_SWEEP_MS = 30_000;
/** Shortest timer, so a row that is due yet unclaimable cannot spin the loop. */
const MIN_WAKE_MS = 5;

function resolveDispatcherOptions(options: WebhookDispatcherOptions): ResolvedDispatcherOptions {
  const requestTimeoutMs = options.requestTimeoutMs ?? 10_000;
  return {
    retryDelaysMs: [...(options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS)],
    requestTimeoutMs,
    concurrency: Math.max(1, options.concurrency ?? 4),
    lookup: options.lookup ?? systemResolver,
    connectTo: options.connectTo,
    logger: options.logger,
    leaseMs: 2 * requestTimeoutMs + 30_000,
  };
}

/**
 * Sends the webhook outbox: due `pending` rows go out oldest first, a few at a time, signed with
 * the key's secret; non-2xx answers, redirects, timeouts and connection errors are retried after
 * `retryDelaysMs`, then the row is `failed`. A URL whose host is or resolves to an address the
 * node may not contact fails at once with no request sent; otherwise the connection goes only to
 * the addresses that were checked (see {@link pinnedRequest}). Every attempt is recorded. All
 * state is in SQLite, so a new dispatcher on the same data dir goes on where the last one stopped.
 */
export class WebhookDispatcher {
  private readonly options: ResolvedDispatcherOptions;
  private readonly store: WebhooksStore;
  private readonly inFlight = new Map<string, Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private wakeQueued = false;
  private running = false;

  constructor(
    private readonly ctx: NodeContext,
    options: WebhookDispatcherOptions = {},
  ) {
    this.options = resolveDispatcherOptions(options);
    this.store = webhooksStoreOf(ctx.db);
  }

  /** Starts sending: due rows go out now, later ones when they fall due. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.wake();
  }

  /** Looks for due rows now; call after a transaction that enqueued a webhook commits. */
  notify(): void {
    if (this.running) this.wake();
  }

  /** Stops taking rows and resolves once the deliveries in flight have ended and been recorded. */
  async stop(): Promise<void> {
    this.running = false;
    this.clearTimer();
    await Promise.allSettled([...this.inFlight.values()]);
  }

  // Deferred to the next turn: a caller that notifies inside its transaction must commit first,
  // and a burst of notifies becomes one pass.
  private wake(): void {
    if (this.wakeQueued) return;
    this.wakeQueued = true;
    setImmediate(() => {
      this.wakeQueued = false;
      this.pump();
    });
  }

  private pump(): void {
    if (!this.running || !this.ctx.db.open) return;
    this.clearTimer();
    try {
      const free = this.options.concurrency - this.inFlight.size;
      if (free > 0) {
        const now = Date.now();
        const rows = this.store.claimDue(
          new Date(now).toISOString(),
          new Date(now + this.options.leaseMs).toISOString(),
          free,
          new Set(this.inFlight.keys()),
        );
        for (const row of rows) this.launch(row);
      }
      // When every slot is busy, the next delivery to end pumps again.
      if (this.inFlight.size < this.options.concurrency) this.armTimer();
    } catch (error) {
      this.options.logger?.error({ err: error }, 'webhook outbox could not be read; trying again in 1 s');
      this.armTimer(1000);
    }
  }

  private launch(row: WebhookOutboxRow): void {
    const delivery = this.deliver(row)
      .catch((error: unknown) => {
        this.options.logger?.error({ err: error, webhookId: row.id }, 'webhook delivery could not be recorded');
      })
      .finally(() => {
        this.inFlight.delete(row.id);
        this.pump();
      });
    this.inFlight.set(row.id, delivery);
  }

  private armTimer(delayMs?: number): void {
    this.clearTimer();
    let delay = delayMs ?? IDLE_SWEEP_MS;
    if (delayMs === undefined) {
      const next = this.store.nextDueAt();
      if (next !== undefined) delay = Math.min(delay, Math.max(MIN_WAKE_MS, Math.ceil(Date.parse(next) - Date.now())));
    }
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.pump();
    }, delay);
    // The loop never keeps a process alive on its own (a CLI command ends when its work ends).
    this.timer.unref();
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private async deliver(row: WebhookOutboxRow): Promise<void> {
    const attempt = row.attempts + 1;
    const startedAt = new Date().toISOString();
    const began = performance.now();
    const elapsed = (): number => Math.round(performance.now() - began);

    let secret: string | undefined;
    let refused: { error: string; permanent: boolean } | undefined;
    const problem = webhookUrlProblem(row.url, this.ctx.config.allowPrivateUrls);
    if (problem) {
      refused = { error: `refused, no request sent: webhook URL ${problem}`, permanent: true };
    } else {
      try {
        secret = this.secretOf(row);
      } catch (error) {
        refused = { error: describeError(error), permanent: error instanceof PermanentDeliveryError };
      }
    }
    if (refused || secret === undefined) {
      this.record(row, attempt, startedAt, elapsed(), null, refused?.error ?? 'no signing secret', refused?.permanent ?? true);
      return;
    }

    let statusCode: number | null = null;
    let failure: string | null = null;
    const signal = AbortSignal.timeout(this.options.requestTimeoutMs);
    try {
      const signature = signWebhook(secret, { id: row.id, timestampSeconds: Date.now() / 1000, body: row.payload });
      const response = await pinnedRequest(
        new URL(row.url),
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'user-agent': 'service-webhooks/1', ...signature },
          body: row.payload,
          signal,
        },
        {
          allowPrivate: this.ctx.config.allowPrivateUrls,
          resolve: this.options.lookup,
          ...(this.options.connectTo ? { connectTo: this.options.connectTo } : {}),
        },
      );
      statusCode = response.statusCode ?? null;
      // Only the status matters; drop the body so the connection is freed.
      response.destroy();
      if (statusCode === null || statusCode < 200 || statusCode >= 400) {
        failure = `receiver answered ${statusCode ?? 'without a status'}`;
      } else if (statusCode >= 300) {
        const location = response.headers.location;
        failure = `receiver answered ${statusCode} redirect${location ? ` to ${location}` : ''}; redirects are not followed`;
      }
    } catch (error) {
      if (error instanceof NonPublicTargetError) {
        this.record(row, attempt, startedAt, elapsed(), null, `refused, no request sent: ${error.message}, which this node does not allow`, true);
        return;
      }
      failure = signal.aborted ? `no response within ${this.options.requestTimeoutMs} ms` : describeError(error);
    }
    this.record(row, attempt, startedAt, elapsed(), statusCode, failure, false);
  }

  private secretOf(row: WebhookOutboxRow): string {
    if (row.api_key_id === null) throw new PermanentDeliveryError('no signing secret: the event has no API key');
    const key = this.ctx.apiKeys.get(row.api_key_id);
    if (!key) throw new PermanentDeliveryError(`no signing secret: API key ${row.api_key_id} does not exist`);
    try {
      return webhookSecretOf(this.ctx, key);
    } catch (error) {
      throw new PermanentDeliveryError(`no signing secret: the secret of API key ${key.id} cannot be unsealed`, {
        cause: error,
      });
    }
  }

  private record(
    row: WebhookOutboxRow,
    attempt: number,
    startedAt: string,
    durationMs: number,
    statusCode: number | null,
    failure: string | null,
    permanent: boolean,
  ): void {
    // A node closed under an attempt in flight leaves the row pending; the lease makes it due again.
    if (!this.ctx.db.open) return;
    const now = Date.now();
    const retryDelay = failure !== null && !permanent ? this.options.retryDelaysMs[attempt - 1] : undefined;
    const outcome: WebhookOutcome =
      failure === null
        ? { status: 'delivered', next_attempt_at: new Date(now).toISOString(), delivered_at: new Date(now).toISOString(), last_error: null }
        : retryDelay !== undefined
          ? { status: 'pending', next_attempt_at: new Date(now + retryDelay).toISOString(), delivered_at: null, last_error: failure }
          : { status: 'failed', next_attempt_at: new Date(now).toISOString(), delivered_at: null, last_error: failure };
    this.store.recordAttempt(
      { outbox_id: row.id, attempt, started_at: startedAt, duration_ms: durationMs, status_code: statusCode, error: failure },
      outcome,
    );
    const fields = { webhookId: row.id, event: row.event, attempt, statusCode, durationMs };
    if (outcome.status === 'delivered') this.options.logger?.info(fields, 'webhook delivered');
    else if (outcome.status === 'pending') {
      this.options.logger?.warn({ ...fields, error: failure, retryInMs: retryDelay }, 'webhook attempt failed; will retry');
    } else this.options.logger?.error({ ...fields, error: failure }, 'webhook failed; no more retries');
  }
}

/** A delivery that can never succeed as stored (no secret): it fails at once, without retries. */
class PermanentDeliveryError extends Error {
  override readonly name = 'PermanentDeliveryError';
}

function describeError(error: unknown): string {
  if (error instanceof PermanentDeliveryError) return error.message;
  // A host with several addresses fails with one error per address tried.
  if (error instanceof AggregateError && error.errors.length > 0) {
    return `request failed: ${error.errors.map((each: unknown) => (each instanceof Error ? each.message : String(each))).join('; ')}`;
  }
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
    return `request failed: ${error.message || (error as NodeJS.ErrnoException).code || error.name}${cause}`;
  }
  return `request failed: ${String(error)}`;
}
