import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Queue, QueueEvents } from 'bullmq';
import { build } from 'esbuild';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PACKAGE_ROOT } from '../../src/package-root.js';
import { TASK_QUEUE } from '../../src/queue/queue-settings.js';
import { SegmentQueue, type SegmentTaskData, type SegmentTaskProgress } from '../../src/queue/segment-queue.js';
import { startSegmentWorker, type SegmentWorker, type SegmentWorkerOptions } from '../../src/queue/segment-worker.js';
import { HAS_REDIS_SERVER, REDIS_SERVER, freePort, startRedisServer, type RedisServer } from './redis-server.js';

const HANGING_WORKER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'hanging-worker.ts');

if (!HAS_REDIS_SERVER) console.warn(`segment queue tests skipped: ${REDIS_SERVER} is missing (apt-get install redis-server)`);

/** `count` tasks of one render, one scene each. */
function makeTasks(videoKey: string, count: number): SegmentTaskData[] {
  return Array.from({ length: count }, (_, batch) => ({
    videoKey,
    batch,
    kitVersion: 'kit-1',
    shape: { width: 320, height: 180, fps: 30 },
    scenes: [{ sceneId: `s${batch}`, propsKey: `${videoKey}/props/${batch}.json`, segmentKey: `${videoKey}/segments/${batch}.mp4`, frames: 30 }],
  }));
}

/** What a processor that renders nothing returns for a task. */
function resultOf(task: SegmentTaskData): { segmentKeys: string[]; capturedFrames: number; heldFrames: number } {
  return { segmentKeys: task.scenes.map((scene) => scene.segmentKey), capturedFrames: task.scenes.reduce((sum, scene) => sum + scene.frames, 0), heldFrames: 0 };
}

