import Database from 'better-sqlite3';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../src/errors/service-error.js';
import { describeFailure } from '../../src/pipeline/engine/describe-failure.js';
import { RenderError } from '../../src/render/render-pool.js';
import { DiskSpace, formatBytes, isOutOfSpace, readDiskSpace } from '../../src/storage/disk-space.js';

/** The error a real write to a full device throws (Linux's /dev/full always answers ENOSPC). */
function realEnospc(): Error {
  try {
    writeFileSync('/dev/full', 'x');
  } catch (error) {
    return error as Error;
  }
  throw new Error('/dev/full took a write');
}

/** The error better-sqlite3 throws when a database cannot grow: a real SQLITE_FULL (page limit reached). */
function realSqliteFull(): Error {
  const db = new Database(':memory:');
  try {
    db.exec('CREATE TABLE t (b BLOB)');
    db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true }) as number}`);
    db.prepare('INSERT INTO t VALUES (?)').run(Buffer.alloc(64 * 1024));
  } catch (error) {
    return error as Error;
  } finally {
    db.close();
  }
  throw new Error('the database grew past its page limit');
}

describe('isOutOfSpace', () => {
  it('knows a write refused for space by its code: ENOSPC from fs, SQLITE_FULL from better-sqlite3, EDQUOT', () => {
    const enospc = realEnospc();
    expect((enospc as NodeJS.ErrnoException).code).toBe('ENOSPC');
    expect(isOutOfSpace(enospc)).toBe(true);
    const full = realSqliteFull();
    expect(full).toBeInstanceOf(Database.SqliteError);
    expect((full as { code?: string }).code).toBe('SQLITE_FULL');
    expect(isOutOfSpace(full)).toBe(true);
    expect(isOutOfSpace(Object.assign(new Error('quota'), { code: 'EDQUOT' }))).toBe(true);
  });

  it('follows the cause chain, and knows a storage_full service error', () => {
    expect(isOutOfSpace(new Error('saving the plan failed', { cause: new Error('write', { cause: realEnospc() }) }))).toBe(true);
    expect(isOutOfSpace(new ServiceError('storage_full', 'full'))).toBe(true);
  });

  it('never decides by the message: a text that mentions the disk is not a space failure, other codes are not', () => {
    expect(isOutOfSpace(new RenderError('ffmpeg failed: No space left on device (ENOSPC)'))).toBe(false);
    expect(isOutOfSpace(new Error('SQLITE_FULL: database or disk is full'))).toBe(false);
    expect(isOutOfSpace(Object.assign(new Error('denied'), { code: 'EACCES' }))).toBe(false);
    expect(isOutOfSpace(Object.assign(new Error('busy'), { code: 'SQLITE_BUSY' }))).toBe(false);
    expect(isOutOfSpace('ENOSPC')).toBe(false);
    expect(isOutOfSpace(undefined)).toBe(false);
  });

  it('makes describeFailure report storage_full for an ENOSPC and nothing else for a message', () => {
    expect(describeFailure(new Error('copying the segment failed', { cause: realEnospc() })).code).toBe('storage_full');
    expect(describeFailure(new Error('ENOSPC in the text only')).code).toBe('internal_error');
    // A child process's failure that runBinary found on a disk with no space left carries the code.
    expect(describeFailure(new RenderError('ffmpeg failed', { code: 'ENOSPC' })).code).toBe('storage_full');
    expect(describeFailure(new RenderError('ffmpeg failed')).code).toBe('render_failed');
  });
});

describe('DiskSpace', () => {
  const MB = 1024 * 1024;
  /** A disk whose free space the test sets. */
  function disk(minFreeMb: number) {
    const state = { free: 1000 * MB };
    return { state, space: new DiskSpace('/data', minFreeMb * MB, () => ({ freeBytes: state.free, totalBytes: 2000 * MB })) };
  }

  it('reads real free space with statfs', () => {
    const reading = readDiskSpace(tmpdir());
    expect(reading.totalBytes).toBeGreaterThan(0);
    expect(reading.freeBytes).toBeGreaterThanOrEqual(0);
    expect(reading.freeBytes).toBeLessThanOrEqual(reading.totalBytes);
  });

  it('is short under the minimum, saying how much is free, the setting and what to do', () => {
    const { state, space } = disk(200);
    expect(space.check()).toBeUndefined();
    state.free = 150 * MB;
    const problem = space.check()!;
    expect(problem).toMatchObject({ code: 'storage_full', free_bytes: 150 * MB, min_free_bytes: 200 * MB });
    expect(problem.message).toContain('/data');
    expect(problem.message).toContain('150 MB free');
    expect(problem.message).toContain('SERVICE_MIN_FREE_MB');
    expect(problem.message).toContain('free space there');
  });

  it('refuses creates with a retryable 503 storage_full while short, and takes them once space is back', () => {
    const { state, space } = disk(200);
    state.free = 10 * MB;
    let refused: unknown;
    try {
      space.assertWritable();
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(ServiceError);
    expect(refused).toMatchObject({ code: 'storage_full', status: 503, retryable: true });
    state.free = 500 * MB;
    expect(() => space.assertWritable()).not.toThrow();
  });

  it('counts as failed after a write refused for space until a reading sees enough space', () => {
    const { state, space } = disk(1);
    state.free = 0;
    const error = space.fullError(realEnospc());
    expect(error).toMatchObject({ code: 'storage_full', status: 503, retryable: true });
    expect(error.message).toContain('0 B free');
    expect(space.failed).toBe(true);
    expect(space.check()).toMatchObject({ code: 'storage_full', free_bytes: 0 });
    expect(space.failed).toBe(true);
    state.free = 100 * MB;
    expect(space.check()).toBeUndefined();
    expect(space.failed).toBe(false);
  });

  it('writes sizes as an operator reads them', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(200 * 1024 * 1024)).toBe('200 MB');
  });
});

describe('SERVICE_MIN_FREE_MB', () => {
  it('sets the free space the data dir must keep: 200 MB by default, the variable, or the option over it', async () => {
    const { resolveConfig } = await import('../../src/config/resolve-config.js');
    expect(resolveConfig({}, {}).minFreeBytes).toBe(200 * 1024 * 1024);
    expect(resolveConfig({}, { SERVICE_MIN_FREE_MB: '1024' }).minFreeBytes).toBe(1024 * 1024 * 1024);
    expect(resolveConfig({ minFreeMb: 0.5 }, { SERVICE_MIN_FREE_MB: '1024' }).minFreeBytes).toBe(512 * 1024);
    expect(() => resolveConfig({}, { SERVICE_MIN_FREE_MB: 'lots' })).toThrow(/SERVICE_MIN_FREE_MB/);
    expect(() => resolveConfig({}, { SERVICE_MIN_FREE_MB: '-5' })).toThrow(/SERVICE_MIN_FREE_MB/);
  });
});
