import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServe } from '../helpers/run-service.js';
import { E2E_CACHE_DIR } from './e2e-node.js';
import { startReceiver } from './webhook-receiver.js';

function serveOn(dataDir: string) {
  return startServe(['--allow-private-urls'], { SERVICE_DATA_DIR: dataDir, SERVICE_CACHE_DIR: E2E_CACHE_DIR, SERVICE_LOG_LEVEL: 'warn' });
}

interface SceneState {
  id: string;
  committed_at: string | null;
  source: string | null;
}

/** When to kill the node: the job's state the test waits for, read from the database. */
const KILL_POINTS = [
  { phase: 'planning', when: 'the story is being planned', ready: (row: JobRow) => row.status === 'processing' && row.phase === 'planning', duration: 15 },
  { phase: 'generating', when: 'some, not all, scenes are committed', ready: (row: JobRow) => row.phase === 'generating' && row.committed >= 2, duration: 30 },
  { phase: 'rendering', when: 'the MP4 is part rendered', ready: (row: JobRow) => row.status === 'rendering' && row.frames_done > 0, duration: 15 },
] as const;

interface JobRow {
  status: string;
  phase: string | null;
  frames_done: number;
  committed: number;
  planned: number;
}

describe.each(KILL_POINTS)('a node killed while a job is $phase', ({ phase, when, ready, duration }) => {
  let dataDir: string;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'service-restart-'));
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(`resumes after SIGKILL when ${when}: the job completes, committed scenes are kept, one video.completed goes out, credits are charged once`, async () => {
    const first = await serveOn(dataDir);
    const key = /API key:\s+(mvk_\S+)/.exec(first.stdout())![1]!;
    const api = (url: string, route: string, body?: unknown) =>
      fetch(url + route, {
        method: body ? 'POST' : 'GET',
        headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      }).then(async (response) => ({ status: response.status, body: (await response.json()) as Record<string, any> }));

    const created = await api(first.url, '/v1/videos', {
      prompt: 'The life of a star. Clouds of gas collapse, fusion begins, and giants end as supernovae. The sun is about 4.6 billion years old.',
      duration,
      dimensions: { width: 256, height: 144 },
      render: true,
      webhook_url: receiver.url,
    });
    expect(created.status).toBe(202);
    const id = created.body.id as string;

    // Wait for the kill point, then kill the process outright.
    const db = new Database(path.join(dataDir, 'service.db'), { readonly: true, fileMustExist: true });
    const readJob = () =>
      db
        .prepare(
          `SELECT status, phase, frames_done,
             (SELECT COUNT(*) FROM scenes WHERE video_id = videos.id AND committed_at IS NOT NULL) AS committed,
             (SELECT COUNT(*) FROM scenes WHERE video_id = videos.id) AS planned
           FROM videos WHERE id = ?`,
        )
        .get(id) as JobRow;
    const deadline = Date.now() + 120_000;
    while (!ready(readJob()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    const exited = new Promise((resolve) => first.child.once('exit', resolve));
    first.child.kill('SIGKILL');
    await exited;
    const killed = readJob();
    expect(killed.status === 'rendering' ? 'rendering' : killed.phase).toBe(phase);
    const before = db.prepare('SELECT id, committed_at, source FROM scenes WHERE video_id = ? AND committed_at IS NOT NULL ORDER BY position').all(id) as SceneState[];
    if (phase === 'generating') {
      expect(before.length).toBeGreaterThanOrEqual(2);
      expect(before.length).toBeLessThan(killed.planned);
    }
    db.close();

    const second = await serveOn(dataDir);
    try {
      let job: Record<string, any> = {};
      const done = Date.now() + 180_000;
      while (Date.now() < done) {
        job = (await api(second.url, `/v1/videos/${id}`)).body;
        if (['completed', 'failed', 'canceled'].includes(job.status)) break;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      expect(job.status).toBe('completed');
      expect(job.download_url).toBeDefined();

      const check = new Database(path.join(dataDir, 'service.db'), { readonly: true });
      const after = check.prepare('SELECT id, committed_at, source FROM scenes WHERE video_id = ? ORDER BY position').all(id) as SceneState[];
      // The scenes committed before the kill are the same rows, untouched.
      expect(after.slice(0, before.length)).toEqual(before);
      expect(after.every((scene) => scene.committed_at)).toBe(true);
      const charges = check.prepare("SELECT COUNT(*) FROM ledger_entries WHERE reference = ? AND kind = 'charge'").pluck().get(id);
      const outbox = check.prepare("SELECT COUNT(*) FROM webhook_outbox WHERE event = 'video.completed' AND payload LIKE ?").pluck().get(`%${id}%`);
      check.close();
      expect(charges).toBe(1);
      expect(outbox).toBe(1);
      const settle = Date.now() + 10_000;
      while (!receiver.deliveries.some((d) => d.json.data.videoId === id) && Date.now() < settle) await new Promise((resolve) => setTimeout(resolve, 100));
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(receiver.deliveries.filter((d) => d.json.event === 'video.completed' && d.json.data.videoId === id)).toHaveLength(1);
    } finally {
      const exited2 = new Promise((resolve) => second.child.once('exit', resolve));
      second.child.kill('SIGTERM');
      await exited2;
    }
  });
});
