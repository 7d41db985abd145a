import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../src/store/open-database.js';

const MIGRATION = '0016-render-records.sql';
const AT = '2025-01-01T00:00:00.000Z';

/** A database migrated up to (not including) the render-records migration. */
function beforeRenderRecords(): Database.Database {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = OFF'); // jobs without their accounts: only the columns the migration reads
  db.exec(`CREATE TABLE schema_migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)`);
  db.prepare('INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)').run(MIGRATION, AT);
  migrate(db);
  db.prepare('DELETE FROM schema_migrations WHERE name = ?').run(MIGRATION);
  return db;
}

function insertJob(db: Database.Database, id: string, job: { render: 0 | 1; made: [number, number, number]; now: [number, number, number]; output: string | null }): void {
  const [width, height, fps] = job.made;
  db.prepare(
    `INSERT INTO videos (id, account_id, project_id, status, model, prompt, options, width, height, fps, duration_seconds, render, estimated_millicredits, output_path, created_at, updated_at, last_activity_at, finished_at)
     VALUES (?, 'acc_1', ?, 'completed', 'model-5', 'p', ?, ?, ?, ?, 5, ?, 0, ?, ?, ?, ?, ?)`,
  ).run(id, `prj_${id}`, JSON.stringify({ width, height, fps }), job.now[0], job.now[1], job.now[2], job.render, job.output, AT, AT, AT, AT);
}

function insertRender(db: Database.Database, id: string, videoId: string, shape: [number, number, number], createdAt: string): void {
  db.prepare(
    `INSERT INTO video_renders (id, video_id, status, width, height, fps, renders_used, output_path, created_at, finished_at)
     VALUES (?, ?, 'completed', ?, ?, ?, 1, ?, ?, ?)`,
  ).run(id, videoId, ...shape, `videos/${videoId}/${id}.mp4`, createdAt, createdAt);
}

describe(`migration ${MIGRATION}`, () => {
  it('gives re-rendered jobs back their own size, rate and MP4, and records every job MP4 as its original render', () => {
    const db = beforeRenderRecords();
    // Made at 640x360 with render: true, then re-rendered at 480x480 and 24 fps (which took over the job).
    insertJob(db, 'vid_a', { render: 1, made: [640, 360, 30], now: [480, 480, 24], output: 'videos/vid_a/rnd_a.mp4' });
    insertRender(db, 'rnd_a', 'vid_a', [480, 480, 24], '2025-01-02T00:00:00.000Z');
    // Made without render; rendered at its own shape, then at another.
    insertJob(db, 'vid_b', { render: 0, made: [640, 360, 30], now: [480, 480, 24], output: 'videos/vid_b/rnd_b2.mp4' });
    insertRender(db, 'rnd_b1', 'vid_b', [640, 360, 30], '2025-01-02T00:00:00.000Z');
    insertRender(db, 'rnd_b2', 'vid_b', [480, 480, 24], '2025-01-03T00:00:00.000Z');
    // Made without render; rendered at another shape only.
    insertJob(db, 'vid_c', { render: 0, made: [640, 360, 30], now: [480, 480, 24], output: 'videos/vid_c/rnd_c.mp4' });
    insertRender(db, 'rnd_c', 'vid_c', [480, 480, 24], '2025-01-02T00:00:00.000Z');
    // Never re-rendered.
    insertJob(db, 'vid_d', { render: 1, made: [320, 180, 30], now: [320, 180, 30], output: 'videos/vid_d/vid_d.mp4' });

    expect(migrate(db)).toContain(MIGRATION);

    const jobs = db.prepare('SELECT id, width, height, fps, output_path FROM videos ORDER BY id').all();
    expect(jobs).toEqual([
      { id: 'vid_a', width: 640, height: 360, fps: 30, output_path: 'videos/vid_a/vid_a.mp4' },
      { id: 'vid_b', width: 640, height: 360, fps: 30, output_path: 'videos/vid_b/rnd_b1.mp4' },
      { id: 'vid_c', width: 640, height: 360, fps: 30, output_path: null },
      { id: 'vid_d', width: 320, height: 180, fps: 30, output_path: 'videos/vid_d/vid_d.mp4' },
    ]);
    const renders = db
      .prepare('SELECT video_id, original, status, width, height, fps, output_path FROM video_renders ORDER BY video_id, created_at')
      .all();
    expect(renders).toEqual([
      { video_id: 'vid_a', original: 1, status: 'completed', width: 640, height: 360, fps: 30, output_path: 'videos/vid_a/vid_a.mp4' },
      { video_id: 'vid_a', original: 0, status: 'completed', width: 480, height: 480, fps: 24, output_path: 'videos/vid_a/rnd_a.mp4' },
      { video_id: 'vid_b', original: 1, status: 'completed', width: 640, height: 360, fps: 30, output_path: 'videos/vid_b/rnd_b1.mp4' },
      { video_id: 'vid_b', original: 0, status: 'completed', width: 480, height: 480, fps: 24, output_path: 'videos/vid_b/rnd_b2.mp4' },
      { video_id: 'vid_c', original: 0, status: 'completed', width: 480, height: 480, fps: 24, output_path: 'videos/vid_c/rnd_c.mp4' },
      { video_id: 'vid_d', original: 1, status: 'completed', width: 320, height: 180, fps: 30, output_path: 'videos/vid_d/vid_d.mp4' },
    ]);
    expect(db.prepare("SELECT id FROM video_renders WHERE video_id = 'vid_d'").pluck().get()).toMatch(/^rnd_[0-9a-z]{20}$/);
    db.close();
  });
});
