import { execFileSync } from 'node:child_process';
import { chmodSync, closeSync, existsSync, mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config/resolve-config.js';
import { openNode, type NodeContext } from '../../src/node-context.js';
import { startRuntime, type NodeRuntime } from '../../src/node-runtime.js';
import type { JobStage } from '../../src/pipeline/engine/video-engine.js';
import { isTerminal, type JobStatus } from '../../src/pipeline/engine/job-states.js';
import { findFfmpeg } from '../../src/render/ffmpeg/find-ffmpeg.js';
import { probeVideo, runBinary } from '../../src/render/ffmpeg/run-ffmpeg.js';
import { RenderError } from '../../src/render/render-pool.js';
import { describeFailure } from '../../src/pipeline/engine/describe-failure.js';
import { buildApp } from '../../src/server/app.js';
import { createAccountWithKey } from '../helpers/test-node.js';
import { E2E_CACHE_DIR } from './e2e-node.js';

/**
 * Mounting a tmpfs needs root (CI runs as root on Linux). Only a non-root run skips; as root a
 * mount that fails fails the test.
 */
const CAN_MOUNT = process.platform === 'linux' && process.getuid?.() === 0;
const TMPFS_MB = 64;
const MB = 1024 * 1024;

/** Where the disk fills: as a stage of the engine begins, or (mux) as FFmpeg starts muxing the soundtrack onto the joined segments. */
const STAGES: { name: string; fillAt: JobStage | 'mux'; pausedIn: JobStatus }[] = [
  { name: 'plan', fillAt: 'plan', pausedIn: 'processing' },
  { name: 'narration', fillAt: 'narrate', pausedIn: 'processing' },
  { name: 'scenes', fillAt: 'scenes', pausedIn: 'processing' },
  { name: 'render', fillAt: 'render', pausedIn: 'rendering' },
  { name: 'mux', fillAt: 'mux', pausedIn: 'rendering' },
];

/** A job of its own per case (its own words), so no segment is reused from another case's render. */
const job = (stage: string) => ({
  prompt: `How tides work, seen from the ${stage} desk. The moon pulls the oceans toward it. Twice a day the water rises.`,
  duration: 5,
  dimensions: { width: 320, height: 180 },
  render: true,
  narration: true,
  music: false,
});

/** Writes zeros to `file` until the disk refuses (ENOSPC): nothing is left free. */
function fillDisk(file: string): void {
  const fd = openSync(file, 'a');
  try {
    for (const size of [MB, 4096]) {
      const chunk = Buffer.alloc(size);
      for (;;) {
        try {
          writeSync(fd, chunk);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
          break;
        }
      }
    }
  } finally {
    closeSync(fd);
  }
}

/** A mono 16-bit 48 kHz WAV file of `samples` samples of a quiet square wave. */
function wav(samples: number): Buffer {
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i += 1) data.writeInt16LE(i % 96 < 48 ? 2000 : -2000, i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(48_000, 24);
  header.writeUInt32LE(96_000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

async function until<T>(what: string, read: () => T | undefined | Promise<T | undefined>, timeoutMs = 180_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(!CAN_MOUNT)('a node whose data dir disk fills up (a real tmpfs; skipped only where mount is not permitted: not root)', () => {
  let mountDir: string;
  let mounted = false;
  let toolsDir: string;
  let filler: string;
  let muxMarker: string;
  let ctx: NodeContext | undefined;
  let runtime: NodeRuntime | undefined;
  let app: FastifyInstance | undefined;
  let baseUrl: string;
  let key: string;
  let accountId: string;
  /** The engine stage whose start fills the disk next (once). */
  let armed: JobStage | undefined;

  beforeAll(async () => {
    mountDir = mkdtempSync(path.join(tmpdir(), 'service-full-disk-'));
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${TMPFS_MB}m`, 'tmpfs', mountDir]);
    mounted = true;
    filler = path.join(mountDir, 'filler');
    // FFmpeg as the node runs it, filling the disk as the mux (the one call with -shortest) starts when armed.
    toolsDir = mkdtempSync(path.join(tmpdir(), 'service-full-disk-tools-'));
    muxMarker = path.join(toolsDir, 'fill-at-mux');
    const real = findFfmpeg()!;
    writeFileSync(
      path.join(toolsDir, 'ffmpeg'),
      `#!/bin/sh\ncase " $* " in *" -shortest "*) if [ -e '${muxMarker}' ]; then rm -f '${muxMarker}'; dd if=/dev/zero of='${filler}' bs=1M 2>/dev/null; fi;; esac\nexec '${real.ffmpeg}' "$@"\n`,
    );
    writeFileSync(path.join(toolsDir, 'ffprobe'), `#!/bin/sh\nexec '${real.ffprobe}' "$@"\n`);
    chmodSync(path.join(toolsDir, 'ffmpeg'), 0o755);
    chmodSync(path.join(toolsDir, 'ffprobe'), 0o755);

    const dataDir = path.join(mountDir, 'data');
    mkdirSync(dataDir);
    ctx = openNode(resolveConfig({ logLevel: 'silent', dataDir, cacheDir: E2E_CACHE_DIR, allowPrivateUrls: true, ffmpegPath: path.join(toolsDir, 'ffmpeg'), minFreeMb: 1 }, {}));
    await startServer();
    const made = await createAccountWithKey(ctx, 'ultimate', 500);
    key = made.key.key;
    accountId = made.account.id;
  });

  /** What `serve` starts over the node: the workers (taking up unfinished jobs) and a listening app. */
  async function startServer(): Promise<void> {
    let port = 0;
    runtime = startRuntime(ctx!, {
      baseUrl: () => `http://127.0.0.1:${port}`,
      engine: {
        storageRetryMs: 250,
        onStage: (_jobId, stage) => {
          if (stage !== armed) return;
          armed = undefined;
          fillDisk(filler);
        },
      },
    });
    let clock = 0;
    app = await buildApp({ ctx: ctx!, services: runtime, rateLimit: { now: () => (clock += 61_000) } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
    baseUrl = `http://127.0.0.1:${port}`;
  }

  afterAll(async () => {
    await app?.close().catch(() => undefined);
    await runtime?.stop().catch(() => undefined);
    ctx?.close();
    if (filler) rmSync(filler, { force: true });
    if (mounted) {
      try {
        execFileSync('umount', [mountDir]);
      } catch {
        execFileSync('umount', ['-l', mountDir]);
      }
    }
    if (mountDir) rmSync(mountDir, { recursive: true, force: true });
    if (toolsDir) rmSync(toolsDir, { recursive: true, force: true });
  });

  // Each case starts on a disk with space, whatever the last one left.
  afterEach(() => {
    armed = undefined;
    rmSync(muxMarker, { force: true });
    rmSync(filler, { force: true });
  });

  const request = async (method: string, route: string, body?: unknown): Promise<{ status: number; body: Record<string, any> }> => {
    const response = await fetch(baseUrl + route, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  };
  const health = async () => (await fetch(`${baseUrl}/v1/health`)).json() as Promise<Record<string, any>>;
  const charges = (id: string) => ctx!.ledger.entries(accountId).filter((entry) => entry.reference === id && entry.kind === 'charge');

  it.each(STAGES)(
    'a disk that fills as $name begins: the job pauses with storage_full, uncharged; health says degraded; creates get 503; the node serves; freed, the job completes',
    async ({ name, fillAt, pausedIn }) => {
      expect(await health()).toEqual({ status: 'ok' });
      if (fillAt === 'mux') writeFileSync(muxMarker, '');
      else armed = fillAt;
      const created = await request('POST', '/v1/videos', job(name));
      expect(created.status).toBe(202);
      const id = created.body.id as string;

      const pause = await until('the job to pause for the full disk', () => runtime!.engine.pausedForStorage().find((paused) => paused.id === id), 60_000);
      expect(armed).toBeUndefined();
      expect(existsSync(muxMarker)).toBe(false);
      expect(pause.error).toMatchObject({ code: 'storage_full', status: 503, retryable: true });
      expect(pause.error.message).toContain(mountDir);

      // Nothing terminal, nothing charged for work not made.
      const polled = await request('GET', `/v1/videos/${id}`);
      expect(polled.status).toBe(200);
      expect(polled.body.status).toBe(pausedIn);
      expect(charges(id)).toEqual([]);

      const degraded = await health();
      expect(degraded.status).toBe('degraded');
      expect(degraded.problems).toEqual([expect.objectContaining({ code: 'storage_full', message: expect.stringContaining('free space there'), min_free_bytes: MB })]);
      expect(degraded.problems[0].free_bytes).toBeLessThan(MB);

      const refused = await request('POST', '/v1/videos', job(name));
      expect(refused.status).toBe(503);
      expect(refused.body.error).toMatchObject({ code: 'storage_full', status: 503 });
      expect((await request('GET', '/v1/videos')).status).toBe(200);
      expect((await request('GET', '/v1/models')).status).toBe(200);

      rmSync(filler, { force: true });
      const done = await until('the job to finish once space is back', async () => {
        const { body } = await request('GET', `/v1/videos/${id}`);
        return isTerminal(body.status as JobStatus) ? body : undefined;
      });
      expect(done.status).toBe('completed');
      expect(runtime!.engine.pausedForStorage()).toEqual([]);
      const row = ctx!.videos.get(id)!;
      expect(row.error_code).toBeNull();
      expect(await probeVideo(findFfmpeg()!, path.join(ctx!.filesDir, row.output_path!))).toMatchObject({ width: 320, height: 180, hasAudio: true });
      // Charged once, for the whole job.
      expect(charges(id).map((entry) => entry.millicredits)).toEqual([-row.estimated_millicredits]);
      expect(await health()).toEqual({ status: 'ok' });
      expect(ctx!.db.pragma('integrity_check', { simple: true })).toBe('ok');
    },
  );

  it('resumes a paused job after a restart: still full, it pauses again; freed, it completes, charged once', async () => {
    armed = 'render';
    const created = await request('POST', '/v1/videos', job('restart'));
    expect(created.status).toBe(202);
    const id = created.body.id as string;
    await until('the job to pause for the full disk', () => runtime!.engine.pausedForStorage().find((paused) => paused.id === id));
    // A stop keeps the job as stored (rendering, uncharged); the next start takes it up from SQLite.
    await app!.close();
    await runtime!.stop();
    expect(ctx!.videos.get(id)!.status).toBe('rendering');
    await startServer();
    await until('the restarted engine to pause the job again', () => runtime!.engine.pausedForStorage().find((paused) => paused.id === id));
    expect(charges(id)).toEqual([]);
    rmSync(filler, { force: true });
    const done = await until('the job to finish once space is back', async () => {
      const { body } = await request('GET', `/v1/videos/${id}`);
      return isTerminal(body.status as JobStatus) ? body : undefined;
    });
    expect(done.status).toBe('completed');
    expect(charges(id).map((entry) => entry.millicredits)).toEqual([-ctx!.videos.get(id)!.estimated_millicredits]);
  });

  it('gives an FFmpeg failure on the full disk the ENOSPC code (FFmpeg says so only in words; statfs after the failure decides), and no code otherwise', async () => {
    const ffmpeg = findFfmpeg()!.ffmpeg;
    const out = path.join(mountDir, 'copy-out.wav');
    // Ten seconds of 48 kHz mono PCM, off the tmpfs, copied onto it: a write of 960 KB.
    const input = path.join(toolsDir, 'tone.wav');
    writeFileSync(input, wav(48_000 * 10));
    const encode = ['-y', '-v', 'error', '-i', input, '-c', 'copy', out];
    fillDisk(filler);
    const full = await runBinary(ffmpeg, encode).catch((error: unknown) => error);
    expect(full).toBeInstanceOf(RenderError);
    expect(full).toMatchObject({ code: 'ENOSPC' });
    expect(describeFailure(full).code).toBe('storage_full');
    rmSync(filler, { force: true });
    rmSync(out, { force: true });
    // The same command with space works: the disk was why.
    await runBinary(ffmpeg, encode);
    const missing = await runBinary(ffmpeg, ['-y', '-v', 'error', '-i', path.join(mountDir, 'no-such-input.mp4'), out]).catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(RenderError);
    expect((missing as RenderError).code).toBeUndefined();
    expect(describeFailure(missing).code).toBe('render_failed');
    rmSync(out, { force: true });
  });
});
