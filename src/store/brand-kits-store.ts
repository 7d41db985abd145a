import type { Db } from './open-database.js';
import { StatementCache } from './statement-cache.js';

/** A brand kit row; colors and fonts are JSON text. */
export interface BrandKitRow {
  id: string;
  account_id: string;
  name: string;
  description: string;
  website_url: string;
  colors: string;
  fonts: string;
  logo_path: string | null;
  created_at: string;
}

/** Reads and writes brand kits. */
export class BrandKitsStore {
  private readonly sql: StatementCache;

  constructor(db: Db) {
    this.sql = new StatementCache(db);
  }

  insert(row: BrandKitRow): void {
    this.sql
      .get(
        `INSERT INTO brand_kits (id, account_id, name, description, website_url, colors, fonts, logo_path, created_at)
         VALUES (@id, @account_id, @name, @description, @website_url, @colors, @fonts, @logo_path, @created_at)`,
      )
      .run(row);
  }

  get(id: string): BrandKitRow | undefined {
    return this.sql.get('SELECT * FROM brand_kits WHERE id = ?').get(id) as BrandKitRow | undefined;
  }

  listForAccount(accountId: string): BrandKitRow[] {
    return this.sql
      .get('SELECT * FROM brand_kits WHERE account_id = ? ORDER BY created_at, id')
      .all(accountId) as BrandKitRow[];
  }

  delete(id: string): boolean {
    return this.sql.get('DELETE FROM brand_kits WHERE id = ?').run(id).changes === 1;
  }
}
