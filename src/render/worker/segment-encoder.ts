import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import type { HoldPlan } from './hold-plan.js';
import { matroskaHead, matroskaPictureHead, matroskaPictureTail } from './matroska-frames.js';

/** The video encoder a segment is written with (every segment of a video shares it). */
export interface SegmentVideoEncoder {
  /** FFmpeg's encoder: `libx264`, or `h264_nvenc` on a GPU box. */
  name: 'libx264' | 'h264_nvenc';
  /** FFmpeg's arguments for it after `-c:v`. */
  args: string[];
}

/** The CPU encoder: x264 at the node's segment quality. */
export const X264_ENCODER: SegmentVideoEncoder = { name: 'libx264', args: ['-preset', 'veryfast', '-crf', '20'] };

/** The NVIDIA encoder, chosen by `service doctor`'s probe on a GPU box. */
export const NVENC_ENCODER: SegmentVideoEncoder = { name: 'h264_nvenc', args: ['-preset', 'p4', '-rc', 'vbr', '-cq', '23', '-b:v', '0'] };

/** Size and rate of a segment. */
export interface SegmentShape {
  width: number;
  height: number;
  fps: number;
}

/** The plan's output as pictures: where each run of output frames showing one captured frame starts, and how long it lasts. */
export function pictureRuns(plan: HoldPlan): { start: number; frames: number; source: number }[] {
  const runs: { start: number; frames: number; source: number }[] = [];
  plan.source.forEach((source, frame) => {
    const last = runs[runs.length - 1];
    if (last && last.source === source) last.frames += 1;
    else runs.push({ start: frame, frames: 1, source });
  });
  return runs;
}

/**
 * Encodes a segment from captured JPEG frames, written to FFmpeg in timeline order: frames arrive in
 * any order (pages capture in parallel), and each run of output frames showing one captured frame
 * is written once, as a Matroska block that lasts the run (matroska-frames.ts). FFmpeg decodes a
 * held picture once and repeats it (`-fps_mode cfr`), so a hold costs the encoder alone. A
 * captured frame's buffer is dropped once written.
 */
export class SegmentEncoder {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly captured = new Map<number, Buffer>();
  private readonly runs: { start: number; frames: number; source: number }[];
  private next = 0;
  private pumping: Promise<void> = Promise.resolve();
  private readonly exited: Promise<void>;
  private failure: Error | undefined;

  constructor(
    ffmpeg: string,
    outputPath: string,
    shape: SegmentShape,
    plan: HoldPlan,
    encoder: SegmentVideoEncoder = X264_ENCODER,
  ) {
    this.runs = pictureRuns(plan);
    // The output options of Remotion's own stitcher (yuv420p, a 90 kHz track timescale), so the
    // pictures match a stock render; the input is timed JPEGs, one per run, repeated at the rate.
    this.child = spawn(
      ffmpeg,
      [
        '-v', 'error',
        '-f', 'matroska', '-i', '-',
        '-fps_mode', 'cfr', '-r', String(shape.fps), '-frames:v', String(plan.source.length),
        '-c:v', encoder.name, '-pix_fmt', 'yuv420p', ...encoder.args,
        '-video_track_timescale', '90000',
        '-y', outputPath,
      ],
      { stdio: ['pipe', 'ignore', 'pipe'] },
    ) as unknown as ChildProcessWithoutNullStreams;
    let stderr = '';
    this.child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2000);
    });
    this.child.stdin.on('error', () => undefined);
    this.exited = new Promise((resolve, reject) => {
      this.child.once('error', reject);
      this.child.once('close', (code, signal) => {
        if (code === 0) return resolve();
        this.failure = new Error(`ffmpeg could not encode the segment (${signal ?? `code ${code}`}): ${stderr.trim().split('\n').slice(-3).join(' ')}`);
        reject(this.failure);
      });
    });
    this.exited.catch(() => undefined);
    this.child.stdin.write(matroskaHead(shape.width, shape.height, shape.fps));
  }

  /** A captured frame's picture. */
  add(frame: number, jpeg: Buffer): void {
    if (this.failure) throw this.failure;
    this.captured.set(frame, jpeg);
    this.pumping = this.pumping.then(() => this.pump());
  }

  /** Writes every run whose picture has arrived, in order, waiting on the pipe when it is full. */
  private async pump(): Promise<void> {
    while (this.next < this.runs.length && !this.failure) {
      const run = this.runs[this.next]!;
      const picture = this.captured.get(run.source);
      if (!picture) return;
      const stdin = this.child.stdin;
      stdin.write(matroskaPictureHead(run.start, run.frames, picture.length));
      stdin.write(picture);
      if (!stdin.write(matroskaPictureTail(run.frames))) await new Promise<void>((resolve) => stdin.once('drain', resolve));
      this.next += 1;
      this.captured.delete(run.source);
    }
  }

  /** Waits for every frame to be written and the file to be finished. */
  async finish(): Promise<void> {
    await this.pumping;
    if (this.failure) throw this.failure;
    if (this.next !== this.runs.length) {
      const missing = this.runs.slice(this.next).reduce((sum, run) => sum + run.frames, 0);
      throw new Error(`segment encoder: ${missing} frames were never captured`);
    }
    this.child.stdin.end();
    await this.exited;
  }

  /** Stops FFmpeg (a failed or cancelled render). */
  abort(): void {
    this.child.kill('SIGKILL');
  }
}