/** A promise with its resolve outside. */
function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe.skipIf(!HAS_REDIS_SERVER)('SegmentQueue', () => {
  let redis: RedisServer;
  let testNumber = 0;
  let prefix = '';
  const closers: (() => Promise<unknown>)[] = [];

  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await redis?.stop();
  });
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
  });

  /** Each test gets its own key prefix on the shared server. */
  function nextPrefix(): string {
    prefix = `t${++testNumber}-${process.pid}`;
    return prefix;
  }
  function queue(options: { attempts?: number; backoffMs?: number } = {}): SegmentQueue {
    const segmentQueue = new SegmentQueue({ url: redis.url, prefix, ...options });
    closers.push(() => segmentQueue.close());
    return segmentQueue;
  }
  function worker(name: string, process: SegmentWorkerOptions['process'], concurrency = 1): SegmentWorker {
    const started = startSegmentWorker({ url: redis.url, prefix, name, concurrency, process });
    closers.push(() => started.close());
    return started;
  }

  it('shares a 6-task flow between two workers and returns results in task order, each naming its worker', async () => {
    nextPrefix();
    const segments = queue();
    const tasks = makeTasks('vid_share/r1', 6);
    const busy = new Set<string>();
    const bothBusy = deferred();
    const processor = (name: string): SegmentWorkerOptions['process'] => async (task, { progress }) => {
      busy.add(name);
      if (busy.size === 2) bothBusy.resolve();
      // Each worker holds its first task until the other one has one too, so both must take part.
      await bothBusy.promise;
      await progress({ progress: 1, capturedFrames: 30, heldFrames: 0 });
      return resultOf(task);
    };
    worker('worker-a', processor('worker-a'));
    worker('worker-b', processor('worker-b'));
    const progress: [number, SegmentTaskProgress][] = [];

    const results = await segments.render(tasks, { onProgress: (task, update) => progress.push([task, update]) });

    expect(results.map((result) => result.segmentKeys)).toEqual(tasks.map((task) => resultOf(task).segmentKeys));
    for (const result of results) expect(['worker-a', 'worker-b']).toContain(result.worker);
    expect(new Set(results.map((result) => result.worker))).toEqual(new Set(['worker-a', 'worker-b']));
    await vi.waitFor(() => expect(new Set(progress.map(([task]) => task)).size).toBe(6), { timeout: 10_000 });
    for (const [task, update] of progress) expect(update.worker).toBe(results[task]!.worker);
  }, 60_000);

  it("retries a failing task and rejects with the worker's message after the last attempt", async () => {
    nextPrefix();
    const segments = queue({ attempts: 3, backoffMs: 20 });
    let tries = 0;
    worker('worker-a', async () => {
      tries += 1;
      throw new Error(`encoder crashed on try ${tries}`);
    });

    await expect(segments.render(makeTasks('vid_fail/r1', 1))).rejects.toThrow('encoder crashed on try 3');
    expect(tries).toBe(3);
  }, 60_000);

  it('hands the task of a SIGKILLed worker process to another worker, which completes it', async () => {
    nextPrefix();
    const segments = queue();
    const { outputFiles } = await build({ entryPoints: [HANGING_WORKER], bundle: true, platform: 'node', format: 'esm', packages: 'external', write: false });
    const child: ChildProcessWithoutNullStreams = spawn(process.execPath, ['--input-type=module', '-'], {
      cwd: PACKAGE_ROOT,
      env: { PATH: process.env.PATH ?? '', SEGMENT_QUEUE_URL: redis.url, SEGMENT_QUEUE_PREFIX: prefix, SEGMENT_WORKER_NAME: 'doomed' },
    });
    closers.push(async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const started = new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk) => {
        stdout += chunk;
        if (stdout.includes('started 0')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`worker process exited with ${code}: ${stderr}`)));
    });
    child.stdin.end(outputFiles[0]!.text);

    const rendering = segments.render(makeTasks('vid_kill/r1', 1));
    await started;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    let survivorRuns = 0;
    worker('survivor', async (task) => {
      survivorRuns += 1;
      return resultOf(task);
    });

    const results = await rendering;
    expect(results).toHaveLength(1);
    expect(results[0]!.worker).toBe('survivor');
    expect(survivorRuns).toBe(1);
  }, 90_000);

  it('does not run completed tasks again when the same flow is re-added in flight or after completion', async () => {
    nextPrefix();
    const segments = queue();
    const tasks = makeTasks('vid_again/r1', 3);
    const runs = new Map<number, number>();
    const release = deferred();
    worker(
      'worker-a',
      async (task) => {
        runs.set(task.batch, (runs.get(task.batch) ?? 0) + 1);
        await release.promise;
        return resultOf(task);
      },
      3,
    );
    const events = new QueueEvents(TASK_QUEUE, { connection: { url: redis.url }, prefix });
    closers.push(() => events.close());
    await events.waitUntilReady();
    let duplicated = 0;
    events.on('duplicated', () => (duplicated += 1));

    const first = segments.render(tasks);
    await vi.waitFor(() => expect(runs.size).toBe(3), { timeout: 20_000 });
    const second = segments.render(tasks); // a restarted control node re-adding the flow mid-render
    await vi.waitFor(() => expect(duplicated).toBe(3), { timeout: 20_000 });
    release.resolve();
    const [firstResults, secondResults] = await Promise.all([first, second]);
    const third = await segments.render(tasks); // and once more after it completed

    expect(secondResults).toEqual(firstResults);
    expect(third).toEqual(firstResults);
    expect([...runs.values()]).toEqual([1, 1, 1]);
  }, 60_000);

  it('on abort cancels the running task through its AbortSignal, never starts the waiting ones and rejects with the reason', async () => {
    nextPrefix();
    const segments = queue();
    const tasks = makeTasks('vid_abort/r1', 3);
    const startedBatches: number[] = [];
    const running = deferred();
    const sawAbort = deferred<unknown>();
    let cancelling = true;
    worker('worker-a', async (task, { signal }) => {
      startedBatches.push(task.batch);
      if (!cancelling) return resultOf(task);
      running.resolve();
      return new Promise((_resolve, reject) =>
        signal.addEventListener('abort', () => {
          sawAbort.resolve(signal.reason);
          reject(new Error('stopped'));
        }),
      );
    });
    const controller = new AbortController();
    const reason = new Error('the user cancelled the video');

    const rendering = segments.render(tasks, { signal: controller.signal });
    rendering.catch(() => {});
    await running.promise;
    controller.abort(reason);

    await expect(rendering).rejects.toBe(reason);
    let abortReason: unknown;
    void sawAbort.promise.then((value) => (abortReason = value));
    await vi.waitFor(() => expect(abortReason).toBe('the user cancelled the video'), { timeout: 10_000 });
    const inspect = new Queue(TASK_QUEUE, { connection: { url: redis.url }, prefix });
    closers.push(() => inspect.close());
    await vi.waitFor(async () => expect(await inspect.getJobCounts('wait', 'active', 'delayed', 'prioritized')).toEqual({ wait: 0, active: 0, delayed: 0, prioritized: 0 }), {
      timeout: 20_000,
    });
    expect(startedBatches).toEqual([0]);

    // Rendering the same video again after the cancel runs every task.
    cancelling = false;
    const results = await segments.render(tasks);
    expect(results.map((result) => result.segmentKeys)).toEqual(tasks.map((task) => resultOf(task).segmentKeys));
    expect(startedBatches.sort()).toEqual([0, 0, 1, 2]);
  }, 60_000);

  it('a cancel while Redis is gone still ends the render, within the cancel bound, and close() returns', async () => {
    const own = await startRedisServer();
    const segments = new SegmentQueue({ url: own.url, prefix: 'cancel-while-down' });
    const controller = new AbortController();
    const rendering = segments.render(makeTasks('vid_down/r1', 2), { signal: controller.signal });
    rendering.catch(() => {});
    const inspect = new Queue(TASK_QUEUE, { connection: { url: own.url }, prefix: 'cancel-while-down' });
    await vi.waitFor(async () => expect(await inspect.getJobCounts('wait')).toEqual({ wait: 2 }), { timeout: 10_000 });
    await inspect.close();
    await own.stop();
    const reason = new Error('the user cancelled the video');
    const started = Date.now();
    controller.abort(reason);
    await expect(rendering).rejects.toBe(reason);
    // One bound of 15 s (the cancel cannot reach Redis), not two.
    expect(Date.now() - started).toBeLessThan(20_000);
    const closing = Date.now();
    await segments.close();
    expect(Date.now() - closing).toBeLessThan(10_000);
  }, 60_000);

  it('fails a task for another kit version with a message naming both versions', async () => {
    nextPrefix();
    const segments = queue({ attempts: 1 });
    const started = startSegmentWorker({ url: redis.url, prefix, name: 'old-worker', kitVersion: 'kit-0', process: async (task) => resultOf(task) });
    closers.push(() => started.close());

    await expect(segments.render(makeTasks('vid_kit/r1', 1))).rejects.toThrow('worker old-worker renders with kit kit-0, but the task needs kit kit-1');
  }, 30_000);

  it('check() reports the Redis version, and fails plainly against a closed port', async () => {
    nextPrefix();
    const version = /v=(\d+\.\d+\.\d+)/.exec(execFileSync(REDIS_SERVER, ['--version']).toString())![1]!;
    await expect(queue().check()).resolves.toContain(`Redis ${version}`);

    const closed = new SegmentQueue({ url: `redis://127.0.0.1:${await freePort()}`, prefix });
    closers.push(() => closed.close());
    await expect(closed.check()).rejects.toThrow(/connection refused/);
  }, 30_000);

  it('measures the queue overhead per task (50 no-op tasks, one worker)', async () => {
    nextPrefix();
    const segments = queue();
    worker('worker-a', async (task) => resultOf(task));
    const tasks = makeTasks('vid_overhead/r1', 50);
    const start = performance.now();
    const results = await segments.render(tasks);
    const elapsed = performance.now() - start;
    const processing = results.reduce((sum, result) => sum + result.ms, 0);
    const singleStart = performance.now();
    await segments.render(makeTasks('vid_overhead/r2', 1));
    const single = performance.now() - singleStart;
    console.log(
      `segment queue overhead: ${(elapsed / tasks.length).toFixed(1)} ms per task from add to result ` +
        `(${elapsed.toFixed(0)} ms for ${tasks.length} tasks, ${processing} ms in processors); a 1-task flow: ${single.toFixed(0)} ms`,
    );
    expect(results).toHaveLength(50);
  }, 60_000);
});
