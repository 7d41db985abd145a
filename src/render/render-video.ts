import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { FfmpegInfo } from './ffmpeg/find-ffmpeg.js';
import type { RenderPool } from './render-pool.js';
import { joinSegments, renderRemoteSegments } from './remote/remote-segments.js';
import { hasVideoAssets } from './worker/video-assets.js';
import type { SceneInputProps } from './worker/render-protocol.js';

/** One scene to render as a segment. */
export interface SegmentInput {
  sceneId: string;
  inputProps: SceneInputProps;
}

/** Options of {@link renderVideo}. */
export interface RenderVideoOptions {
  pool: RenderPool;
  ffmpeg: FfmpegInfo;
  serveUrl: string;
  /** Version of the kit bundle; part of every segment's cache key. */
  kitVersion: string;
  scenes: SegmentInput[];
  /** Where segments are cached, by hash. */
  segmentsDir: string;
  outputPath: string;
  signal?: AbortSignal;
  /** Capture every frame (no held frames): reference renders for tests and benches. */
  captureAll?: boolean;
  /** Overall progress 0..1 (reused segments count as done), frames rendered in this call, the frames of all scenes, and how they were made. */
  onProgress?: (progress: number, renderedFrames: number, totalFrames: number, detail: RenderDetail) => void;
}

/** How a render's frames were made so far: captured from the browser, or held (a still picture repeated). */
export interface RenderDetail {
  captured: number;
  held: number;
  /** Output frames made per second of this call so far (captured and held). */
  framesPerSecond: number;
  /** Why the render is stalled, when it is: render workers elsewhere cannot be reached (see docs/scaling-out.md). */
  waiting?: string;
}

/** A render's detail as progress shows it: `212 frames captured, 190 held, 28 frames/s`. */
export function describeRenderDetail(detail: RenderDetail): string {
  const made = `${detail.captured} frames captured, ${detail.held} held, ${Math.round(detail.framesPerSecond)} frames/s`;
  if (!detail.waiting) return made;
  // Before the first frame, the reason is all there is to say.
  return detail.captured + detail.held === 0 ? detail.waiting : `${made}; ${detail.waiting}`;
}

/**
 * Version of the segment encoding (capture, hold and encoder settings): part of every segment's
 * cache key, so a segment made another way is never joined with these.
 */
const SEGMENT_ENCODING_VERSION = 'held-frames-1';

/**
 * The cache key of a segment: everything that shapes its pixels and its stream (the encoder, so a
 * segment made on the GPU is never joined with x264 ones).
 */
export function segmentHash(kitVersion: string, props: SceneInputProps, encoding = ''): string {
  return createHash('sha256').update(kitVersion).update('\0').update(SEGMENT_ENCODING_VERSION).update('\0').update(encoding).update('\0').update(JSON.stringify(props)).digest('hex').slice(0, 32);
}

/**
 * The render tasks for the segments to make: scenes that play video clips alone (their frames are
 * all captured), the others in at most `workers` batches of consecutive scenes with about equal
 * frames, so every worker renders side by side and each batch pays for one probe and one set of
 * pages.
 */
export function segmentBatches<T extends { scene: SegmentInput }>(missing: T[], workers: number): T[][] {
  const alone = missing.filter(({ scene }) => hasVideoAssets(scene.inputProps)).map((item) => [item]);
  const rest = missing.filter(({ scene }) => !hasVideoAssets(scene.inputProps));
  const count = Math.max(1, Math.min(workers, rest.length));
  const total = rest.reduce((sum, { scene }) => sum + scene.inputProps.durationInFrames, 0);
  const batches: T[][] = [];
  let current: T[] = [];
  let frames = 0;
  for (const item of rest) {
    current.push(item);
    frames += item.scene.inputProps.durationInFrames;
    // Close a batch once it holds its share of the frames (the last takes what is left).
    if (batches.length < count - 1 && frames >= (total * (batches.length + 1)) / count) {
      batches.push(current);
      current = [];
    }
  }
  if (current.length > 0) batches.push(current);
  return [...batches, ...alone];
}

/**
 * Renders each scene to its own segment (identical encoder settings; a segment whose hash is
 * already on disk is reused), then joins them with FFmpeg's concat demuxer without re-encoding.
 * The segments to make go to the pool at once, in batches (see {@link segmentBatches}), so it
 * renders as many side by side as it has workers. Files appear only when complete (written aside,
 * then renamed).
 */
