import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NodeContext } from '../../../src/node-context.js';
import { createVideoBody } from '../../../src/pipeline/create/create-video-schema.js';
import { infographicSettings } from '../../../src/pipeline/infographics/infographic-settings.js';
import { resolveTheme } from '../../../src/pipeline/theme/resolve-theme.js';
import { createVideo } from '../../../src/pipeline/videos/create-video.js';
import { newId, nowIso } from '../../../src/store/ids.js';
import type { SceneRow } from '../../../src/store/videos-store.js';
import { bearer, createAccountWithKey, createTestApp, createTestNode, snapshotDatabase, type TestNode } from '../../helpers/test-node.js';

const THEME = resolveTheme({ prompt: 'bees', animationStyle: 'plain' });
const CODE = 'module.exports.default = function Hive() { return null; };';
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const M4A = Buffer.from('0000001c667479704d344120', 'hex');

function scene(videoId: string, position: number, changes: Partial<SceneRow>): SceneRow {
  return {
    id: `scn_${videoId}_${position}`, video_id: videoId, position, title: `Scene ${position}`, role: 'body', kind: 'title',
    duration_seconds: 2.5, settings: '{}', source: null, compiled: null, writer: null, committed_at: null,
    narration: null, narration_audio: null, narration_seconds: null, narration_words: null, audit: null, authoring: null,
    ...changes,
  };
}

function writeFile(ctx: NodeContext, relative: string, bytes: Buffer): void {
  mkdirSync(path.dirname(path.join(ctx.filesDir, relative)), { recursive: true });
  writeFileSync(path.join(ctx.filesDir, relative), bytes);
}

