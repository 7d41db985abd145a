import { createHash } from 'node:crypto';
import { invalidRequest, ServiceError } from '../errors/service-error.js';

/** How a control node or a `service worker` reaches the shared Redis. */
export interface SegmentQueueOptions {
  /** `redis://[user:password@]host:port[/db]` (or `rediss://` for TLS). */
  url: string;
  /** Namespace of every Redis key the queue uses. @default 'service' */
  prefix?: string;
  /** Tries per task before the render fails with the worker's message. @default 3 */
  attempts?: number;
  /** Base of the exponential backoff between tries, in ms (2 s, 4 s, ...). @default 2000 */
  backoffMs?: number;
}

/** {@link SegmentQueueOptions} with every default applied. */
export interface ResolvedQueueOptions {
  url: string;
  prefix: string;
  attempts: number;
  backoffMs: number;
}

/** The BullMQ queue that holds one job per segment task (the flow's children). */
export const TASK_QUEUE = 'segment-tasks';
/** The BullMQ queue that holds one parent job per render (the flow's root). */
export const RENDER_QUEUE = 'segment-renders';
/** Relay topic on which a control node asks every worker to cancel a render's running tasks. */
export const CANCEL_TOPIC = 'segments.cancel';

/**
 * Lock and stall timings of segment workers. A worker renews its lock on a task every
 * `lockDuration / 2` (5 s); a worker that dies (SIGKILL, power loss) stops renewing, its lock
 * expires at most 10 s later, and the next stalled check (every 5 s, run by any live worker)
 * moves the task back to waiting: another worker starts it within about 10-15 s of the death.
 * A task whose workers die more than `maxStalledCount` times fails ("job stalled more than
 * allowable limit") instead of taking the fleet down one worker at a time.
 */
export const WORKER_TIMINGS = { lockDuration: 10_000, stalledInterval: 5_000, maxStalledCount: 2 } as const;

/** Finished jobs are kept this long (seconds) so a restarted control node finds their results. */
export const KEEP_FINISHED_SECONDS = 7 * 24 * 3600;

/** Applies the defaults of {@link SegmentQueueOptions} and refuses a URL Redis clients cannot use. */
export function resolveQueueOptions(options: SegmentQueueOptions): ResolvedQueueOptions {
  let parsed: URL;
  try {
    parsed = new URL(options.url);
  } catch {
    throw invalidRequest(`queue URL "${redactUrl(options.url)}" is not a URL (expected redis://host:port[/db])`);
  }
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') {
    throw invalidRequest(`queue URL "${redactUrl(options.url)}" must start with redis:// or rediss://`);
  }
  const attempts = options.attempts ?? 3;
  const backoffMs = options.backoffMs ?? 2000;
  if (!Number.isInteger(attempts) || attempts < 1) throw invalidRequest('queue attempts must be a whole number of at least 1');
  if (!Number.isFinite(backoffMs) || backoffMs < 0) throw invalidRequest('queue backoffMs must be 0 or more');
  const prefix = options.prefix ?? 'service';
  if (!/^[A-Za-z0-9_-]+$/.test(prefix)) throw invalidRequest('queue prefix may only hold letters, digits, "_" and "-"');
  return { url: options.url, prefix, attempts, backoffMs };
}

/** The URL with its password replaced, for messages and logs. */
export function redactUrl(url: string): string {
  return url.replace(/\/\/([^:@/]*):[^@/]*@/, '//$1:***@');
}

/** BullMQ connection options for a URL (BullMQ creates and owns its ioredis clients). */
export function connectionFor(options: ResolvedQueueOptions): { url: string } {
  return { url: options.url };
}

function digest(parts: unknown): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 40);
}

/**
 * The job id of a task: the same render and the same segment keys always give the same id, so
 * adding the task again finds the existing job instead of rendering it twice.
 */
export function taskJobId(videoKey: string, segmentKeys: string[]): string {
  return `seg-${digest(['task', videoKey, segmentKeys])}`;
}

/** The job id of a render's parent job, from its render and its tasks' ids. */
export function renderJobId(videoKey: string, taskIds: string[]): string {
  return `render-${digest(['render', videoKey, taskIds])}`;
}

/** The key under which BullMQ records a child's result in its parent (`prefix:queue:id`). */
export function taskJobKey(prefix: string, taskId: string): string {
  return `${prefix}:${TASK_QUEUE}:${taskId}`;
}

/** What a control node publishes on {@link CANCEL_TOPIC}. */
export interface CancelMessage {
  /** The render (parent job id) whose running tasks stop. */
  renderId: string;
  reason: string;
  /**
   * The control node's clock when it cancelled: tasks of the render added up to then stop, tasks
   * of a later render of the same video (same ids, added again) do not.
   */
  addedUpTo: number;
}

/** How long `service doctor` waits for Redis to answer. */
const CHECK_TIMEOUT_MS = 5000;

/**
 * Connects once (no retries), sends PING and reads the server version: resolves with
 * `PONG from Redis <version>`, or rejects with a {@link ServiceError} whose message says plainly
 * what went wrong (refused, unknown host, authentication, timeout).
 */
export async function checkRedis(url: string): Promise<string> {
  const where = redactUrl(url);
  // Loaded here: every command resolves its config through this module, few of them talk to Redis.
  const { Redis } = await import('ioredis');
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: CHECK_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  // connect() rejects with a bare "Connection is closed."; the socket's own error says why.
  let socketError: unknown;
  client.on('error', (error) => (socketError ??= error));
  try {
    await client.connect();
    const pong = await client.ping();
    const info = await client.info('server');
    const version = /^redis_version:(\S+)/m.exec(info)?.[1] ?? 'unknown version';
    return `${pong} from Redis ${version}`;
  } catch (error) {
    const cause = socketError ?? error;
    throw new ServiceError('service_unavailable', `Redis at ${where}: ${plainReason(cause)}`, { cause });
  } finally {
    client.disconnect();
  }
}

function plainReason(error: unknown): string {
  const code = (error as { code?: string }).code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'ECONNREFUSED') return 'connection refused (is redis-server running on that host and port?)';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'host not found';
  if (code === 'ETIMEDOUT') return `no answer within ${CHECK_TIMEOUT_MS / 1000} s`;
  // Redis names its errors by the reply's first word (its error code), e.g. "WRONGPASS invalid ...".
  const redisCode = /^[A-Z]+/.exec(message)?.[0];
  if (redisCode === 'NOAUTH' || redisCode === 'WRONGPASS') return 'authentication failed (check the user and password in the URL)';
  return message;
}