export async function renderVideo(options: RenderVideoOptions): Promise<{ renderedFrames: number; heldFrames: number; reusedSegments: number; workers?: Record<string, string> }> {
  mkdirSync(options.segmentsDir, { recursive: true });
  const totalFrames = options.scenes.reduce((sum, scene) => sum + scene.inputProps.durationInFrames, 0);
  const started = performance.now();
  /** Per task: output frames done (captured or held), captured frames, held frames. */
  const made: { done: number; captured: number; held: number }[] = [];
  let waiting: string | undefined;
  const report = () => {
    const sum = made.reduce((acc, task) => ({ done: acc.done + task.done, captured: acc.captured + task.captured, held: acc.held + task.held }), { done: 0, captured: 0, held: 0 });
    const seconds = (performance.now() - started) / 1000;
    const produced = sum.captured + sum.held;
    options.onProgress?.(sum.done / totalFrames, sum.captured, totalFrames, { captured: sum.captured, held: sum.held, framesPerSecond: seconds > 0 ? produced / seconds : 0, ...(waiting ? { waiting } : {}) });
  };
  const segments = options.scenes.map((scene) => path.join(options.segmentsDir, `${segmentHash(options.kitVersion, scene.inputProps, options.pool.segmentEncoding)}.mp4`));
  const missing = options.scenes.map((scene, index) => ({ scene, file: segments[index]! })).filter(({ file }) => !existsSync(file));
  const reusedSegments = options.scenes.length - missing.length;
  const reusedFrames = totalFrames - missing.reduce((sum, { scene }) => sum + scene.inputProps.durationInFrames, 0);
  made.push({ done: reusedFrames, captured: 0, held: 0 });
  report();

  let workers: Record<string, string> | undefined;
  const remote = options.pool.remote;
  if (remote && missing.length > 0) {
    // Workers on other machines render them, long scenes split into frame ranges over several
    // workers (see src/render/remote/remote-segments.ts).
    const slots = missing.map(() => made.push({ done: 0, captured: 0, held: 0 }) - 1);
    const result = await renderRemoteSegments(
      remote,
      missing.map(({ scene, file }) => ({ sceneId: scene.sceneId, inputProps: scene.inputProps, hash: path.basename(file, '.mp4'), file })),
      {
        renderKey: path.relative(path.dirname(path.dirname(options.outputPath)), options.outputPath),
        kitVersion: options.kitVersion,
        ffmpeg: options.ffmpeg.ffmpeg,
        ...(options.captureAll ? { captureAll: true } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
        onWaiting: (reason) => {
          waiting = reason;
          report();
        },
        onProgress: (index, progress, captured, held) => {
          const frames = missing[index]!.scene.inputProps.durationInFrames;
          made[slots[index]!] = { done: Math.round(progress * frames), captured, held: Math.round(progress * held) };
          report();
        },
      },
    );
    missing.forEach(({ scene }, index) => (made[slots[index]!] = { done: scene.inputProps.durationInFrames, captured: 0, held: 0 }));
    made.push({ done: 0, captured: result.captured, held: result.held });
    report();
    workers = result.workers;
  }

  // One failed task stops the others.
  const failed = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, failed.signal]) : failed.signal;
  await Promise.all(
    segmentBatches(remote ? [] : missing, options.pool.capacity).map(async (batch) => {
      const slot = made.push({ done: 0, captured: 0, held: 0 }) - 1;
      const frames = batch.reduce((sum, { scene }) => sum + scene.inputProps.durationInFrames, 0);
      const partials = batch.map(({ file }, index) => `${file}.partial-${process.pid}-${slot}-${index}.mp4`);
      try {
        const captured = await options.pool.run(
          {
            type: 'segments',
            serveUrl: options.serveUrl,
            scenes: batch.map(({ scene }, index) => ({ inputProps: scene.inputProps, outputPath: partials[index]! })),
            ffmpeg: options.ffmpeg.ffmpeg,
            ...(options.captureAll ? { captureAll: true } : {}),
          },
          {
            signal,
            onProgress: (progress, capturedFrames, heldFrames = 0) => {
              made[slot] = { done: Math.min(frames, Math.round(progress * frames)), captured: capturedFrames, held: Math.round(progress * heldFrames) };
              report();
            },
          },
        );
        batch.forEach(({ file }, index) => renameSync(partials[index]!, file));
        made[slot] = { done: frames, captured, held: frames - captured };
        report();
      } catch (error) {
        failed.abort(error);
        throw error;
      } finally {
        for (const partial of partials) rmSync(partial, { force: true });
      }
    }),
  );
  const renderedFrames = made.reduce((sum, task) => sum + task.captured, 0);
  const heldFrames = made.reduce((sum, task) => sum + task.held, 0);

  mkdirSync(path.dirname(options.outputPath), { recursive: true });
  await joinSegments(options.ffmpeg.ffmpeg, segments, options.outputPath, { faststart: true, ...(options.signal ? { signal: options.signal } : {}) });
  return { renderedFrames, heldFrames, reusedSegments, ...(workers ? { workers } : {}) };
}
