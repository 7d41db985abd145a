import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { ServiceError } from '../../errors/service-error.js';
import type { NodeContext } from '../../node-context.js';
import type { InfographicProjectRow } from '../../store/infographics-store.js';
import type { VideoRow } from '../../store/videos-store.js';
import { infographicPoster } from '../infographics/infographic-poster.js';
import { videoPoster, type Poster, type PosterServices } from '../videos/video-poster.js';

/** Longest side of a list thumbnail: sharp on a 2x screen at the list's 8rem, small on the wire. */
export const THUMBNAIL_SIDE = 320;

const JPEG_QUALITY = 78;

/** A stored thumbnail: its JPEG bytes and the key it was made for (an ETag). */
export interface Thumbnail {
  data: Buffer;
  key: string;
}

/** Thumbnails being made now, by key: a list asking twice waits for the one still. */
const making = new Map<string, Promise<Thumbnail | undefined>>();
/** One thumbnail is made at a time, so a first look at a long list does not flood the render pool. */
let queue: Promise<unknown> = Promise.resolve();

/** Where the node keeps its thumbnails: `<data dir>/thumbnails` (a cache; safe to delete). */
export function thumbnailsDir(ctx: NodeContext): string {
  return path.join(ctx.config.dataDir, 'thumbnails');
}

const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 24);

/**
 * The stored thumbnail under `key`, else one made by `poster` (a full-size poster still, shrunk to
 * {@link THUMBNAIL_SIDE}) and stored; undefined when `poster` says there is nothing yet (409 not_ready).
 */
async function storedThumbnail(ctx: NodeContext, key: string, poster: () => Promise<Poster>): Promise<Thumbnail | undefined> {
  const file = path.join(thumbnailsDir(ctx), `${key}.jpg`);
  if (existsSync(file)) return { data: readFileSync(file), key };
  const pending = making.get(key);
  if (pending) return pending;
  const made = queue.then(async () => {
    if (existsSync(file)) return { data: readFileSync(file), key };
    let still: Poster;
    try {
      still = await poster();
    } catch (error) {
      if (error instanceof ServiceError && error.code === 'not_ready') return undefined;
      throw error;
    }
    const data = await sharp(still.data).resize({ width: THUMBNAIL_SIDE, height: THUMBNAIL_SIDE, fit: 'inside' }).jpeg({ quality: JPEG_QUALITY }).toBuffer();
    mkdirSync(path.dirname(file), { recursive: true });
    // Written whole then renamed, so a reader never gets half a file.
    writeFileSync(`${file}.tmp`, data);
    renameSync(`${file}.tmp`, file);
    return { data, key };
  });
  queue = made.catch(() => undefined);
  making.set(key, made);
  try {
    return await made;
  } finally {
    making.delete(key);
  }
}

/**
 * A video's list thumbnail: its poster frame (the end of the first scene's hold), from the MP4 once
 * there is one, else from the first scene's committed code; undefined before that scene is made.
 * The key changes with what the frame comes from (the MP4's file, the first scene's code), so an
 * edit or a re-render gets a new thumbnail and an unchanged video is never drawn twice.
 */
export function videoThumbnail(ctx: NodeContext, row: VideoRow, services: PosterServices): Promise<Thumbnail | undefined> {
  const first = row.plan ? ctx.videos.scenes(row.id)[0] : undefined;
  if (!row.output_path && !first?.compiled) return Promise.resolve(undefined);
  const key = `${row.id}-${hash(row.output_path ? `mp4:${row.output_path}` : `scene:${first!.id}:${first!.compiled}`)}`;
  return storedThumbnail(ctx, key, () => videoPoster(ctx, row, {}, services));
}

/**
 * An infographic project's list thumbnail: its newest ready version's poster frame (the end of its
 * hold); undefined while no version is ready. Keyed by that version and its code.
 */
export function infographicThumbnail(ctx: NodeContext, project: InfographicProjectRow, services: PosterServices): Promise<Thumbnail | undefined> {
  const version = [...ctx.infographics.versions(project.id)].filter((item) => item.status === 'ready' && item.compiled).sort((a, b) => b.number - a.number)[0];
  if (!version) return Promise.resolve(undefined);
  const key = `${project.id}-${hash(`${version.id}:${version.compiled}:${version.settings}`)}`;
  return storedThumbnail(ctx, key, () => infographicPoster(ctx, version, {}, services));
}
