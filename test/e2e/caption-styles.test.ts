import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captionBand } from '../../compositions/kit/caption-words.js';
import { stripShares } from './frame-compare.js';
import { startE2eNode, type E2eNode } from './e2e-node.js';

type Track = { style: string; position: string; chunks: { text: string; start: number; end: number; words?: unknown[] }[] };
const tracksOf = (e2e: E2eNode, id: string) => e2e.node.ctx.videos.scenes(id).map((scene) => (JSON.parse(scene.settings) as { narrationCaptions?: Track }).narrationCaptions);

describe('burned-in caption styles on jobs', () => {
  let e2e: E2eNode;
  beforeAll(async () => {
    e2e = await startE2eNode();
  });
  afterAll(async () => {
    await e2e.close();
  });

  it('refuses captions without narration, or an unknown look, with a 400 that says why, and writes nothing', async () => {
    const before = e2e.node.ctx.db.prepare('SELECT COUNT(*) AS n FROM videos').get() as { n: number };
    const silent = await e2e.request('POST', '/v1/videos', { prompt: 'How tides work', narration: false, captions: true });
    expect(silent.status).toBe(400);
    expect(silent.body.error.message).toMatch(/captions.*narration/);
    const unknown = await e2e.request('POST', '/v1/videos', { prompt: 'How tides work', captions: { style: 'fancy' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toMatch(/captions.*clean.*bold.*karaoke/);
    const single = await e2e.request('POST', '/v1/videos', { prompt: 'A spinning logo', model: 'model-4', captions: { style: 'bold' } });
    expect(single.status).toBe(400);
    expect((e2e.node.ctx.db.prepare('SELECT COUNT(*) AS n FROM videos').get() as { n: number }).n).toBe(before.n);
  });

  it('burns karaoke captions into a band at the top, and an edit takes them off or changes their look', async () => {
    const width = 320;
    const height = 180;
    const created = await e2e.request('POST', '/v1/videos', {
      prompt: 'How tides work. The moon pulls on the oceans, and the earth turns beneath the bulge.',
      duration: 8,
      dimensions: { width, height },
      music: false,
      render: true,
      captions: { style: 'karaoke', position: 'top' },
    });
    expect(created.status).toBe(202);
    const job = await e2e.waitFor(created.body.id);
    expect(job.status).toBe('completed');
    expect(job.audio.captions).toEqual({ style: 'karaoke', position: 'top' });
    const scenes = e2e.node.ctx.videos.scenes(job.id);
    const tracks = tracksOf(e2e, job.id);
    const narrated = scenes.map((scene, i) => ({ scene, track: tracks[i] })).filter(({ scene }) => scene.narration?.trim());
    expect(narrated.length).toBeGreaterThan(0);
    for (const { track } of narrated) {
      expect(track).toMatchObject({ style: 'karaoke', position: 'top' });
      expect(track!.chunks.length).toBeGreaterThan(0);
      for (const chunk of track!.chunks) expect(chunk.words!.length).toBeGreaterThan(0);
    }
    // While the first narrated scene speaks, its top band is dark with light words on it.
    let start = 0;
    for (const scene of scenes) {
      if (scene === narrated[0]!.scene) break;
      start += scene.duration_seconds;
    }
    const chunk = narrated[0]!.track!.chunks[0]!;
    const file = path.join(e2e.node.ctx.filesDir, e2e.node.ctx.videos.get(job.id)!.output_path!);
    const band = stripShares(file, { width, height }, 'top', captionBand({ style: 'karaoke', position: 'top' }, width, height), start + (chunk.start + chunk.end) / 2);
    expect(band.dark).toBeGreaterThan(0.5);
    expect(band.bright).toBeGreaterThan(0.01);

    // The prompt's words do it (no field), as on create.
    const off = await e2e.request('POST', `/v1/videos/${job.id}/edit`, { prompt: 'Remove the captions' });
    expect(off.body).toMatchObject({ status: 'queued' });
    expect(tracksOf(e2e, off.body.id).every((track) => track === undefined)).toBe(true);
    const bold = await e2e.request('POST', `/v1/videos/${job.id}/edit`, { prompt: 'Add captions and make the title say "Tides"', captions: { style: 'bold' } });
    expect(bold.status).toBe(202);
    for (const id of [off.body.id, bold.body.id]) expect((await e2e.waitFor(id)).status).toBe('completed');
    // A scene whose narration said the old title is spoken again, and its captions follow the new words.
    const boldTracks = tracksOf(e2e, bold.body.id).filter((track) => track !== undefined);
    expect(boldTracks.length).toBe(narrated.length);
    for (const track of boldTracks) {
      expect(track).toMatchObject({ style: 'bold', position: 'bottom' });
      expect(track!.chunks.map((c) => c.text).join(' ').length).toBeGreaterThan(0);
    }
  }, 400_000);
});
