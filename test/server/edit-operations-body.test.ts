// POST /v1/videos/{id}/edit with `operations` (the extension the app's scene editor sends), the
// source's edits listed by GET /v1/videos?parent_id=, and the picture library's search, GET /v1/pictures.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/accounts/api-keys.js';
import { newId, nowIso } from '../../src/store/ids.js';
import { bearer, createAccountWithKey, createTestApp, createTestNode, snapshotDatabase, type TestNode } from '../helpers/test-node.js';

let node: TestNode;
let app: FastifyInstance;
let key: string;
let accountId: string;

beforeAll(async () => {
  node = createTestNode();
  app = await createTestApp(node.ctx);
});
// An account of its own for each test: edit jobs stay queued here (no engine), and an account has at most a few in flight.
beforeEach(async () => {
  const created = await createAccountWithKey(node.ctx);
  key = created.key.key;
  accountId = created.account.id;
});
afterAll(async () => {
  await app.close();
  node.cleanup();
});

const request = (method: 'GET' | 'POST', url: string, payload?: unknown) => app.inject({ method, url, headers: bearer(key), ...(payload === undefined ? {} : { payload: payload as object }) });

/** The three scenes of the finished source: a title with a picture, a list, a closing card; 5 s each. */
const SOURCE_SCENES = [
  { kind: 'title', title: 'Honey bees', settings: { title: 'Honey bees', subtitle: 'How a hive works', picture: 'fluent-emoji-flat:honeybee' } },
  { kind: 'bullets', title: 'Inside the hive', settings: { heading: 'Inside the hive', items: ['Queen', 'Workers', 'Drones'] } },
  { kind: 'cta', title: 'Visit a beekeeper', settings: { message: 'Visit a beekeeper', action: 'Book a tour' } },
];

/** A finished three-scene video: made through the route, then given a plan and committed scenes as a build leaves them. */
async function finishedSource(): Promise<string> {
  // A key of its own for each source: creates are limited to 5 a minute per key.
  const created = await app.inject({
    method: 'POST',
    url: '/v1/videos',
    headers: bearer(createApiKey(node.ctx, { accountId }).key),
    payload: { prompt: 'Honey bees: how a hive works. Inside the hive. Visit a beekeeper.', duration: 15, narration: false, music: false },
  });
  expect(created.statusCode, created.body).toBe(202);
  const id = (created.json() as { id: string }).id;
  const plan = { title: 'Honey bees', planner: 'embedded', theme: { palette: { primary: '#2563EB', secondary: '#64748B', accent: '#F59E0B', background: '#FFFFFF' }, fonts: { heading: 'Inter', body: 'Inter' } } };
  const now = nowIso();
  SOURCE_SCENES.forEach((scene, position) =>
    node.ctx.videos.insertScene({
      id: newId('scn'), video_id: id, position, title: scene.title, role: position === 0 ? 'hook' : position === 2 ? 'close' : 'body', kind: scene.kind, duration_seconds: 5,
      settings: JSON.stringify(scene.settings), source: `source ${position}`, compiled: `compiled ${position}`, writer: 'kit', authoring: null, committed_at: now,
      narration: null, narration_audio: null, narration_seconds: null, narration_words: null, audit: null,
    }),
  );
  node.ctx.videos.update(id, { status: 'completed', plan: JSON.stringify(plan), scenes_planned: 3, scenes_committed: 3, finished_at: now });
  return id;
}

/** The edit job's scenes as stored: settings parsed, with what each carried over. */
const scenesOf = (id: string) => node.ctx.videos.scenes(id).map((scene) => ({ ...scene, settings: JSON.parse(scene.settings) as Record<string, unknown> }));

