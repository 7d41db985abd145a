import type Database from 'better-sqlite3';
import type { Db } from './open-database.js';

/**
 * Prepares each SQL text once per connection: preparing costs more than running a small query,
 * and the auth path runs two queries per request.
 */
export class StatementCache {
  private readonly statements = new Map<string, Database.Statement>();

  constructor(private readonly db: Db) {}

  get(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }
}
