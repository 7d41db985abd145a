// What a rendered video's frames show, measured the way a viewer would notice it: how much of a
// held frame carries content (not the plain field behind it), and the longest stretch in which
// nothing visibly changes. The gallery prints both for every video (scripts/gallery-sheets.mjs) and
// an end-to-end test holds a whole job to them. Decoding is FFmpeg's rawvideo into a pipe, with no
// filters (the compositor's FFmpeg has few); frames are sampled and shrunk here.
import { spawn } from 'node:child_process';
import type { FfmpegInfo } from '../ffmpeg/find-ffmpeg.js';

/** A frame's pixels as RGB bytes, row by row. */
export interface RgbFrame {
  width: number;
  height: number;
  data: Uint8Array;
}

/** How far (summed over R, G and B) a pixel may be from the field's colour and still count as field. */
const FIELD_TOLERANCE = 36;

/**
 * The share of a frame's pixels that carry content: those that differ from its field, the colour
 * most of the pixels along its edges share (colours counted in steps of 8 levels per channel): the
 * plain ground a scene is laid on shows at the frame's edges, while a panel behind a chart, a card
 * or a picture sits inside them, so a panel that covers most of the frame still counts as content.
 * A frame that is one colour is 0. Pixels are sampled every `step` pixels in both directions.
 */
export function contentShare(frame: RgbFrame, step = 2): number {
  const counts = new Map<number, number>();
  const { width, height, data } = frame;
  const count = (x: number, y: number) => {
    const at = (y * width + x) * 3;
    const key = ((data[at]! >> 3) << 10) | ((data[at + 1]! >> 3) << 5) | (data[at + 2]! >> 3);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  };
  // The edges: a ring 2% of the shorter side deep.
  const ring = Math.max(1, Math.round(Math.min(width, height) * 0.02));
  for (let y = 0; y < height; y += step) {
    for (let x = 0; x < width; x += step) {
      if (x < ring || y < ring || x >= width - ring || y >= height - ring) count(x, y);
    }
  }
  let field = 0;
  let most = -1;
  for (const [key, count] of counts) if (count > most) [field, most] = [key, count];
  const fieldColor = [((field >> 10) & 31) * 8 + 4, ((field >> 5) & 31) * 8 + 4, (field & 31) * 8 + 4];
  let content = 0;
  let total = 0;
  for (let y = 0; y < height; y += step) {
    for (let x = 0; x < width; x += step) {
      const at = (y * width + x) * 3;
      const distance = Math.abs(data[at]! - fieldColor[0]!) + Math.abs(data[at + 1]! - fieldColor[1]!) + Math.abs(data[at + 2]! - fieldColor[2]!);
      if (distance > FIELD_TOLERANCE) content += 1;
      total += 1;
    }
  }
  return total === 0 ? 0 : content / total;
}

/** Luma of an RGB frame shrunk by `factor` in both directions (the mean of each block). */
export function shrunkLuma(frame: RgbFrame, factor: number): { width: number; height: number; data: Uint8Array } {
  const width = Math.max(1, Math.floor(frame.width / factor));
  const height = Math.max(1, Math.floor(frame.height / factor));
  const data = new Uint8Array(width * height);
  for (let by = 0; by < height; by += 1) {
    for (let bx = 0; bx < width; bx += 1) {
      let sum = 0;
      for (let y = by * factor; y < (by + 1) * factor; y += 1) {
        for (let x = bx * factor; x < (bx + 1) * factor; x += 1) {
          const at = (y * frame.width + x) * 3;
          sum += frame.data[at]! * 0.299 + frame.data[at + 1]! * 0.587 + frame.data[at + 2]! * 0.114;
        }
      }
      data[by * width + bx] = Math.round(sum / (factor * factor));
    }
  }
  return { width, height, data };
}

/** How many levels a pixel's luma must move to count as changed, and the share of pixels that must change for a frame to differ. */
const CHANGED_LEVELS = 10;
const CHANGED_SHARE = 0.002;

