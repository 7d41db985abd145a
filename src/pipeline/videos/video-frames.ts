import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { invalidRequest, ServiceError } from '../../errors/service-error.js';
import type { NodeContext } from '../../node-context.js';
import { ensureBundle } from '../../render/bundle/ensure-bundle.js';
import { requireFfmpeg, runBinary } from '../../render/ffmpeg/run-ffmpeg.js';
import type { RenderPool } from '../../render/render-pool.js';
import type { VideoRow } from '../../store/videos-store.js';
import { reviewOf } from '../review/review-state.js';
import { sceneInputProps } from './render-job.js';

/** A frame of the frames response. */
export interface VideoFrame {
  /** The scene shown; null on a cast sheet. */
  scene_id: string | null;
  /** A cast sheet: who it shows. */
  name?: string;
  index: number;
  time_seconds: number;
  width: number;
  height: number;
  mime_type: 'image/jpeg';
  data: string;
}

/** Longest side of a returned frame, so twelve frames stay a reasonable response. */
const MAX_FRAME_SIDE = 1280;

async function toJpeg(input: Buffer | string): Promise<{ data: string; width: number; height: number }> {
  const { data, info } = await sharp(input)
    .resize({ width: MAX_FRAME_SIDE, height: MAX_FRAME_SIDE, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 82 })
    .toBuffer({ resolveWithObject: true });
  return { data: data.toString('base64'), width: info.width, height: info.height };
}

/** Picks `count` items spread evenly over a list. */
function spread<T>(items: T[], count: number): T[] {
  if (items.length <= count) return items;
  return Array.from({ length: count }, (_, i) => items[Math.floor((i * items.length) / count)]!);
}

/**
 * `GET /v1/videos/{id}/frames`: one JPEG per scene (at most `maxFrames`, spread over the scenes),
 * taken from the middle of each scene in the rendered MP4, or rendered as stills from the committed
 * scene code when there is no MP4 yet. Nothing committed: 409 `not_ready`.
 */
export async function videoFrames(
  ctx: NodeContext,
  row: VideoRow,
  maxFrames: number,
  services: { pool?: RenderPool; cacheDir: string },
): Promise<{ video_id: string; source: 'video' | 'stills' | 'cast' | 'storyboard'; frames: VideoFrame[] }> {
  if (!Number.isInteger(maxFrames) || maxFrames < 1 || maxFrames > 12) throw invalidRequest('max_frames must be a whole number from 1 to 12');
  const review = row.status === 'awaiting_approval' ? reviewOf(row) : undefined;
  if (review) {
    // A paused build shows the board under review: its cast sheets or its storyboard stills.
    const frames: VideoFrame[] = [];
    for (const [index, still] of spread(review.stills, maxFrames).entries()) {
      const jpeg = await toJpeg(path.join(ctx.filesDir, still.path));
      frames.push({ scene_id: still.scene_id ?? null, ...(still.name ? { name: still.name } : {}), index, time_seconds: still.time_seconds, ...jpeg, mime_type: 'image/jpeg' });
    }
    return { video_id: row.id, source: review.gate, frames };
  }
  const scenes = ctx.videos.scenes(row.id);
  let start = 0;
  const timed = scenes.map((scene) => {
    const entry = { scene, start, middle: start + scene.duration_seconds / 2 };
    start += scene.duration_seconds;
    return entry;
  });
  const output = row.output_path ? path.join(ctx.filesDir, row.output_path) : undefined;
  const dir = mkdtempSync(path.join(tmpdir(), `frames-${row.id}-`));
  try {
    if (output && existsSync(output)) {
      const ffmpeg = requireFfmpeg(ctx.config.ffmpegPath);
      const frames: VideoFrame[] = [];
      for (const [index, entry] of spread(timed, maxFrames).entries()) {
        const file = path.join(dir, `${index}.png`);
        await runBinary(ffmpeg.ffmpeg, ['-v', 'error', '-ss', entry.middle.toFixed(3), '-i', output, '-frames:v', '1', '-y', file]);
        const jpeg = await toJpeg(file);
        frames.push({ scene_id: entry.scene.id, index, time_seconds: Math.round(entry.middle * 1000) / 1000, ...jpeg, mime_type: 'image/jpeg' });
      }
      return { video_id: row.id, source: 'video', frames };
    }
    const committed = timed.filter((entry) => entry.scene.compiled);
    if (committed.length === 0 || !row.plan) throw new ServiceError('not_ready', `video ${row.id} has no committed scene to show yet`);
    if (!services.pool) throw new ServiceError('not_ready', 'this process has no renderer to draw stills with');
    const serveUrl = await ensureBundle(services.cacheDir);
    const frames: VideoFrame[] = [];
    for (const [index, entry] of spread(committed, maxFrames).entries()) {
      const inputProps = sceneInputProps(ctx.filesDir, row, entry.scene, row);
      const frame = Math.floor(inputProps.durationInFrames / 2);
      const file = path.join(dir, `${index}.jpeg`);
      await services.pool.run({
        type: 'stills',
        serveUrl,
        inputProps,
        frames: [frame],
        outputPaths: [file],
        imageFormat: 'jpeg',
      });
      const jpeg = await toJpeg(readFileSync(file));
      frames.push({ scene_id: entry.scene.id, index, time_seconds: Math.round((entry.start + frame / row.fps) * 1000) / 1000, ...jpeg, mime_type: 'image/jpeg' });
    }
    return { video_id: row.id, source: 'stills', frames };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
