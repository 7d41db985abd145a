// Editing a finished video by describing the change: a new job that remakes only the scene the
// change names, reuses the others' code and rendered segments, leaves the source untouched, and is
// charged for what it remade.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/accounts/api-keys.js';
import { startE2eNode, type E2eNode } from './e2e-node.js';
import { meanDifference } from './frame-compare.js';

const SIZE = { width: 256, height: 144 };
const PROMPT =
  'Our coffee subscription. Beans ship every two weeks. You pick the roast. You can pause anytime. Shipping is free on every order. 4,000 people subscribe in 12 countries. The average subscriber stays for 14 months. Sign up at beans.example.com';

let e2e: E2eNode;
let sourceId: string;

beforeAll(async () => {
  e2e = await startE2eNode();
  const created = await e2e.request('POST', '/v1/videos', { prompt: PROMPT, duration: 36, dimensions: SIZE, narration: false, music: false, render: true });
  expect(created.status).toBe(202);
  sourceId = created.body.id;
  const job = await e2e.waitFor(sourceId);
  expect(job.status, JSON.stringify(job.error)).toBe('completed');
}, 240_000);
afterAll(async () => {
  await e2e?.close();
});

/** One decoded frame per scene, from the MP4 (raw RGB at a common size). */
async function sceneFrames(id: string): Promise<Buffer[]> {
  const frames = await e2e.request('GET', `/v1/videos/${id}/frames?max_frames=12`);
  expect(frames.status).toBe(200);
  return Promise.all((frames.body.frames as { data: string }[]).map((frame) => sharp(Buffer.from(frame.data, 'base64')).resize(128, 72).raw().toBuffer()));
}


