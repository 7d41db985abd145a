// Picture comparison for the render-speed bench and the held-frame tests: the structural
// similarity (SSIM) of two videos' luma, frame by frame, decoded with the node's own FFmpeg.
import { spawn } from 'node:child_process';
import type { FfmpegInfo } from '../ffmpeg/find-ffmpeg.js';

const C1 = (0.01 * 255) ** 2;
const C2 = (0.03 * 255) ** 2;
/** Window side and step, in pixels: 8x8 windows every 4 pixels (the usual fast SSIM). */
const WINDOW = 8;
const STEP = 4;

/** Mean SSIM of two 8-bit grey pictures of the same size (1 = identical). */
export function ssim(a: Uint8Array, b: Uint8Array, width: number, height: number): number {
  if (a.length !== width * height || b.length !== width * height) throw new Error(`ssim: pictures are not ${width}x${height}`);
  const n = WINDOW * WINDOW;
  let total = 0;
  let windows = 0;
  for (let y = 0; y + WINDOW <= height; y += STEP) {
    for (let x = 0; x + WINDOW <= width; x += STEP) {
      let sa = 0;
      let sb = 0;
      let saa = 0;
      let sbb = 0;
      let sab = 0;
      for (let dy = 0; dy < WINDOW; dy += 1) {
        let at = (y + dy) * width + x;
        for (let dx = 0; dx < WINDOW; dx += 1, at += 1) {
          const va = a[at]!;
          const vb = b[at]!;
          sa += va;
          sb += vb;
          saa += va * va;
          sbb += vb * vb;
          sab += va * vb;
        }
      }
      const ma = sa / n;
      const mb = sb / n;
      const va = saa / n - ma * ma;
      const vb = sbb / n - mb * mb;
      const cov = sab / n - ma * mb;
      total += ((2 * ma * mb + C1) * (2 * cov + C2)) / ((ma * ma + mb * mb + C1) * (va + vb + C2));
      windows += 1;
    }
  }
  return windows === 0 ? 1 : total / windows;
}

/**
 * Calls `onFrame` with each decoded frame's luma (index, pixels), in order. Decoding is FFmpeg's
 * rawvideo into a pipe: the node's FFmpeg has no comparison filters of its own.
 */
export async function decodeLuma(ffmpeg: FfmpegInfo, file: string, width: number, height: number, onFrame: (index: number, luma: Uint8Array) => void): Promise<number> {
  const size = width * height;
  const child = spawn(ffmpeg.ffmpeg, ['-v', 'error', '-i', file, '-f', 'image2pipe', '-c:v', 'rawvideo', '-pix_fmt', 'gray', '-'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let pending: Buffer = Buffer.alloc(0);
  let index = 0;
  for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    while (pending.length >= size) {
      onFrame(index, new Uint8Array(pending.subarray(0, size)));
      index += 1;
      pending = pending.subarray(size);
    }
  }
  const code: number = await new Promise((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('close', (c) => resolve(c ?? 1))));
  if (code !== 0) throw new Error(`ffmpeg could not decode ${file}: ${stderr.trim()}`);
  return index;
}

/** Per-frame SSIM of two videos of the same size at the frames asked for (all when `frames` is omitted). */
export async function videoSsim(ffmpeg: FfmpegInfo, fileA: string, fileB: string, width: number, height: number, frames?: number[]): Promise<{ frame: number; ssim: number }[]> {
  const wanted = frames ? new Set(frames) : undefined;
  const first = new Map<number, Uint8Array>();
  await decodeLuma(ffmpeg, fileA, width, height, (index, luma) => {
    if (!wanted || wanted.has(index)) first.set(index, luma);
  });
  const scores: { frame: number; ssim: number }[] = [];
  await decodeLuma(ffmpeg, fileB, width, height, (index, luma) => {
    const other = first.get(index);
    if (other) scores.push({ frame: index, ssim: ssim(other, luma, width, height) });
  });
  return scores;
}
