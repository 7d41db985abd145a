// Storyboard review gates: a storyboard build pauses at its cast sheets and then at its storyboard,
// shows their stills through /frames, redoes a board on changes, goes on on {}, survives a SIGKILL
// while paused, and completes; a paused job cancels at once with one video.canceled.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServe, type ServeProcess } from '../helpers/run-service.js';
import { E2E_CACHE_DIR } from './e2e-node.js';
import { startReceiver } from './webhook-receiver.js';

const PROMPT =
  'Meet Mara, a lighthouse keeper on a stormy island. Mara climbs the tower every night. Mara lights the lamp for the fishing boats. The boats come home safely before dawn.';

type Json = Record<string, any>;

let dataDir: string;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let node: ServeProcess;
let key: string;

const serve = () => startServe(['--allow-private-urls'], { SERVICE_DATA_DIR: dataDir, SERVICE_CACHE_DIR: E2E_CACHE_DIR, SERVICE_LOG_LEVEL: 'warn' });
/** One REST call; a 429 (the key's 60 requests a minute, shared by the polls) waits its Retry-After and asks again, as a client should. */
async function api(route: string, body?: unknown): Promise<{ status: number; body: Json }> {
  for (;;) {
    const response = await fetch(node.url + route, {
      method: body ? 'POST' : 'GET',
      headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const answer = { status: response.status, body: (await response.json()) as Json };
    if (answer.status !== 429) return answer;
    const wait = Number(response.headers.get('retry-after') ?? '1');
    await new Promise((resolve) => setTimeout(resolve, Math.max(1, wait) * 1000));
  }
}

/** Polls until `ready` holds for the job. */
async function waitFor(id: string, ready: (job: Json) => boolean, what: string): Promise<Json> {
  const deadline = Date.now() + 240_000;
  let job: Json = {};
  while (Date.now() < deadline) {
    job = (await api(`/v1/videos/${id}`)).body;
    if (ready(job)) return job;
    if (['completed', 'failed', 'canceled'].includes(job.status)) break;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`video ${id} never reached ${what}: ${JSON.stringify({ status: job.status, review: job.review, error: job.error, phase_detail: job.phase_detail })}`);
}

const pausedAt = (gate: string, round: number) => (job: Json) => job.status === 'awaiting_approval' && job.review?.gate === gate && job.review?.round === round;

/** The board's frames, each checked to be a JPEG that decodes at its stated size. */
async function board(id: string, source: string): Promise<Json[]> {
  const answer = await api(`/v1/videos/${id}/frames?max_frames=12`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body.source).toBe(source);
  for (const frame of answer.body.frames as Json[]) {
    expect(frame.mime_type).toBe('image/jpeg');
    const meta = await sharp(Buffer.from(frame.data, 'base64')).metadata();
    expect(meta.format).toBe('jpeg');
    expect([meta.width, meta.height]).toEqual([frame.width, frame.height]);
  }
  return answer.body.frames;
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'service-review-'));
  receiver = await startReceiver();
  node = await serve();
  key = /API key:\s+(mvk_\S+)/.exec(node.stdout())![1]!;
}, 60_000);
afterAll(async () => {
  if (node && node.child.exitCode === null) {
    const exited = new Promise((resolve) => node.child.once('exit', resolve));
    node.child.kill('SIGTERM');
    await exited;
  }
  await receiver?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('storyboard review gates', () => {
  it('pause at the cast sheets, then the storyboard; changes redo only what they name; a SIGKILL while paused loses nothing; {} goes on to completion', async () => {
    const created = await api('/v1/videos', {
      prompt: PROMPT,
      ai_video: 'full',
      storyboard: true,
      duration: 8,
      dimensions: { width: 256, height: 144 },
      narration: false,
      music: false,
      render: true,
      webhook_url: receiver.url,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(202);
    const id = created.body.id as string;

    // Gate 1: the cast sheets. Mara recurs, so she has a sheet.
    await waitFor(id, pausedAt('cast', 1), 'the cast gate');
    const cast1 = await board(id, 'cast');
    expect(cast1.map((frame) => frame.name)).toContain('Mara');
    expect(cast1.every((frame) => frame.scene_id === null)).toBe(true);

    // A change that names no one, with more than one member, or an empty one: 400, nothing moves.
    expect((await api(`/v1/videos/${id}/approve`, { changes: '  ' })).status).toBe(400);
    expect((await api(`/v1/videos/${id}/approve`, { changes: 'x'.repeat(2001) })).status).toBe(400);

    const redo = await api(`/v1/videos/${id}/approve`, { changes: 'Mara: short grey hair, a yellow raincoat and a lantern' });
    expect(redo.status, JSON.stringify(redo.body)).toBe(200);
    expect(redo.body.status).toBe('awaiting_approval');
    const cast2Job = await waitFor(id, pausedAt('cast', 2), 'the redone cast');
    expect(cast2Job.review.changed.join(' ')).toContain('Mara');
    const cast2 = await board(id, 'cast');
    const mara = (frames: Json[]) => frames.find((frame) => frame.name === 'Mara')!.data;
    expect(mara(cast2)).not.toBe(mara(cast1));
    // Only what the change named is drawn again.
    for (const frame of cast2.filter((frame) => frame.name !== 'Mara')) expect(frame.data).toBe(cast1.find((other) => other.name === frame.name)!.data);

    // Gate 2: the storyboard, one still per planned scene.
    expect((await api(`/v1/videos/${id}/approve`, {})).body.status).toBe('processing');
    const story1Job = await waitFor(id, pausedAt('storyboard', 1), 'the storyboard gate');
    const story1 = await board(id, 'storyboard');
    expect(story1.map((frame) => frame.scene_id)).toEqual(story1Job.scenes.map((scene: Json) => scene.id));
    expect(new Set(story1.map((frame) => frame.data)).size).toBe(story1.length);

    // An instruction the grammar cannot read: a 400 with its help, and the board stays.
    const unreadable = await api(`/v1/videos/${id}/approve`, { changes: 'make it feel more magical somehow' });
    expect(unreadable.status).toBe(400);
    expect(JSON.stringify(unreadable.body)).toContain('redo scene 2');
    expect((await api(`/v1/videos/${id}`)).body.review).toEqual({ gate: 'storyboard', round: 1 });

    expect((await api(`/v1/videos/${id}/approve`, { changes: 'redo scene 2: a lighthouse beam sweeping over a dark sea' })).status).toBe(200);
    // While the board is redone, another answer is refused.
    const early = await api(`/v1/videos/${id}/approve`, {});
    if (early.status !== 200) expect([early.status, early.body.error.code]).toEqual([409, 'not_awaiting_approval']);
    else throw new Error('approve during the redo went through');
    await waitFor(id, pausedAt('storyboard', 2), 'the redone storyboard');
    const story2 = await board(id, 'storyboard');
    expect(story2[1]!.data).not.toBe(story1[1]!.data);
    story2.forEach((frame, index) => {
      if (index !== 1) expect(frame.data).toBe(story1[index]!.data);
    });

    // Killed while paused: the restarted node shows the same board and waits.
    const exited = new Promise((resolve) => node.child.once('exit', resolve));
    node.child.kill('SIGKILL');
    await exited;
    node = await serve();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const restarted = (await api(`/v1/videos/${id}`)).body;
    expect(restarted.status).toBe('awaiting_approval');
    expect(restarted.review).toEqual({ gate: 'storyboard', round: 2, changed: ['regenerate scene 2'] });
    expect((await board(id, 'storyboard')).map((frame) => frame.data)).toEqual(story2.map((frame) => frame.data));

    expect((await api(`/v1/videos/${id}/approve`, {})).status).toBe(200);
    const done = await waitFor(id, (job) => job.status === 'completed', 'completion');
    expect(done.download_url).toBeDefined();
    expect(done.review).toBeUndefined();
    expect((await board(id, 'video')).length).toBe(done.scenes.length);
    expect((await api(`/v1/videos/${id}/approve`, {})).body.error.code).toBe('not_awaiting_approval');

    const settle = Date.now() + 10_000;
    while (!receiver.deliveries.some((d) => d.json.data.videoId === id) && Date.now() < settle) await new Promise((resolve) => setTimeout(resolve, 100));
    await new Promise((resolve) => setTimeout(resolve, 500));
    // Pausing fires no webhook; completing fires one.
    expect(receiver.deliveries.filter((d) => d.json.data.videoId === id).map((d) => d.json.event)).toEqual(['video.completed']);
  }, 600_000);

  it('cancels a paused build at once, with one video.canceled', async () => {
    const created = await api('/v1/videos', { prompt: PROMPT, ai_video: 'full', storyboard: true, duration: 6, dimensions: { width: 256, height: 144 }, narration: false, music: false, webhook_url: receiver.url });
    const id = created.body.id as string;
    await waitFor(id, pausedAt('cast', 1), 'the cast gate');
    const canceled = await api(`/v1/videos/${id}/cancel`, {});
    expect([canceled.status, canceled.body.status]).toEqual([200, 'canceled']);
    expect((await api(`/v1/videos/${id}/frames`)).status).toBe(409);
    const settle = Date.now() + 10_000;
    while (!receiver.deliveries.some((d) => d.json.data.videoId === id) && Date.now() < settle) await new Promise((resolve) => setTimeout(resolve, 100));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.deliveries.filter((d) => d.json.data.videoId === id).map((d) => d.json.event)).toEqual(['video.canceled']);
  }, 300_000);
});
