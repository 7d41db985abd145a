import { existsSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VideoEngine } from '../../src/pipeline/engine/video-engine.js';
import { jobFileReferences } from '../../src/pipeline/videos/job-file-references.js';
import { findFfmpeg } from '../../src/render/ffmpeg/find-ffmpeg.js';
import { probeVideo } from '../../src/render/ffmpeg/run-ffmpeg.js';
import { signFileUrl } from '../../src/security/signed-urls.js';
import { S3Store } from '../../src/storage/s3-store.js';
import { startS3rver, type TestS3Server } from '../storage/s3rver-server.js';
import { startE2eNode, type E2eNode } from './e2e-node.js';

// A node whose files have a home in a bucket (s3rver on loopback): the store is wired onto the
// node directly, without a render queue, so the job's stages run and render in this process.
const JOB = {
  prompt: 'Our bakery. Fresh bread every morning at six. Sourdough, rye and seeded loaves.',
  duration: 5,
  dimensions: { width: 320, height: 180 },
  render: true,
  narration: true,
  music: true,
};

const ffmpeg = findFfmpeg()!;

describe('a node with a bucket: the bucket holds the job files, the data dir is a working copy', () => {
  let s3: TestS3Server;
  let store: S3Store;
  let e2e: E2eNode;
  let images: Server;
  let imageUrl: string;

  beforeAll(async () => {
    s3 = await startS3rver('job-files');
    store = new S3Store({ bucket: s3.bucket, prefix: 'node-a', endpoint: s3.endpoint, region: 'us-east-1', credentials: s3.credentials });
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 120, b: 40 } } }).png().toBuffer();
    images = createServer((request, response) => {
      if (request.url === '/loaf.png') response.writeHead(200, { 'content-type': 'image/png' }).end(png);
      else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
    imageUrl = `http://127.0.0.1:${(images.address() as AddressInfo).port}/loaf.png`;
    e2e = await startE2eNode();
    e2e.node.ctx.store = store;
  });
  afterAll(async () => {
    await e2e?.close();
    await store?.destroy();
    await s3?.close();
    await new Promise((resolve) => images?.close(resolve));
  });

  /** The files a job's rows name, each read from the bucket. */
  const filesOf = (id: string) => {
    const { ctx } = e2e.node;
    const row = ctx.videos.get(id)!;
    const options = JSON.parse(row.options) as { attachments: { field: string; path: string }[] };
    const plan = JSON.parse(row.plan!) as { assets: Record<string, string> };
    const narration = ctx.videos.scenes(id).flatMap((scene) => (scene.narration_audio ? [scene.narration_audio] : []));
    return { inputs: options.attachments.map((a) => a.path), assets: Object.values(plan.assets), narration, soundtrack: row.soundtrack_path!, mp4: row.output_path! };
  };
  const fetchBytes = async (url: string) => {
    const response = await fetch(url);
    return { status: response.status, type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
  };

  it('uploads inputs, prepared assets, narration clips, the soundtrack and the MP4, and serves them after the files dir is lost', async () => {
    const created = await e2e.request('POST', '/v1/videos', { ...JOB, images: [{ url: imageUrl }] });
    expect(created.status).toBe(202);
    const job = await e2e.waitFor(created.body.id);
    expect(job.status).toBe('completed');
    const files = filesOf(job.id);
    expect(files.inputs).toHaveLength(1);
    expect(files.assets.length).toBeGreaterThanOrEqual(1);
    expect(files.narration.length).toBeGreaterThanOrEqual(1);
    expect(files.soundtrack).toBeTruthy();
    for (const relative of [...files.inputs, ...files.assets, ...files.narration, files.soundtrack, files.mp4]) {
      expect(await store.exists(relative), `${relative} in the bucket`).toBe(true);
      expect((await store.getBytes(relative)).equals(readFileSync(path.join(e2e.node.ctx.filesDir, relative))), `${relative} as written`).toBe(true);
    }
    const mp4 = readFileSync(path.join(e2e.node.ctx.filesDir, files.mp4));
    const soundtrack = readFileSync(path.join(e2e.node.ctx.filesDir, files.soundtrack));
    const clip = readFileSync(path.join(e2e.node.ctx.filesDir, files.narration[0]!));

    // A new disk: the whole files dir is gone, the database is not.
    rmSync(e2e.node.ctx.filesDir, { recursive: true, force: true });

    const download = await fetchBytes(job.download_url as string);
    expect(download.status).toBe(200);
    expect(download.type).toBe('video/mp4');
    expect(download.bytes.equals(mp4)).toBe(true);
    const sign = (relative: string) => signFileUrl(e2e.node.ctx.keys.downloads, e2e.baseUrl, relative);
    const mixed = await fetchBytes(sign(files.soundtrack));
    expect(mixed.status).toBe(200);
    expect(mixed.bytes.equals(soundtrack)).toBe(true);
    const spoken = await fetchBytes(sign(files.narration[0]!));
    expect(spoken.status).toBe(200);
    expect(spoken.type).toBe('audio/wav');
    expect(spoken.bytes.equals(clip)).toBe(true);
    // Served from the working copy it was restored to.
    expect(existsSync(path.join(e2e.node.ctx.filesDir, files.mp4))).toBe(true);
    // A signed path the bucket does not hold either is still a 404.
    expect((await fetchBytes(sign(`videos/${job.id}/never-made.wav`))).status).toBe(404);
  });

  it('resumes a job interrupted in rendering on a fresh files dir, with the files restored from the bucket', async () => {
    const { ctx } = e2e.node;
    const created = await e2e.request('POST', '/v1/videos', { ...JOB, images: [{ url: imageUrl }] });
    expect(created.status).toBe(202);
    const id = created.body.id as string;
    // Stop the engine as soon as the job moves to rendering: the MP4 is not made yet.
    for (const deadline = Date.now() + 200_000; ctx.videos.get(id)?.status !== 'rendering'; await new Promise((resolve) => setTimeout(resolve, 10))) {
      if (Date.now() > deadline) throw new Error(`job ${id} never reached rendering: ${ctx.videos.get(id)?.status}`);
    }
    await e2e.runtime.engine.stop();
    const interrupted = ctx.videos.get(id)!;
    expect(interrupted.status).toBe('rendering');
    expect(interrupted.output_path).toBeNull();
    const files = filesOf(id);
    for (const relative of [...files.inputs, ...files.assets, ...files.narration, files.soundtrack]) expect(await store.exists(relative), `${relative} in the bucket`).toBe(true);

    // The moved machine: the database as it was, an empty files dir.
    rmSync(ctx.filesDir, { recursive: true, force: true });
    const engine = new VideoEngine({ ctx, pool: e2e.runtime.pool, cacheDir: ctx.config.cacheDir });
    try {
      engine.start();
      await engine.idle();
    } finally {
      await engine.stop();
    }
    const done = ctx.videos.get(id)!;
    expect(done.error_message).toBeNull();
    expect(done.status).toBe('completed');
    // What the render read came back from the bucket, byte for byte.
    for (const relative of [...files.inputs, ...files.assets, ...files.narration, files.soundtrack]) {
      expect(existsSync(path.join(ctx.filesDir, relative)), `${relative} restored`).toBe(true);
      expect((await store.getBytes(relative)).equals(readFileSync(path.join(ctx.filesDir, relative)))).toBe(true);
    }
    expect(jobFileReferences(ctx, id)).toEqual(expect.arrayContaining([files.soundtrack, ...files.narration, ...files.inputs]));
    const probe = await probeVideo(ffmpeg, path.join(ctx.filesDir, done.output_path!));
    expect(probe).toMatchObject({ width: 320, height: 180, hasAudio: true });
    expect(await store.exists(done.output_path!)).toBe(true);
  });
});
