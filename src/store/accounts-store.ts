import type { Plan } from '../accounts/plans.js';
import type { Db } from './open-database.js';
import { StatementCache } from './statement-cache.js';

/** An account row. */
export interface AccountRow {
  id: string;
  name: string;
  email: string;
  password_hash: string | null;
  plan: Plan;
  monthly_renders: number | null;
  is_owner: number;
  created_at: string;
}

/** Reads and writes accounts. */
export class AccountsStore {
  private readonly sql: StatementCache;

  constructor(db: Db) {
    this.sql = new StatementCache(db);
  }

  insert(row: AccountRow): void {
    this.sql
      .get(
        `INSERT INTO accounts (id, name, email, password_hash, plan, monthly_renders, is_owner, created_at)
         VALUES (@id, @name, @email, @password_hash, @plan, @monthly_renders, @is_owner, @created_at)`,
      )
      .run(row);
  }

  get(id: string): AccountRow | undefined {
    return this.sql.get('SELECT * FROM accounts WHERE id = ?').get(id) as AccountRow | undefined;
  }

  findByEmail(email: string): AccountRow | undefined {
    return this.sql.get('SELECT * FROM accounts WHERE email = ?').get(email) as AccountRow | undefined;
  }

  list(): AccountRow[] {
    return this.sql.get('SELECT * FROM accounts ORDER BY created_at, id').all() as AccountRow[];
  }

  count(): number {
    return this.sql.get('SELECT COUNT(*) FROM accounts').pluck().get() as number;
  }

  setPasswordHash(id: string, passwordHash: string): void {
    this.sql.get('UPDATE accounts SET password_hash = ? WHERE id = ?').run(passwordHash, id);
  }
}
