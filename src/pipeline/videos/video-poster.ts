import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { invalidRequest, ServiceError } from '../../errors/service-error.js';
import type { NodeContext } from '../../node-context.js';
import { ensureBundle } from '../../render/bundle/ensure-bundle.js';
import { requireFfmpeg, runBinary } from '../../render/ffmpeg/run-ffmpeg.js';
import type { RenderPool } from '../../render/render-pool.js';
import { holdFrames } from '../../render/scene-code/test-render-scene.js';
import type { SceneInputProps } from '../../render/worker/render-protocol.js';
import { restoreJobFile } from '../../storage/job-files.js';
import type { VideoRow } from '../../store/videos-store.js';
import { sceneInputProps } from './render-job.js';
import { sceneTimeline } from './scene-timeline.js';

/** The image formats a poster comes in. */
export const POSTER_FORMATS = ['jpeg', 'png'] as const;

/** A poster's image format. */
export type PosterFormat = (typeof POSTER_FORMATS)[number];

/** What a poster request asks for, public form. */
export interface PosterRequest {
  /** The moment, seconds from the start. @default the end of the first scene's hold (see {@link posterFrame}) */
  time?: number;
  /** @default 'jpeg' */
  format?: PosterFormat;
}

/** A still of a video or an infographic. */
export interface Poster {
  data: Buffer;
  contentType: 'image/png' | 'image/jpeg';
  format: PosterFormat;
  /** The frame shown and its time, seconds (the frame's start). */
  frame: number;
  timeSeconds: number;
  /** Where the still came from: the rendered MP4, or the scene code rendered as a still. */
  source: 'video' | 'stills';
}

/** What rendering a still needs: the render pool and where the bundle is cached. */
export interface PosterServices {
  pool?: RenderPool;
  cacheDir: string;
}

/** JPEG quality of a poster: a picture to show, not a thumbnail. */
const JPEG_QUALITY = 90;

/**
 * The frame a poster shows. Asked a time: the frame on screen then (0 to the length; the very end
 * is the last frame); 400 outside. Not asked: the last frame of the first scene's hold (about 80%
 * into it), when its entrances have settled and its exit has not begun, as a test render samples it.
 */
export function posterFrame(time: number | undefined, totalFrames: number, fps: number, firstSceneFrames: number): number {
  const seconds = totalFrames / fps;
  if (time === undefined) return holdFrames(firstSceneFrames, fps).frames.at(-1)!;
  if (!Number.isFinite(time) || time < 0 || time > seconds + 1e-9) {
    throw invalidRequest(`time: must be from 0 to ${Math.round(seconds * 1000) / 1000} seconds (the length)`);
  }
  return Math.min(totalFrames - 1, Math.floor(time * fps + 1e-6));
}

/** A PNG as the asked format: itself, or a JPEG of it. */
export async function encodePoster(png: Buffer, format: PosterFormat): Promise<Buffer> {
  return format === 'png' ? png : sharp(png).jpeg({ quality: JPEG_QUALITY }).toBuffer();
}

/**
 * One frame of an MP4 as a PNG, decoded exactly: FFmpeg's input seek decodes from the keyframe
 * before and drops every frame that starts before the seek point, so seeking half a frame before
 * the frame's start gives that frame however its timestamps round.
 */
export async function mp4Frame(ctx: NodeContext, file: string, frame: number, fps: number): Promise<Buffer> {
  const ffmpeg = requireFfmpeg(ctx.config.ffmpegPath);
  const dir = mkdtempSync(path.join(tmpdir(), 'poster-'));
  try {
    const out = path.join(dir, 'frame.png');
    const seek = frame === 0 ? 0 : (frame - 0.5) / fps;
    await runBinary(ffmpeg.ffmpeg, ['-v', 'error', '-ss', seek.toFixed(6), '-i', file, '-frames:v', '1', '-an', '-f', 'image2', '-c:v', 'png', '-y', out]);
    if (!existsSync(out)) throw new ServiceError('internal_error', `no frame ${frame} could be read from the MP4`);
    return readFileSync(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One frame of a scene, rendered through the render pool as a PNG. */
export async function renderedFrame(services: PosterServices, inputProps: SceneInputProps, frame: number): Promise<Buffer> {
  if (!services.pool) throw new ServiceError('not_ready', 'this process has no renderer to draw a still with');
  const serveUrl = await ensureBundle(services.cacheDir);
  const dir = mkdtempSync(path.join(tmpdir(), 'poster-'));
  try {
    const out = path.join(dir, 'frame.png');
    await services.pool.run({ type: 'stills', serveUrl, inputProps, frames: [frame], outputPaths: [out], imageFormat: 'png' }, { urgent: true });
    return readFileSync(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * `GET /v1/videos/{id}/poster`: the frame at a time as a PNG or JPEG at the video's size, taken
 * from the job's rendered MP4, or, before there is one, rendered from the committed scene on
 * screen then. 409 `not_ready` before the plan or while that scene is not committed.
 */
export async function videoPoster(ctx: NodeContext, row: VideoRow, request: PosterRequest, services: PosterServices): Promise<Poster> {
  const format = request.format ?? 'jpeg';
  const scenes = row.plan ? ctx.videos.scenes(row.id) : [];
  if (scenes.length === 0) throw new ServiceError('not_ready', `video ${row.id} has no scenes yet to take a poster from`);
  const timeline = sceneTimeline(scenes, row.fps);
  const frame = posterFrame(request.time, timeline.frames, row.fps, timeline.scenes[0]!.frames);
  const answer = (png: Buffer, source: Poster['source']) =>
    encodePoster(png, format).then((data): Poster => ({
      data,
      contentType: format === 'png' ? 'image/png' : 'image/jpeg',
      format,
      frame,
      timeSeconds: Math.round((frame / row.fps) * 1000) / 1000,
      source,
    }));
  // With a bucket the data dir is a working copy: the MP4 may have to come back from the bucket first.
  if (row.output_path && (await restoreJobFile(ctx, row.output_path))) {
    return answer(await mp4Frame(ctx, path.join(ctx.filesDir, row.output_path), frame, row.fps), 'video');
  }
  const entry = timeline.scenes.find((timed) => frame < timed.startFrame + timed.frames)!;
  if (!entry.scene.compiled) {
    throw new ServiceError('not_ready', `video ${row.id} has no MP4 and scene ${entry.scene.position + 1}, on screen at that time, is not committed yet`);
  }
  const inputProps = sceneInputProps(ctx.filesDir, row, entry.scene, row);
  return answer(await renderedFrame(services, inputProps, frame - entry.startFrame), 'stills');
}
