import { renameSync, rmSync } from 'node:fs';
import type { FfmpegInfo } from '../../../render/ffmpeg/find-ffmpeg.js';
import { probeVideo, runBinary, type ProbedVideo } from '../../../render/ffmpeg/run-ffmpeg.js';
import { FootageError } from './footage-provider.js';

/** The size, rate and longest length a clip is conformed to. */
export interface ClipShape {
  width: number;
  height: number;
  fps: number;
  seconds: number;
}

/**
 * Decodes `source` end to end and re-encodes it as the pipeline's clips are: H.264 yuv420p at
 * `shape` (scaled to cover, centre-cropped), at its frame rate, cut to at most its length, without
 * audio (the soundtrack is mixed for the whole video). Writes `output` only when complete and
 * returns what ffprobe says of it. A source that does not decode as video is `invalid_output`.
 */
export async function conformClip(ffmpeg: FfmpegInfo, source: string, output: string, shape: ClipShape, what: string, signal?: AbortSignal): Promise<ProbedVideo> {
  const { width, height, fps } = shape;
  const frames = Math.max(1, Math.round(shape.seconds * fps));
  const partial = `${output}.partial.mp4`;
  try {
    try {
      await runBinary(
        ffmpeg.ffmpeg,
        [
          '-y', '-v', 'error', '-i', source,
          '-map', '0:v:0',
          '-vf', `scale=${width}:${height}:force_original_aspect_ratio=increase,crop=${width}:${height}`,
          // Output -r: Remotion's FFmpeg has no fps filter; the muxer drops or repeats frames instead.
          '-r', String(fps), '-frames:v', String(frames), '-an',
          '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p', '-movflags', '+faststart',
          partial,
        ],
        signal,
      );
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      throw new FootageError('invalid_output', `${what} did not decode as video: ${(error as Error).message}`, { cause: error });
    }
    const probe = await probeVideo(ffmpeg, partial).catch((error: unknown) => {
      throw new FootageError('invalid_output', `${what} did not decode as video: ${(error as Error).message}`, { cause: error });
    });
    if (!(probe.durationSeconds > 0)) throw new FootageError('invalid_output', `${what} holds no frames`);
    renameSync(partial, output);
    return probe;
  } finally {
    rmSync(partial, { force: true });
  }
}
