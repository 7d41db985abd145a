import { fork, type ChildProcess } from 'node:child_process';
import { availableParallelism, getPriority, setPriority } from 'node:os';
import path from 'node:path';
import { CPU_ACCELERATION, type RenderAcceleration } from './acceleration.js';
import type { RemoteRendering } from './remote/remote-segments.js';
import { PACKAGE_ROOT } from '../package-root.js';
import { findBrowser, noBrowserMessage } from './browser/find-browser.js';
import type { RenderTask, TaskMessage, WorkerBrowserConfig, WorkerMessage } from './worker/render-protocol.js';

/** The compiled worker script (the pool always forks the built JavaScript). */
export const WORKER_SCRIPT = path.join(PACKAGE_ROOT, 'dist', 'render', 'worker', 'render-worker.js');

/** Options of a {@link RenderPool}. */
export interface RenderPoolOptions {
  /** Renders at a time (worker processes). @default 1 */
  size?: number;
  /** Browser executable; found on the machine when unset. */
  browserExecutable?: string;
  /** Frames rendered in parallel inside one render. @default the machine's cores shared among `size` workers */
  frameConcurrency?: number;
  /** Chromium backend and segment encoder. @default the CPU path */
  acceleration?: RenderAcceleration;
  /**
   * With a distributed queue (`--queue`), video segments are rendered by `service worker`
   * processes through it instead of this pool's workers (which still take test renders and stills).
   */
  remote?: RemoteRendering;
  /** The worker script to fork (tests pass a stand-in). @default WORKER_SCRIPT */
  workerScript?: string;
  /**
   * How many nice levels below this process the workers run (Unix nice, capped at 19); their
   * browsers and encoders inherit it. @default RENDER_WORKER_NICENESS
   */
  niceness?: number;
}

/**
 * How many nice levels below the server process the render workers run. A render (and a scene's
 * test render) keeps Chromium busy on every core; at the same priority the API waits for the
 * scheduler and a poll can take hundreds of milliseconds. Ten levels lower, the server wins a core
 * whenever it has work, and the render still has every cycle the server leaves.
 */
export const RENDER_WORKER_NICENESS = 10;

/**
 * Workers an urgent task may add beyond `size` when every worker is busy: a synchronous request
 * (an infographic's test render) then never waits for a long render to finish.
 */
export const URGENT_SPARE_WORKERS = 1;

/** Progress of a task: 0..1, frames rendered (captured) so far, and the frames a segment holds instead of capturing. */
export type RenderProgress = (progress: number, renderedFrames: number, heldFrames?: number) => void;

/** The layout audit of one rendered frame (compositions/audit/layout-audit.ts `LayoutAudit`). */
export interface FrameAudit {
  frame: number;
  width: number;
  height: number;
  texts: number;
  minContrast: number;
  fonts: string[];
  /** The largest text's font size over the canvas's shorter side. */
  largestText: number;
  /** The smallest text's font size over the shorter side, small print aside (0 without such text). Absent from audits stored before it was measured, as are the other optional measures. */
  smallestText?: number;
  /** The smallest such text: its kit part name or tag and the start of its text. */
  smallestTextElement?: string;
  /** The largest heading's font size over the shorter side (0 without a heading). */
  headingText?: number;
  /** The box around every text and visual in shares of the canvas: size, edges (from the canvas's own edges) and its centre's offset from the canvas's centre. */
  content: { width: number; height: number; left?: number; top?: number; right?: number; bottom?: number; offsetX?: number; offsetY?: number };
  /** The box around every image, icon and chart mark as a share of the canvas's area. */
  visualArea: number;
  issues: { kind: string; element: string; detail: string }[];
}

/** A segment's capture plan: the frames captured (every other frame holds the last captured before it) and the segment's frames. */
export type RenderPlanListener = (capture: number[], frames: number) => void;

interface Job {
  task: RenderTask;
  onProgress?: RenderProgress;
  onPlan?: RenderPlanListener;
  onAudit?: (audit: FrameAudit) => void;
  signal?: AbortSignal;
  /** Goes ahead of queued non-urgent tasks (a request waiting on its answer). */
  urgent?: boolean;
  resolve: (renderedFrames: number) => void;
  reject: (error: Error) => void;
}

