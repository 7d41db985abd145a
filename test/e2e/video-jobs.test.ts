import { createHmac } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookSecretOf } from '../../src/accounts/api-keys.js';
import { findFfmpeg } from '../../src/render/ffmpeg/find-ffmpeg.js';
import { probeVideo } from '../../src/render/ffmpeg/run-ffmpeg.js';
import { startE2eNode, type E2eNode } from './e2e-node.js';
import { startReceiver } from './webhook-receiver.js';

const ffmpeg = findFfmpeg()!;
const downloads = mkdtempSync(path.join(tmpdir(), 'e2e-downloads-'));

async function download(url: string, name: string): Promise<string> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('video/mp4');
  const file = path.join(downloads, name);
  writeFileSync(file, Buffer.from(await response.arrayBuffer()));
  return file;
}

describe('video jobs end to end (no keys, no network)', () => {
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

  it.each([
    ['16:9', { aspect_ratio: '16:9' }, 1920, 1080],
    ['9:16', { aspect_ratio: '9:16' }, 1080, 1920],
    ['1:1', { aspect_ratio: '1:1' }, 1080, 1080],
    ['4:5', { aspect_ratio: '4:5' }, 1080, 1350],
    ['exact 362x218', { dimensions: { width: 362, height: 218 } }, 362, 218],
  ] as const)('renders %s as H.264 at the requested size, 30 fps, the target length', async (name, shape, width, height) => {
    const created = await e2e.request('POST', '/v1/videos', {
      prompt: `A quick explainer about composting at home (${name}). Kitchen scraps, dry leaves and air turn into rich soil in about 8 weeks.`,
      duration: 5,
      render: true,
      ...shape,
    });
    expect(created.status).toBe(202);
    const job = await e2e.waitFor(created.body.id);
    expect(job.status).toBe('completed');
    expect(job.dimensions).toEqual({ width, height });
    expect(job.progress.scenes_committed).toBe(job.progress.scenes_planned);
    const probe = await probeVideo(ffmpeg, await download(job.download_url, `${job.id}.mp4`));
    expect(probe.codec).toBe('h264');
    expect([probe.width, probe.height]).toEqual([width, height]);
    expect(probe.fps).toBe(30);
    // The target length, or longer where the narration, spoken whole, needs more: then the job says so.
    const made = e2e.node.ctx.videos.get(job.id)!.duration_seconds;
    expect(Math.abs(probe.durationSeconds - made)).toBeLessThanOrEqual(0.5);
    if (made > 5.5) expect(job.warnings.map((warning: { code: string }) => warning.code)).toContain('narration_longer_than_target');
    else expect(Math.abs(probe.durationSeconds - 5)).toBeLessThanOrEqual(0.5);
  });

  it('makes a 20 s multi-scene video whose scenes sum to the target within 10%, charges its estimate once, and signs its webhook', async () => {
    const created = await e2e.request('POST', '/v1/videos', {
      prompt: 'How solar panels work. Sunlight hits silicon cells, frees electrons, and an inverter turns the current into household power. Panels convert about 22% of sunlight. Get a quote from a local installer.',
      duration: 20,
      dimensions: { width: 320, height: 180 },
      render: true,
    });
    expect(created.status).toBe(202);
    const job = await e2e.waitFor(created.body.id);
    expect(job.status).toBe('completed');
    expect(job.scenes.length).toBeGreaterThanOrEqual(3);
    // Each scene says what it shows (extension `visual`), matching its stored kind.
    for (const scene of job.scenes) {
      expect(scene.visual.kind).toMatch(/^(illustration|icon|diagram|map|chart|image|mockup|footage|typography)$/);
      expect(Array.isArray(scene.visual.names)).toBe(true);
    }
    const total = job.scenes.reduce((sum: number, scene: { duration_seconds: number }) => sum + scene.duration_seconds, 0);
    expect(Math.abs(total - 20)).toBeLessThanOrEqual(2);
    const probe = await probeVideo(ffmpeg, await download(job.download_url, `${job.id}.mp4`));
    expect(Math.abs(probe.durationSeconds - 20)).toBeLessThanOrEqual(2);
    // The estimate approved at create is the charge: this node has no video model, so ai_video "auto" was never priced.
    const priced = job.estimate_breakdown.reduce((sum: number, part: { credits: number }) => sum + part.credits, 0);
    expect(job.estimate_breakdown.map((part: { part: string }) => part.part)).not.toContain('ai_video');
    expect(job.credits_cost).toBeCloseTo(priced, 3);
    expect(job.credits_cost).toBeCloseTo(created.body.estimated_credits, 3);
    const charges = e2e.node.ctx.db.prepare("SELECT millicredits FROM ledger_entries WHERE reference = ? AND kind = 'charge'").all(job.id);
    expect(charges).toEqual([{ millicredits: -Math.round(job.credits_cost * 1000) }]);
    expect(e2e.node.ctx.ledger.rendersUsed(e2e.accountId, new Date().toISOString().slice(0, 7))).toBeGreaterThanOrEqual(1);

    // The video.completed delivery verifies both ways.
    const deadline = Date.now() + 10_000;
    while (!receiver.deliveries.some((d) => d.json.data.videoId === job.id) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const deliveries = receiver.deliveries.filter((d) => d.json.data.videoId === job.id);
    expect(deliveries).toHaveLength(1);
    const delivery = deliveries[0]!;
    expect(delivery.json).toMatchObject({ event: 'video.completed', data: { videoId: job.id, projectId: job.project_id, creditsCost: job.credits_cost, downloadUrl: expect.stringContaining('/files/') } });
    const keyRow = e2e.node.ctx.apiKeys.listForAccount(e2e.accountId)[0]!;
    const secret = webhookSecretOf(e2e.node.ctx, keyRow);
    expect(() => new Webhook(secret).verify(delivery.body, delivery.headers)).not.toThrow();
    expect(delivery.headers['x-service-signature']).toBe(createHmac('sha256', secret).update(delivery.body).digest('hex'));
  });

  it('answers frames from the rendered video, one JPEG per scene', async () => {
    const created = await e2e.request('POST', '/v1/videos', { prompt: 'Three tips for better sleep. Keep a schedule, dim the lights, and skip late coffee.', duration: 12, dimensions: { width: 320, height: 180 }, render: true });
    const job = await e2e.waitFor(created.body.id);
    const frames = await e2e.request('GET', `/v1/videos/${job.id}/frames?max_frames=12`);
    expect(frames.status).toBe(200);
    expect(frames.body.source).toBe('video');
    expect(frames.body.frames).toHaveLength(job.scenes.length);
    for (const [index, frame] of frames.body.frames.entries()) {
      expect(frame).toMatchObject({ scene_id: job.scenes[index].id, index, width: 320, height: 180, mime_type: 'image/jpeg' });
      expect(Buffer.from(frame.data, 'base64').subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    }
    const two = await e2e.request('GET', `/v1/videos/${job.id}/frames?max_frames=2`);
    expect(two.body.frames).toHaveLength(2);
  });

  it('completes without an MP4 when render is false, then re-renders it at other dimensions', async () => {
    const created = await e2e.request('POST', '/v1/videos', { prompt: 'Why bees matter. They pollinate a third of our food crops.', duration: 6, dimensions: { width: 320, height: 180 } });
    const job = await e2e.waitFor(created.body.id);
    expect(job.status).toBe('completed');
    expect(job.download_url).toBeUndefined();
    // Stills of the committed scenes stand in for frames until there is an MP4.
    const stills = await e2e.request('GET', `/v1/videos/${job.id}/frames`);
    expect(stills.body.source).toBe('stills');

    const rendered = await e2e.request('POST', `/v1/videos/${job.id}/render`, { dimensions: { width: 240, height: 240 }, fps: 25 });
    expect(rendered.status).toBe(202);
    expect(rendered.body.renders).toEqual([expect.objectContaining({ status: expect.stringMatching(/^(queued|rendering)$/), original: false, dimensions: { width: 240, height: 240 }, fps: 25 })]);
    const after = await e2e.waitFor(job.id, (j) => j.renders?.[0]?.status === 'completed' || j.renders?.[0]?.status === 'failed');
    expect(after.renders[0].status).toBe('completed');
    expect(after.status).toBe('completed');
    // A render at another size is not the job's own MP4: the job has none until one is made at 320x180.
    expect(after.download_url).toBeUndefined();
    expect(after.dimensions).toEqual({ width: 320, height: 180 });
    const probe = await probeVideo(ffmpeg, await download(after.renders[0].download_url, `${job.id}-rerender.mp4`));
    expect([probe.width, probe.height, probe.fps]).toEqual([240, 240, 25]);
  });
});
