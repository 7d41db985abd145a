import { statfsSync } from 'node:fs';
import { ServiceError } from '../errors/service-error.js';

/** Free space below which the node counts its data dir's disk as full, in MB (`SERVICE_MIN_FREE_MB`). @default 200 */
export const DEFAULT_MIN_FREE_MB = 200;

/**
 * Error codes of a write refused for space: the file system's (`ENOSPC`, `EDQUOT` for a quota) and
 * better-sqlite3's `SqliteError` (`SQLITE_FULL`: "database or disk is full").
 */
const OUT_OF_SPACE_CODES: ReadonlySet<string> = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL']);

/**
 * Whether an error is a write refused for space: by its `code` (or the code of an error in its
 * `cause` chain), or a `storage_full` service error. Never by its message.
 */
export function isOutOfSpace(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current = error;
  while (current instanceof Error && !seen.has(current)) {
    seen.add(current);
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (OUT_OF_SPACE_CODES.has(code) || code === 'storage_full')) return true;
    current = current.cause;
  }
  return false;
}

/** What `statfs` says of the disk a directory is on. */
export interface DiskReading {
  /** Bytes an unprivileged process may still write. */
  freeBytes: number;
  totalBytes: number;
}

/** Reads the free space of the disk `dir` is on with `fs.statfs`. */
export function readDiskSpace(dir: string): DiskReading {
  const stats = statfsSync(dir);
  return { freeBytes: stats.bavail * stats.bsize, totalBytes: stats.blocks * stats.bsize };
}

/** A short-of-space disk, as `GET /v1/health` lists it. */
export interface StorageProblem {
  code: 'storage_full';
  message: string;
  free_bytes: number;
  min_free_bytes: number;
}

/** `1.5 GB`, `12 MB`, `0 B`: a size as an operator reads it. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 || value >= 10 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}

/**
 * The free space of the node's data dir: short when `statfs` reads less than `minFreeBytes`, and
 * from a write refused for space ({@link recordFull}) until a reading sees enough space again.
 * Creates are refused while it is short ({@link assertWritable}), `GET /v1/health` lists it as a
 * problem, and the engine pauses jobs that hit it and resumes them once a reading sees space.
 */
export class DiskSpace {
  private failedAt: number | undefined;
  private last: DiskReading | undefined;

  constructor(
    /** The data dir (database and files). */
    readonly dir: string,
    /** Free space below which the disk counts as full. */
    readonly minFreeBytes: number,
    private readonly read: (dir: string) => DiskReading = readDiskSpace,
  ) {}

  /** Reads the disk now; the problem when it is short, else undefined (and a recorded failure is forgotten: space is back). */
  check(): StorageProblem | undefined {
    const reading = this.reading();
    if (!reading) return this.failedAt === undefined ? undefined : this.problemOf(this.last ?? { freeBytes: 0, totalBytes: 0 });
    if (reading.freeBytes >= this.minFreeBytes) {
      this.failedAt = undefined;
      return undefined;
    }
    return this.problemOf(reading);
  }

  /** Whether a write refused for space was recorded and no reading has seen enough space since. */
  get failed(): boolean {
    return this.failedAt !== undefined;
  }

  /** Records a write refused for space: the disk counts as full until a {@link check} sees enough space. */
  recordFull(): void {
    this.failedAt ??= Date.now();
  }

  /** Throws a 503 `storage_full` when the disk is short; what every create calls first, before it writes. */
  assertWritable(): void {
    const problem = this.check();
    if (problem) throw new ServiceError('storage_full', problem.message, { headers: { 'Retry-After': '60' } });
  }

  /**
   * Records a write refused for space ({@link recordFull}) and returns its `storage_full` error,
   * saying how much is free now.
   */
  fullError(cause?: unknown): ServiceError {
    this.recordFull();
    const problem = this.problemOf(this.reading() ?? this.last ?? { freeBytes: 0, totalBytes: 0 });
    return new ServiceError('storage_full', problem.message, { cause, retryable: true });
  }

  private reading(): DiskReading | undefined {
    try {
      this.last = this.read(this.dir);
      return this.last;
    } catch {
      // A data dir that cannot be read is not a space problem; the writes will say what it is.
      return undefined;
    }
  }

  private problemOf(reading: DiskReading): StorageProblem {
    const free = formatBytes(reading.freeBytes);
    const floor = formatBytes(this.minFreeBytes);
    const what = reading.freeBytes >= this.minFreeBytes
      ? `refused a write for lack of space (${free} free now)`
      : `is full: ${free} free, under the ${floor} the node needs (SERVICE_MIN_FREE_MB)`;
    const message = `the disk of the data dir ${this.dir} ${what}; free space there (old videos, the bundle cache) or move the data dir to a larger disk; new videos are refused and paused jobs resume by themselves once space is back`;
    return { code: 'storage_full', message, free_bytes: reading.freeBytes, min_free_bytes: this.minFreeBytes };
  }
}
