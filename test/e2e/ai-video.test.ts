// ai_video without keys: on a node with no video model (--footage) film shots are drawn offline by
// the kit (FootageShot). Nothing is filmed, so nothing is sold as film: the shots are priced as
// motion-graphics scenes (the base rate), and the job says so with a footage_drawn warning.
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


const partsOf = (breakdown: { part: string }[]) => breakdown.map((part) => part.part);

describe('ai_video without keys', () => {
  // This used to charge 1.5 a second of film for shots nothing filmed; film is now sold only where a
  // video model films it (footage-jobs.test.ts), and the drawn shots cost the base rate.
  it('"full" makes every scene a moving film shot (every frame differs from the last), drawn and charged as motion graphics, with footage_drawn', async () => {
    const created = await e2e.request('POST', '/v1/videos', { prompt: PROMPT, ai_video: 'full', duration: 8, dimensions: SIZE, narration: false, music: false, render: true });
    expect(created.status, JSON.stringify(created.body)).toBe(202);
    expect(partsOf(created.body.estimate_breakdown)).toEqual(['base']);
    const job = await e2e.waitFor(created.body.id);
    expect(job.status, JSON.stringify(job.error)).toBe('completed');
    const scenes = e2e.node.ctx.videos.scenes(created.body.id);
    expect(scenes.length).toBeGreaterThan(1);
    expect(scenes.map((scene) => scene.kind)).toEqual(scenes.map(() => 'footage'));
    for (const scene of scenes) expect(JSON.parse(scene.settings).caption).toBeTruthy();
    expect(job.warnings.filter((warning: { code: string }) => warning.code === 'footage_drawn')).toEqual([{ code: 'footage_drawn', message: expect.stringContaining('--footage') }]);

    const frames = await decodeFrames(path.join(e2e.node.ctx.filesDir, e2e.node.ctx.videos.get(created.body.id)!.output_path!));
    expect(frames.length).toBeGreaterThanOrEqual(8 * 30 - 2);
    const still = frames.slice(1).filter((frame, i) => meanDifference(frame, frames[i]!) < 0.2).length;
    // Not just an entrance: the shot keeps moving through every scene's hold.
    expect(still / (frames.length - 1)).toBeLessThan(0.05);

    const seconds = scenes.reduce((sum, scene) => sum + scene.duration_seconds, 0);
    expect(job.estimate_breakdown).toEqual([{ part: 'base', credits: expect.closeTo(0.25 * seconds, 2) }]);
    expect(job.credits_cost).toBeCloseTo(0.25 * seconds, 2);
    const charge = e2e.node.ctx.ledger.entries(e2e.accountId).find((entry) => entry.reference === created.body.id && entry.kind === 'charge')!;
    expect(partsOf(JSON.parse(charge.parts!))).toEqual(['base']);
  }, 240_000);

  it('"on" mixes drawn shots in and sells no film; "auto" makes none; a storyboard build sells none either', async () => {
    const on = await e2e.request('POST', '/v1/videos', { prompt: PROMPT, ai_video: 'on', duration: 15, dimensions: SIZE, narration: false, music: false });
    // This used to price 0.5 a second of film here; the node has no video model, so none is sold.
    expect(on.body.estimate_breakdown).toEqual([{ part: 'base', credits: 3.75 }]);
    const mixed = await e2e.waitFor(on.body.id);
    expect(mixed.status, JSON.stringify(mixed.error)).toBe('completed');
    const scenes = e2e.node.ctx.videos.scenes(on.body.id);
    const film = scenes.filter((scene) => scene.kind === 'footage');
    expect(film.length).toBeGreaterThan(0);
    expect(film.length).toBeLessThan(scenes.length);
    expect(partsOf(mixed.estimate_breakdown)).not.toContain('ai_video');
    expect(mixed.credits_cost).toBeCloseTo(on.body.estimated_credits, 2);
    expect(mixed.warnings.map((warning: { code: string }) => warning.code)).toContain('footage_drawn');

    const auto = await e2e.request('POST', '/v1/videos', { prompt: PROMPT, duration: 10, dimensions: SIZE, narration: false, music: false });
    // This node has no video model: auto films nothing, so its estimate sells no footage (the number approved is the charge).
    expect(partsOf(auto.body.estimate_breakdown)).not.toContain('ai_video');
    const none = await e2e.waitFor(auto.body.id);
    expect(none.status).toBe('completed');
    expect(e2e.node.ctx.videos.scenes(auto.body.id).some((scene) => scene.kind === 'footage')).toBe(false);
    expect(partsOf(none.estimate_breakdown)).not.toContain('ai_video');
    expect(none.credits_cost).toBeCloseTo(auto.body.estimated_credits, 2);
    // The embedded planner marks no shot under auto: nothing is drawn, so nothing to warn of.
    expect(none.warnings.map((warning: { code: string }) => warning.code)).not.toContain('footage_drawn');

    // A storyboard build (full, paused at its gates) is priced the same way: stopped at its first gate.
    const board = await e2e.request('POST', '/v1/videos', { prompt: PROMPT, ai_video: 'full', storyboard: true, duration: 8, dimensions: SIZE, narration: false, music: false });
    expect(board.body.estimate_breakdown).toEqual([{ part: 'base', credits: 2 }]);
    const paused = await e2e.waitFor(board.body.id, (job) => job.status === 'awaiting_approval' || ['failed', 'canceled', 'completed'].includes(job.status));
    expect(paused.status, JSON.stringify(paused.error)).toBe('awaiting_approval');
    expect(e2e.node.ctx.videos.scenes(board.body.id).every((scene) => scene.kind === 'footage')).toBe(true);
    expect(paused.warnings.map((warning: { code: string }) => warning.code)).toContain('footage_drawn');
    expect(partsOf(paused.estimate_breakdown)).toEqual(['base']);
    expect((await e2e.request('POST', `/v1/videos/${board.body.id}/cancel`, {})).status).toBeLessThan(300);
    const canceled = await e2e.waitFor(board.body.id);
    expect(canceled.status).toBe('canceled');
  }, 240_000);
});
