import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { NodeContext } from '../../node-context.js';
import type { AccountRow } from '../../store/accounts-store.js';
import { appSessionsStoreOf, type AppSessionRow } from '../../store/app-sessions-store.js';

/** A session dies after this long without a request. */
export const SESSION_IDLE_MS = 30 * 24 * 60 * 60 * 1000;
/** `last_seen_at` is written at most this often, so a busy page does not write on every request. */
export const SESSION_TOUCH_MS = 60 * 1000;

/** A session found by its cookie. */
export interface LiveSession {
  row: AppSessionRow;
  account: AccountRow;
  /** Whether this lookup moved `last_seen_at` (the cookie is then sent again, sliding its expiry). */
  touched: boolean;
}

const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A new random token: 32 bytes, base64url. */
export function newSessionSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Starts a session for an account; returns the cookie token (shown only now) and the row. */
export function createSession(ctx: NodeContext, accountId: string, now: number): { token: string; row: AppSessionRow } {
  const store = appSessionsStoreOf(ctx.db);
  const token = newSessionSecret();
  const at = new Date(now).toISOString();
  const row: AppSessionRow = { id: hashToken(token), account_id: accountId, csrf_token: newSessionSecret(), created_at: at, last_seen_at: at };
  ctx.db.transaction(() => {
    store.purgeIdle(new Date(now - SESSION_IDLE_MS).toISOString());
    store.insert(row);
  })();
  return { token, row };
}

/**
 * The live session of a cookie token, or undefined when the token is unknown, signed out or idle
 * for 30 days (an idle one is deleted). Refreshes `last_seen_at` when it is a minute old or more.
 */
export function findSession(ctx: NodeContext, token: string, now: number): LiveSession | undefined {
  const store = appSessionsStoreOf(ctx.db);
  const row = store.get(hashToken(token));
  if (!row) return undefined;
  const lastSeen = Date.parse(row.last_seen_at);
  if (now - lastSeen >= SESSION_IDLE_MS) {
    store.delete(row.id);
    return undefined;
  }
  const account = ctx.accounts.get(row.account_id);
  if (!account) return undefined;
  const touched = now - lastSeen >= SESSION_TOUCH_MS;
  if (touched) {
    const at = new Date(now).toISOString();
    store.touch(row.id, at);
    row.last_seen_at = at;
  }
  return { row, account, touched };
}

/** Ends the session of a cookie token; returns whether there was one. */
export function deleteSession(ctx: NodeContext, token: string): boolean {
  return appSessionsStoreOf(ctx.db).delete(hashToken(token));
}

/** Whether `sent` is the session's CSRF token, compared in constant time. */
export function csrfTokenMatches(session: AppSessionRow, sent: string | string[] | undefined): boolean {
  if (typeof sent !== 'string') return false;
  const expected = createHash('sha256').update(session.csrf_token).digest();
  const actual = createHash('sha256').update(sent).digest();
  return timingSafeEqual(expected, actual);
}