interface Worker {
  process: ChildProcess;
  job?: Job & { id: number; detach: () => void };
}

/** The telling part of a crashed worker's stderr: the last line naming an error, else the last lines. */
function crashSummary(stderr: string): string {
  const lines = stderr.trim().split('\n').map((line) => line.trim()).filter(Boolean);
  const error = lines.findLast((line) => /\b\w*Error\b|error:/i.test(line));
  return error ?? lines.slice(-3).join(' ');
}

/** A render fault (browser crash, FFmpeg error, worker exit), as opposed to a cancel. */
export class RenderError extends Error {
  /** `ENOSPC` when the fault was a disk out of space (see runBinary); else unset. */
  readonly code: string | undefined;

  constructor(message: string, options: { code?: string } = {}) {
    super(message);
    this.name = 'RenderError';
    this.code = options.code;
  }
}

/**
 * Render worker child processes, each with one browser, taking tasks in order. A worker that
 * dies fails its task with a {@link RenderError} and is replaced for the next one; an aborted
 * task kills its worker.
 */
export class RenderPool {
  private readonly size: number;
  private readonly options: RenderPoolOptions;
  private config: WorkerBrowserConfig | undefined;
  private readonly workers: Worker[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(options: RenderPoolOptions = {}) {
    this.size = Math.max(1, options.size ?? 1);
    this.options = options;
  }

  /** The distributed queue and store video segments go through, when the node has one. */
  get remote(): RemoteRendering | undefined {
    return this.options.remote;
  }

  /** Workers that render at a time (routine tasks). */
  get capacity(): number {
    return this.size;
  }

  /** The encoder segments are written with, as a cache-key part (name and settings). */
  get segmentEncoding(): string {
    // Remote workers encode with x264 whatever their own GPU: segments from different machines join.
    const encoder = this.options.remote ? CPU_ACCELERATION.encoder : (this.options.acceleration ?? CPU_ACCELERATION).encoder;
    return [encoder.name, ...encoder.args].join(' ');
  }

  /** The browser the workers use, found on first use so a node without one still serves its API. */
  private workerConfig(): WorkerBrowserConfig {
    if (!this.config) {
      const browser = findBrowser(this.options.browserExecutable);
      if (!browser) throw new RenderError(noBrowserMessage(this.options.browserExecutable));
      this.config = {
        executable: browser.executable,
        chromeMode: browser.chromeMode,
        ...(browser.unpackFrom ? { unpackFrom: browser.unpackFrom } : {}),
        // Workers render segments side by side: each takes its share of the cores.
        concurrency: Math.max(1, this.options.frameConcurrency ?? Math.round(availableParallelism() / this.size)),
        encoder: (this.options.acceleration ?? CPU_ACCELERATION).encoder,
        ...(this.options.acceleration?.gl ? { gl: this.options.acceleration.gl } : {}),
      };
    }
    return this.config;
  }

  /**
   * Runs a task in a worker; resolves with the frames rendered. An `urgent` task (a synchronous
   * request waiting on it) goes ahead of every queued task that is not urgent, so it waits at most
   * for the tasks already running.
   */
  run(task: RenderTask, options: { onProgress?: RenderProgress; onPlan?: RenderPlanListener; onAudit?: (audit: FrameAudit) => void; signal?: AbortSignal; urgent?: boolean } = {}): Promise<number> {
    if (this.closed) return Promise.reject(new RenderError('render pool is closed'));
    if (options.signal?.aborted) return Promise.reject(options.signal.reason as Error);
    return new Promise((resolve, reject) => {
      const job: Job = { task, ...options, resolve, reject };
      const firstRoutine = options.urgent ? this.queue.findIndex((queued) => !queued.urgent) : -1;
      if (firstRoutine >= 0) this.queue.splice(firstRoutine, 0, job);
      else this.queue.push(job);
      this.dispatch();
    });
  }

  /** Stops every worker; queued tasks are refused. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new RenderError('render pool closed'));
    await Promise.all(
      this.workers.splice(0).map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.process.exitCode !== null) return resolve();
            worker.process.once('exit', () => resolve());
            worker.process.disconnect();
            setTimeout(() => worker.process.kill('SIGKILL'), 5000).unref();
          }),
      ),
    );
  }

  /**
   * Starts queued tasks, in queue order, on idle workers: routine tasks while fewer than `size`
   * run; urgent ones on any idle worker, spawning a spare when every worker is busy.
   */
  private dispatch(): void {
    let index = 0;
    while (index < this.queue.length) {
      const job = this.queue[index]!;
      const routineBusy = this.workers.filter((w) => w.job && !w.job.urgent).length;
      if (!job.urgent && routineBusy >= this.size) {
        index += 1;
        continue;
      }
      let worker = this.workers.find((w) => !w.job);
      if (!worker && this.workers.length < this.size + (job.urgent ? URGENT_SPARE_WORKERS : 0)) {
        try {
          worker = this.spawn();
        } catch (error) {
          for (const queued of this.queue.splice(0)) queued.reject(error as Error);
          return;
        }
      }
      if (!worker) {
        index += 1;
        continue;
      }
      this.queue.splice(index, 1);
      if (job.signal?.aborted) {
        job.reject(job.signal.reason as Error);
        continue;
      }
      const id = this.nextId++;
      const chosen = worker;
      const onAbort = () => {
        if (chosen.job?.id !== id) return;
        chosen.process.kill('SIGKILL');
      };
      job.signal?.addEventListener('abort', onAbort, { once: true });
      chosen.job = { ...job, id, detach: () => job.signal?.removeEventListener('abort', onAbort) };
      chosen.process.send({ id, task: job.task } satisfies TaskMessage);
    }
  }

  private spawn(): Worker {
    const child = fork(this.options.workerScript ?? WORKER_SCRIPT, [], {
      env: { ...process.env, SERVICE_RENDER_WORKER: JSON.stringify(this.workerConfig()) },
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'advanced',
    });
    // Set before the first task, so the browser the worker starts then inherits it.
    if (child.pid !== undefined) {
      try {
        setPriority(child.pid, Math.min(19, getPriority() + (this.options.niceness ?? RENDER_WORKER_NICENESS)));
      } catch {
        // A system that refuses a priority change still renders, at the server's priority.
      }
    }
    const worker: Worker = { process: child };
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    child.on('message', (message: WorkerMessage) => {
      const job = worker.job;
      if (!job || job.id !== message.id) return;
      if (message.type === 'progress' || message.type === 'audit' || message.type === 'plan') {
        try {
          if (message.type === 'progress') job.onProgress?.(message.progress, message.renderedFrames, message.heldFrames);
          else if (message.type === 'audit') job.onAudit?.(message.audit as FrameAudit);
          else job.onPlan?.(message.capture, message.frames);
        } catch (error) {
          // A listener that throws (a progress write on a full disk) fails its task; thrown from this
          // event handler it would end the whole process. The worker is stopped with the task.
          worker.job = undefined;
          job.detach();
          job.reject(error as Error);
          child.kill('SIGKILL');
        }
        return;
      }
      worker.job = undefined;
      job.detach();
      if (message.type === 'done') job.resolve(message.renderedFrames);
      else job.reject(new RenderError(message.message));
      this.dispatch();
    });
    child.on('exit', (code, signal) => {
      const index = this.workers.indexOf(worker);
      if (index >= 0) this.workers.splice(index, 1);
      const job = worker.job;
      worker.job = undefined;
      if (job) {
        job.detach();
        if (job.signal?.aborted) job.reject(job.signal.reason as Error);
        else job.reject(new RenderError(`render worker exited (${signal ?? `code ${code}`})${stderr ? `: ${crashSummary(stderr)}` : ''}`));
      }
      if (!this.closed) this.dispatch();
    });
    this.workers.push(worker);
    return worker;
  }
}
