import { mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { NodeContext } from '../../node-context.js';
import { ensureBundle, kitVersion } from '../../render/bundle/ensure-bundle.js';
import { probeVideo, requireFfmpeg, runBinary, type ProbedVideo } from '../../render/ffmpeg/run-ffmpeg.js';
import { RenderError, type RenderPool } from '../../render/render-pool.js';
import { renderVideo, type RenderDetail } from '../../render/render-video.js';
import type { SceneInputProps } from '../../render/worker/render-protocol.js';
import { saveJobFiles } from '../../storage/job-files.js';
import type { SceneRow, VideoRow } from '../../store/videos-store.js';
import { sceneAssetUrls } from '../materials/prepare-materials.js';

/** The size and rate of one render. */
export interface RenderShape {
  width: number;
  height: number;
  fps: number;
}

/** The props a scene renders with at a shape; the assets its settings name come along as data URLs. */
export function sceneInputProps(filesDir: string, row: VideoRow, scene: SceneRow, shape: RenderShape): SceneInputProps {
  const plan = JSON.parse(row.plan ?? '{}') as { theme?: unknown; assets?: Record<string, string> };
  const settings = JSON.parse(scene.settings) as Record<string, unknown>;
  return {
    code: scene.compiled ?? '',
    theme: plan.theme,
    settings,
    assets: sceneAssetUrls(filesDir, plan.assets ?? {}, settings, scene.compiled ?? '', plan.theme),
    width: shape.width,
    height: shape.height,
    fps: shape.fps,
    durationInFrames: Math.max(1, Math.round(scene.duration_seconds * shape.fps)),
  };
}

/** Render progress: the fraction of the timeline done, frames rendered in this call (reused segments not counted), the timeline's frames, and frames captured, held and the rate. */
export type RenderProgressListener = (progress: number, renderedFrames: number, totalFrames: number, detail: RenderDetail) => void;

/** What {@link renderScenesMp4} renders and where. */
export interface SceneMp4Request {
  scenes: { sceneId: string; inputProps: SceneInputProps }[];
  shape: RenderShape;
  /** Where the MP4 goes, relative to files/. */
  relativePath: string;
  cacheDir: string;
  /** A mixed soundtrack (relative to files/), muxed over the joined segments. */
  soundtrackPath?: string;
  signal?: AbortSignal;
  onProgress?: RenderProgressListener;
}

/**
 * Renders scenes to one MP4 (segments cached by hash, joined without re-encoding, the soundtrack
 * muxed on top) and checks the file with ffprobe: size, rate and length must be what was asked.
 * Used by video jobs, their re-renders and infographic renders.
 */
export async function renderScenesMp4(ctx: NodeContext, pool: RenderPool, request: SceneMp4Request): Promise<{ relativePath: string; probe: ProbedVideo; renderedFrames: number; heldFrames: number; reusedSegments: number; workers?: Record<string, string> }> {
  const { shape, relativePath } = request;
  const serveUrl = await ensureBundle(request.cacheDir);
  const ffmpeg = requireFfmpeg(ctx.config.ffmpegPath);
  const output = path.join(ctx.filesDir, relativePath);
  mkdirSync(path.dirname(output), { recursive: true });
  const result = await renderVideo({
    pool,
    ffmpeg,
    serveUrl,
    kitVersion: kitVersion(),
    scenes: request.scenes,
    segmentsDir: path.join(ctx.filesDir, 'segments'),
    outputPath: output,
    signal: request.signal,
    onProgress: request.onProgress,
  });
  if (request.soundtrackPath) {
    // The soundtrack is mixed once for the whole timeline and muxed here; segments carry no audio.
    const muxed = `${output}.muxed.mp4`;
    try {
      await runBinary(
        ffmpeg.ffmpeg,
        ['-y', '-v', 'error', '-i', output, '-i', path.join(ctx.filesDir, request.soundtrackPath), '-map', '0:v:0', '-map', '1:a:0', '-c', 'copy', '-shortest', '-movflags', '+faststart', muxed],
        request.signal,
      );
      renameSync(muxed, output);
    } finally {
      rmSync(muxed, { force: true });
    }
  }
  const probe = await probeVideo(ffmpeg, output);
  const expected = request.scenes.reduce((sum, scene) => sum + scene.inputProps.durationInFrames, 0) / shape.fps;
  if (probe.width !== shape.width || probe.height !== shape.height || Math.abs(probe.fps - shape.fps) > 0.01 || Math.abs(probe.durationSeconds - expected) > 0.5) {
    throw new RenderError(
      `rendered MP4 is ${probe.width}x${probe.height} at ${probe.fps} fps, ${probe.durationSeconds.toFixed(2)} s; expected ${shape.width}x${shape.height} at ${shape.fps} fps, ${expected.toFixed(2)} s`,
    );
  }
  // With a bucket the finished MP4 goes there too (downloads may come from it, presigned; a node that lost its disk serves it from there).
  await saveJobFiles(ctx, [relativePath]);
  return { relativePath, probe, ...result };
}

/**
 * Renders a job's committed scenes to an MP4 at a shape, with the job's mixed soundtrack muxed on
 * top when it has one (see {@link renderScenesMp4}); returns the path relative to files/ and the
 * probe. The one render path of a job: the engine's first render, `POST /v1/videos/{id}/render`
 * and `service render` all come here, so none of them can forget the sound.
 */
export async function renderJobMp4(
  ctx: NodeContext,
  pool: RenderPool,
  row: VideoRow,
  shape: RenderShape,
  options: {
    cacheDir: string;
    fileName: string;
    signal?: AbortSignal;
    onProgress?: RenderProgressListener;
  },
): Promise<{ relativePath: string; probe: ProbedVideo; renderedFrames: number; heldFrames: number; reusedSegments: number; workers?: Record<string, string> }> {
  const scenes = ctx.videos.scenes(row.id);
  if (scenes.length === 0 || scenes.some((scene) => !scene.compiled)) {
    throw new RenderError(`video ${row.id} has scenes that are not committed; nothing to render`);
  }
  return renderScenesMp4(ctx, pool, {
    scenes: scenes.map((scene) => ({ sceneId: scene.id, inputProps: sceneInputProps(ctx.filesDir, row, scene, shape) })),
    shape,
    relativePath: path.posix.join('videos', row.id, options.fileName),
    cacheDir: options.cacheDir,
    ...(row.soundtrack_path ? { soundtrackPath: row.soundtrack_path } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
}
