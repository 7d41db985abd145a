import type { Db } from './open-database.js';
import { StatementCache } from './statement-cache.js';

/** Where an outbox row stands: waiting (first try or a retry), acknowledged with a 2xx, or given up. */
export type WebhookStatus = 'pending' | 'delivered' | 'failed';

/** One event to deliver; `payload` is the exact body sent on every attempt. */
export interface WebhookOutboxRow {
  id: string;
  account_id: string;
  api_key_id: string | null;
  event: string;
  url: string;
  payload: string;
  status: WebhookStatus;
  attempts: number;
  next_attempt_at: string;
  created_at: string;
  delivered_at: string | null;
  last_error: string | null;
}

/** One delivery attempt of an outbox row. */
export interface WebhookAttemptRow {
  id: number;
  outbox_id: string;
  attempt: number;
  started_at: string;
  duration_ms: number;
  status_code: number | null;
  error: string | null;
}

/** How an attempt leaves its outbox row. */
export interface WebhookOutcome {
  status: WebhookStatus;
  next_attempt_at: string;
  delivered_at: string | null;
  last_error: string | null;
}

/** Reads and writes the webhook outbox and its delivery attempts. */
export class WebhooksStore {
  private readonly sql: StatementCache;

  constructor(private readonly db: Db) {
    this.sql = new StatementCache(db);
  }

  insert(row: WebhookOutboxRow): void {
    this.sql
      .get(
        `INSERT INTO webhook_outbox (id, account_id, api_key_id, event, url, payload, status, attempts, next_attempt_at, created_at, delivered_at, last_error)
         VALUES (@id, @account_id, @api_key_id, @event, @url, @payload, @status, @attempts, @next_attempt_at, @created_at, @delivered_at, @last_error)`,
      )
      .run(row);
  }

  get(id: string): WebhookOutboxRow | undefined {
    return this.sql.get('SELECT * FROM webhook_outbox WHERE id = ?').get(id) as WebhookOutboxRow | undefined;
  }

  /** An account's outbox rows, newest first. */
  listForAccount(accountId: string, limit = 50): WebhookOutboxRow[] {
    return this.sql
      .get('SELECT * FROM webhook_outbox WHERE account_id = ? ORDER BY created_at DESC, id DESC LIMIT ?')
      .all(accountId, limit) as WebhookOutboxRow[];
  }

  /** The attempts of one outbox row, first attempt first. */
  listAttempts(outboxId: string): WebhookAttemptRow[] {
    return this.sql
      .get('SELECT * FROM webhook_attempts WHERE outbox_id = ? ORDER BY attempt, id')
      .all(outboxId) as WebhookAttemptRow[];
  }

  /**
   * Takes up to `limit` pending rows due at `now`, oldest first (insertion order within a
   * millisecond), skipping `skip`, and moves their
   * `next_attempt_at` to `leaseUntil` so that no other process sending from the same database picks
   * them while they are in flight. A process that dies mid-delivery leaves the row to be retried
   * once the lease ends.
   */
  claimDue(now: string, leaseUntil: string, limit: number, skip: ReadonlySet<string>): WebhookOutboxRow[] {
    if (limit <= 0) return [];
    const select = this.sql.get(
      `SELECT * FROM webhook_outbox WHERE status = 'pending' AND next_attempt_at <= ?
       ORDER BY created_at, rowid LIMIT ?`,
    );
    const lease = this.sql.get(
      `UPDATE webhook_outbox SET next_attempt_at = ? WHERE id = ? AND status = 'pending' AND next_attempt_at <= ?`,
    );
    // IMMEDIATE: take the write lock before reading, so two processes never claim the same row.
    return this.db
      .transaction(() => {
        const due = (select.all(now, limit + skip.size) as WebhookOutboxRow[]).filter((row) => !skip.has(row.id));
        return due.slice(0, limit).filter((row) => lease.run(leaseUntil, row.id, now).changes === 1);
      })
      .immediate();
  }

  /** When the earliest pending row is due (a lease end for rows in flight), or undefined when none is pending. */
  nextDueAt(): string | undefined {
    return (
      (this.sql
        .get("SELECT MIN(next_attempt_at) FROM webhook_outbox WHERE status = 'pending'")
        .pluck()
        .get() as string | null) ?? undefined
    );
  }

  /** Records an attempt and its effect on the outbox row, together. */
  recordAttempt(attempt: Omit<WebhookAttemptRow, 'id'>, outcome: WebhookOutcome): void {
    const insert = this.sql.get(
      `INSERT INTO webhook_attempts (outbox_id, attempt, started_at, duration_ms, status_code, error)
       VALUES (@outbox_id, @attempt, @started_at, @duration_ms, @status_code, @error)`,
    );
    const update = this.sql.get(
      `UPDATE webhook_outbox
       SET attempts = @attempts, status = @status, next_attempt_at = @next_attempt_at,
           delivered_at = @delivered_at, last_error = @last_error
       WHERE id = @id`,
    );
    this.db.transaction(() => {
      insert.run(attempt);
      update.run({ ...outcome, attempts: attempt.attempt, id: attempt.outbox_id });
    })();
  }
}

const stores = new WeakMap<Db, WebhooksStore>();

/** The webhooks store of a database connection, made once per connection. */
export function webhooksStoreOf(db: Db): WebhooksStore {
  let store = stores.get(db);
  if (!store) {
    store = new WebhooksStore(db);
    stores.set(db, store);
  }
  return store;
}

/** Every delivery attempt of an outbox row, first attempt first (for tests and the CLI). */
export function listWebhookAttempts(ctx: { db: Db }, outboxId: string): WebhookAttemptRow[] {
  return webhooksStoreOf(ctx.db).listAttempts(outboxId);
}
