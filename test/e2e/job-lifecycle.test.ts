import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountWithKey, createTestNode, type TestNode } from '../helpers/test-node.js';
import { TRANSITIONS } from '../../src/pipeline/engine/job-states.js';
import { VideoEngine } from '../../src/pipeline/engine/video-engine.js';
import { createVideo } from '../../src/pipeline/videos/create-video.js';
import { EmbeddedSceneWriter } from '../../src/pipeline/providers/embedded/embedded-scene-writer.js';
import type { SceneWriter, WriteSceneRequest } from '../../src/pipeline/providers/provider-types.js';
import { RenderPool } from '../../src/render/render-pool.js';
import { WebhookDispatcher } from '../../src/webhooks/webhook-dispatcher.js';
import { E2E_CACHE_DIR, startE2eNode, type E2eNode } from './e2e-node.js';
import { startReceiver } from './webhook-receiver.js';

/** Transition rows this file proves, by `from -> trigger`; checked against the table at the end. */
const exercised = new Set<string>();
const mark = (from: string, trigger: string) => exercised.add(`${from} ${trigger}`);

async function until<T>(read: () => T, done: (value: T) => boolean, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('job lifecycle', () => {
  let e2e: E2eNode;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    receiver = await startReceiver();
    e2e = await startE2eNode({ webhookUrl: receiver.url });
  });
  afterAll(async () => {
    await e2e.close();
    await receiver.close();
  });
  const row = (id: string) => e2e.node.ctx.videos.get(id)!;
  const charges = (id: string) => e2e.node.ctx.db.prepare("SELECT millicredits FROM ledger_entries WHERE reference = ? AND kind = 'charge'").all(id) as { millicredits: number }[];
  const events = async (id: string, event: string) => {
    await until(() => receiver.deliveries.filter((d) => d.json.data.videoId === id && d.json.event === event).length, (n) => n > 0, 10_000);
    return receiver.deliveries.filter((d) => d.json.data.videoId === id);
  };

  it('goes queued -> processing -> rendering -> completed, with phases planning, generating, finishing', async () => {
    const created = await e2e.request('POST', '/v1/videos', { prompt: 'Why the sky is blue. Air scatters short blue wavelengths more than red ones.', duration: 6, dimensions: { width: 256, height: 144 }, render: true });
    expect(created.body.status).toBe('queued');
    const seen = new Set<string>();
    await until(() => row(created.body.id), (r) => {
      seen.add(`${r.status}/${r.phase ?? '-'}`);
      return r.status === 'completed' || r.status === 'failed';
    });
    expect(row(created.body.id).status).toBe('completed');
    expect([...seen]).toEqual(expect.arrayContaining(['processing/generating', 'rendering/-', 'completed/-']));
    mark('queued', 'start');
    mark('processing', 'generation_done_render');
    mark('rendering', 'succeed');
  });

  it('completes from processing when no MP4 is asked for', async () => {
    const created = await e2e.request('POST', '/v1/videos', { prompt: 'A note on tides: the moon pulls the oceans.', duration: 5, dimensions: { width: 256, height: 144 } });
    const job = await e2e.waitFor(created.body.id);
    expect(job.status).toBe('completed');
    mark('processing', 'succeed');
  });

  it('cancels a queued job at once', async () => {
    // A second job waits behind the first in the queue (one job at a time).
    const first = await e2e.request('POST', '/v1/videos', { prompt: 'A long tour of the solar system: Mercury, Venus, Earth, Mars, Jupiter, Saturn.', duration: 30, dimensions: { width: 256, height: 144 } });
    const second = await e2e.request('POST', '/v1/videos', { prompt: 'A second video that will not be made. It waits in the queue.', duration: 10, dimensions: { width: 256, height: 144 } });
    expect(row(second.body.id).status).toBe('queued');
    const canceled = await e2e.request('POST', `/v1/videos/${second.body.id}/cancel`);
    expect(canceled.status).toBe(200);
    expect(canceled.body.status).toBe('canceled');
    expect(charges(second.body.id)).toEqual([]);
    mark('queued', 'cancel');
    await e2e.request('POST', `/v1/videos/${first.body.id}/cancel`);
    await e2e.waitFor(first.body.id);
  });

  it('cancels a processing job cooperatively, charging only the scenes already committed', async () => {
    const created = await e2e.request('POST', '/v1/videos', { prompt: 'A history of flight from kites to jets. Gliders, engines, jets, rockets.', duration: 60, dimensions: { width: 256, height: 144 } });
    const id = created.body.id;
    await until(() => row(id), (r) => r.scenes_committed >= 1);
    const response = await e2e.request('POST', `/v1/videos/${id}/cancel`);
    expect(response.status).toBe(200);
    expect(['processing', 'canceled']).toContain(response.body.status);
    if (response.body.status === 'processing') expect(response.body.cancel_requested).toBe(true);
    const job = await e2e.waitFor(id);
    expect(job.status).toBe('canceled');
    expect(job.progress.scenes_committed).toBeLessThan(job.progress.scenes_planned);
    const cost = row(id).credits_cost_millicredits!;
    expect(cost).toBeGreaterThan(0);
    expect(cost).toBeLessThan(created.body.estimated_credits * 1000);
    expect(charges(id)).toEqual([{ millicredits: -cost }]);
    // The poll response says what the canceled job was charged, the same as the ledger.
    expect(job.credits_cost).toBe(cost / 1000);
    const delivered = await events(id, 'video.canceled');
    expect(delivered.map((d) => d.json.event)).toEqual(['video.canceled']);
    expect(delivered[0]!.json.data).toMatchObject({ videoId: id, creditsCost: cost / 1000 });
    mark('processing', 'cancel');
    const again = await e2e.request('POST', `/v1/videos/${id}/cancel`);
    expect([again.status, again.body.error.code]).toEqual([409, 'not_cancelable']);
  });

  it('cancels a rendering job', async () => {
    const created = await e2e.request('POST', '/v1/videos', { prompt: 'Ocean currents move heat around the planet. The Gulf Stream warms Europe.', duration: 30, dimensions: { width: 640, height: 360 }, render: true });
    const id = created.body.id;
    await until(() => row(id), (r) => r.status === 'rendering');
    await e2e.request('POST', `/v1/videos/${id}/cancel`);
    const job = await e2e.waitFor(id);
    expect(job.status).toBe('canceled');
    expect(job.download_url).toBeUndefined();
    expect(job.credits_cost).toBe(row(id).credits_cost_millicredits! / 1000);
    expect(charges(id)).toEqual([{ millicredits: -row(id).credits_cost_millicredits! }]);
    mark('rendering', 'cancel');
  });

  it('cancels a paused job at once', async () => {
    // Review gates arrive with storyboard builds; the cancel rule for a paused job holds today.
    // Written without queueing it, then paused, as a review gate leaves a job.
    const ctx = e2e.node.ctx;
    const other = await createVideo(ctx, { account: ctx.accounts.get(e2e.accountId)!, key: null }, { prompt: 'A paused storyboard. It waits for approval.', duration: 10, dimensions: { width: 256, height: 144 } });
    ctx.videos.update(other.body.id, { status: 'awaiting_approval' });
    const response = await e2e.request('POST', `/v1/videos/${other.body.id}/cancel`);
    expect(response.body.status).toBe('canceled');
    mark('awaiting_approval', 'cancel');
  });
});

