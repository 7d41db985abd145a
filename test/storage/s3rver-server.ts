import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The part of s3rver's API the tests use (it ships no types). */
interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverConstructor = new (options: Record<string, unknown>) => S3rverInstance;

/** A real S3 protocol server on 127.0.0.1 with one bucket, storing in a temp dir. */
export interface TestS3Server {
  /** `http://127.0.0.1:<port>` */
  endpoint: string;
  bucket: string;
  /** What s3rver signs with; any other secret is refused. */
  credentials: { accessKeyId: string; secretAccessKey: string };
  close(): Promise<void>;
}

/** Starts s3rver on a free port with `bucket` created. */
export async function startS3rver(bucket: string): Promise<TestS3Server> {
  const S3rver = createRequire(import.meta.url)('s3rver') as S3rverConstructor;
  const directory = mkdtempSync(path.join(tmpdir(), 'service-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  serializeWrites(server);
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * s3rver's file store removes a key's folder when a delete leaves it empty, while a write into that
 * folder may sit between creating it and opening its file: the write then fails with ENOENT on a
 * stream nobody listens to, an uncaught exception in the test process (seen when two workers probe
 * the bucket at once). Real S3 has no folders; here writes and deletes take turns.
 */
function serializeWrites(server: S3rverInstance): void {
  const store = (server as unknown as { store: Record<string, (...args: unknown[]) => Promise<unknown>> }).store;
  let turn: Promise<unknown> = Promise.resolve();
  for (const name of ['putObject', 'copyObject', 'deleteObject']) {
    const original = store[name]!.bind(store);
    store[name] = (...args: unknown[]) => {
      const run = turn.then(() => original(...args));
      turn = run.catch(() => undefined);
      return run;
    };
  }
}

/** A loopback port nothing listens on (it was free a moment ago). */
export async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