/** Whether two shrunk frames differ visibly: at least 0.2% of their pixels moved by 10 levels or more. */
export function visiblyDiffers(a: Uint8Array, b: Uint8Array): boolean {
  let changed = 0;
  for (let i = 0; i < a.length; i += 1) if (Math.abs(a[i]! - b[i]!) >= CHANGED_LEVELS) changed += 1;
  return changed >= a.length * CHANGED_SHARE;
}

/**
 * The longest stretch of frames (sampled `fps` a second) in which nothing visibly changes: each
 * frame is compared with the first of its stretch, so a slow move counts once it has moved far
 * enough to see. Seconds, and the second it starts at.
 */
export function longestStill(frames: Uint8Array[], fps: number): { seconds: number; from: number } {
  let best = { frames: 0, from: 0 };
  let start = 0;
  for (let i = 1; i <= frames.length; i += 1) {
    if (i === frames.length || visiblyDiffers(frames[start]!, frames[i]!)) {
      if (i - start > best.frames) best = { frames: i - start, from: start };
      start = i;
    }
  }
  return { seconds: best.frames / fps, from: best.from / fps };
}

/** The median of some numbers (0 for none). */
export function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** A scene of the video as the measures need it: where it starts and ends, seconds, and whether it is a title or closing card. */
export interface MeasuredScene {
  start: number;
  end: number;
  title: boolean;
}

/** What {@link measureVideo} finds. */
export interface VideoMeasures {
  /** The content share of each scene's held frame (taken 60% of the way through it). */
  sceneShares: number[];
  /** The median content share over the scenes that are not title cards. */
  medianShare: number;
  /** The longest stretch without a visible change, over the whole video. */
  longestStill: { seconds: number; from: number };
}

/** Frames a second the still-stretch measure samples. */
const STILL_SAMPLE_FPS = 10;

/**
 * The measures of a rendered video (`fps` its frame rate, `width` × `height` its size): each scene's
 * held-frame content share and their median over non-title scenes, and its longest still stretch.
 */
export async function measureVideo(ffmpeg: FfmpegInfo, file: string, size: { width: number; height: number; fps: number }, scenes: MeasuredScene[]): Promise<VideoMeasures> {
  const { width, height, fps } = size;
  const heldFrames = new Map(scenes.map((scene, index) => [Math.floor((scene.start + (scene.end - scene.start) * 0.6) * fps), index] as const));
  const every = Math.max(1, Math.round(fps / STILL_SAMPLE_FPS));
  const factor = Math.max(1, Math.floor(Math.min(width, height) / 180));
  const shares = scenes.map(() => 0);
  const sampled: Uint8Array[] = [];
  await decodeRgb(ffmpeg, file, width, height, (index, data) => {
    const frame = { width, height, data };
    const scene = heldFrames.get(index);
    if (scene !== undefined) shares[scene] = contentShare(frame);
    if (index % every === 0) sampled.push(shrunkLuma(frame, factor).data);
  });
  return {
    sceneShares: shares,
    medianShare: median(shares.filter((_, index) => !scenes[index]!.title)),
    longestStill: longestStill(sampled, fps / every),
  };
}

/** Calls `onFrame` with each decoded frame's RGB bytes, in order. */
async function decodeRgb(ffmpeg: FfmpegInfo, file: string, width: number, height: number, onFrame: (index: number, rgb: Uint8Array) => void): Promise<void> {
  const size = width * height * 3;
  const child = spawn(ffmpeg.ffmpeg, ['-v', 'error', '-i', file, '-f', 'image2pipe', '-c:v', 'rawvideo', '-pix_fmt', 'rgb24', '-'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // One frame's buffer, filled chunk by chunk (a 1080p frame is ~100 pipe chunks).
  const frame = new Uint8Array(size);
  let filled = 0;
  let index = 0;
  for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
    let offset = 0;
    while (offset < chunk.length) {
      const take = Math.min(size - filled, chunk.length - offset);
      frame.set(chunk.subarray(offset, offset + take), filled);
      filled += take;
      offset += take;
      if (filled === size) {
        onFrame(index, frame);
        index += 1;
        filled = 0;
      }
    }
  }
  const code: number = await new Promise((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('close', (c) => resolve(c ?? 1))));
  if (code !== 0) throw new Error(`ffmpeg could not decode ${file}: ${stderr.trim()}`);
}