describe('faults', () => {
  it('fails a job whose render breaks, with an error object and video.failed, charging committed work; the node keeps serving', async () => {
    const receiver = await startReceiver();
    const e2e = await startE2eNode({ webhookUrl: receiver.url });
    try {
      // Generation works (it only needs the browser); joining segments needs this FFmpeg, which is broken.
      e2e.node.ctx.config.ffmpegPath = '/nonexistent/ffmpeg';
      // Silent (no soundtrack to mix), so the fault is met where segments are joined.
      const created = await e2e.request('POST', '/v1/videos', { prompt: 'Volcanoes: magma, pressure and eruptions.', duration: 6, dimensions: { width: 256, height: 144 }, render: true, narration: false, music: false });
      const job = await e2e.waitFor(created.body.id);
      expect(job.status).toBe('failed');
      expect(job.error).toEqual({ code: 'render_failed', message: expect.any(String) });
      // Every scene was committed: the whole estimate, which is the number approved at create (no video model here, so ai_video "auto" was never priced).
      const failed = e2e.node.ctx.videos.get(job.id)!;
      expect(failed.credits_cost_millicredits).toBe(failed.estimated_millicredits);
      expect(failed.estimated_millicredits).toBe(Math.round(created.body.estimated_credits * 1000));
      expect(job.credits_cost).toBe(created.body.estimated_credits);
      const deadline = Date.now() + 10_000;
      while (!receiver.deliveries.some((d) => d.json.event === 'video.failed') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(receiver.deliveries.map((d) => d.json.event)).toEqual(['video.failed']);
      expect(receiver.deliveries[0]!.json.data).toMatchObject({ videoId: job.id, error: { code: 'render_failed' } });
      mark('rendering', 'fail');
      const health = await fetch(`${e2e.baseUrl}/v1/health`);
      expect(health.status).toBe(200);
      e2e.node.ctx.config.ffmpegPath = undefined;
      const next = await e2e.request('POST', '/v1/videos', { prompt: 'And the node still renders. Jobs go on.', duration: 5, dimensions: { width: 256, height: 144 }, render: true });
      expect((await e2e.waitFor(next.body.id)).status).toBe('completed');
    } finally {
      await e2e.close();
      await receiver.close();
    }
  });

  it('repairs a scene whose code fails its checks, and replaces one that cannot be repaired by its kit template', async () => {
    const node: TestNode = createTestNode({ cacheDir: E2E_CACHE_DIR });
    const pool = new RenderPool();
    const embedded = new EmbeddedSceneWriter();
    const seen: WriteSceneRequest[] = [];
    // Scene 1: broken once, then fixed. Scene 2 and on: always broken (uses the network).
    const writer: SceneWriter = {
      name: 'flaky',
      async writeScene(request) {
        seen.push(request);
        if (request.position === 0 && request.previousError) return embedded.writeScene(request);
        return `import React from 'react';\nexport default function Scene() { fetch('https://example.com'); return <div />; }`;
      },
    };
    const webhooks = new WebhookDispatcher(node.ctx);
    const engine = new VideoEngine({ ctx: node.ctx, pool, sceneWriter: writer, webhooks, cacheDir: E2E_CACHE_DIR });
    try {
      const { account, key } = await createAccountWithKey(node.ctx);
      const answer = await createVideo(node.ctx, { account: node.ctx.accounts.get(account.id)!, key: node.ctx.apiKeys.get(key.id)! }, { prompt: 'Scene repair test. One, two, three.', duration: 12, dimensions: { width: 256, height: 144 }, render: true }, { enqueue: (id) => engine.enqueue(id) });
      await engine.idle();
      const job = node.ctx.videos.get(answer.body.id)!;
      expect(job.status).toBe('completed');
      const scenes = node.ctx.videos.scenes(job.id);
      expect(scenes[0]!.writer).toBe('flaky');
      expect(seen.find((r) => r.position === 0 && r.previousError)?.previousError).toContain('fetch');
      // A scene its writer cannot get right is drawn with the kit template of its planned kind.
      for (const scene of scenes.slice(1)) expect(scene.writer).toBe('embedded');
      for (const scene of scenes) expect(scene.compiled).not.toContain('fetch(');
    } finally {
      await engine.stop();
      await webhooks.stop();
      await pool.close();
      node.cleanup();
    }
  });
});

describe('a provider failure while generating', () => {
  it('fails the job from processing with a clear error and charges only what was committed', async () => {
    const node: TestNode = createTestNode({ cacheDir: E2E_CACHE_DIR });
    const pool = new RenderPool();
    const embedded = new EmbeddedSceneWriter();
    const writer: SceneWriter = {
      name: 'dies-after-one',
      async writeScene(request) {
        if (request.position >= 1) throw new Error('scene provider is unreachable');
        return embedded.writeScene(request);
      },
    };
    const engine = new VideoEngine({ ctx: node.ctx, pool, sceneWriter: writer, cacheDir: E2E_CACHE_DIR });
    try {
      const { account } = await createAccountWithKey(node.ctx);
      const answer = await createVideo(node.ctx, { account: node.ctx.accounts.get(account.id)!, key: null }, { prompt: 'Failure test. One, two, three, four.', duration: 20, dimensions: { width: 256, height: 144 } }, { enqueue: (id) => engine.enqueue(id) });
      await engine.idle();
      const job = node.ctx.videos.get(answer.body.id)!;
      expect(job.status).toBe('failed');
      expect(job.error_message).toBe('scene provider is unreachable');
      expect(job.scenes_committed).toBe(1);
      const scenes = node.ctx.videos.scenes(job.id);
      const committedSeconds = scenes[0]!.duration_seconds;
      const total = scenes.reduce((sum, scene) => sum + scene.duration_seconds, 0);
      expect(job.credits_cost_millicredits).toBe(Math.round((job.estimated_millicredits * committedSeconds) / total));
      mark('processing', 'fail');
    } finally {
      await engine.stop();
      await pool.close();
      node.cleanup();
    }
  });
});

describe('liveness', () => {
  it('refreshes last_activity_at while a job works, and keeps updated_at frozen through generation', async () => {
    const node: TestNode = createTestNode({ cacheDir: E2E_CACHE_DIR });
    const pool = new RenderPool();
    const embedded = new EmbeddedSceneWriter();
    const slow: SceneWriter = {
      name: 'slow',
      async writeScene(request) {
        await new Promise((resolve) => setTimeout(resolve, 800));
        return embedded.writeScene(request);
      },
    };
    const engine = new VideoEngine({ ctx: node.ctx, pool, sceneWriter: slow, heartbeatMs: 200, cacheDir: E2E_CACHE_DIR });
    try {
      const { account } = await createAccountWithKey(node.ctx);
      const answer = await createVideo(node.ctx, { account: node.ctx.accounts.get(account.id)!, key: null }, { prompt: 'Heartbeat test. One, two, three.', duration: 15, dimensions: { width: 256, height: 144 } }, { enqueue: (id) => engine.enqueue(id) });
      const activity = new Set<string>();
      const updated = new Set<string>();
      const id = answer.body.id;
      await until(() => node.ctx.videos.get(id)!, (job) => {
        if (job.status === 'processing' && job.phase === 'generating') {
          activity.add(job.last_activity_at);
          updated.add(job.updated_at);
        }
        return job.status === 'completed' || job.status === 'failed';
      });
      expect(node.ctx.videos.get(id)!.status).toBe('completed');
      expect(activity.size).toBeGreaterThanOrEqual(5);
      expect(updated.size).toBe(1);
    } finally {
      await engine.stop();
      await pool.close();
      node.cleanup();
    }
  });
});

describe('a browser crash while rendering', () => {
  it('fails the job with render_failed, and the next job renders with a fresh worker', async () => {
    const e2e = await startE2eNode();
    try {
      const created = await e2e.request('POST', '/v1/videos', { prompt: 'Crash test. Rivers carve canyons over millions of years.', duration: 30, dimensions: { width: 640, height: 360 }, render: true });
      await until(() => e2e.node.ctx.videos.get(created.body.id)!, (r) => r.status === 'rendering');
      // Kill the render workers (children of this process running the worker script), as a crash would.
      const listing = execFileSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' });
      const workers = listing.split('\n').map((line) => line.trim().split(/\s+/)).filter((parts) => Number(parts[1]) === process.pid && parts.join(' ').includes('render-worker.js'));
      expect(workers.length).toBeGreaterThan(0);
      for (const [pid] of workers) process.kill(Number(pid), 'SIGKILL');
      const job = await e2e.waitFor(created.body.id);
      expect(job.status).toBe('failed');
      expect(job.error).toEqual({ code: 'render_failed', message: expect.stringContaining('render worker exited') });
      const next = await e2e.request('POST', '/v1/videos', { prompt: 'After the crash. The node restarts and renders.', duration: 5, dimensions: { width: 256, height: 144 }, render: true });
      expect((await e2e.waitFor(next.body.id)).status).toBe('completed');
    } finally {
      await e2e.close();
    }
  });
});

describe('transition table', () => {
  it('has every row that exists so far exercised by a test above', () => {
    // Review gates (gate_reached, approve, request_changes) and a failure while paused come with
    // storyboard builds. A queued job is never failed by this engine: it starts before any work can fail.
    const pending = new Set(['processing gate_reached', 'awaiting_approval approve', 'awaiting_approval request_changes', 'queued fail', 'awaiting_approval fail']);
    const rows = TRANSITIONS.flatMap((row) => row.from.map((from) => `${from} ${row.trigger}`));
    const missing = rows.filter((row) => !exercised.has(row) && !pending.has(row));
    expect(missing).toEqual([]);
  });
});
