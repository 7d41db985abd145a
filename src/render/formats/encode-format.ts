import type { FfmpegInfo } from '../ffmpeg/find-ffmpeg.js';
import { runBinary } from '../ffmpeg/run-ffmpeg.js';
import { gifShape, type OutputFormat } from './output-format.js';

/** A render's size and rate. */
interface Shape {
  width: number;
  height: number;
  fps: number;
}

/**
 * VP9 at constant quality. `-deadline good` rather than `realtime`: realtime leaves the alpha
 * plane of a transparent pixel at 1 instead of 0, a faint veil over whatever the video is laid on.
 */
const VP9_ARGS = ['-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '32', '-deadline', 'good', '-cpu-used', '4', '-row-mt', '1'];

/** ProRes 4444 (profile 4): the edit-suite intermediate, the one ProRes profile with alpha. */
const PRORES_ARGS = ['-c:v', 'prores_ks', '-profile:v', '4444', '-vendor', 'apl0'];

/** The audio each format carries, when the render has sound. */
const AUDIO_ARGS: Record<Exclude<OutputFormat, 'gif'>, string[]> = {
  mp4: ['-c:a', 'aac', '-b:a', '192k'],
  webm: ['-c:a', 'libopus', '-b:a', '128k'],
  mov: ['-c:a', 'pcm_s16le'],
};

/**
 * The GIF filter: scaled down to {@link gifShape}, one palette of 128 colours for the clip
 * (`palettegen`, counted over the pixels that change) and `paletteuse` with an ordered dither, whose
 * pattern stays put from frame to frame (error diffusion crawls, and a crawling dither costs bytes in
 * every frame); only the rectangle that changed is re-dithered. Measured on a 10 s kit clip at
 * 480x270, 12 fps: 256 colours 1.02 MB, 128 colours 0.80 MB with no visible loss on the kit's flat
 * colours and soft gradients, 64 colours 0.57 MB with banding.
 */
function gifFilter(shape: Shape): string {
  const { width, height } = gifShape(shape);
  return `[0:v]scale=${width}:${height}:flags=lanczos,split[a][b];[a]palettegen=max_colors=128:stats_mode=diff[p];[b][p]paletteuse=dither=bayer:bayer_scale=4:diff_mode=rectangle`;
}

/**
 * Makes an opaque WebM, MOV or GIF of a finished MP4 in one FFmpeg pass (its picture and sound,
 * re-encoded for the format). The MP4 keeps the segment cache and held frames; this pass is the
 * whole cost of another format.
 */
export async function transcodeMp4(ffmpeg: FfmpegInfo, input: string, output: string, format: Exclude<OutputFormat, 'mp4'>, shape: Shape, signal?: AbortSignal): Promise<void> {
  const args = ['-y', '-v', 'error', '-i', input];
  if (format === 'gif') {
    // No fps filter in the shipped FFmpeg: `-r` on the output drops frames to the GIF's rate.
    args.push('-filter_complex', gifFilter(shape), '-r', String(gifShape(shape).fps), '-loop', '0', '-an', '-f', 'gif');
  } else {
    args.push('-map', '0:v:0', '-map', '0:a:0?');
    if (format === 'webm') args.push(...VP9_ARGS, '-pix_fmt', 'yuv420p', ...AUDIO_ARGS.webm, '-f', 'webm');
    else args.push(...PRORES_ARGS, '-pix_fmt', 'yuv444p10le', ...AUDIO_ARGS.mov, '-f', 'mov');
  }
  await runBinary(ffmpeg.ffmpeg, [...args, output], signal);
}

/**
 * Encodes numbered PNG frames with alpha (`%06d.png` in `framesDir`, from 0) into a WebM (VP9 with
 * its alpha plane, `yuva420p`) or a MOV (ProRes 4444, `yuva444p10le`), the soundtrack muxed on when
 * there is one.
 */
export async function encodeAlphaFrames(
  ffmpeg: FfmpegInfo,
  options: { framesDir: string; fps: number; output: string; format: 'webm' | 'mov'; soundtrack?: string; signal?: AbortSignal },
): Promise<void> {
  const args = ['-y', '-v', 'error', '-framerate', String(options.fps), '-i', `${options.framesDir}/%06d.png`];
  if (options.soundtrack) args.push('-i', options.soundtrack, '-map', '0:v:0', '-map', '1:a:0', '-shortest', ...AUDIO_ARGS[options.format]);
  if (options.format === 'webm') args.push(...VP9_ARGS, '-pix_fmt', 'yuva420p', '-f', 'webm');
  else args.push(...PRORES_ARGS, '-pix_fmt', 'yuva444p10le', '-f', 'mov');
  await runBinary(ffmpeg.ffmpeg, [...args, options.output], options.signal);
}
