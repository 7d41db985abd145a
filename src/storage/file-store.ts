import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where the node keeps files (segment inputs and outputs, narration clips, soundtracks, MP4s):
 * the data dir ({@link LocalStore}) or an S3-compatible bucket (`S3Store`). Keys are relative
 * forward-slash paths such as `segments/ab12.mp4`; see {@link assertValidKey}.
 */
export interface FileStore {
  readonly kind: 'local' | 's3';
  /** One line for logs and `service doctor`, e.g. "s3://renders/node-a at http://127.0.0.1:4568 (path-style)" or "/data/files". Never includes credentials. */
  readonly description: string;
  /** Uploads a local file; readers see the old object or the whole new one, never a part. */
  putFile(key: string, file: string, contentType?: string): Promise<void>;
  /** Stores bytes (a string is written as UTF-8); atomic for readers like {@link putFile}. */
  putBytes(key: string, bytes: Buffer | string, contentType?: string): Promise<void>;
  /** Downloads to a local path: written aside, then renamed. Rejects {@link StoreNotFoundError} when absent. */
  getFile(key: string, file: string): Promise<void>;
  /** Rejects {@link StoreNotFoundError} when absent. */
  getBytes(key: string): Promise<Buffer>;
  exists(key: string): Promise<boolean>;
  /** Resolves when the key is gone, whether or not it was there. */
  delete(key: string): Promise<void>;
  /** Whether {@link presignedUrl} hands out links (an S3 store with presigned links enabled). */
  readonly presigns: boolean;
  /** A short-lived GET URL a client can fetch directly, or undefined when the store has none (local) or presigned links are not enabled. */
  presignedUrl(key: string, seconds: number, options?: { downloadName?: string }): Promise<string | undefined>;
  /** For `service doctor`: writes, reads back and deletes a small probe object; resolves a one-line detail or rejects with the reason (unreachable endpoint, no such bucket, access denied: say which, in plain words). */
  check(): Promise<string>;
}

/** A key that is not in the store. */
export class StoreNotFoundError extends Error {
  readonly key: string;

  constructor(key: string, options?: { cause?: unknown }) {
    super(`no file "${key}" in the store`, options);
    this.name = 'StoreNotFoundError';
    this.key = key;
  }
}

/**
 * Throws unless `key` is a relative forward-slash path of plain segments: not empty, not
 * absolute, no `.`/`..` or empty segments, no backslashes or NUL. Both stores call it first, so
 * a bad key fails here with its name rather than as a path escape or an odd object name.
 */
export function assertValidKey(key: string): void {
  const refuse = (why: string): never => {
    throw new Error(`invalid store key ${JSON.stringify(key)}: ${why}; keys are relative paths like "segments/ab12.mp4"`);
  };
  if (typeof key !== 'string' || key === '') refuse('it is empty');
  if (key.startsWith('/')) refuse('it is absolute');
  if (key.includes('\\')) refuse('it contains a backslash');
  if (key.includes('\0')) refuse('it contains a NUL character');
  for (const segment of key.split('/')) {
    if (segment === '..' || segment === '.') refuse(`it contains a "${segment}" segment`);
    if (segment === '') refuse('it contains an empty segment');
  }
}

/** A name beside `file` for writing before the rename that makes it visible. */
export function temporaryPathBeside(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${randomUUID().slice(0, 8)}.part`);
}

/** Runs `write` on a temporary path beside `file`, then renames it into place; removes it on failure. */
export async function writeAside(file: string, write: (temporary: string) => Promise<void>): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = temporaryPathBeside(file);
  try {
    await write(temporary);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** The data dir's store: key `a/b.mp4` is the file `<root>/a/b.mp4`. Content types are not kept. */
export class LocalStore implements FileStore {
  readonly kind = 'local';
  readonly presigns = false;
  readonly description: string;
  readonly #root: string;

  constructor(root: string) {
    this.#root = path.resolve(root);
    this.description = this.#root;
  }

  #pathOf(key: string): string {
    assertValidKey(key);
    return path.join(this.#root, ...key.split('/'));
  }

  async putFile(key: string, file: string, _contentType?: string): Promise<void> {
    const target = this.#pathOf(key);
    await writeAside(target, (temporary) => copyFile(file, temporary));
  }

  async putBytes(key: string, bytes: Buffer | string, _contentType?: string): Promise<void> {
    const target = this.#pathOf(key);
    await writeAside(target, (temporary) => writeFile(temporary, bytes));
  }

  async getFile(key: string, file: string): Promise<void> {
    const source = this.#pathOf(key);
    try {
      await writeAside(file, (temporary) => copyFile(source, temporary));
    } catch (error) {
      if (!(await this.exists(key))) throw new StoreNotFoundError(key, { cause: error });
      throw error;
    }
  }

  async getBytes(key: string): Promise<Buffer> {
    const source = this.#pathOf(key);
    try {
      return await readFile(source);
    } catch (error) {
      if (isMissing(error) || (error as NodeJS.ErrnoException).code === 'EISDIR') throw new StoreNotFoundError(key, { cause: error });
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    const source = this.#pathOf(key);
    try {
      return (await stat(source)).isFile();
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.#pathOf(key), { force: true });
  }

  async presignedUrl(key: string, _seconds: number, _options?: { downloadName?: string }): Promise<undefined> {
    assertValidKey(key);
    return undefined;
  }

  async check(): Promise<string> {
    const key = `.store-probe-${randomUUID()}`;
    const probe = `service doctor probe ${new Date().toISOString()}`;
    let written = false;
    try {
      await this.putBytes(key, probe);
      written = true;
      const back = await this.getBytes(key);
      if (back.toString('utf8') !== probe) throw new Error(`${this.#root} returned different bytes than were written`);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') throw new Error(`cannot write to ${this.#root}: permission denied (${code})`, { cause: error });
      if (code === 'ENOSPC') throw new Error(`cannot write to ${this.#root}: the disk is full`, { cause: error });
      throw error;
    } finally {
      if (written) await this.delete(key).catch(() => undefined);
    }
    return `writes, reads and deletes files in ${this.#root}`;
  }
}
