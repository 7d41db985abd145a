import { execFile } from 'node:child_process';
import path from 'node:path';
import { readDiskSpace } from '../../storage/disk-space.js';
import { RenderError } from '../render-pool.js';
import { findFfmpeg, type FfmpegInfo } from './find-ffmpeg.js';

/** FFmpeg and FFprobe to use, or a RenderError saying how to get them. */
export function requireFfmpeg(configured?: string): FfmpegInfo {
  const info = findFfmpeg(configured);
  if (!info) throw new RenderError('FFmpeg not found: run npm install (Remotion\'s compositor ships it) or set SERVICE_FFMPEG_PATH');
  return info;
}

/** Runs a binary to completion; a non-zero exit is a RenderError with the end of its stderr. */
export function runBinary(file: string, args: string[], signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { maxBuffer: 64 * 1024 * 1024, signal }, (error, stdout, stderr) => {
      if (error) {
        if (signal?.aborted) return reject(signal.reason as Error);
        const tail = String(stderr).trim().split('\n').slice(-4).join(' ');
        return reject(new RenderError(`${file.split('/').pop()} failed: ${tail || error.message}`, outOfSpaceIn(args) ? { code: 'ENOSPC' } : {}));
      }
      resolve(String(stdout));
    });
  });
}

/** Free space under which a disk a failed child process wrote to counts as why it failed. */
const OUT_OF_SPACE_BELOW_BYTES = 1024 * 1024;

/**
 * Whether a disk that a failed child process's path arguments live on has (next to) no space left.
 * The child says so only in its stderr, whose words are not an API; `statfs` after the failure is.
 */
function outOfSpaceIn(args: string[]): boolean {
  return args.some((arg) => {
    if (!path.isAbsolute(arg)) return false;
    try {
      return readDiskSpace(path.dirname(arg)).freeBytes < OUT_OF_SPACE_BELOW_BYTES;
    } catch {
      return false;
    }
  });
}

/** What ffprobe says of a video file. */
export interface ProbedVideo {
  codec: string;
  width: number;
  height: number;
  fps: number;
  durationSeconds: number;
  hasAudio: boolean;
}

/** Reads a video's stream facts with ffprobe. */
export async function probeVideo(ffmpeg: FfmpegInfo, file: string): Promise<ProbedVideo> {
  const output = await runBinary(ffmpeg.ffprobe, ['-v', 'error', '-show_streams', '-show_format', '-of', 'json', file]);
  const parsed = JSON.parse(output) as {
    streams: { codec_type: string; codec_name: string; width?: number; height?: number; r_frame_rate?: string }[];
    format: { duration?: string };
  };
  const video = parsed.streams.find((stream) => stream.codec_type === 'video');
  if (!video) throw new RenderError(`${file} has no video stream`);
  const [num = 0, den = 1] = (video.r_frame_rate ?? '0/1').split('/').map(Number);
  return {
    codec: video.codec_name,
    width: video.width ?? 0,
    height: video.height ?? 0,
    fps: den ? num / den : 0,
    durationSeconds: Number(parsed.format.duration ?? 0),
    hasAudio: parsed.streams.some((stream) => stream.codec_type === 'audio'),
  };
}