describe('GET /v1/videos/{id}/preview', () => {
  let node: TestNode;
  let app: FastifyInstance;
  let key: string;
  let otherKey: string;

  beforeAll(async () => {
    node = createTestNode();
    app = await createTestApp(node.ctx, { rateLimit: { now: (() => { let t = 0; return () => (t += 61_000); })() } });
    otherKey = (await createAccountWithKey(node.ctx)).key.key;
  });
  afterAll(async () => {
    await app.close();
    node.cleanup();
  });

  /** A queued job of a fresh account (at most five jobs of an account are in flight); `key` becomes that account's. */
  async function newJob(): Promise<string> {
    const mine = await createAccountWithKey(node.ctx);
    key = mine.key.key;
    const principal = { account: node.ctx.accounts.get(mine.account.id)!, key: null };
    const answer = await createVideo(node.ctx, principal, createVideoBody.parse({ prompt: 'How bees make honey: foragers collect nectar, house bees fan it dry, wax caps seal it.' }), { enqueue: () => undefined });
    return answer.body.id as string;
  }

  /** A job with a plan: scene 0 committed (naming the logo asset), scene 1 still being written. */
  async function plannedJob(): Promise<string> {
    const id = await newJob();
    writeFile(node.ctx, `videos/${id}/assets/logo.png`, PNG);
    writeFile(node.ctx, `videos/${id}/assets/unused.png`, PNG);
    const plan = { title: 'Bees', theme: THEME, assets: { 'image-0': `videos/${id}/assets/logo.png`, 'image-1': `videos/${id}/assets/unused.png` } };
    node.ctx.videos.update(id, { status: 'processing', phase: 'generating', plan: JSON.stringify(plan), scenes_planned: 2, scenes_committed: 1 });
    node.ctx.videos.insertScene(scene(id, 1, { title: 'The dance', duration_seconds: 3 }));
    node.ctx.videos.insertScene(scene(id, 0, { title: 'The hive', settings: JSON.stringify({ headline: 'Inside the hive', logo: 'image-0' }), source: 'src', compiled: CODE, writer: 'embedded', committed_at: nowIso() }));
    return id;
  }

  const get = (url: string, as = key) => app.inject({ method: 'GET', url, headers: bearer(as) });

  it('gives committed scenes their compiled code and uncommitted ones their title and length, in order', async () => {
    const id = await plannedJob();
    const response = await get(`/v1/videos/${id}/preview`);
    expect(response.statusCode).toBe(200);
    const preview = response.json();
    const row = node.ctx.videos.get(id)!;
    expect(preview).toMatchObject({ video_id: id, status: 'processing', width: row.width, height: row.height, fps: row.fps });
    expect(preview.scenes.map((s: { title: string }) => s.title)).toEqual(['The hive', 'The dance']);
    const [first, second] = preview.scenes;
    expect(first).toMatchObject({ position: 0, committed: true, code: CODE, theme: THEME, settings: { headline: 'Inside the hive', logo: 'image-0' } });
    expect(first.duration_in_frames).toBe(Math.round(2.5 * row.fps));
    expect(second).toMatchObject({ position: 1, committed: false, duration_in_frames: 3 * row.fps });
    expect(second).not.toHaveProperty('code');
    // Only the assets the scene names travel, as links, never as data URLs.
    expect(Object.keys(first.assets)).toEqual(['image-0']);
    expect(first.assets['image-0']).toBe(`${new URL(first.assets['image-0']).origin}/files/videos/${id}/assets/logo.png${new URL(first.assets['image-0']).search}`);
    expect(first.assets['image-0']).toMatch(/\?expires=\d+&sig=[\w-]{43}$/);
    expect(second.assets).toEqual({});
    expect(preview).not.toHaveProperty('soundtrack_url');
    expect(preview).not.toHaveProperty('video_url');
  });

  it('signs asset links for about an hour, and the /files route serves them with their type', async () => {
    const id = await plannedJob();
    const before = Math.floor(Date.now() / 1000);
    const link = new URL((await get(`/v1/videos/${id}/preview`)).json().scenes[0].assets['image-0']);
    const expires = Number(link.searchParams.get('expires'));
    expect(expires - before).toBeGreaterThanOrEqual(3599);
    expect(expires - before).toBeLessThanOrEqual(3601);
    const file = await app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(PNG)).toBe(true);
    link.searchParams.set('sig', 'x'.repeat(43));
    expect((await app.inject({ method: 'GET', url: link.pathname + link.search })).statusCode).toBe(403);
  });

  it('adds the soundtrack once mixed and the MP4 once rendered, both served by /files', async () => {
    const id = await plannedJob();
    writeFile(node.ctx, `videos/${id}/audio/soundtrack.m4a`, M4A);
    node.ctx.videos.update(id, { soundtrack_path: `videos/${id}/audio/soundtrack.m4a` });
    const mixed = (await get(`/v1/videos/${id}/preview`)).json();
    expect(mixed).not.toHaveProperty('video_url');
    const audio = new URL(mixed.soundtrack_url);
    const served = await app.inject({ method: 'GET', url: audio.pathname + audio.search });
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'audio/mp4']);

    writeFile(node.ctx, `videos/${id}/video.mp4`, Buffer.from('mp4 bytes'));
    node.ctx.videos.update(id, { status: 'completed', output_path: `videos/${id}/video.mp4`, finished_at: nowIso() });
    const done = (await get(`/v1/videos/${id}/preview`)).json();
    const video = new URL(done.video_url);
    const mp4 = await app.inject({ method: 'GET', url: video.pathname + video.search });
    expect([mp4.statusCode, mp4.headers['content-type'], mp4.body]).toEqual([200, 'video/mp4', 'mp4 bytes']);
  });

  it('makes links on the origin the caller reached the node at', async () => {
    const id = await plannedJob();
    const response = await app.inject({ method: 'GET', url: `/v1/videos/${id}/preview`, headers: { ...bearer(key), host: 'localhost:8080' } });
    expect(response.json().scenes[0].assets['image-0']).toMatch(/^http:\/\/localhost:8080\/files\//);
    const stranger = await app.inject({ method: 'GET', url: `/v1/videos/${id}/preview`, headers: { ...bearer(key), host: 'evil.example:8080' } });
    expect(stranger.json().scenes[0].assets['image-0']).toMatch(/^http:\/\/127\.0\.0\.1:8080\/files\//);
  });

  it('answers 409 not_ready before the plan exists, changing nothing', async () => {
    const id = await newJob();
    const before = snapshotDatabase(node.ctx);
    const response = await get(`/v1/videos/${id}/preview`);
    expect([response.statusCode, response.json().error.code]).toEqual([409, 'not_ready']);
    expect(snapshotDatabase(node.ctx)).toEqual(before);
  });

  it('answers 404 for another account\'s job and for a missing one', async () => {
    const id = await plannedJob();
    for (const [url, as] of [[`/v1/videos/${id}/preview`, otherKey], ['/v1/videos/vid_missing/preview', key]] as const) {
      const response = await get(url, as);
      expect([response.statusCode, response.json().error.code]).toEqual([404, 'not_found']);
    }
  });

  it('answers 401 without credentials', async () => {
    const id = await plannedJob();
    expect((await app.inject({ method: 'GET', url: `/v1/videos/${id}/preview` })).statusCode).toBe(401);
  });
});

