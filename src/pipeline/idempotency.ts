import { createHash } from 'node:crypto';
import { ServiceError } from '../errors/service-error.js';
import type { NodeContext } from '../node-context.js';
import { nowIso } from '../store/ids.js';

/** How long an idempotency key is remembered. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** An answer to replay: status and body. */
export interface StoredAnswer {
  statusCode: number;
  body: unknown;
  /** True when this is an earlier request's answer given again: this request created nothing. */
  replayed?: boolean;
}

/** A stable hash of a JSON body (key order does not matter). */
export function hashBody(body: unknown): string {
  const canonical = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(canonical)
      : value && typeof value === 'object'
        ? Object.fromEntries(Object.keys(value).sort().map((key) => [key, canonical((value as Record<string, unknown>)[key])]))
        : value;
  return createHash('sha256').update(JSON.stringify(canonical(body) ?? null)).digest('hex');
}

/** The stored answer for a key, if the same body was sent within the window; 409 for a different body. */
export function findIdempotentAnswer(ctx: NodeContext, scope: { accountId: string; route: string; key: string }, body: unknown): StoredAnswer | undefined {
  if (scope.key.length < 1 || scope.key.length > 255) {
    throw new ServiceError('invalid_request', 'Idempotency-Key must be 1 to 255 characters');
  }
  const row = ctx.db
    .prepare('SELECT request_hash, status_code, response, created_at FROM idempotency_keys WHERE account_id = ? AND route = ? AND key = ?')
    .get(scope.accountId, scope.route, scope.key) as { request_hash: string; status_code: number; response: string; created_at: string } | undefined;
  if (!row || Date.parse(row.created_at) < Date.now() - IDEMPOTENCY_WINDOW_MS) return undefined;
  if (row.request_hash !== hashBody(body)) {
    throw new ServiceError('idempotency_conflict', 'this Idempotency-Key was used with a different body in the last 24 hours');
  }
  return { statusCode: row.status_code, body: JSON.parse(row.response) as unknown, replayed: true };
}

/**
 * Remembers an answer for a key; call inside the transaction that creates what the answer names.
 * When another request stored an answer for the same key first (two sent at once), returns that
 * answer instead and stores nothing: the caller must then roll back its own work.
 */
export function storeIdempotentAnswer(
  ctx: NodeContext,
  scope: { accountId: string; route: string; key: string },
  body: unknown,
  answer: StoredAnswer,
): StoredAnswer | undefined {
  const earlier = findIdempotentAnswer(ctx, scope, body);
  if (earlier) return earlier;
  // An expired entry for the key gives way to the new one.
  ctx.db.prepare('DELETE FROM idempotency_keys WHERE account_id = ? AND route = ? AND key = ?').run(scope.accountId, scope.route, scope.key);
  ctx.db
    .prepare(
      `INSERT INTO idempotency_keys (account_id, route, key, request_hash, status_code, response, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(scope.accountId, scope.route, scope.key, hashBody(body), answer.statusCode, JSON.stringify(answer.body), nowIso());
  return undefined;
}
