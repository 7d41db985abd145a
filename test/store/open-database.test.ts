import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate, openDatabase } from '../../src/store/open-database.js';
import { createTestNode, type TestNode } from '../helpers/test-node.js';

describe('openDatabase', () => {
  let node: TestNode;
  beforeEach(() => {
    node = createTestNode();
  });
  afterEach(() => node.cleanup());

  it('uses WAL mode with foreign keys on', () => {
    expect(node.ctx.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(node.ctx.db.pragma('foreign_keys', { simple: true })).toBe(1);
  });

  it('applies numbered migrations once, in order', () => {
    const applied = node.ctx.db.prepare('SELECT name FROM schema_migrations ORDER BY name').pluck().all() as string[];
    expect(applied.length).toBeGreaterThan(0);
    expect(applied[0]).toMatch(/^0001-/);
    expect(migrate(node.ctx.db)).toEqual([]);
    const again = openDatabase(node.dataDir);
    expect(again.prepare('SELECT COUNT(*) FROM schema_migrations').pluck().get()).toBe(applied.length);
    again.close();
  });

  it('keeps ledger charges for one reference unique, so a retried charge cannot double', async () => {
    const row = { account_id: 'acc_x', millicredits: -1000, kind: 'charge' as const, reason: 'job', reference: 'job_1', created_at: 'now' };
    node.ctx.db.pragma('foreign_keys = OFF');
    node.ctx.ledger.append(row);
    expect(() => node.ctx.ledger.append(row)).toThrow(/UNIQUE/);
  });
});