function sha256(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

describe('POST /v1/videos/{id}/edit', () => {
  it('remakes only the scene the change names: the other scenes are reused, the source is untouched, and the charge is what was remade', async () => {
    const source = e2e.node.ctx.videos.get(sourceId)!;
    const sourceScenes = e2e.node.ctx.videos.scenes(sourceId);
    expect(sourceScenes).toHaveLength(6);
    const sourceMp4 = path.join(e2e.node.ctx.filesDir, source.output_path!);
    const before = { row: JSON.stringify(source), scenes: JSON.stringify(sourceScenes), mp4: sha256(sourceMp4) };
    const balance = (await e2e.request('GET', '/v1/account')).body.balance as number;

    const edited = await e2e.request('POST', `/v1/videos/${sourceId}/edit`, { prompt: 'change the text of scene 1 to Fresh beans, every two weeks', render: true });
    expect(edited.status, JSON.stringify(edited.body)).toBe(202);
    expect(edited.body).toMatchObject({ status: 'queued', model: 'model-5', estimated_credits: 0.5, estimate_breakdown: [{ part: 'edit_scenes', credits: 0.5 }] });
    const job = await e2e.waitFor(edited.body.id);
    expect(job.status, JSON.stringify(job.error)).toBe('completed');
    expect(job.parent_id).toBe(sourceId);
    expect(job.edit).toMatchObject({ regenerated: [0], reused: [1, 2, 3, 4, 5].map((position) => ({ position, from: position })), remixed_audio: false });
    expect(job.credits_cost).toBe(0.5);
    expect((await e2e.request('GET', '/v1/account')).body.balance).toBeCloseTo(balance - 0.5, 5);
    // DECISIONS' shape of what an edit remade: the one scene drawn, nothing spoken or mixed again.
    expect(job.regenerated).toEqual({ scenes: [job.scenes[0].id], narration: false, soundtrack: false, footage_seconds: 0 });

    // The new scene's words; the others carried over with their code.
    const scenes = e2e.node.ctx.videos.scenes(edited.body.id);
    expect(JSON.parse(scenes[0]!.settings).title).toBe('Fresh beans, every two weeks');
    for (const scene of scenes.slice(1)) {
      const from = sourceScenes[scene.position]!;
      expect(scene.reused_from).toBe(from.id);
      expect(scene.compiled).toBe(from.compiled);
    }

    // Frame by frame: the first scene changed, every other scene is the same picture.
    const [old, now] = await Promise.all([sceneFrames(sourceId), sceneFrames(edited.body.id)]);
    expect(now).toHaveLength(6);
    expect(meanDifference(old[0]!, now[0]!)).toBeGreaterThan(3);
    for (let i = 1; i < 6; i++) expect(meanDifference(old[i]!, now[i]!), `scene ${i + 1}`).toBeLessThan(0.5);

    // The source job and its MP4 are exactly as they were.
    expect(JSON.stringify(e2e.node.ctx.videos.get(sourceId))).toBe(before.row);
    expect(JSON.stringify(e2e.node.ctx.videos.scenes(sourceId))).toBe(before.scenes);
    expect(sha256(sourceMp4)).toBe(before.mp4);

    // The list shows the edit with its parent.
    const list = await e2e.request('GET', '/v1/videos');
    expect(list.body.videos.find((item: { id: string }) => item.id === edited.body.id)).toMatchObject({ parent_id: sourceId });
  }, 240_000);

  it('removes a scene by reusing every other one, and restyles by redrawing them all with the new color', async () => {
    const removed = await e2e.request('POST', `/v1/videos/${sourceId}/edit`, { prompt: 'remove the last scene', render: true });
    expect(removed.status, JSON.stringify(removed.body)).toBe(202);
    expect(removed.body.estimated_credits).toBe(0);
    const shorter = await e2e.waitFor(removed.body.id);
    expect(shorter.status, JSON.stringify(shorter.error)).toBe('completed');
    expect(shorter.scenes).toHaveLength(5);
    expect(shorter.edit).toMatchObject({ regenerated: [], reused: [0, 1, 2, 3, 4].map((position) => ({ position, from: position })) });
    expect(shorter.credits_cost ?? 0).toBe(0);

    const restyled = await e2e.request('POST', `/v1/videos/${sourceId}/edit`, { prompt: 'change the color to #E11D48', render: true });
    expect(restyled.status, JSON.stringify(restyled.body)).toBe(202);
    expect(restyled.body.estimated_credits).toBe(3);
    const red = await e2e.waitFor(restyled.body.id);
    expect(red.status, JSON.stringify(red.error)).toBe('completed');
    expect(red.edit.regenerated).toEqual([0, 1, 2, 3, 4, 5]);
    expect(JSON.parse(e2e.node.ctx.videos.get(restyled.body.id)!.plan!).theme.palette.primary.toUpperCase()).toBe('#E11D48');
    const [old, now] = await Promise.all([sceneFrames(sourceId), sceneFrames(restyled.body.id)]);
    expect(old.some((frame, i) => meanDifference(frame, now[i]!) > 1)).toBe(true);
  }, 240_000);

  it('refuses what it cannot read with the grammar\'s help, and a job still running with 409 not_editable; nothing is written', async () => {
    const count = () => e2e.node.ctx.db.prepare('SELECT COUNT(*) FROM videos').pluck().get() as number;
    const jobs = count();
    const unreadable = await e2e.request('POST', `/v1/videos/${sourceId}/edit`, { prompt: 'make it pop somehow' });
    expect(unreadable.status).toBe(400);
    expect(unreadable.body.error.code).toBe('invalid_request');
    expect(unreadable.body.error.message).toMatch(/make the title say/i);

    const running = await e2e.request('POST', '/v1/videos', { prompt: PROMPT, duration: 12, dimensions: SIZE, narration: false, music: false });
    const busy = await e2e.request('POST', `/v1/videos/${running.body.id}/edit`, { prompt: 'remove the last scene' });
    expect(busy.status).toBe(409);
    expect(busy.body.error.code).toBe('not_editable');
    await e2e.waitFor(running.body.id);

    const missing = await e2e.request('POST', '/v1/videos/vid_nope/edit', { prompt: 'remove the last scene' });
    expect(missing.status).toBe(404);
    expect(count()).toBe(jobs + 1);
  }, 120_000);

  it('changes a picture named by what it shows, without a model, and refuses one the scene lacks in the user\'s terms', async () => {
    const sourceScenes = e2e.node.ctx.videos.scenes(sourceId);
    const pictured = sourceScenes.find((scene) => ['title', 'kinetic', 'bullets', 'steps', 'checklist', 'stat', 'cta', 'quote'].includes(scene.kind))!;
    const number = pictured.position + 1;

    const seal = await e2e.request('POST', `/v1/videos/${sourceId}/edit`, { prompt: `replace the seal picture in scene ${number} with a honey jar` });
    expect(seal.status).toBe(400);
    expect(seal.body.error.message).toMatch(new RegExp(`^prompt: scene ${number} shows no seal picture \\(it shows `));
    expect(seal.body.error.message).not.toMatch(/operations|\.find|\[\d+\]/);
    expect(seal.body.error.details).toEqual([{ field: 'prompt', message: expect.any(String) }]);

    const edited = await e2e.request('POST', `/v1/videos/${sourceId}/edit`, { prompt: `replace the picture in scene ${number} with a honey jar`, render: true });
    expect(edited.status, JSON.stringify(edited.body)).toBe(202);
    const job = await e2e.waitFor(edited.body.id);
    expect(job.status, JSON.stringify(job.error)).toBe('completed');
    expect(job.edit).toMatchObject({ read_by: 'grammar', regenerated: [pictured.position], remixed_audio: false, respoken: [] });
    expect(job.edit.changes).toEqual([`show "honey jar" in scene ${number} (the library's honey pot)`]);
    const scenes = e2e.node.ctx.videos.scenes(edited.body.id);
    expect(JSON.parse(scenes[pictured.position]!.settings).picture).toBe('fluent-emoji-flat:honey-pot');
    const [old, now] = await Promise.all([sceneFrames(sourceId), sceneFrames(edited.body.id)]);
    expect(meanDifference(old[pictured.position]!, now[pictured.position]!)).toBeGreaterThan(1);
    for (let i = 0; i < now.length; i++) if (i !== pictured.position) expect(meanDifference(old[i]!, now[i]!), `scene ${i + 1}`).toBeLessThan(0.5);
  }, 240_000);

  it('holds edit jobs to the limit of 5 jobs in flight, like any job', async () => {
    // A key of its own (its creates and edits are this test's alone); rate-limit windows have their own tests.
    const { key } = createApiKey(e2e.node.ctx, { accountId: e2e.accountId });
    const call = async (method: string, route: string, body?: unknown) => {
      const response = await fetch(`${e2e.baseUrl}${route}`, {
        method,
        headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, any> };
    };
    const spent: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const created = await call('POST', '/v1/videos', { prompt: `A short note number ${i}. It says one thing.`, duration: 5, dimensions: SIZE, narration: false, music: false });
      expect(created.status, JSON.stringify(created.body)).toBe(202);
      spent.push(created.body.id);
      await call('POST', `/v1/videos/${created.body.id}/cancel`);
    }
    for (const id of spent) await e2e.waitFor(id);
    const edited = await call('POST', `/v1/videos/${sourceId}/edit`, { prompt: 'remove the last scene' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(202);
    expect(edited.headers.get('ratelimit-limit')).toBe('20');
    expect((await e2e.waitFor(edited.body.id)).status).toBe('completed');

    // Five jobs in flight (held paused here): an edit is refused like a create.
    const hold = e2e.node.ctx.db.prepare(`UPDATE videos SET status = ? WHERE id IN (${spent.map(() => '?').join(', ')})`);
    hold.run('awaiting_approval', ...spent);
    try {
      const busy = await call('POST', `/v1/videos/${sourceId}/edit`, { prompt: 'remove the last scene' });
      expect(busy.status).toBe(409);
      expect(busy.body.error.code).toBe('too_many_in_flight');
    } finally {
      hold.run('canceled', ...spent);
    }
  }, 120_000);
});

describe('POST /v1/videos/{id}/edit on a narrated video', () => {
  it('speaks the narration again in another voice, and a scene\'s new words, charging the seconds spoken', async () => {
    const created = await e2e.request('POST', '/v1/videos', { prompt: 'How tides work. The moon pulls the oceans toward it. Two high tides pass each day. The sun adds a smaller pull.', duration: 15, dimensions: SIZE, music: false, render: true });
    const source = await e2e.waitFor(created.body.id);
    expect(source.status, JSON.stringify(source.error)).toBe('completed');
    const sourceScenes = e2e.node.ctx.videos.scenes(created.body.id);
    const narrated = sourceScenes.filter((scene) => scene.narration_audio).map((scene) => scene.position);
    expect(narrated.length).toBeGreaterThan(1);
    const sourceRow = JSON.stringify(e2e.node.ctx.videos.get(created.body.id));

    const voice = await e2e.request('POST', `/v1/videos/${created.body.id}/edit`, { prompt: 'use the voice Noah', render: true });
    expect(voice.status, JSON.stringify(voice.body)).toBe(202);
    expect(voice.body.estimate_breakdown.map((part: { part: string }) => part.part)).toEqual(['narration']);
    const voiced = await e2e.waitFor(voice.body.id);
    expect(voiced.status, JSON.stringify(voiced.error)).toBe('completed');
    expect(voiced.edit.respoken).toEqual(narrated);
    expect(voiced.regenerated).toMatchObject({ narration: true, soundtrack: true });
    const plan = JSON.parse(e2e.node.ctx.videos.get(voice.body.id)!.plan!);
    expect(plan.audio.voice).toBe('embedded-noah');
    for (const scene of e2e.node.ctx.videos.scenes(voice.body.id).filter((row) => narrated.includes(row.position))) {
      expect(scene.narration_audio).toContain(`videos/${voice.body.id}/audio/`);
      expect(scene.narration_seconds).toBeGreaterThan(0);
    }
    expect(voiced.credits_cost).toBeGreaterThan(0);
    expect(voiced.credits_cost).toBeLessThanOrEqual(voice.body.estimated_credits);

    const words = await e2e.request('POST', `/v1/videos/${created.body.id}/edit`, { prompt: `change the narration of scene ${narrated[1]! + 1} to "Twice a day the water rises."` });
    expect(words.status, JSON.stringify(words.body)).toBe(202);
    const reworded = await e2e.waitFor(words.body.id);
    expect(reworded.status, JSON.stringify(reworded.error)).toBe('completed');
    expect(reworded.edit.respoken).toEqual([narrated[1]]);
    const scene = e2e.node.ctx.videos.scenes(words.body.id)[narrated[1]!]!;
    expect(scene.narration).toBe('Twice a day the water rises.');
    expect(scene.narration_audio).toContain(`videos/${words.body.id}/audio/`);
    // The other scenes keep the source's clips.
    for (const other of e2e.node.ctx.videos.scenes(words.body.id).filter((row) => row.position !== narrated[1])) {
      expect(other.narration_audio).toBe(sourceScenes[other.position]!.narration_audio);
    }

    // A scene's new text is said where its narration said the old one, and spoken again.
    const opening = sourceScenes[0]!;
    const said = JSON.parse(opening.settings).title as string;
    expect(opening.narration).toContain(said);
    const text = await e2e.request('POST', `/v1/videos/${created.body.id}/edit`, { prompt: 'change the text of scene 1 to "How the tides turn"' });
    expect(text.status, JSON.stringify(text.body)).toBe(202);
    expect(text.body.estimate_breakdown.map((part: { part: string }) => part.part)).toEqual(['edit_scenes', 'narration']);
    const retexted = await e2e.waitFor(text.body.id);
    expect(retexted.status, JSON.stringify(retexted.error)).toBe('completed');
    expect(retexted.edit).toMatchObject({ respoken: [0], remixed_audio: true });
    expect(retexted.regenerated).toMatchObject({ narration: true });
    const first = e2e.node.ctx.videos.scenes(text.body.id)[0]!;
    expect(first.narration).toBe(opening.narration!.replace(said, 'How the tides turn'));
    expect(first.narration_audio).toContain(`videos/${text.body.id}/audio/`);

    const language = await e2e.request('POST', `/v1/videos/${created.body.id}/edit`, { prompt: 'narrate in German' });
    expect(language.status).toBe(400);
    expect(language.body.error.message).toMatch(/translated/);
    expect(JSON.stringify(e2e.node.ctx.videos.get(created.body.id))).toBe(sourceRow);
  }, 240_000);
});

