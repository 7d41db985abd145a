import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../src/store/open-database.js';

const MIGRATION = '0017-render-formats.sql';

describe(`migration ${MIGRATION}`, () => {
  it('makes every render made before it an opaque MP4', () => {
    const db = new Database(':memory:');
    db.pragma('foreign_keys = OFF'); // renders without their jobs: only the columns the migration adds
    db.exec(`CREATE TABLE schema_migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)`);
    db.prepare('INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)').run(MIGRATION, 'x');
    migrate(db);
    db.prepare('DELETE FROM schema_migrations WHERE name = ?').run(MIGRATION);
    db.prepare(`INSERT INTO video_renders (id, video_id, status, width, height, fps, renders_used, created_at) VALUES ('rnd_a', 'vid_a', 'completed', 320, 180, 30, 1, 'x')`).run();

    expect(migrate(db)).toContain(MIGRATION);
    expect(db.prepare('SELECT format, background FROM video_renders').all()).toEqual([{ format: 'mp4', background: 'opaque' }]);
    const columns = (table: string) => (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string; dflt_value: string }[]).filter((c) => c.name === 'format' || c.name === 'background').map((c) => [c.name, c.dflt_value]);
    expect(columns('infographic_renders')).toEqual([['format', "'mp4'"], ['background', "'opaque'"]]);
  });
});
