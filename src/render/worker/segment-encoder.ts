import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import sharp from 'sharp';
import type { CameraPose, FrameBlend, HoldPlan } from './hold-plan.js';
import { matroskaHead, matroskaPictureHead, matroskaPictureTail } from './matroska-frames.js';
import { CAPTURE_JPEG_QUALITY } from './render-protocol.js';

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

/** A run of output frames showing one picture: a captured frame's, moved by `warp` where the camera moved, blended toward a later capture where its content fades. */
export interface PictureRun {
  start: number;
  frames: number;
  source: number;
  warp: CameraPose | null;
  blend: FrameBlend | null;
}

/** The plan's output as pictures: where each run of output frames showing one picture (a captured frame, as captured or moved alike) starts, and how long it lasts. */
export function pictureRuns(plan: HoldPlan): PictureRun[] {
  const runs: PictureRun[] = [];
  plan.source.forEach((source, frame) => {
    const warp = plan.warp?.[frame] ?? null;
    const blend = plan.blend?.[frame] ?? null;
    const last = runs[runs.length - 1];
    if (last && last.source === source && sameWarp(last.warp, warp) && sameBlend(last.blend, blend)) last.frames += 1;
    else runs.push({ start: frame, frames: 1, source, warp, blend });
  });
  return runs;
}

function sameBlend(a: FrameBlend | null, b: FrameBlend | null): boolean {
  if (!a || !b) return a === b;
  return a.target === b.target && a.weight === b.weight;
}

function sameWarp(a: CameraPose | null, b: CameraPose | null): boolean {
  if (!a || !b) return a === b;
  return a.scale === b.scale && a.x === b.x && a.y === b.y;
}

/**
 * A captured picture moved as its camera moved: each source pixel index i drawn at
 * `scale * i + (x, y)` (bilinear: at the small scales of a push, as sharp as bicubic against a full capture, SSIM alike, and half the time), cut to the frame. Takes the source decoded to RGB.
 */
export async function warpPicture(rgb: Buffer, shape: SegmentShape, warp: CameraPose): Promise<Buffer> {
  return jpegOf(await warpPixels(rgb, shape, warp), shape);
}

