import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { PACKAGE_ROOT } from '../package-root.js';

/** The node's SQLite handle. */
export type Db = Database.Database;

/** Folder of the numbered `.sql` migrations, applied in name order. */
export const MIGRATIONS_DIR = path.join(PACKAGE_ROOT, 'src', 'store', 'migrations');

/** Path of the database file inside a data dir. */
export function databasePath(dataDir: string): string {
  return path.join(dataDir, 'service.db');
}

/**
 * Opens (creating when needed) `<dataDir>/service.db` in WAL mode with foreign keys on, and applies
 * every migration not applied yet, each in its own transaction.
 */
export function openDatabase(dataDir: string): Db {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(databasePath(dataDir));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}

/** Applies pending migrations; returns the names applied now. */
export function migrate(db: Db): string[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)`);
  const applied = new Set(
    db.prepare('SELECT name FROM schema_migrations').pluck().all() as string[],
  );
  const pending = readdirSync(MIGRATIONS_DIR)
    .filter((file) => /^\d{4}-[\w-]+\.sql$/.test(file) && !applied.has(file))
    .sort();
  const record = db.prepare('INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)');
  for (const file of pending) {
    const sql = readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
    db.transaction(() => {
      db.exec(sql);
      record.run(file, new Date().toISOString());
    })();
  }
  return pending;
}
