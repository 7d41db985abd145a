import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FfmpegInfo } from './ffmpeg/find-ffmpeg.js';
import { runBinary } from './ffmpeg/run-ffmpeg.js';
import type { RenderPool } from './render-pool.js';
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
  /** Overall progress 0..1 (reused segments count as done), frames rendered in this call, and the frames of all scenes. */
  onProgress?: (progress: number, renderedFrames: number, totalFrames: number) => void;
}

/** The cache key of a segment: everything that shapes its pixels. */
export function segmentHash(kitVersion: string, props: SceneInputProps): string {
  return createHash('sha256').update(kitVersion).update('\0').update(JSON.stringify(props)).digest('hex').slice(0, 32);
}

/**
 * Renders each scene to its own segment (identical encoder settings; a segment whose hash is
 * already on disk is reused), then joins them with FFmpeg's concat demuxer without re-encoding.
 * Files appear only when complete (written aside, then renamed).
 */
export async function renderVideo(options: RenderVideoOptions): Promise<{ renderedFrames: number; reusedSegments: number }> {
  mkdirSync(options.segmentsDir, { recursive: true });
  const totalFrames = options.scenes.reduce((sum, scene) => sum + scene.inputProps.durationInFrames, 0);
  let doneFrames = 0;
  let renderedFrames = 0;
  let reusedSegments = 0;
  const segments: string[] = [];
  for (const scene of options.scenes) {
    const file = path.join(options.segmentsDir, `${segmentHash(options.kitVersion, scene.inputProps)}.mp4`);
    if (existsSync(file)) {
      reusedSegments += 1;
    } else {
      const partial = `${file}.partial-${process.pid}.mp4`;
      try {
        const frames = await options.pool.run(
          { type: 'segment', serveUrl: options.serveUrl, inputProps: scene.inputProps, outputPath: partial },
          {
            signal: options.signal,
            onProgress: (_progress, sceneFrames) =>
              options.onProgress?.((doneFrames + sceneFrames) / totalFrames, renderedFrames + sceneFrames, totalFrames),
          },
        );
        renderedFrames += frames;
        renameSync(partial, file);
      } finally {
        rmSync(partial, { force: true });
      }
    }
    doneFrames += scene.inputProps.durationInFrames;
    options.onProgress?.(doneFrames / totalFrames, renderedFrames, totalFrames);
    segments.push(file);
  }

  mkdirSync(path.dirname(options.outputPath), { recursive: true });
  const list = `${options.outputPath}.segments.txt`;
  const partialOutput = `${options.outputPath}.partial.mp4`;
  writeFileSync(list, segments.map((segment) => `file '${segment.replace(/'/g, "'\\''")}'`).join('\n') + '\n');
  try {
    await runBinary(
      options.ffmpeg.ffmpeg,
      ['-y', '-v', 'error', '-f', 'concat', '-safe', '0', '-i', list, '-c', 'copy', '-movflags', '+faststart', partialOutput],
      options.signal,
    );
    renameSync(partialOutput, options.outputPath);
  } finally {
    rmSync(list, { force: true });
    rmSync(partialOutput, { force: true });
  }
  return { renderedFrames, reusedSegments };
}