/** {@link warpPicture}'s moved picture as RGB. */
export async function warpPixels(rgb: Buffer, shape: SegmentShape, warp: CameraPose): Promise<Buffer> {
  const { width, height } = shape;
  // The affine's canvas is the moved picture's whole extent; sharp cuts before it transforms
  // within one pipeline, so the cut to the frame is a second one.
  const moved = await sharp(rgb, { raw: { width, height, channels: 3 } })
    .affine([warp.scale, 0, 0, warp.scale], { odx: warp.x, ody: warp.y, interpolator: 'bilinear' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  // A move that ends a pixel short of the frame (rounding at the canvas's far edge) repeats its last row or column.
  const right = Math.max(0, width - moved.info.width);
  const bottom = Math.max(0, height - moved.info.height);
  const padded = right || bottom ? sharp(moved.data, { raw: { width: moved.info.width, height: moved.info.height, channels: 3 } }).extend({ right, bottom, extendWith: 'copy' }) : sharp(moved.data, { raw: { width: moved.info.width, height: moved.info.height, channels: 3 } });
  const full = right || bottom ? await padded.raw().toBuffer({ resolveWithObject: true }) : moved;
  return sharp(full.data, { raw: { width: full.info.width, height: full.info.height, channels: 3 } })
    .extract({ left: 0, top: 0, width, height })
    .raw()
    .toBuffer();
}

/**
 * Two RGB pictures of one size blended: `weight` of the way from `from` to `to`, rounded. Content
 * fading over a still stage is exactly this blend of the picture before the fade and after it.
 */
export function blendPixels(from: Buffer, to: Buffer, weight: number): Buffer {
  if (from.length !== to.length) throw new Error(`blendPixels: pictures of ${from.length} and ${to.length} bytes`);
  const out = Buffer.allocUnsafe(from.length);
  const w = Math.min(1, Math.max(0, weight));
  for (let i = 0; i < from.length; i += 1) out[i] = Math.round(from[i]! + (to[i]! - from[i]!) * w);
  return out;
}

/** The JPEG quality of pictures the encoder makes itself (moved or blended): above the captures', so the second encode adds little. */
const MADE_JPEG_QUALITY = Math.max(CAPTURE_JPEG_QUALITY, 95);

function jpegOf(rgb: Buffer, shape: SegmentShape): Promise<Buffer> {
  return sharp(rgb, { raw: { width: shape.width, height: shape.height, channels: 3 } }).jpeg({ quality: MADE_JPEG_QUALITY }).toBuffer();
}

/** How many moved pictures are made ahead of the one being written (sharp works them on its own threads). */
const WARP_AHEAD = 4;

/**
 * Encodes a segment from captured JPEG frames, written to FFmpeg in timeline order: frames arrive in
 * any order (pages capture in parallel), and each run of output frames showing one captured frame
 * is written once, as a Matroska block that lasts the run (matroska-frames.ts). FFmpeg decodes a
 * held picture once and repeats it (`-fps_mode cfr`), so a hold costs the encoder alone. A run
 * whose camera moved from its captured frame's is that picture moved ({@link warpPicture}), made
 * a few runs ahead. A captured frame's buffer is dropped once its last run is written.
 */
export class SegmentEncoder {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly captured = new Map<number, Buffer>();
  private readonly runs: PictureRun[];
  private readonly shape: SegmentShape;
  /** The last run that shows each captured frame. */
  private readonly lastUse = new Map<number, number>();
  /** Captured frames decoded to RGB, for their moved runs. */
  private readonly decoded = new Map<number, Promise<Buffer>>();
  /** Moved pictures being made, by run. */
  private readonly warped = new Map<number, Promise<Buffer>>();
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
    this.shape = shape;
    this.runs.forEach((run, index) => this.lastUse.set(run.source, index));
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

  /** The run's picture, started: the captured one, or that moved or blended (null while a frame it needs has not arrived). */
  private picture(index: number): Promise<Buffer> | null {
    const run = this.runs[index]!;
    const captured = this.captured.get(run.source);
    if (!captured) return null;
    if (!run.warp && !run.blend) return Promise.resolve(captured);
    if (run.blend && !this.captured.has(run.blend.target)) return null;
    let made = this.warped.get(index);
    if (!made) {
      const { warp, blend } = run;
      const source = this.pixels(run.source)!;
      const moved = warp ? source.then((pixels) => warpPixels(pixels, this.shape, warp)) : source;
      made = blend ? Promise.all([moved, this.pixels(blend.target)!]).then(([from, to]) => jpegOf(blendPixels(from, to, blend.weight), this.shape)) : moved.then((pixels) => jpegOf(pixels, this.shape));
      made.catch(() => undefined);
      this.warped.set(index, made);
    }
    return made;
  }

  /** A captured frame decoded to RGB (once; dropped with the frame), or null before it arrives. */
  private pixels(frame: number): Promise<Buffer> | null {
    const captured = this.captured.get(frame);
    if (!captured) return null;
    let rgb = this.decoded.get(frame);
    if (!rgb) this.decoded.set(frame, (rgb = sharp(captured).removeAlpha().raw().toBuffer()));
    return rgb;
  }

  /** Writes every run whose picture has arrived, in order, waiting on the pipe when it is full. */
  private async pump(): Promise<void> {
    while (this.next < this.runs.length && !this.failure) {
      const run = this.runs[this.next]!;
      const pending = this.picture(this.next);
      if (!pending) return;
      for (let ahead = this.next + 1; ahead < Math.min(this.runs.length, this.next + 1 + WARP_AHEAD); ahead += 1) this.picture(ahead);
      const picture = await pending;
      const stdin = this.child.stdin;
      stdin.write(matroskaPictureHead(run.start, run.frames, picture.length));
      stdin.write(picture);
      if (!stdin.write(matroskaPictureTail(run.frames))) await new Promise<void>((resolve) => stdin.once('drain', resolve));
      this.warped.delete(this.next);
      if (this.lastUse.get(run.source) === this.next) {
        this.captured.delete(run.source);
        this.decoded.delete(run.source);
      }
      this.next += 1;
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
