import type { Db } from './open-database.js';
import { StatementCache } from './statement-cache.js';

/** Kinds of ledger entries. */
export type LedgerKind = 'grant' | 'adjustment' | 'charge' | 'refund';

/** One ledger row; the balance is the sum of an account's rows. */
export interface LedgerEntryRow {
  id: number;
  account_id: string;
  millicredits: number;
  kind: LedgerKind;
  reason: string;
  reference: string | null;
  created_at: string;
  /** A job charge's parts, as JSON `[{ part, credits, covered_by? }]`; null on other entries. */
  parts: string | null;
}

/** The credit ledger and the monthly render usage: every charge and refund is a row. */
export class LedgerStore {
  private readonly sql: StatementCache;

  constructor(db: Db) {
    this.sql = new StatementCache(db);
  }

  append(entry: Omit<LedgerEntryRow, 'id' | 'parts'> & { parts?: string | null }): number {
    return Number(
      this.sql
        .get(
          `INSERT INTO ledger_entries (account_id, millicredits, kind, reason, reference, created_at, parts)
           VALUES (@account_id, @millicredits, @kind, @reason, @reference, @created_at, @parts)`,
        )
        .run({ ...entry, parts: entry.parts ?? null }).lastInsertRowid,
    );
  }

  balanceMillicredits(accountId: string): number {
    return this.sql
      .get('SELECT COALESCE(SUM(millicredits), 0) FROM ledger_entries WHERE account_id = ?')
      .pluck()
      .get(accountId) as number;
  }

  entries(accountId: string, limit = 50): LedgerEntryRow[] {
    return this.sql
      .get('SELECT * FROM ledger_entries WHERE account_id = ? ORDER BY id DESC LIMIT ?')
      .all(accountId, limit) as LedgerEntryRow[];
  }

  /** A page of an account's entries, newest first, those before entry `beforeId` when given. */
  page(accountId: string, limit: number, beforeId?: number): LedgerEntryRow[] {
    return this.sql
      .get('SELECT * FROM ledger_entries WHERE account_id = ? AND id < ? ORDER BY id DESC LIMIT ?')
      .all(accountId, beforeId ?? Number.MAX_SAFE_INTEGER, limit) as LedgerEntryRow[];
  }

  recordRenders(row: { account_id: string; renders: number; reference: string; month: string; created_at: string }): void {
    this.sql
      .get(
        `INSERT INTO render_usage (account_id, renders, reference, month, created_at)
         VALUES (@account_id, @renders, @reference, @month, @created_at)`,
      )
      .run(row);
  }

  rendersUsed(accountId: string, month: string): number {
    return this.sql
      .get('SELECT COALESCE(SUM(renders), 0) FROM render_usage WHERE account_id = ? AND month = ?')
      .pluck()
      .get(accountId, month) as number;
  }
}