describe('POST /v1/videos/{id}/edit with operations', () => {
  it('applies the operations sent alone as a new job that redraws only the scene they change; the others keep their code', async () => {
    const sourceId = await finishedSource();
    const sourceScenes = node.ctx.videos.scenes(sourceId);
    const edited = await request('POST', `/v1/videos/${sourceId}/edit`, { operations: [{ op: 'retext', scene: 2, key: 'items.1', text: 'Foragers' }] });
    expect(edited.statusCode, edited.body).toBe(202);
    const job = (await request('GET', `/v1/videos/${edited.json().id}`)).json();
    expect(job).toMatchObject({ parent_id: sourceId, prompt: 'set the item 2 of scene 2 to "Foragers"' });
    expect(job.edit).toMatchObject({ instruction: 'set the item 2 of scene 2 to "Foragers"', read_by: 'operations', regenerated: [1], reused: [{ position: 0, from: 0 }, { position: 2, from: 2 }] });
    const scenes = scenesOf(edited.json().id);
    expect(scenes[1]!.settings.items).toEqual(['Queen', 'Foragers', 'Drones']);
    expect(scenes[1]!.compiled).toBeNull();
    for (const position of [0, 2]) {
      expect(scenes[position]!.compiled, `scene ${position + 1}`).toBe(sourceScenes[position]!.compiled);
      expect(scenes[position]!.reused_from).toBe(sourceScenes[position]!.id);
    }
  });

  it('applies the prompt and then the operations, as one edit', async () => {
    const sourceId = await finishedSource();
    const edited = await request('POST', `/v1/videos/${sourceId}/edit`, { prompt: 'change the text of scene 1 to Bees at work', operations: [{ op: 'remove_scene', scene: 3 }, { op: 'retime', scene: 2, seconds: 6 }] });
    expect(edited.statusCode, edited.body).toBe(202);
    const job = (await request('GET', `/v1/videos/${edited.json().id}`)).json();
    expect(job.edit).toMatchObject({ instruction: 'change the text of scene 1 to Bees at work', read_by: 'grammar', changes: [expect.stringContaining('Bees at work'), 'remove scene 3', 'make scene 2 6 seconds'] });
    expect(scenesOf(edited.json().id).map((scene) => [scene.title, scene.duration_seconds])).toEqual([['Bees at work', 5], ['Inside the hive', 6]]);
  });

  it('moves scenes with reorder and keeps every scene\'s code when only the order changes', async () => {
    const sourceId = await finishedSource();
    const edited = await request('POST', `/v1/videos/${sourceId}/edit`, { operations: [{ op: 'reorder', scene: 3, to: { position: 'start' } }] });
    expect(edited.statusCode, edited.body).toBe(202);
    const scenes = scenesOf(edited.json().id);
    expect(scenes.map((scene) => scene.title)).toEqual(['Visit a beekeeper', 'Honey bees', 'Inside the hive']);
    expect(scenes.map((scene) => scene.compiled)).toEqual(['compiled 2', 'compiled 0', 'compiled 1']);
  });

  it('sets a picture the picture search offered, by its library id', async () => {
    const sourceId = await finishedSource();
    const found = await request('GET', '/v1/pictures?q=honey+jar');
    expect(found.statusCode, found.body).toBe(200);
    const first = found.json().pictures[0];
    expect(first).toMatchObject({ id: expect.stringMatching(/^[a-z-]+:[a-z0-9-]+$/), chosen: true, svg: expect.stringMatching(/^<svg[\s\S]*<\/svg>$/) });
    const edited = await request('POST', `/v1/videos/${sourceId}/edit`, { operations: [{ op: 'set_picture', scene: 1, picture: first.id }] });
    expect(edited.statusCode, edited.body).toBe(202);
    expect(scenesOf(edited.json().id)[0]!.settings.picture).toBe(first.id);
  });

  it('refuses bad operations with a 400 in the node\'s words, and writes nothing', async () => {
    const sourceId = await finishedSource();
    const before = snapshotDatabase(node.ctx);
    const cases: [unknown, RegExp][] = [
      [{}, /^prompt: say what to change/],
      [{ operations: [] }, /operations: must hold at least one change/],
      [{ operations: 'make it blue' }, /^body\.operations: takes an array of 1 to 50 items, each an object \{ op, scene, key, text \}.*; got the string "make it blue"$/],
      [{ operations: [{ op: 'retext', scene: 9, text: 'Hello' }] }, /^operations: change 1 \(set the text of scene 9 to "Hello"\): scene 9 does not exist; the video has 3 scenes$/],
      [{ operations: [{ op: 'retext', scene: 1, text: 'Hi' }, { op: 'remove_scene', scene: 1 }, { op: 'retext', scene: 1, text: 'Again' }] }, /^operations: change 3 \(.*\): scene 1 is removed earlier in this edit/],
      [{ prompt: 'remove scene 3', operations: [{ op: 'retime', scene: 3, seconds: 4 }] }, /^operations: change 1 \(make scene 3 4 seconds\): scene 3 is removed earlier in this edit/],
      [{ operations: [{ op: 'retime', scene: 1, seconds: 5 }] }, /^operations: the edit changes nothing/],
    ];
    for (const [body, message] of cases) {
      const refused = await request('POST', `/v1/videos/${sourceId}/edit`, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().error.code).toBe('invalid_request');
      expect(refused.json().error.message, JSON.stringify(body)).toMatch(message);
    }
    // An op this node has no such change for, or a value out of range, says which change and what is wrong with it.
    const refusals: [unknown, string][] = [
      [{ operations: [{ op: 'recolour', scene: 1 }] }, 'body.operations.0.op: is no change this node makes; it is one of retext, replace_text, restyle, retime, recolor_text, resize_text, set_length, reorder, swap, remove_scene, add_scene, swap_image, set_picture, set_voice, set_language, set_music, set_sfx, set_narration, regenerate_scene'],
      [{ operations: [{ op: 'restyle', colors: { primary: 'blue' } }] }, 'body.operations.0.colors.primary: must be a hex color (#RRGGBB or #RGB)'],
    ];
    for (const [body, message] of refusals) {
      const refused = await request('POST', `/v1/videos/${sourceId}/edit`, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().error.message).toBe(message);
    }
    expect(snapshotDatabase(node.ctx)).toEqual(before);
  });
});

