import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import type { HoldPlan } from './hold-plan.js';

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

/**
 * Encodes a segment from captured JPEG frames, written to FFmpeg in timeline order: frames arrive in
 * any order (pages capture in parallel), each output frame is the captured frame the plan names,
 * so a held picture is written once per frame it holds. A captured frame's buffer is dropped once
 * the output has passed it.
 */
export class SegmentEncoder {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly captured = new Map<number, Buffer>();
  private next = 0;
  private pumping: Promise<void> = Promise.resolve();
  private readonly exited: Promise<void>;
  private failure: Error | undefined;

  constructor(
    ffmpeg: string,
    outputPath: string,
    shape: SegmentShape,
    private readonly plan: HoldPlan,
    encoder: SegmentVideoEncoder = X264_ENCODER,
  ) {
    // The same input and output options as Remotion's own stitcher (image2pipe of JPEGs, yuv420p,
    // a 90 kHz track timescale), so the pictures match a stock render.
    this.child = spawn(
      ffmpeg,
      [
        '-v', 'error',
        '-r', String(shape.fps),
        '-f', 'image2pipe', '-s', `${shape.width}x${shape.height}`, '-vcodec', 'mjpeg', '-i', '-',
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
  }

  /** A captured frame's picture. */
  add(frame: number, jpeg: Buffer): void {
    if (this.failure) throw this.failure;
    this.captured.set(frame, jpeg);
    this.pumping = this.pumping.then(() => this.pump());
  }

  /** Writes every output frame whose picture has arrived, in order, waiting on the pipe when it is full. */
  private async pump(): Promise<void> {
    const { source } = this.plan;
    while (this.next < source.length && !this.failure) {
      const picture = this.captured.get(source[this.next]!);
      if (!picture) return;
      if (!this.child.stdin.write(picture)) await new Promise<void>((resolve) => this.child.stdin.once('drain', resolve));
      this.next += 1;
      const upcoming = source[this.next];
      if (upcoming !== source[this.next - 1]) this.captured.delete(source[this.next - 1]!);
    }
  }

  /** Waits for every frame to be written and the file to be finished. */
  async finish(): Promise<void> {
    await this.pumping;
    if (this.failure) throw this.failure;
    if (this.next !== this.plan.source.length) throw new Error(`segment encoder: ${this.plan.source.length - this.next} frames were never captured`);
    this.child.stdin.end();
    await this.exited;
  }

  /** Stops FFmpeg (a failed or cancelled render). */
  abort(): void {
    this.child.kill('SIGKILL');
  }
}
