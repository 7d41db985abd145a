import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ServiceError } from '../../src/errors/service-error.js';
import { LocalStore, type FileStore } from '../../src/storage/file-store.js';
import { jobFileKey, restoreJobFile, restoreJobFiles, saveJobFiles, saveJobTree } from '../../src/storage/job-files.js';
import { S3Store } from '../../src/storage/s3-store.js';
import { closedPort, startS3rver, type TestS3Server } from './s3rver-server.js';

/** The same behaviour against each kind of store: the files dir is a working copy of the store. */
function jobFilesContract(name: string, openStore: () => FileStore) {
  describe(`job files over ${name}`, () => {
    let filesDir: string;
    let store: FileStore;
    beforeEach(() => {
      filesDir = mkdtempSync(path.join(tmpdir(), 'service-job-files-'));
      store = openStore();
    });
    afterEach(() => rmSync(filesDir, { recursive: true, force: true }));

    const write = (relative: string, content: string) => {
      const file = path.join(filesDir, relative);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, content);
    };
    const id = () => `vid_${Math.random().toString(36).slice(2, 10)}`;

    it('saves a file under its path relative to files/ and restores it after the local copy is gone', async () => {
      const video = id();
      const clip = `videos/${video}/audio/narration-0.wav`;
      write(clip, 'RIFF clip');
      await saveJobFiles({ store, filesDir }, [clip]);
      expect(await store.exists(clip)).toBe(true);
      expect((await store.getBytes(clip)).toString()).toBe('RIFF clip');

      rmSync(path.join(filesDir, 'videos'), { recursive: true });
      expect(await restoreJobFile({ store, filesDir }, clip)).toBe(true);
      expect(readFileSync(path.join(filesDir, clip), 'utf8')).toBe('RIFF clip');
      // Written aside then renamed: nothing but the file is left in its folder.
      expect(readdirSync(path.join(filesDir, 'videos', video, 'audio'))).toEqual(['narration-0.wav']);
    });

    it('saves every file of a folder tree, skipping in-flight .part files', async () => {
      const video = id();
      write(`videos/${video}/inputs/photo.png`, 'png');
      write(`videos/${video}/inputs/documents.json`, '[]');
      write(`videos/${video}/assets/nested/logo.webp`, 'webp');
      write(`videos/${video}/assets/.logo.webp.1234abcd.part`, 'half');
      await saveJobTree({ store, filesDir }, `videos/${video}`);
      for (const key of [`videos/${video}/inputs/photo.png`, `videos/${video}/inputs/documents.json`, `videos/${video}/assets/nested/logo.webp`]) {
        expect(await store.exists(key), key).toBe(true);
      }
      expect(await store.exists(`videos/${video}/assets/.logo.webp.1234abcd.part`)).toBe(false);
      // A folder that was never written has nothing to save.
      await expect(saveJobTree({ store, filesDir }, `videos/${id()}/footage`)).resolves.toBeUndefined();
    });

    it('restores only what is missing, and reports a file the store does not hold as not restored', async () => {
      const video = id();
      const kept = `videos/${video}/soundtrack.m4a`;
      const lost = `videos/${video}/audio/narration-1.wav`;
      write(kept, 'local soundtrack');
      write(lost, 'clip');
      await saveJobFiles({ store, filesDir }, [lost]);
      await store.putBytes(kept, 'bucket soundtrack');
      rmSync(path.join(filesDir, lost));

      const never = `videos/${video}/never-written.mp4`;
      expect(await restoreJobFiles({ store, filesDir }, [kept, lost, lost, never])).toEqual([lost]);
      // A local copy is the working copy: it is not overwritten from the store.
      expect(readFileSync(path.join(filesDir, kept), 'utf8')).toBe('local soundtrack');
      expect(existsSync(path.join(filesDir, never))).toBe(false);
      expect(await restoreJobFile({ store, filesDir }, never)).toBe(false);
    });

    it('refuses a path that is not a plain relative path before touching the store', async () => {
      await expect(saveJobFiles({ store, filesDir }, ['../outside.mp4'])).rejects.toThrow(/invalid store key/);
      await expect(restoreJobFile({ store, filesDir }, '/etc/passwd')).rejects.toThrow(/invalid store key/);
    });
  });
}

describe('job files without a store', () => {
  it('does nothing: no upload, no restore, no error', async () => {
    const filesDir = mkdtempSync(path.join(tmpdir(), 'service-job-files-'));
    try {
      await expect(saveJobFiles({ filesDir }, ['videos/vid_x/missing.wav'])).resolves.toBeUndefined();
      await expect(saveJobTree({ filesDir }, 'videos/vid_x')).resolves.toBeUndefined();
      expect(await restoreJobFiles({ filesDir }, ['videos/vid_x/missing.wav'])).toEqual([]);
      expect(await restoreJobFile({ filesDir }, 'videos/vid_x/missing.wav')).toBe(false);
    } finally {
      rmSync(filesDir, { recursive: true, force: true });
    }
  });

  it('keys are the relative path itself', () => {
    expect(jobFileKey('videos/vid_1/final.mp4')).toBe('videos/vid_1/final.mp4');
    expect(() => jobFileKey('videos//x.mp4')).toThrow(/empty segment/);
  });
});

const localRoot = mkdtempSync(path.join(tmpdir(), 'service-job-files-store-'));
afterAll(() => rmSync(localRoot, { recursive: true, force: true }));
jobFilesContract('a LocalStore', () => new LocalStore(localRoot));

describe('against s3rver', () => {
  let server: TestS3Server;
  const stores: S3Store[] = [];
  const open = (options: { endpoint?: string } = {}): S3Store => {
    const store = new S3Store({ bucket: server.bucket, prefix: 'node-a', endpoint: options.endpoint ?? server.endpoint, region: 'us-east-1', credentials: server.credentials });
    stores.push(store);
    return store;
  };
  beforeAll(async () => {
    server = await startS3rver('job-files');
  });
  afterAll(async () => {
    await Promise.all(stores.map((store) => store.destroy()));
    await server?.close();
  });

  jobFilesContract('an S3Store', () => open());

  it('a bucket it cannot reach fails the save with a retryable service_unavailable naming the file, and keeps the local file', async () => {
    const filesDir = mkdtempSync(path.join(tmpdir(), 'service-job-files-'));
    try {
      const clip = 'videos/vid_down/audio/narration-0.wav';
      mkdirSync(path.join(filesDir, 'videos/vid_down/audio'), { recursive: true });
      writeFileSync(path.join(filesDir, clip), 'clip');
      const down = open({ endpoint: `http://127.0.0.1:${await closedPort()}` });
      const failure = await saveJobFiles({ store: down, filesDir }, [clip]).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(ServiceError);
      expect((failure as ServiceError).code).toBe('service_unavailable');
      expect((failure as ServiceError).retryable).toBe(true);
      expect((failure as ServiceError).message).toContain(clip);
      expect(readFileSync(path.join(filesDir, clip), 'utf8')).toBe('clip');
      await expect(restoreJobFile({ store: down, filesDir }, 'videos/vid_down/soundtrack.m4a')).rejects.toMatchObject({ code: 'service_unavailable' });
    } finally {
      rmSync(filesDir, { recursive: true, force: true });
    }
  }, 60_000);
});
