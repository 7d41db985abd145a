// Review gates with an image model: cast portraits and storyboard stills come from the model (a
// loopback fake of OpenAI's images API), a redone shot gets a new picture, a picture the model
// cannot make is drawn by the kit with a warning, and the film shots start from the pictures.
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireFfmpeg, runBinary } from '../../src/render/ffmpeg/run-ffmpeg.js';
import { makeTestPng, startFakeImageServer, type FakeImageServer } from '../helpers/fake-image-server.js';
import { startE2eNode, type E2eNode } from './e2e-node.js';

const PROMPT = 'Meet Mara, a lighthouse keeper on a stormy island. Mara climbs the tower every night with her dog Juno. Mara lights the lamp while Juno watches the sea. The boats come home safely.';
const ORANGE: [number, number, number] = [255, 140, 0];
const BLUE: [number, number, number] = [20, 60, 240];
const GREEN: [number, number, number] = [20, 200, 60];

let fake: FakeImageServer;
let e2e: E2eNode;
beforeAll(async () => {
  fake = await startFakeImageServer();
  e2e = await startE2eNode({ config: { imageModel: 'openai-compatible:flux-test', imageModelBaseUrl: fake.url } });
}, 60_000);
afterAll(async () => {
  await e2e?.close();
  await fake?.close();
});

/** The share of a JPEG's pixels within 60 (per channel) of `rgb`. */
async function shareOf(jpeg: Buffer, rgb: [number, number, number]): Promise<number> {
  const { data, info } = await sharp(jpeg).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let near = 0;
  for (let i = 0; i < data.length; i += 3) if (Math.abs(data[i]! - rgb[0]) < 60 && Math.abs(data[i + 1]! - rgb[1]) < 60 && Math.abs(data[i + 2]! - rgb[2]) < 60) near += 1;
  return near / (info.width * info.height);
}

async function board(id: string, source: string): Promise<{ name?: string; scene_id: string | null; jpeg: Buffer }[]> {
  const answer = await e2e.request('GET', `/v1/videos/${id}/frames?max_frames=12`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body.source).toBe(source);
  return answer.body.frames.map((frame: { name?: string; scene_id: string | null; data: string }) => ({ ...frame, jpeg: Buffer.from(frame.data, 'base64') }));
}

const pausedAt = (gate: string, round: number) => (job: Record<string, any>) => job.status === 'awaiting_approval' && job.review?.gate === gate && job.review?.round === round || ['failed', 'canceled', 'completed'].includes(job.status);

describe('review gates with an image model', () => {
  it('paints the portraits and the storyboard with the model, draws what it cannot make, and films from the pictures', async () => {
    const png = (rgb: [number, number, number]) => makeTestPng(512, 512, [{ rgb, share: 1 }]);
    fake.enqueue({ image: await png(ORANGE) }, { image: await png(ORANGE) });
    const created = await e2e.request('POST', '/v1/videos', { prompt: PROMPT, ai_video: 'full', storyboard: true, duration: 8, dimensions: { width: 256, height: 144 }, narration: false, music: false, render: true });
    expect(created.status, JSON.stringify(created.body)).toBe(202);
    const id = created.body.id as string;

    expect((await e2e.waitFor(id, pausedAt('cast', 1))).status).toBe('awaiting_approval');
    const portraits = fake.requests.filter((request) => request.path.endsWith('/images/generations'));
    expect(portraits.map((request) => request.body.prompt)).toEqual([expect.stringContaining('Portrait of Mara'), expect.stringContaining('Portrait of Juno')]);
    for (const sheet of await board(id, 'cast')) expect(await shareOf(sheet.jpeg, ORANGE), sheet.name).toBeGreaterThan(0.05);

    // The storyboard: every shot but the last gets the model's picture; the last one's request fails.
    const scenes = e2e.node.ctx.videos.scenes(id);
    fake.enqueue(...(await Promise.all(scenes.slice(0, -1).map(() => png(BLUE)))).map((image) => ({ image })), { status: 400, message: 'the prompt was refused' });
    expect((await e2e.request('POST', `/v1/videos/${id}/approve`, {})).status).toBe(200);
    const paused = await e2e.waitFor(id, pausedAt('storyboard', 1));
    // no_language_model and footage_drawn (this node has no video model: its film shots are drawn) come from create.
    expect(paused.warnings.filter((warning: { code: string }) => !['no_language_model', 'footage_drawn'].includes(warning.code))).toEqual([expect.objectContaining({ code: 'still_fallback', message: expect.stringContaining(`storyboard still of scene ${scenes.length}`) })]);
    const story = await board(id, 'storyboard');
    for (const frame of story.slice(0, -1)) expect(await shareOf(frame.jpeg, BLUE)).toBeGreaterThan(0.2);
    expect(await shareOf(story.at(-1)!.jpeg, BLUE)).toBeLessThan(0.05);
    const settings = e2e.node.ctx.videos.scenes(id).map((scene) => JSON.parse(scene.settings));
    expect(settings.slice(0, -1).every((shot) => shot.stillProvider === 'openai-compatible:flux-test' && typeof shot.image === 'string')).toBe(true);

    // A shot redone gets a new picture from the words it was given; the others keep theirs.
    fake.enqueue({ image: await png(GREEN) });
    expect((await e2e.request('POST', `/v1/videos/${id}/approve`, { changes: 'redo scene 1: a red and white lighthouse at dusk' })).status).toBe(200);
    await e2e.waitFor(id, pausedAt('storyboard', 2));
    expect(fake.requests.at(-1)!.body.prompt).toContain('a red and white lighthouse at dusk');
    const redone = await board(id, 'storyboard');
    expect(await shareOf(redone[0]!.jpeg, GREEN)).toBeGreaterThan(0.2);
    expect(redone[1]!.jpeg.equals(story[1]!.jpeg)).toBe(true);

    // Approved: the film shots start from the pictures.
    expect((await e2e.request('POST', `/v1/videos/${id}/approve`, {})).status).toBe(200);
    const done = await e2e.waitFor(id);
    expect(done.status, JSON.stringify(done.error)).toBe('completed');
    const mp4 = path.join(e2e.node.ctx.filesDir, e2e.node.ctx.videos.get(id)!.output_path!);
    const first = e2e.node.ctx.videos.scenes(id)[0]!;
    const still = path.join(e2e.node.ctx.filesDir, `frame-${id}.jpeg`);
    await runBinary(requireFfmpeg(e2e.node.ctx.config.ffmpegPath).ffmpeg, ['-v', 'error', '-ss', (first.duration_seconds / 2).toFixed(2), '-i', mp4, '-frames:v', '1', '-y', still]);
    expect(await shareOf(await sharp(still).toBuffer(), GREEN)).toBeGreaterThan(0.1);
  }, 400_000);
});
