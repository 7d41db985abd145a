import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { ServiceError } from '../errors/service-error.js';
import { contentTypeOf } from './content-types.js';
import { assertValidKey, StoreNotFoundError, type FileStore } from './file-store.js';

/**
 * A job's files in the bucket. With `--store s3://…` the bucket is the home of every file a job
 * writes under `<data-dir>/files` (inputs, prepared assets, narration clips, the soundtrack, stills,
 * the MP4) and the data dir is a working copy: tools like ffmpeg and sharp still read and write
 * local files, and each file is uploaded as soon as it is written and downloaded again when a
 * local copy is missing (a new disk, a moved machine).
 *
 * Key layout: the object key is the file's path relative to `files/`, unchanged
 * (`videos/vid_…/audio/narration-0.wav` is `<prefix>/videos/vid_…/audio/narration-0.wav` in the
 * bucket), so the bucket mirrors `files/`. It is the layout segments (`segments/<hash>.mp4`) and
 * finished MP4s already had.
 *
 * Without a store (`store` unset) every function here resolves at once and touches nothing.
 */
export interface JobFilesPlace {
  /** The bucket; unset when files live only in the data dir. */
  store?: FileStore;
  /** `<dataDir>/files`, where the relative paths point. */
  filesDir: string;
}


/** The store key of a path relative to `files/`: the path itself. Throws when it is not a plain relative path. */
export function jobFileKey(relative: string): string {
  assertValidKey(relative);
  return relative;
}

function localPath(place: JobFilesPlace, relative: string): string {
  return path.join(place.filesDir, ...jobFileKey(relative).split('/'));
}

/**
 * Uploads files (paths relative to `files/`) to the bucket, one after another. A failed upload
 * throws a retryable `service_unavailable` naming the file and the bucket: the stage that wrote it
 * fails rather than going on with a file only this disk holds (the local copy stays, so nothing is
 * lost). S3Store already retries network failures of one upload before giving up.
 */
export async function saveJobFiles(place: JobFilesPlace, relatives: Iterable<string>): Promise<void> {
  const { store } = place;
  if (!store) return;
  for (const relative of relatives) {
    const file = localPath(place, relative);
    try {
      await store.putFile(jobFileKey(relative), file, contentTypeOf(relative));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new ServiceError('service_unavailable', `could not save ${relative} to the bucket ${store.description}: ${reason}; the file is kept in the data dir, try again when the bucket is reachable`, {
        retryable: true,
        cause: error,
      });
    }
  }
}

/** Uploads every file under a folder (relative to `files/`), as {@link saveJobFiles}; a folder that does not exist has nothing to save. */
export async function saveJobTree(place: JobFilesPlace, relativeDir: string): Promise<void> {
  if (!place.store) return;
  await saveJobFiles(place, await filesUnder(place, relativeDir));
}

/** Paths relative to `files/` of the files under a folder, skipping the `.part` files writes leave while in flight. */
async function filesUnder(place: JobFilesPlace, relativeDir: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(localPath(place, relativeDir), { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const found: string[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const relative = path.posix.join(relativeDir, entry.name);
    if (entry.isDirectory()) found.push(...(await filesUnder(place, relative)));
    else if (entry.isFile() && !entry.name.endsWith('.part')) found.push(relative);
  }
  return found;
}

/**
 * Makes sure a file (relative to `files/`) is on this disk: when it is missing and the bucket has
 * it, downloads it (written aside, then renamed, so readers never see a part). Resolves whether the
 * local file exists now; a file the bucket does not hold either resolves false. Errors reaching the
 * bucket are thrown as a retryable `service_unavailable`.
 */
export async function restoreJobFile(place: JobFilesPlace, relative: string): Promise<boolean> {
  const file = localPath(place, relative);
  if (existsSync(file)) return true;
  return place.store ? fetchFromBucket(place.store, relative, file) : false;
}

/** Downloads a file the disk lacks; false when the bucket does not hold it either. */
async function fetchFromBucket(store: FileStore, relative: string, file: string): Promise<boolean> {
  try {
    await store.getFile(jobFileKey(relative), file);
    return true;
  } catch (error) {
    if (error instanceof StoreNotFoundError) return false;
    const reason = error instanceof Error ? error.message : String(error);
    throw new ServiceError('service_unavailable', `could not fetch ${relative} from the bucket ${store.description}: ${reason}`, { retryable: true, cause: error });
  }
}

/** {@link restoreJobFile} for many files; resolves the paths that were missing here and came from the bucket. */
export async function restoreJobFiles(place: JobFilesPlace, relatives: Iterable<string>): Promise<string[]> {
  const { store } = place;
  if (!store) return [];
  const restored: string[] = [];
  for (const relative of new Set(relatives)) {
    const file = localPath(place, relative);
    if (!existsSync(file) && (await fetchFromBucket(store, relative, file))) restored.push(relative);
  }
  return restored;
}
