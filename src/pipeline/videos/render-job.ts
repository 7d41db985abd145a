import { mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { NodeContext } from '../../node-context.js';
import { ensureBundle, kitVersion } from '../../render/bundle/ensure-bundle.js';
import { probeVideo, requireFfmpeg, runBinary, type ProbedVideo } from '../../render/ffmpeg/run-ffmpeg.js';
import { RenderError, type RenderPool } from '../../render/render-pool.js';
import { renderVideo, type RenderDetail } from '../../render/render-video.js';
import { encodeAlphaFrames, transcodeMp4 } from '../../render/formats/encode-format.js';
import { DEFAULT_RENDER_OUTPUT, FORMAT_FILES, gifShape, type RenderOutput } from '../../render/formats/output-format.js';
import type { FfmpegInfo } from '../../render/ffmpeg/find-ffmpeg.js';
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
  /** Copy the finished MP4 to the bucket (when the node has one); off for an MP4 that only feeds another format. @default true */
  save?: boolean;
}

/** What a render made: its file (relative to files/), ffprobe's reading of it, and how its frames were made. */
export interface RenderedFile {
  relativePath: string;
  probe: ProbedVideo;
  renderedFrames: number;
  heldFrames: number;
  reusedSegments: number;
  workers?: Record<string, string>;
}

/**
 * Renders scenes to one MP4 (segments cached by hash, joined without re-encoding, the soundtrack
 * muxed on top) and checks the file with ffprobe: size, rate and length must be what was asked.
 * Used by video jobs, their re-renders and infographic renders.
 */
export async function renderScenesMp4(ctx: NodeContext, pool: RenderPool, request: SceneMp4Request): Promise<RenderedFile> {
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
  const probe = await checkRendered(ffmpeg, output, shape, timelineSeconds(request), 'MP4');
  // With a bucket the finished MP4 goes there too (downloads may come from it, presigned; a node that lost its disk serves it from there).
  if (request.save !== false) await saveJobFiles(ctx, [relativePath]);
  return { relativePath, probe, ...result };
}

/** The length of the scenes' timeline in seconds. */
function timelineSeconds(request: SceneMp4Request): number {
  return request.scenes.reduce((sum, scene) => sum + scene.inputProps.durationInFrames, 0) / request.shape.fps;
}

/** Reads a rendered file with ffprobe; a RenderError unless its size, rate and length are what was asked. */
async function checkRendered(ffmpeg: FfmpegInfo, file: string, shape: RenderShape, seconds: number, what: string): Promise<ProbedVideo> {
  const probe = await probeVideo(ffmpeg, file);
  if (probe.width !== shape.width || probe.height !== shape.height || Math.abs(probe.fps - shape.fps) > 0.01 || Math.abs(probe.durationSeconds - seconds) > 0.5) {
    throw new RenderError(
      `rendered ${what} is ${probe.width}x${probe.height} at ${probe.fps} fps, ${probe.durationSeconds.toFixed(2)} s; expected ${shape.width}x${shape.height} at ${shape.fps} fps, ${seconds.toFixed(2)} s`,
    );
  }
  return probe;
}

/** What {@link renderScenesFile} renders: a {@link SceneMp4Request} whose `relativePath` ends in the format's extension. */
export interface SceneFileRequest extends SceneMp4Request {
  /** @default an opaque MP4 */
  output?: RenderOutput;
}

/**
 * Renders scenes to a file in the asked format and checks it with ffprobe. An opaque MP4 is
 * {@link renderScenesMp4}; an opaque WebM, MOV or GIF is that MP4 (segments cached, held frames)
 * transcoded in one FFmpeg pass; a transparent WebM or MOV is rendered as PNG frames with alpha,
 * the style pack's background left out (`theme.transparent`), and encoded with its alpha plane.
 */
export async function renderScenesFile(ctx: NodeContext, pool: RenderPool, request: SceneFileRequest): Promise<RenderedFile> {
  const output = request.output ?? DEFAULT_RENDER_OUTPUT;
  if (output.background === 'transparent') return renderTransparentScenes(ctx, pool, request, output.format as 'webm' | 'mov');
  if (output.format === 'mp4') return renderScenesMp4(ctx, pool, request);
  const format = output.format;
  const ffmpeg = requireFfmpeg(ctx.config.ffmpegPath);
  const target = path.join(ctx.filesDir, request.relativePath);
  const source = request.relativePath.replace(/\.[^./]+$/, '') + '.source.mp4';
  const partial = `${target}.partial-${process.pid}`;
  try {
    const rendered = await renderScenesMp4(ctx, pool, { ...request, relativePath: source, save: false });
    await transcodeMp4(ffmpeg, path.join(ctx.filesDir, source), partial, format, request.shape, request.signal);
    renameSync(partial, target);
    const shape = format === 'gif' ? gifShape(request.shape) : request.shape;
    const probe = await checkRendered(ffmpeg, target, shape, timelineSeconds(request), format.toUpperCase());
    await saveJobFiles(ctx, [request.relativePath]);
    return { ...rendered, relativePath: request.relativePath, probe };
  } finally {
    rmSync(path.join(ctx.filesDir, source), { force: true });
    rmSync(partial, { force: true });
  }
}

/** Pages a transparent render's frame task asks for (the worker caps it at its own frame concurrency). */
const TRANSPARENT_PAGES = 4;

