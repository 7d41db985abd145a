import { execFileSync } from 'node:child_process';
import sharp from 'sharp';
import { expect } from 'vitest';
import { findFfmpeg } from '../../src/render/ffmpeg/find-ffmpeg.js';
import type { E2eNode } from './e2e-node.js';

/** The mean absolute difference of two raw pictures of the same size, per channel value (0 to 255). */
export function meanDifference(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

/** One decoded frame per scene (`GET /frames`, the middle of each scene), as raw RGB at 128x72. */
export async function sceneFrames(e2e: E2eNode, id: string): Promise<Buffer[]> {
  const frames = await e2e.request('GET', `/v1/videos/${id}/frames?max_frames=12`);
  expect(frames.status).toBe(200);
  return Promise.all((frames.body.frames as { data: string }[]).map((frame) => sharp(Buffer.from(frame.data, 'base64')).resize(128, 72).raw().toBuffer()));
}

/**
 * Shares of dark (luma under 48) and bright (over 200) pixels in a strip `strip` px tall at the top
 * or bottom of a picture: a still, or a video's frame at `seconds`. Read with the node's FFmpeg.
 */
export function stripShares(file: string, size: { width: number; height: number }, where: 'top' | 'bottom', strip: number, seconds?: number): { dark: number; bright: number } {
  const seek = seconds === undefined ? [] : ['-ss', String(seconds)];
  const crop = `crop=${size.width}:${strip}:0:${where === 'top' ? 0 : size.height - strip}`;
  const pixels = execFileSync(findFfmpeg()!.ffmpeg, ['-v', 'error', '-i', file, ...seek, '-frames:v', '1', '-vf', crop, '-f', 'image2pipe', '-c:v', 'rawvideo', '-pix_fmt', 'gray', '-'], { maxBuffer: 64 * 1024 * 1024 });
  let dark = 0;
  let bright = 0;
  for (const value of pixels) {
    if (value < 48) dark += 1;
    else if (value > 200) bright += 1;
  }
  return { dark: dark / pixels.length, bright: bright / pixels.length };
}
