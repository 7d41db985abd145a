// Outputs people take elsewhere, from real jobs made offline with the embedded engines: the
// narration's caption files (SubRip, WebVTT) through the REST route, an edit's captions from its own
// narration, and posters: a frame of the MP4 exactly, a still of a scene before there is an MP4,
// and an infographic version's still at its size.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVideoBody } from '../../src/pipeline/create/create-video-schema.js';
import { NARRATION_LEAD } from '../../src/pipeline/speech/fit-timeline.js';
import { createVideo } from '../../src/pipeline/videos/create-video.js';
import { findFfmpeg } from '../../src/render/ffmpeg/find-ffmpeg.js';
import { runBinary } from '../../src/render/ffmpeg/run-ffmpeg.js';
import { expectReadableCues, parseSrt, parseVtt } from '../pipeline/captions/caption-parsers.js';
import { startE2eNode, type E2eNode } from './e2e-node.js';
import { meanDifference } from './frame-compare.js';

const ffmpeg = findFfmpeg()!;
const SIZE = { width: 320, height: 180 };
const PROMPT = 'How tides work. The moon pulls on the oceans. The earth turns beneath the bulge.';

describe('caption files and posters of real jobs', () => {
  let e2e: E2eNode;
  const scratch = mkdtempSync(path.join(tmpdir(), 'e2e-outputs-'));
  let narratedId = '';
  beforeAll(async () => {
    e2e = await startE2eNode();
  });
  afterAll(async () => {
    await e2e.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  const fetchRaw = async (route: string) => {
    const response = await fetch(e2e.baseUrl + route, { headers: { authorization: `Bearer ${e2e.key}` } });
    return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
  };

  /** Each narrated scene's narration window in the video. */
  function windows(id: string): { start: number; end: number }[] {
    const row = e2e.node.ctx.videos.get(id)!;
    let frames = 0;
    return e2e.node.ctx.videos.scenes(id).flatMap((scene) => {
      const start = frames / row.fps + NARRATION_LEAD;
      frames += Math.max(1, Math.round(scene.duration_seconds * row.fps));
      return scene.narration_seconds ? [{ start, end: start + scene.narration_seconds }] : [];
    });
  }

  it('answers 409 before the narration is spoken, then SubRip and WebVTT files of the narration, inside its time', async () => {
    // Created without being handed to the engine, the job waits queued: nothing is spoken yet.
    const account = e2e.node.ctx.accounts.get(e2e.accountId)!;
    const { body } = await createVideo(e2e.node.ctx, { account, key: null }, createVideoBody.parse({ prompt: PROMPT, duration: 8, dimensions: SIZE, music: false, render: true }), { enqueue: () => undefined });
    narratedId = body.id as string;
    const early = await e2e.request('GET', `/v1/videos/${narratedId}/captions`);
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('not_ready');

    e2e.runtime.engine.enqueue(narratedId);
    const job = await e2e.waitFor(narratedId);
    expect(job.status, JSON.stringify(job.error)).toBe('completed');
    expect(job.audio).toMatchObject({ narration: true, narration_language: 'en' });

    const srt = await fetchRaw(`/v1/videos/${narratedId}/captions`);
    expect(srt.status).toBe(200);
    expect(srt.headers.get('content-type')).toBe('application/x-subrip; charset=utf-8');
    expect(srt.headers.get('content-language')).toBe('en');
    expect(srt.headers.get('content-disposition')).toBe(`attachment; filename="${narratedId}.srt"`);
    const cues = parseSrt(srt.bytes.toString('utf8'));
    expectReadableCues(cues, windows(narratedId), 42);
    const spoken = e2e.node.ctx.videos.scenes(narratedId).flatMap((scene) => (scene.narration_words ? [scene.narration!] : []));
    expect(cues.map((cue) => cue.lines.join(' ')).join(' ')).toBe(spoken.join(' ').replace(/\s+/g, ' '));

    const vtt = await fetchRaw(`/v1/videos/${narratedId}/captions?format=vtt`);
    expect(vtt.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    expect(parseVtt(vtt.bytes.toString('utf8'))).toEqual(cues);
    expect((await e2e.request('GET', `/v1/videos/${narratedId}/captions?format=txt`)).status).toBe(400);
  });

  it('gives the MP4\'s own frame as the poster at a time, a different picture at another time, and 400 past the end', async () => {
    const row = e2e.node.ctx.videos.get(narratedId)!;
    const mp4 = path.join(e2e.node.ctx.filesDir, row.output_path!);
    // Every frame of the MP4, decoded in order: frame n shows from n / fps.
    const dir = mkdtempSync(path.join(scratch, 'frames-'));
    await runBinary(ffmpeg.ffmpeg, ['-v', 'error', '-i', mp4, '-f', 'image2', '-c:v', 'png', path.join(dir, 'f-%05d.png')]);
    const decoded = readdirSync(dir).sort();
    const frameOf = (n: number) => sharp(path.join(dir, decoded[n]!)).removeAlpha().raw().toBuffer();
    const scenes = e2e.node.ctx.videos.scenes(narratedId);
    const firstFrames = Math.round(scenes[0]!.duration_seconds * row.fps);
    // One moment in each of the first two scenes, off the frame boundaries.
    const times = [Number((firstFrames / 2 / row.fps + 0.01).toFixed(3)), Number(((firstFrames + Math.round(scenes[1]!.duration_seconds * row.fps) / 2) / row.fps + 0.01).toFixed(3))];
    // And a moment where the picture moves from frame to frame (an entrance), where a frame off by one would show.
    let moving = -1;
    for (let n = 1; n < decoded.length - 1 && moving < 0; n += 1) {
      const [before, here, after] = await Promise.all([frameOf(n - 1), frameOf(n), frameOf(n + 1)]);
      if (meanDifference(before, here) > 1 && meanDifference(here, after) > 1) moving = n;
    }
    expect(moving).toBeGreaterThan(0);
    times.push(Number(((moving + 0.3) / row.fps).toFixed(4)));
    const posters: Buffer[] = [];
    for (const time of times) {
      const poster = await fetchRaw(`/v1/videos/${narratedId}/poster?time=${time}&format=png`);
      expect(poster.status).toBe(200);
      expect(poster.headers.get('content-type')).toBe('image/png');
      const image = sharp(poster.bytes);
      expect(await image.metadata()).toMatchObject({ format: 'png', width: SIZE.width, height: SIZE.height });
      const pixels = await image.removeAlpha().raw().toBuffer();
      const n = Math.floor(time * row.fps);
      expect(meanDifference(pixels, await frameOf(n)), `poster at ${time} s against frame ${n}`).toBeLessThan(0.5);
      posters.push(pixels);
    }
    expect(meanDifference(posters[0]!, posters[1]!)).toBeGreaterThan(3);

    const jpeg = await fetchRaw(`/v1/videos/${narratedId}/poster`);
    expect(jpeg.headers.get('content-type')).toBe('image/jpeg');
    expect(await sharp(jpeg.bytes).metadata()).toMatchObject({ format: 'jpeg', width: SIZE.width, height: SIZE.height });
    expect(Number(jpeg.headers.get('x-poster-time'))).toBeLessThan(scenes[0]!.duration_seconds);
    const past = await e2e.request('GET', `/v1/videos/${narratedId}/poster?time=${videoLength(scenes, row.fps) + 1}`);
    expect(past.status).toBe(400);
    expect(past.body.error.message).toMatch(/^time: must be from 0 to/);
  });

  it('captions an edit from its own narration: the changed scene\'s new words, the rest carried over', async () => {
    const second = e2e.node.ctx.videos.scenes(narratedId).filter((scene) => scene.narration_words)[1]!;
    const edited = await e2e.request('POST', `/v1/videos/${narratedId}/edit`, { prompt: `change the narration of scene ${second.position + 1} to "Twice a day the water rises."` });
    expect(edited.status, JSON.stringify(edited.body)).toBe(202);
    const job = await e2e.waitFor(edited.body.id);
    expect(job.status, JSON.stringify(job.error)).toBe('completed');
    const scenes = e2e.node.ctx.videos.scenes(edited.body.id);
    const response = await fetchRaw(`/v1/videos/${edited.body.id}/captions`);
    expect(response.status).toBe(200);
    const cues = parseSrt(response.bytes.toString('utf8'));
    expectReadableCues(cues, windows(edited.body.id), 42);
    const text = cues.map((cue) => cue.lines.join(' ')).join(' ');
    expect(text).toContain('Twice a day the water rises.');
    expect(text).toBe(scenes.flatMap((scene) => (scene.narration_words ? [scene.narration!] : [])).join(' '));
    // With no MP4 (the edit was not rendered), the poster is the committed scene drawn as a still.
    const still = await fetchRaw(`/v1/videos/${edited.body.id}/poster?format=png`);
    expect(still.status).toBe(200);
    expect(await sharp(still.bytes).metadata()).toMatchObject({ format: 'png', width: SIZE.width, height: SIZE.height });
  });

  it('answers 404 for the captions of a job with narration off', async () => {
    const created = await e2e.request('POST', '/v1/videos', { prompt: PROMPT, duration: 6, dimensions: SIZE, narration: false, music: false });
    expect(created.status).toBe(202);
    await e2e.waitFor(created.body.id, (job) => job.progress.scenes_planned > 0 || job.status === 'failed');
    const answer = await e2e.request('GET', `/v1/videos/${created.body.id}/captions`);
    expect(answer.status).toBe(404);
    expect(answer.body.error.code).toBe('not_found');
    await e2e.request('POST', `/v1/videos/${created.body.id}/cancel`);
  });

  it('gives an infographic version\'s poster at the version\'s size', async () => {
    const generated = await e2e.request('POST', '/v1/infographics/generate', { prompt: 'Our year in numbers. Revenue hit $4.2 million. Builds got 3x faster.', dimensions: { width: 256, height: 256 }, duration: 2 });
    expect(generated.status, JSON.stringify(generated.body)).toBe(200);
    const { projectId, versionId } = generated.body;
    const png = await fetchRaw(`/v1/infographics/${projectId}/versions/${versionId}/poster?format=png&time=1.5`);
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(await sharp(png.bytes).metadata()).toMatchObject({ format: 'png', width: 256, height: 256 });
    const jpeg = await fetchRaw(`/v1/infographics/${projectId}/versions/${versionId}/poster`);
    expect(await sharp(jpeg.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 256, height: 256 });
    expect((await e2e.request('GET', `/v1/infographics/${projectId}/versions/${versionId}/poster?time=2.5`)).status).toBe(400);
  });
});

/** The video's length: its scenes in whole frames. */
function videoLength(scenes: { duration_seconds: number }[], fps: number): number {
  return scenes.reduce((sum, scene) => sum + Math.max(1, Math.round(scene.duration_seconds * fps)), 0) / fps;
}
