import { mkdtempSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { Command } from 'commander';
import { resolveConfig, resolveScaleOut } from '../../config/resolve-config.js';
import { invalidRequest } from '../../errors/service-error.js';
import { numberOption } from './accounts.js';
import { reportError } from '../output.js';
import type { SegmentWorkerOptions } from '../../queue/segment-worker.js';
import type { RenderPool } from '../../render/render-pool.js';
import type { FileStore } from '../../storage/file-store.js';

/**
 * `service worker`: a render-only process for other machines. It takes segment tasks from the
 * node's queue, renders them with the same bundle and settings as the node, uploads each segment
 * to the shared bucket and reports progress. No database, no API.
 */
export function workerCommand(): Command {
  return new Command('worker')
    .description('render video segments for a node started with --queue and --store (on this or another machine)')
    .option('--queue <redis-url>', 'the node\'s render queue, e.g. redis://10.0.0.5:6379 (env SERVICE_QUEUE)')
    .option('--store <s3-url>', 'the bucket the node uses, s3://bucket/prefix (env SERVICE_STORE; AWS_ENDPOINT_URL_S3, AWS_REGION and keys as for the node)')
    .option('--concurrency <n>', 'segments rendered at a time, each with its own browser (default 1)', numberOption)
    .option('--name <name>', 'how results and logs name this worker (default <hostname>:<pid>)')
    .option('--render-accel <auto|cpu|gpu>', 'Chromium\'s GPU backend when a probe finds one that works; segments are always encoded with x264 so they join those of other machines (env SERVICE_RENDER_ACCEL, default auto)')
    .option('--cache-dir <dir>', 'where the compositions bundle is built and kept (env SERVICE_CACHE_DIR)')
    .action(async (options) => {
      try {
        await work(options);
      } catch (error) {
        reportError(error, {});
        process.exit(1);
      }
    });
}

/** One line on stderr per event: what the worker renders, made, or was told to stop. */
function log(line: string): void {
  process.stderr.write(`${new Date().toISOString()} ${line}\n`);
}

async function work(options: Record<string, unknown>): Promise<void> {
  const env = process.env;
  const { queueUrl, store: storeSetting } = resolveScaleOut((options.queue as string | undefined) ?? env.SERVICE_QUEUE, (options.store as string | undefined) ?? env.SERVICE_STORE, env);
  if (!queueUrl) throw invalidRequest('service worker needs --queue redis://host:port (SERVICE_QUEUE) and --store s3://bucket/prefix (SERVICE_STORE): the same as the node\'s');
  const concurrency = (options.concurrency as number | undefined) ?? 1;
  if (!(Number.isInteger(concurrency) && concurrency >= 1 && concurrency <= 64)) throw invalidRequest(`--concurrency must be 1 to 64, got ${concurrency}`);
  const name = (options.name as string | undefined) ?? `${hostname()}:${process.pid}`;
  const config = resolveConfig({ cacheDir: options.cacheDir as string | undefined, renderAccel: options.renderAccel as string | undefined, dataDir: mkdtempSync(path.join(tmpdir(), 'service-worker-')) }, env);

  const [{ startSegmentWorker }, { checkRedis, redactUrl }, { openStore }, { RenderPool }, { ensureBundle, kitVersion }, { requireFfmpeg }, { renderAcceleration, withX264 }] = await Promise.all([
    import('../../queue/segment-worker.js'),
    import('../../queue/queue-settings.js'),
    import('../../storage/store-config.js'),
    import('../../render/render-pool.js'),
    import('../../render/bundle/ensure-bundle.js'),
    import('../../render/ffmpeg/run-ffmpeg.js'),
    import('../../render/acceleration.js'),
  ]);
  const store = openStore(storeSetting, { localRoot: config.dataDir });
  const ffmpeg = requireFfmpeg(config.ffmpegPath);
  const serveUrl = await ensureBundle(config.cacheDir);
  // Segments from every machine are joined without re-encoding: workers always encode with x264.
  const acceleration = withX264(renderAcceleration(config));
  const pool = new RenderPool({ size: concurrency, browserExecutable: config.browserExecutable, acceleration });
  const scratch = mkdtempSync(path.join(tmpdir(), 'service-worker-segments-'));

  const worker = startSegmentWorker({
    url: queueUrl,
    name,
    concurrency,
    kitVersion: kitVersion(),
    process: segmentTaskProcessor({ name, store, pool, serveUrl, ffmpeg: ffmpeg.ffmpeg, scratch, log }),
  });
  log(`worker ${name} taking segment tasks from ${redactUrl(queueUrl)} (store ${store.description}, ${concurrency} at a time)`);
  log(`render: ${acceleration.summary}`);
  // A worker may start before Redis or the bucket: it says so and keeps waiting (BullMQ reconnects).
  await Promise.all([
    checkRedis(queueUrl).catch((error: unknown) => log(`warning: ${error instanceof Error ? error.message : String(error)}; tasks are taken once it answers`)),
    store.check().catch((error: unknown) => log(`warning: the store ${store.description}: ${error instanceof Error ? error.message : String(error)}`)),
  ]);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await worker.close();
    await pool.close();
    rmSync(scratch, { recursive: true, force: true });
    rmSync(config.dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

/** What a worker's task processor renders with. */
export interface SegmentTaskDeps {
  /** How results and logs name the worker. */
  name: string;
  store: FileStore;
  pool: RenderPool;
  serveUrl: string;
  /** The FFmpeg binary segments are encoded with. */
  ffmpeg: string;
  /** Where segments are written before they are uploaded. */
  scratch: string;
  log: (line: string) => void;
}

/**
 * The processor of a `service worker`: reads each scene's props from the store, renders the
 * task's segments (a scene's frame range only, when it has one) in the pool and uploads them.
 */
export function segmentTaskProcessor({ name, store, pool, serveUrl, ffmpeg, scratch, log }: SegmentTaskDeps): SegmentWorkerOptions['process'] {
  return async (task, context) => {
    const keys = task.scenes.map((scene) => scene.segmentKey).join(', ');
    // Uploaded before (by another worker, or for another video with the same scene): not rendered again.
    if ((await Promise.all(task.scenes.map((scene) => store.exists(scene.segmentKey)))).every(Boolean)) {
      log(`${name} found ${keys} already in the store (${task.videoKey}, task ${task.batch})`);
      return { segmentKeys: task.scenes.map((scene) => scene.segmentKey), capturedFrames: 0, heldFrames: 0 };
    }
    const started = Date.now();
    log(`${name} rendering ${keys} (${task.videoKey}, task ${task.batch})`);
    const onAbort = () => log(`${name} canceled ${keys} (${task.videoKey}): ${String(context.signal.reason instanceof Error ? context.signal.reason.message : context.signal.reason)}`);
    context.signal.addEventListener('abort', onAbort, { once: true });
    const scenes = await Promise.all(
      task.scenes.map(async (scene, index) => ({
        inputProps: JSON.parse((await store.getBytes(scene.propsKey)).toString('utf8')),
        outputPath: path.join(scratch, `${task.videoKey.replace(/[^\w.-]+/g, '_')}-${task.batch}-${index}.mp4`),
        ...(scene.frameRange ? { frameRange: scene.frameRange } : {}),
      })),
    );
    try {
      let held = 0;
      const captured = await pool.run(
        { type: 'segments', serveUrl, ffmpeg, scenes, ...(task.captureAll ? { captureAll: true } : {}) },
        {
          signal: context.signal,
          onProgress: (progress, capturedFrames, heldFrames = 0) => {
            held = heldFrames;
            void context.progress({ progress, capturedFrames, heldFrames }).catch(() => undefined);
          },
        },
      );
      for (const [index, scene] of task.scenes.entries()) await store.putFile(scene.segmentKey, scenes[index]!.outputPath, 'video/mp4');
      log(`${name} rendered ${keys} (${task.videoKey}) in ${((Date.now() - started) / 1000).toFixed(1)} s: ${captured} frames captured, ${held} held`);
      return { segmentKeys: task.scenes.map((scene) => scene.segmentKey), capturedFrames: captured, heldFrames: held };
    } finally {
      context.signal.removeEventListener('abort', onAbort);
      for (const scene of scenes) rmSync(scene.outputPath, { force: true });
    }
  };
}
