import type { Db } from './open-database.js';
import { StatementCache } from './statement-cache.js';

/** An API key row; the key itself is never stored, only its hash. */
export interface ApiKeyRow {
  id: string;
  account_id: string;
  name: string;
  key_hash: string;
  key_prefix: string;
  webhook_url: string | null;
  webhook_secret_sealed: string;
  created_at: string;
  revoked_at: string | null;
}

/** Reads and writes API keys. */
export class ApiKeysStore {
  private readonly sql: StatementCache;

  constructor(db: Db) {
    this.sql = new StatementCache(db);
  }

  insert(row: ApiKeyRow): void {
    this.sql
      .get(
        `INSERT INTO api_keys (id, account_id, name, key_hash, key_prefix, webhook_url, webhook_secret_sealed, created_at, revoked_at)
         VALUES (@id, @account_id, @name, @key_hash, @key_prefix, @webhook_url, @webhook_secret_sealed, @created_at, @revoked_at)`,
      )
      .run(row);
  }

  get(id: string): ApiKeyRow | undefined {
    return this.sql.get('SELECT * FROM api_keys WHERE id = ?').get(id) as ApiKeyRow | undefined;
  }

  findByHash(keyHash: string): ApiKeyRow | undefined {
    return this.sql.get('SELECT * FROM api_keys WHERE key_hash = ?').get(keyHash) as ApiKeyRow | undefined;
  }

  listForAccount(accountId: string): ApiKeyRow[] {
    return this.sql
      .get('SELECT * FROM api_keys WHERE account_id = ? ORDER BY created_at, id')
      .all(accountId) as ApiKeyRow[];
  }

  /** Marks a key revoked; returns false when it was already revoked or does not exist. */
  revoke(id: string, at: string): boolean {
    return this.sql.get('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL').run(at, id)
      .changes === 1;
  }
}
