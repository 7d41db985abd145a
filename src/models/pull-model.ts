import { createHash, type Hash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ServiceError } from '../errors/service-error.js';
import { isGgufMagic } from './gguf-file.js';
import { MODEL_CATALOG, resolveModelSource } from './model-catalog.js';

/** Options of {@link pullModel}. */
export interface PullModelOptions {
  /** A catalog name (`qwen2.5-7b-instruct`) or an http(s) URL of a GGUF file. */
  source: string;
  /** Where models live: `<data-dir>/models`. */
  modelsDir: string;
  /** Expected SHA-256 of the whole file, hex. */
  sha256?: string;
  /** Called as bytes arrive; `total` when the server said. */
  onProgress?: (progress: { received: number; total?: number }) => void;
  /** Called once when `modelsDir` did not exist and was made; it is made only for a download the server answered. */
  onCreateDir?: (dir: string) => void;
  signal?: AbortSignal;
}

/** What {@link pullModel} left on disk. */
export interface PulledModel {
  path: string;
  bytes: number;
  sha256: string;
  /** Bytes already on disk from an interrupted pull that the server let us keep. */
  resumedFrom: number;
  /** The file was already in place; nothing was downloaded. */
  alreadyPresent: boolean;
}

/**
 * Downloads a GGUF into `modelsDir`: streams to `<file>.partial` (resuming one left by an
 * interrupted pull with an HTTP Range request when the server supports it), checks the GGUF magic
 * and the SHA-256 when given (a mismatch deletes the download), then renames it into place.
 */
export async function pullModel(options: PullModelOptions): Promise<PulledModel> {
  const resolved = resolveModelSource(options.source);
  if (!resolved) {
    const names = MODEL_CATALOG.map((model) => model.name).join(', ');
    throw new ServiceError('invalid_request', `unknown model "${options.source}": give an http(s) URL of a GGUF file or one of ${names}`);
  }
  const expected = options.sha256?.toLowerCase();
  if (expected !== undefined && !/^[0-9a-f]{64}$/.test(expected)) {
    throw new ServiceError('invalid_request', `--sha256 must be 64 hex digits, got "${options.sha256}"`);
  }
  const target = path.join(options.modelsDir, resolved.file);
  const partial = `${target}.partial`;

  if (await sizeOf(target) !== undefined) {
    const sha256 = await hashFile(target);
    if (expected && sha256 !== expected) {
      throw new ServiceError('conflict', `${target} is already there but its SHA-256 is ${sha256}, not ${expected}; delete it to pull again`);
    }
    return { path: target, bytes: (await sizeOf(target))!, sha256, resumedFrom: 0, alreadyPresent: true };
  }

  const { received, resumedFrom, hash } = await download(resolved.url, partial, options);
  const sha256 = hash.digest('hex');
  if (!(await startsWithGgufMagic(partial))) {
    await rm(partial, { force: true });
    throw new ServiceError('service_unavailable', `${resolved.url} is not a GGUF file (it does not start with "GGUF"); nothing was kept`);
  }
  if (expected && sha256 !== expected) {
    await rm(partial, { force: true });
    throw new ServiceError('conflict', `checksum mismatch for ${resolved.url}: expected SHA-256 ${expected}, got ${sha256}; the download was deleted`);
  }
  await rename(partial, target);
  return { path: target, bytes: received, sha256, resumedFrom, alreadyPresent: false };
}

async function download(url: string, partial: string, options: PullModelOptions) {
  let offset = (await sizeOf(partial)) ?? 0;
  let response = await request(url, offset, options);
  if (offset > 0 && response.status === 416) {
    // The partial file is no prefix the server recognizes (changed upstream?): start over.
    await response.body?.cancel();
    offset = 0;
    response = await request(url, 0, options);
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    const reason = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
    throw new ServiceError(response.status === 404 ? 'not_found' : 'service_unavailable', `cannot download ${url}: ${reason}`);
  }
  // Made only now, for a download the server answered: a pull that reaches nothing leaves nothing.
  if ((await mkdir(options.modelsDir, { recursive: true })) !== undefined) options.onCreateDir?.(options.modelsDir);
  // 206 continues the partial file; a 200 to a Range request means the server sends it all again.
  const resuming = offset > 0 && response.status === 206;
  const resumedFrom = resuming ? offset : 0;
  const hash = createHash('sha256');
  if (resuming) await hashInto(hash, partial);
  const length = Number(response.headers.get('content-length'));
  const total = Number.isFinite(length) && response.headers.has('content-length') ? resumedFrom + length : undefined;

  let received = resumedFrom;
  options.onProgress?.({ received, total });
  const count = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      received += chunk.length;
      options.onProgress?.({ received, total });
      done(null, chunk);
    },
  });
  try {
    await pipeline(Readable.fromWeb(response.body as never), count, createWriteStream(partial, { flags: resuming ? 'a' : 'w' }));
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw interrupted(url, received, total, error);
  }
  if (total !== undefined && received < total) throw interrupted(url, received, total);
  return { received, resumedFrom, hash };
}

function interrupted(url: string, received: number, total: number | undefined, cause?: unknown): ServiceError {
  const of = total === undefined ? '' : ` of ${total}`;
  return new ServiceError(
    'service_unavailable',
    `download of ${url} was interrupted after ${received}${of} bytes; run the same command again to resume`,
    { cause },
  );
}

async function request(url: string, offset: number, options: PullModelOptions): Promise<Response> {
  try {
    return await fetch(url, { headers: offset > 0 ? { range: `bytes=${offset}-` } : {}, redirect: 'follow', signal: options.signal });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ServiceError(
      'service_unavailable',
      `cannot reach ${url} (${reasonOf(error)}). Without the network: copy a .gguf file into ${options.modelsDir} ` +
        '(`service serve` uses it when it is the only model there), or start serve with --llm local:<file>',
      { cause: error },
    );
  }
}

/**
 * Why a fetch failed, in the words of the socket or resolver (`getaddrinfo ENOTFOUND host`,
 * `connect ECONNREFUSED 127.0.0.1:1`): fetch's own error only says "fetch failed", and its cause
 * printed whole would read "Error: …".
 */
function reasonOf(error: unknown): string {
  let cause: unknown = error instanceof Error && error.cause !== undefined ? error.cause : error;
  // Several addresses tried and all refused (happy eyeballs): the first says why.
  if (cause instanceof AggregateError && cause.errors.length > 0) cause = cause.errors[0];
  if (cause instanceof Error) return cause.message || (cause as NodeJS.ErrnoException).code || cause.name;
  return String(cause);
}

async function sizeOf(file: string): Promise<number | undefined> {
  try {
    const info = await stat(file);
    return info.isFile() ? info.size : undefined;
  } catch {
    return undefined;
  }
}

async function hashInto(hash: Hash, file: string): Promise<void> {
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
}

async function hashFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  await hashInto(hash, file);
  return hash.digest('hex');
}

async function startsWithGgufMagic(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(4);
    const { bytesRead } = await handle.read(head, 0, 4, 0);
    return isGgufMagic(head.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}
