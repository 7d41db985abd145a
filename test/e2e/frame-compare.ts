import sharp from 'sharp';
import { expect } from 'vitest';
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
