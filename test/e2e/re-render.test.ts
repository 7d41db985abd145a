// A re-render is a render of its own (issue 26): the job keeps the size, frame rate and MP4 it was
// made with, `renders` lists the original and each re-render with its own MP4, and an edit made
// after a re-render starts from the original's size and frame rate.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFfmpeg } from '../../src/render/ffmpeg/find-ffmpeg.js';
import { probeVideo } from '../../src/render/ffmpeg/run-ffmpeg.js';
import { startE2eNode, type E2eNode } from './e2e-node.js';
import { startReceiver } from './webhook-receiver.js';

const ffmpeg = findFfmpeg()!;
const ORIGINAL = { width: 320, height: 180 };
const AGAIN = { width: 160, height: 160 };

let e2e: E2eNode;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let downloads: string;
let id: string;

async function download(url: string, name: string): Promise<string> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('video/mp4');
  const file = path.join(downloads, name);
  writeFileSync(file, Buffer.from(await response.arrayBuffer()));
  return file;
}

/** A signed link without its signature: which file it names. */
function fileOf(url: string): string {
  return new URL(url).pathname;
}

beforeAll(async () => {
  downloads = mkdtempSync(path.join(tmpdir(), 'e2e-re-render-'));
  receiver = await startReceiver();
  e2e = await startE2eNode({ webhookUrl: receiver.url });
  const created = await e2e.request('POST', '/v1/videos', {
    prompt: 'Bees and flowers. A bee visits about 5,000 flowers a day.',
    duration: 5,
    dimensions: ORIGINAL,
    narration: false,
    music: false,
    render: true,
  });
  expect(created.status).toBe(202);
  id = created.body.id;
  const job = await e2e.waitFor(id);
  expect(job.status, JSON.stringify(job.error)).toBe('completed');
});
afterAll(async () => {
  await e2e?.close();
  await receiver?.close();
  rmSync(downloads, { recursive: true, force: true });
});

describe('POST /v1/videos/{id}/render', () => {
  it('keeps the job at its own size, fps and MP4, and lists the original and the re-render, each with an MP4 of its own size', async () => {
    const before = (await e2e.request('GET', `/v1/videos/${id}`)).body;
    expect(before).toMatchObject({ status: 'completed', dimensions: ORIGINAL, fps: 30 });
    expect(before.renders).toEqual([
      expect.objectContaining({ original: true, status: 'completed', dimensions: ORIGINAL, fps: 30, download_url: expect.any(String), id: expect.stringMatching(/^rnd_/) }),
    ]);
    expect(fileOf(before.renders[0].download_url)).toBe(fileOf(before.download_url));
    const usedBefore = (await e2e.request('GET', '/v1/account')).body.renders_used as number;

    const queued = await e2e.request('POST', `/v1/videos/${id}/render`, { dimensions: AGAIN, fps: 24 });
    expect(queued.status).toBe(202);
    // The answer is the job in the poll shape, still completed, with the new render in its list.
    expect(queued.body).toMatchObject({ id, status: 'completed', dimensions: ORIGINAL, fps: 30 });
    expect(queued.body.renders).toHaveLength(2);
    const again = queued.body.renders.find((render: { original: boolean }) => !render.original);
    expect(again).toMatchObject({ original: false, dimensions: AGAIN, fps: 24, id: expect.stringMatching(/^rnd_/) });
    expect(['queued', 'rendering']).toContain(again.status);
    expect(again).not.toHaveProperty('download_url');

    const done = await e2e.waitFor(id, (job) => job.renders.every((render: { status: string }) => render.status === 'completed' || render.status === 'failed'));
    expect(done).toMatchObject({ status: 'completed', dimensions: ORIGINAL, fps: 30 });
    expect(fileOf(done.download_url)).toBe(fileOf(before.download_url));
    expect(done.renders.map((render: { id: string; original: boolean; status: string; dimensions: unknown; fps: number }) => [render.id, render.original, render.status, render.dimensions, render.fps])).toEqual([
      [before.renders[0].id, true, 'completed', ORIGINAL, 30],
      [again.id, false, 'completed', AGAIN, 24],
    ]);
    expect(fileOf(done.renders[1].download_url)).not.toBe(fileOf(done.download_url));

    const original = await probeVideo(ffmpeg, await download(done.download_url, 'original.mp4'));
    expect(original).toMatchObject({ codec: 'h264', width: ORIGINAL.width, height: ORIGINAL.height, fps: 30 });
    const listedOriginal = await probeVideo(ffmpeg, await download(done.renders[0].download_url, 'listed-original.mp4'));
    expect(listedOriginal).toMatchObject({ width: ORIGINAL.width, height: ORIGINAL.height, fps: 30 });
    const reRendered = await probeVideo(ffmpeg, await download(done.renders[1].download_url, 're-render.mp4'));
    expect(reRendered).toMatchObject({ codec: 'h264', width: AGAIN.width, height: AGAIN.height, fps: 24 });
    expect(Math.abs(reRendered.durationSeconds - original.durationSeconds)).toBeLessThanOrEqual(0.5);

    // The re-render used one plan render; the job's webhook said completed once, for the job alone.
    expect((await e2e.request('GET', '/v1/account')).body.renders_used).toBe(usedBefore + 1);
    const completedEvents = receiver.deliveries.filter((delivery) => delivery.json.event === 'video.completed' && delivery.json.data.videoId === id);
    expect(completedEvents).toHaveLength(1);
  });

  it('makes an edit after a re-render at the original size and fps', async () => {
    const queued = await e2e.request('POST', `/v1/videos/${id}/render`, { dimensions: { width: 200, height: 200 }, fps: 25 });
    expect(queued.status).toBe(202);
    await e2e.runtime.engine.idle();
    const edited = await e2e.request('POST', `/v1/videos/${id}/edit`, { prompt: 'change the text of scene 1 to Bees love lavender', render: true });
    expect(edited.status, JSON.stringify(edited.body)).toBe(202);
    const job = await e2e.waitFor(edited.body.id);
    expect(job.status, JSON.stringify(job.error)).toBe('completed');
    expect(job).toMatchObject({ parent_id: id, dimensions: ORIGINAL, fps: 30 });
    expect(job.renders).toEqual([expect.objectContaining({ original: true, dimensions: ORIGINAL, fps: 30, status: 'completed' })]);
    const probe = await probeVideo(ffmpeg, await download(job.download_url, 'edit.mp4'));
    expect(probe).toMatchObject({ width: ORIGINAL.width, height: ORIGINAL.height, fps: 30 });
  });
});
