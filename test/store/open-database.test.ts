import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hasDatabase, migrate, openDatabase } from '../../src/store/open-database.js';
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

  it('readOnly opens an existing database for reading only, and creates nothing where there is none', () => {
    const reader = openDatabase(node.dataDir, { readOnly: true });
    expect(reader.prepare('SELECT COUNT(*) FROM schema_migrations').pluck().get()).toBeGreaterThan(0);
    expect(() => reader.exec("INSERT INTO schema_migrations (name, applied_at) VALUES ('x', 'now')")).toThrow(/readonly/);
    reader.close();
    const empty = mkdtempSync(path.join(tmpdir(), 'service-no-db-'));
    try {
      const missing = path.join(empty, 'data');
      expect(hasDatabase(missing)).toBe(false);
      expect(() => openDatabase(missing, { readOnly: true })).toThrow();
      expect(existsSync(missing)).toBe(false);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('readOnly brings a database of an older version up to date first, so this version can read it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'service-old-db-'));
    try {
      // The oldest database there is: one that has had no migration yet.
      const old = new Database(path.join(dir, 'service.db'));
      old.exec('CREATE TABLE schema_migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)');
      old.close();
      const reader = openDatabase(dir, { readOnly: true });
      expect(reader.prepare('SELECT COUNT(*) FROM schema_migrations').pluck().get()).toBe(node.ctx.db.prepare('SELECT COUNT(*) FROM schema_migrations').pluck().get());
      expect(reader.prepare('SELECT COUNT(*) FROM accounts').pluck().get()).toBe(0);
      reader.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
