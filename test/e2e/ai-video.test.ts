// ai_video without keys: film shots made offline (the kit's FootageShot), priced by the seconds of
// film the video holds.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireFfmpeg } from '../../src/render/ffmpeg/run-ffmpeg.js';
import { startE2eNode, type E2eNode } from './e2e-node.js';
import { meanDifference } from './frame-compare.js';

const SIZE = { width: 256, height: 144 };
const PROMPT = 'How tides work. The moon pulls the oceans toward it. Two high tides pass each day. The sun adds a smaller pull.';

let e2e: E2eNode;
beforeAll(async () => {
  e2e = await startE2eNode();
}, 60_000);
afterAll(async () => {
  await e2e?.close();
});

/** Every frame of an MP4, decoded small (64x36 RGB) through JPEG stills. */
async function decodeFrames(file: string): Promise<Buffer[]> {
  const { ffmpeg } = requireFfmpeg(e2e.node.ctx.config.ffmpegPath);
  const dir = mkdtempSync(path.join(tmpdir(), 'ai-video-frames-'));
  try {
    const out = spawnSync(ffmpeg, ['-v', 'error', '-i', file, '-vf', 'scale=64:36', '-q:v', '2', path.join(dir, '%04d.jpg')]);
    expect(out.status, String(out.stderr)).toBe(0);
    const files = readdirSync(dir).sort();
    return await Promise.all(files.map((name) => sharp(path.join(dir, name)).raw().toBuffer()));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}


describe('ai_video without keys', () => {
  it('"full" makes every scene a moving film shot (every frame differs from the last), charging 1.5 a second of film', async () => {
    const created = await e2e.request('POST', '/v1/videos', { prompt: PROMPT, ai_video: 'full', duration: 8, dimensions: SIZE, narration: false, music: false, render: true });
    expect(created.status, JSON.stringify(created.body)).toBe(202);
    const job = await e2e.waitFor(created.body.id);
    expect(job.status, JSON.stringify(job.error)).toBe('completed');
    const scenes = e2e.node.ctx.videos.scenes(created.body.id);
    expect(scenes.length).toBeGreaterThan(1);
    expect(scenes.map((scene) => scene.kind)).toEqual(scenes.map(() => 'footage'));
    for (const scene of scenes) expect(JSON.parse(scene.settings).caption).toBeTruthy();

    const frames = await decodeFrames(path.join(e2e.node.ctx.filesDir, e2e.node.ctx.videos.get(created.body.id)!.output_path!));
    expect(frames.length).toBeGreaterThanOrEqual(8 * 30 - 2);
    const still = frames.slice(1).filter((frame, i) => meanDifference(frame, frames[i]!) < 0.2).length;
    // Not just an entrance: the shot keeps moving through every scene's hold.
    expect(still / (frames.length - 1)).toBeLessThan(0.05);

    const seconds = scenes.reduce((sum, scene) => sum + scene.duration_seconds, 0);
    const film = job.estimate_breakdown.find((part: { part: string }) => part.part === 'ai_video');
    expect(film.credits).toBeCloseTo(1.5 * seconds, 2);
    expect(job.credits_cost).toBeCloseTo(job.estimate_breakdown.reduce((sum: number, part: { credits: number }) => sum + part.credits, 0), 2);
  }, 240_000);

  it('"on" mixes shots in and prices only their seconds; "auto" makes none and charges no footage', async () => {
    const on = await e2e.request('POST', '/v1/videos', { prompt: PROMPT, ai_video: 'on', duration: 15, dimensions: SIZE, narration: false, music: false });
    expect(on.body.estimate_breakdown.find((part: { part: string }) => part.part === 'ai_video').credits).toBeCloseTo(0.5 * 15, 2);
    const mixed = await e2e.waitFor(on.body.id);
    expect(mixed.status, JSON.stringify(mixed.error)).toBe('completed');
    const scenes = e2e.node.ctx.videos.scenes(on.body.id);
    const film = scenes.filter((scene) => scene.kind === 'footage');
    expect(film.length).toBeGreaterThan(0);
    expect(film.length).toBeLessThan(scenes.length);
    const filmSeconds = film.reduce((sum, scene) => sum + scene.duration_seconds, 0);
    expect(mixed.estimate_breakdown.find((part: { part: string }) => part.part === 'ai_video').credits).toBeCloseTo(0.5 * filmSeconds, 2);

    const auto = await e2e.request('POST', '/v1/videos', { prompt: PROMPT, duration: 10, dimensions: SIZE, narration: false, music: false });
    // This node has no video model: auto films nothing, so its estimate sells no footage (the number approved is the charge).
    expect(auto.body.estimate_breakdown.map((part: { part: string }) => part.part)).not.toContain('ai_video');
    const none = await e2e.waitFor(auto.body.id);
    expect(none.status).toBe('completed');
    expect(e2e.node.ctx.videos.scenes(auto.body.id).some((scene) => scene.kind === 'footage')).toBe(false);
    expect(none.estimate_breakdown.map((part: { part: string }) => part.part)).not.toContain('ai_video');
    expect(none.credits_cost).toBeCloseTo(auto.body.estimated_credits, 2);
  }, 240_000);
});
