import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStore } from '../../src/storage/file-store.js';
import { fileStoreContract } from './file-store-contract.js';

describe('LocalStore', () => {
  const parent = mkdtempSync(path.join(tmpdir(), 'service-local-store-'));
  const root = path.join(parent, 'files');
  let store: LocalStore;
  beforeAll(() => {
    store = new LocalStore(root);
  });
  afterAll(() => rmSync(parent, { recursive: true, force: true }));

  fileStoreContract(() => store);

  it('keeps key a/b.ext as the file <root>/a/b.ext', async () => {
    await store.putBytes('segments/ab12.mp4', 'segment');
    expect(readFileSync(path.join(root, 'segments', 'ab12.mp4'), 'utf8')).toBe('segment');
  });

  it('writes nothing outside its root for a key that climbs out', async () => {
    await expect(store.putBytes('../outside.txt', 'x')).rejects.toThrow(/invalid store key/);
    expect(existsSync(path.join(parent, 'outside.txt'))).toBe(false);
  });

  it('is described by its absolute root and has no presigned links', async () => {
    expect(new LocalStore('relative/files').description).toBe(path.resolve('relative/files'));
    expect(store.kind).toBe('local');
    await store.putBytes('videos/vid_1/vid_1.mp4', 'mp4');
    expect(await store.presignedUrl('videos/vid_1/vid_1.mp4', 60, { downloadName: 'My video.mp4' })).toBeUndefined();
  });

  it('check leaves no probe file behind', async () => {
    await store.putBytes('keep/me.txt', 'x');
    const before = readdirSync(root).sort();
    await store.check();
    expect(readdirSync(root).sort()).toEqual(before);
  });

  it.skipIf(process.getuid?.() === 0)('check says permission denied when the root is read-only', async () => {
    const readOnly = path.join(parent, 'read-only');
    const readOnlyStore = new LocalStore(readOnly);
    await readOnlyStore.putBytes('x.txt', 'x');
    chmodSync(readOnly, 0o555);
    try {
      await expect(readOnlyStore.check()).rejects.toThrow(/cannot write to .*read-only: permission denied/);
    } finally {
      chmodSync(readOnly, 0o755);
    }
  });
});