describe('GET /v1/videos?parent_id=', () => {
  it('lists only the edits made from a video, each saying what it changed', async () => {
    const sourceId = await finishedSource();
    const other = await finishedSource();
    const first = (await request('POST', `/v1/videos/${sourceId}/edit`, { operations: [{ op: 'remove_scene', scene: 2 }] })).json().id;
    const second = (await request('POST', `/v1/videos/${sourceId}/edit`, { prompt: 'swap scenes 1 and 2' })).json().id;
    await request('POST', `/v1/videos/${other}/edit`, { operations: [{ op: 'remove_scene', scene: 1 }] });
    const listed = await request('GET', `/v1/videos?parent_id=${sourceId}`);
    expect(listed.statusCode, listed.body).toBe(200);
    const videos = listed.json().videos as { id: string; parent_id: string; edit: { changes: string[] } }[];
    expect(videos.map((video) => video.id).sort()).toEqual([first, second].sort());
    expect(videos.find((video) => video.id === first)).toMatchObject({ parent_id: sourceId, edit: { changes: ['remove scene 2'] } });
    expect(videos.find((video) => video.id === second)!.edit.changes).toEqual(['swap scenes 1 and 2']);
    // The source itself is no edit: its list item has neither field.
    const all = (await request('GET', '/v1/videos?limit=100')).json().videos as Record<string, unknown>[];
    expect(all.find((video) => video.id === sourceId)).not.toHaveProperty('edit');
  });
});

describe('GET /v1/pictures', () => {
  it('answers the library pictures that fit the words, the one an edit picks first, each with its SVG', async () => {
    const answer = await request('GET', '/v1/pictures?q=lighthouse&limit=4');
    expect(answer.statusCode, answer.body).toBe(200);
    const pictures = answer.json().pictures as { id: string; name: string; kind: string; chosen: boolean; svg: string }[];
    expect(pictures.length).toBeGreaterThan(0);
    expect(pictures.length).toBeLessThanOrEqual(4);
    expect(pictures[0]).toMatchObject({ name: expect.stringContaining('lighthouse'), chosen: true });
    expect(pictures.filter((picture) => picture.chosen)).toHaveLength(1);
    for (const picture of pictures) expect(picture.svg).toMatch(/^<svg /);
    expect((await request('GET', '/v1/pictures?q=qqzzxxy')).json()).toEqual({ pictures: [] });
  });

  it('needs words and a key', async () => {
    const missing = await request('GET', '/v1/pictures');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toMatch(/querystring\.q: is required/);
    expect((await app.inject({ method: 'GET', url: '/v1/pictures?q=bee' })).statusCode).toBe(401);
  });
});
