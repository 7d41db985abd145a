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

describe('a node killed while a job is generating', () => {
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

  it('resumes after SIGKILL: the job completes, committed scenes are kept, one video.completed goes out, credits are charged once', async () => {
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
      duration: 30,
      dimensions: { width: 256, height: 144 },
      render: true,
      webhook_url: receiver.url,
    });
    expect(created.status).toBe(202);
    const id = created.body.id as string;

    // Wait until some, not all, scenes are committed, then kill the process outright.
    const db = new Database(path.join(dataDir, 'service.db'), { readonly: true, fileMustExist: true });
    const committedCount = () => (db.prepare('SELECT COUNT(*) FROM scenes WHERE video_id = ? AND committed_at IS NOT NULL').pluck().get(id) as number);
    const deadline = Date.now() + 120_000;
    while (committedCount() < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    const exited = new Promise((resolve) => first.child.once('exit', resolve));
    first.child.kill('SIGKILL');
    await exited;
    const before = db.prepare('SELECT id, committed_at, source FROM scenes WHERE video_id = ? AND committed_at IS NOT NULL ORDER BY position').all(id) as SceneState[];
    const planned = db.prepare('SELECT COUNT(*) FROM scenes WHERE video_id = ?').pluck().get(id) as number;
    expect(before.length).toBeGreaterThanOrEqual(2);
    expect(before.length).toBeLessThan(planned);
    expect((db.prepare('SELECT status, phase FROM videos WHERE id = ?').get(id) as { status: string; phase: string })).toEqual({ status: 'processing', phase: 'generating' });
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
