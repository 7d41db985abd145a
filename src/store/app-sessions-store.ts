import type { Db } from './open-database.js';
import { StatementCache } from './statement-cache.js';

/** A web app session; the cookie's token is never stored, only its hash (`id`). */
export interface AppSessionRow {
  id: string;
  account_id: string;
  csrf_token: string;
  created_at: string;
  last_seen_at: string;
}

/** Reads and writes app sessions and the failed sign-ins the lockout counts. */
export class AppSessionsStore {
  private readonly sql: StatementCache;

  constructor(db: Db) {
    this.sql = new StatementCache(db);
  }

  insert(row: AppSessionRow): void {
    this.sql
      .get(
        `INSERT INTO app_sessions (id, account_id, csrf_token, created_at, last_seen_at)
         VALUES (@id, @account_id, @csrf_token, @created_at, @last_seen_at)`,
      )
      .run(row);
  }

  get(id: string): AppSessionRow | undefined {
    return this.sql.get('SELECT * FROM app_sessions WHERE id = ?').get(id) as AppSessionRow | undefined;
  }

  touch(id: string, at: string): void {
    this.sql.get('UPDATE app_sessions SET last_seen_at = ? WHERE id = ?').run(at, id);
  }

  /** Deletes a session; returns whether there was one. */
  delete(id: string): boolean {
    return this.sql.get('DELETE FROM app_sessions WHERE id = ?').run(id).changes === 1;
  }

  /** Deletes sessions last seen before `before`. */
  purgeIdle(before: string): void {
    this.sql.get('DELETE FROM app_sessions WHERE last_seen_at < ?').run(before);
  }

  /** The email's failed sign-ins at or after `since`, oldest first. */
  failuresSince(email: string, since: string): string[] {
    return this.sql
      .get('SELECT failed_at FROM app_sign_in_failures WHERE email = ? AND failed_at >= ? ORDER BY failed_at')
      .pluck()
      .all(email, since) as string[];
  }

  /** Records a failed sign-in and drops every failure older than `purgeBefore`. */
  recordFailure(email: string, at: string, purgeBefore: string): void {
    this.sql.get('DELETE FROM app_sign_in_failures WHERE failed_at < ?').run(purgeBefore);
    this.sql.get('INSERT INTO app_sign_in_failures (email, failed_at) VALUES (?, ?)').run(email, at);
  }

  clearFailures(email: string): void {
    this.sql.get('DELETE FROM app_sign_in_failures WHERE email = ?').run(email);
  }
}

const stores = new WeakMap<Db, AppSessionsStore>();

/** The app sessions store of a database, made once per connection. */
export function appSessionsStoreOf(db: Db): AppSessionsStore {
  let store = stores.get(db);
  if (!store) {
    store = new AppSessionsStore(db);
    stores.set(db, store);
  }
  return store;
}
