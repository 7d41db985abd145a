import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { StoreNotFoundError, type FileStore } from '../../src/storage/file-store.js';

/** Keys every store must refuse before touching anything. */
export const BAD_KEYS = ['', '/etc/passwd', '../escape.txt', 'segments/../../escape.txt', 'segments\\ab12.mp4', 'segments//ab12.mp4', './ab12.mp4', 'segments/'];

/**
 * The behaviour callers rely on, whichever store holds the files. `store()` is read inside each
 * test, after the suite's `beforeAll` has made it.
 */
export function fileStoreContract(store: () => FileStore): void {
  const work = mkdtempSync(path.join(tmpdir(), 'service-store-contract-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  describe('putBytes and getBytes', () => {
    it('round-trips a Buffer and a UTF-8 string under nested keys', async () => {
      const bytes = randomBytes(1000);
      await store().putBytes('segments/ab12.bin', bytes, 'application/octet-stream');
      await store().putBytes('videos/vid_1/notes.txt', 'héllo wörld');
      expect((await store().getBytes('segments/ab12.bin')).equals(bytes)).toBe(true);
      expect((await store().getBytes('videos/vid_1/notes.txt')).toString('utf8')).toBe('héllo wörld');
    });

    it('replaces an object written twice', async () => {
      await store().putBytes('overwrite/a.txt', 'first');
      await store().putBytes('overwrite/a.txt', 'second');
      expect((await store().getBytes('overwrite/a.txt')).toString()).toBe('second');
    });

    it('round-trips an empty object', async () => {
      await store().putBytes('empty/zero.bin', Buffer.alloc(0));
      expect((await store().getBytes('empty/zero.bin')).length).toBe(0);
    });
  });

  describe('putFile and getFile', () => {
    it('round-trips a 3 MB file into a directory that does not exist yet, leaving no temporary files', async () => {
      const source = path.join(work, 'source.mp4');
      const bytes = randomBytes(3 * 1024 * 1024 + 17);
      writeFileSync(source, bytes);
      await store().putFile('videos/vid_1/vid_1.mp4', source, 'video/mp4');
      const target = path.join(work, 'out', 'deeper', 'vid_1.mp4');
      await store().getFile('videos/vid_1/vid_1.mp4', target);
      expect(readFileSync(target).equals(bytes)).toBe(true);
      expect(readdirSync(path.dirname(target))).toEqual(['vid_1.mp4']);
    });

    it('replaces an existing local file on download', async () => {
      const target = path.join(work, 'replace.txt');
      writeFileSync(target, 'old contents that are longer');
      await store().putBytes('replace/new.txt', 'new');
      await store().getFile('replace/new.txt', target);
      expect(readFileSync(target, 'utf8')).toBe('new');
    });
  });

  describe('exists and delete', () => {
    it('tells a stored key from a missing one, and delete removes it', async () => {
      await store().putBytes('narration/clip-1.mp3', 'mp3');
      expect(await store().exists('narration/clip-1.mp3')).toBe(true);
      expect(await store().exists('narration/clip-2.mp3')).toBe(false);
      await store().delete('narration/clip-1.mp3');
      expect(await store().exists('narration/clip-1.mp3')).toBe(false);
      await expect(store().getBytes('narration/clip-1.mp3')).rejects.toBeInstanceOf(StoreNotFoundError);
    });

    it('deletes a missing key without an error', async () => {
      await expect(store().delete('never/written.bin')).resolves.toBeUndefined();
    });

    it('does not treat a key prefix ("directory") as a file', async () => {
      await store().putBytes('dir-like/inner.txt', 'x');
      expect(await store().exists('dir-like')).toBe(false);
    });
  });

  describe('missing keys', () => {
    it('rejects getBytes and getFile with StoreNotFoundError naming the key, and writes no file', async () => {
      const error = await store().getBytes('missing/none.bin').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StoreNotFoundError);
      expect((error as StoreNotFoundError).key).toBe('missing/none.bin');
      const target = path.join(work, 'missing', 'none.bin');
      await expect(store().getFile('missing/none.bin', target)).rejects.toBeInstanceOf(StoreNotFoundError);
      expect(existsSync(target)).toBe(false);
    });
  });

  describe('key validation', () => {
    it.each(BAD_KEYS)('refuses the key %j in every method with a clear error', async (key) => {
      const source = path.join(work, 'valid-source.txt');
      writeFileSync(source, 'x');
      const calls: Array<() => Promise<unknown>> = [
        () => store().putBytes(key, 'x'),
        () => store().putFile(key, source),
        () => store().getBytes(key),
        () => store().getFile(key, path.join(work, 'never.txt')),
        () => store().exists(key),
        () => store().delete(key),
        () => store().presignedUrl(key, 60),
      ];
      for (const call of calls) await expect(call()).rejects.toThrow(/^invalid store key/);
    });

    it('accepts keys with dots, dashes and underscores inside names', async () => {
      await store().putBytes('videos/vid_1/v1.final-cut..mp4', 'ok');
      expect((await store().getBytes('videos/vid_1/v1.final-cut..mp4')).toString()).toBe('ok');
    });
  });

  describe('check', () => {
    it('writes, reads back and deletes a probe, and says where', async () => {
      const detail = await store().check();
      expect(detail).toContain(store().description);
    });
  });
}