/**
 * A transparent render: every frame of every scene captured as a PNG (the page's undrawn pixels
 * are alpha 0, and the kit draws no background for a `transparent` theme), scenes side by side on
 * the pool, then encoded with alpha. No frame is held and no segment cached: the segments are
 * H.264, which has no alpha. The frames live in a folder beside the output until it is encoded.
 */
async function renderTransparentScenes(ctx: NodeContext, pool: RenderPool, request: SceneFileRequest, format: 'webm' | 'mov'): Promise<RenderedFile> {
  const serveUrl = await ensureBundle(request.cacheDir);
  const ffmpeg = requireFfmpeg(ctx.config.ffmpegPath);
  const target = path.join(ctx.filesDir, request.relativePath);
  mkdirSync(path.dirname(target), { recursive: true });
  // The frames' folder is the render's own (its file name is the render's id): a render resumed
  // after the node was killed first clears what the killed one left there.
  const framesDir = `${target}.frames`;
  rmSync(framesDir, { recursive: true, force: true });
  mkdirSync(framesDir);
  const partial = `${target}.partial-${process.pid}`;
  const totalFrames = request.scenes.reduce((sum, scene) => sum + scene.inputProps.durationInFrames, 0);
  const started = performance.now();
  const done = request.scenes.map(() => 0);
  const report = () => {
    const captured = done.reduce((sum, frames) => sum + frames, 0);
    const seconds = (performance.now() - started) / 1000;
    request.onProgress?.(captured / totalFrames, captured, totalFrames, { captured, held: 0, framesPerSecond: seconds > 0 ? captured / seconds : 0 });
  };
  // One failed scene stops the others.
  const failed = new AbortController();
  const signal = request.signal ? AbortSignal.any([request.signal, failed.signal]) : failed.signal;
  try {
    let offset = 0;
    const tasks = request.scenes.map(({ inputProps }) => {
      const start = offset;
      offset += inputProps.durationInFrames;
      const frames = Array.from({ length: inputProps.durationInFrames }, (_, frame) => frame);
      return { inputProps: { ...inputProps, theme: { ...(inputProps.theme as object), transparent: true } }, frames, outputPaths: frames.map((frame) => path.join(framesDir, `${String(start + frame).padStart(6, '0')}.png`)) };
    });
    await Promise.all(
      tasks.map(async (task, index) => {
        try {
          await pool.run(
            { type: 'stills', serveUrl, composition: 'scene', inputProps: task.inputProps, frames: task.frames, outputPaths: task.outputPaths, imageFormat: 'png', concurrency: TRANSPARENT_PAGES },
            {
              signal,
              onProgress: (_progress, renderedFrames) => {
                done[index] = renderedFrames;
                report();
              },
            },
          );
        } catch (error) {
          failed.abort(error);
          throw error;
        }
      }),
    );
    await encodeAlphaFrames(ffmpeg, {
      framesDir,
      fps: request.shape.fps,
      output: partial,
      format,
      ...(request.soundtrackPath ? { soundtrack: path.join(ctx.filesDir, request.soundtrackPath) } : {}),
      ...(request.signal ? { signal: request.signal } : {}),
    });
    renameSync(partial, target);
  } finally {
    rmSync(framesDir, { recursive: true, force: true });
    rmSync(partial, { force: true });
  }
  const probe = await checkRendered(ffmpeg, target, request.shape, totalFrames / request.shape.fps, `transparent ${format.toUpperCase()}`);
  await saveJobFiles(ctx, [request.relativePath]);
  return { relativePath: request.relativePath, probe, renderedFrames: totalFrames, heldFrames: 0, reusedSegments: 0 };
}

/**
 * Renders a job's committed scenes at a shape, as an MP4 or another format (see
 * {@link renderScenesFile}), with the job's mixed soundtrack muxed on when it has one (a GIF has no
 * sound); returns the path relative to files/ and the probe. The one render path of a job: the
 * engine's first render, `POST /v1/videos/{id}/render` and `service render` all come here, so none
 * of them can forget the sound.
 */
export async function renderJobFile(
  ctx: NodeContext,
  pool: RenderPool,
  row: VideoRow,
  shape: RenderShape,
  options: {
    cacheDir: string;
    /** The file's name, with the format's extension. */
    fileName: string;
    /** @default an opaque MP4 */
    output?: RenderOutput;
    signal?: AbortSignal;
    onProgress?: RenderProgressListener;
  },
): Promise<RenderedFile> {
  const scenes = ctx.videos.scenes(row.id);
  if (scenes.length === 0 || scenes.some((scene) => !scene.compiled)) {
    throw new RenderError(`video ${row.id} has scenes that are not committed; nothing to render`);
  }
  const output = options.output ?? DEFAULT_RENDER_OUTPUT;
  if (path.extname(options.fileName) !== FORMAT_FILES[output.format].extension) {
    throw new RenderError(`${options.fileName} does not end in ${FORMAT_FILES[output.format].extension}, the extension of ${output.format}`);
  }
  return renderScenesFile(ctx, pool, {
    scenes: scenes.map((scene) => ({ sceneId: scene.id, inputProps: sceneInputProps(ctx.filesDir, row, scene, shape) })),
    shape,
    relativePath: path.posix.join('videos', row.id, options.fileName),
    cacheDir: options.cacheDir,
    output,
    ...(row.soundtrack_path && output.format !== 'gif' ? { soundtrackPath: row.soundtrack_path } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
}