describe('GET /v1/infographics/{id}/versions/{versionId}/preview', () => {
  let node: TestNode;
  let app: FastifyInstance;
  let key: string;
  let accountId: string;
  let otherKey: string;

  beforeAll(async () => {
    node = createTestNode();
    app = await createTestApp(node.ctx, { rateLimit: { now: (() => { let t = 0; return () => (t += 61_000); })() } });
    const mine = await createAccountWithKey(node.ctx);
    key = mine.key.key;
    accountId = mine.account.id;
    otherKey = (await createAccountWithKey(node.ctx)).key.key;
  });
  afterAll(async () => {
    await app.close();
    node.cleanup();
  });

  function insertVersion(status: 'ready' | 'generating'): { projectId: string; versionId: string; settings: Record<string, unknown> } {
    const projectId = newId('ifg');
    const versionId = newId('ifv');
    const { settings, schema } = infographicSettings({ headline: 'How teams ship', visual: 'bar', items: [{ label: 'Weekly', value: 62 }], unit: '%' }, THEME);
    const logo = `infographics/${projectId}/assets/logo.png`;
    writeFile(node.ctx, logo, PNG);
    const now = nowIso();
    node.ctx.infographics.insertProject({ id: projectId, account_id: accountId, api_key_id: null, prompt: 'teams', options: '{}', webhook_url: null, created_at: now });
    node.ctx.infographics.insertVersion({
      id: versionId, project_id: projectId, number: 1, status, width: 640, height: 360, duration_seconds: 4,
      content: '{}', theme: JSON.stringify(THEME), assets: JSON.stringify({ logo }), settings: JSON.stringify(settings), settings_schema: JSON.stringify(schema),
      source: status === 'ready' ? 'src' : null, compiled: status === 'ready' ? CODE : null, writer: 'embedded', audit: null,
      charge_millicredits: 2000, error_code: null, error_message: null, created_at: now, finished_at: status === 'ready' ? now : null,
    });
    return { projectId, versionId, settings };
  }

  it('gives a ready version\'s code, theme, settings, size, length and signed asset links', async () => {
    const { projectId, versionId, settings } = insertVersion('ready');
    const response = await app.inject({ method: 'GET', url: `/v1/infographics/${projectId}/versions/${versionId}/preview`, headers: bearer(key) });
    expect(response.statusCode).toBe(200);
    const preview = response.json();
    expect(preview).toMatchObject({ versionId, width: 640, height: 360, fps: 30, durationInFrames: 120, code: CODE, theme: THEME, settings });
    const link = new URL(preview.assets.logo);
    const file = await app.inject({ method: 'GET', url: link.pathname + link.search });
    expect([file.statusCode, file.headers['content-type']]).toEqual([200, 'image/png']);
  });

  it('answers 409 not_ready for a version still generating, and 404 for another account', async () => {
    const generating = insertVersion('generating');
    const busy = await app.inject({ method: 'GET', url: `/v1/infographics/${generating.projectId}/versions/${generating.versionId}/preview`, headers: bearer(key) });
    expect([busy.statusCode, busy.json().error.code]).toEqual([409, 'not_ready']);
    const ready = insertVersion('ready');
    const theirs = await app.inject({ method: 'GET', url: `/v1/infographics/${ready.projectId}/versions/${ready.versionId}/preview`, headers: bearer(otherKey) });
    expect([theirs.statusCode, theirs.json().error.code]).toEqual([404, 'not_found']);
  });
});
