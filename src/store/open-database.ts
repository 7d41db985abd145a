import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
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

/** Whether a data dir holds a database: whether it is a data dir at all. */
export function hasDatabase(dataDir: string): boolean {
  return existsSync(databasePath(dataDir));
}

/** Options of {@link openDatabase}. */
export interface OpenDatabaseOptions {
  /**
   * Open an existing database for reading only: nothing is created, and a missing file throws.
   * A database older than this version is still migrated first (with a writing handle), as any
   * start of the node does, so the queries of this version can read it. @default false
   */
  readOnly?: boolean;
}

/**
 * Opens (creating when needed) `<dataDir>/service.db` in WAL mode with foreign keys on, and applies
 * every migration not applied yet, each in its own transaction; with `readOnly`, opens an existing
 * one for reading only.
 */
export function openDatabase(dataDir: string, { readOnly = false }: OpenDatabaseOptions = {}): Db {
  if (readOnly) {
    const db = new Database(databasePath(dataDir), { readonly: true, fileMustExist: true });
    db.pragma('busy_timeout = 5000');
    if (pendingMigrations(db).length === 0) return db;
    db.close();
    openDatabase(dataDir).close();
    return openDatabase(dataDir, { readOnly });
  }
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(databasePath(dataDir));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}

/** The names of the migrations a database has not had yet, in order. */
function pendingMigrations(db: Db): string[] {
  const hasTable = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'").get() !== undefined;
  const applied = new Set(hasTable ? (db.prepare('SELECT name FROM schema_migrations').pluck().all() as string[]) : []);
  return readdirSync(MIGRATIONS_DIR)
    .filter((file) => /^\d{4}-[\w-]+\.sql$/.test(file) && !applied.has(file))
    .sort();
}

/** Applies pending migrations; returns the names applied now. */
export function migrate(db: Db): string[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)`);
  const pending = pendingMigrations(db);
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
