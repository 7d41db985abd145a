import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { summarizeAccount } from '../../src/accounts/accounts.js';
import type { NodeContext } from '../../src/node-context.js';
import type { InfographicRenders } from '../../src/pipeline/infographics/infographic-renders.js';
import { infographicSettings } from '../../src/pipeline/infographics/infographic-settings.js';
import { resolveTheme } from '../../src/pipeline/theme/resolve-theme.js';
import { RenderPool } from '../../src/render/render-pool.js';
import { newId } from '../../src/store/ids.js';
import { bearer, createAccountWithKey, createTestApp, createTestNode, snapshotDatabase, type TestNode } from '../helpers/test-node.js';

/** A ready project with one version, written straight to the store (no render needed). */
function insertProject(ctx: NodeContext, accountId: string, createdAt = new Date().toISOString(), options = '{}'): { projectId: string; versionId: string } {
  const projectId = newId('ifg');
  const versionId = newId('ifv');
  const theme = resolveTheme({ prompt: 'teams', animationStyle: 'plain' });
  const { settings, schema } = infographicSettings({ headline: 'How teams ship', visual: 'bar', items: [{ label: 'Weekly', value: 62 }, { label: 'Daily', value: 48 }], unit: '%' }, theme);
  ctx.infographics.insertProject({ id: projectId, account_id: accountId, api_key_id: null, prompt: `prompt of ${projectId}`, options, webhook_url: null, created_at: createdAt });
  ctx.infographics.insertVersion({
    id: versionId, project_id: projectId, number: 1, status: 'ready', width: 320, height: 180, duration_seconds: 2,
    content: '{}', theme: JSON.stringify(theme), assets: '{}', settings: JSON.stringify(settings), settings_schema: JSON.stringify(schema),
    source: 'export default () => null', compiled: 'module.exports.default = () => null', writer: 'embedded', audit: null,
    charge_millicredits: 2000, error_code: null, error_message: null, created_at: createdAt, finished_at: createdAt,
  });
  return { projectId, versionId };
}

describe('infographics API without rendering', () => {
  let node: TestNode;
  let app: FastifyInstance;
  let key: string;
  let accountId: string;
  let otherKey: string;
  let otherAccountId: string;
  const enqueued: string[] = [];
  const json = { 'content-type': 'application/json' };

  beforeAll(async () => {
    node = createTestNode();
    const renders = { enqueue: (id: string) => enqueued.push(id) } as unknown as InfographicRenders;
    app = await createTestApp(node.ctx, { services: { pool: new RenderPool(), infographics: renders, cacheDir: node.dataDir }, rateLimit: { now: (() => { let t = 0; return () => (t += 61_000); })() } });
    const mine = await createAccountWithKey(node.ctx, 'ultimate', 100);
    key = mine.key.key;
    accountId = mine.account.id;
    const other = await createAccountWithKey(node.ctx, 'ultimate', 100);
    otherKey = other.key.key;
    otherAccountId = other.account.id;
  });
  afterAll(async () => {
    await app.close();
    node.cleanup();
  });

  const post = (url: string, body: unknown, as = key) => app.inject({ method: 'POST', url, headers: { ...bearer(as), ...json }, payload: JSON.stringify(body) });

  it.each([
    ['a document with a mime type outside the three', { prompt: 'p', documents: [{ url: 'https://example.com/a.docx', mimeType: 'application/msword' }] }, 'documents.0.mimeType'],
    ['a document over plain http', { prompt: 'p', documents: [{ url: 'http://example.com/data.csv', mimeType: 'text/csv' }] }, 'documents[0].url: must be an https URL'],
    ['a snake_case field (this resource is camelCase)', { prompt: 'p', animation_style: 'plain' }, 'animation_style'],
    ['an unknown style', { prompt: 'p', animationStyle: 'glitter' }, 'animationStyle: unknown style "glitter"'],
    ['a font the kit does not ship', { prompt: 'p', brandSettings: { headingFont: 'Comic Sans MS' } }, 'brandSettings.headingFont'],
    ['a visual style other than 2d or 3d', { prompt: 'p', brandSettings: { visualStyle: 'isometric' } }, 'brandSettings.visualStyle'],
    ['a webhook over plain http', { prompt: 'p', webhookUrl: 'http://example.com/hook' }, 'webhookUrl: must be an https URL'],
    ['odd dimensions', { prompt: 'p', dimensions: { width: 321, height: 180 } }, 'dimensions.width'],
    ['21 images', { prompt: 'p', images: Array.from({ length: 21 }, (_, i) => ({ url: `https://example.com/${i}.png` })) }, 'images'],
    ['6 documents', { prompt: 'p', documents: Array.from({ length: 6 }, (_, i) => ({ url: `https://example.com/${i}.csv`, mimeType: 'text/csv' })) }, 'documents'],
    ['no prompt', { dimensions: { width: 320, height: 180 } }, 'prompt'],
  ])('refuses %s with a 400 naming the field and writes nothing', async (_name, body, mentions) => {
    const before = snapshotDatabase(node.ctx);
    const response = await post('/v1/infographics/generate', body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'invalid_request', status: 400 });
    expect(response.json().error.message).toContain(mentions);
    expect(snapshotDatabase(node.ctx)).toEqual(before);
  });

  it('refuses a generate the balance cannot pay with a 402 and writes nothing', async () => {
    const poor = await createAccountWithKey(node.ctx, 'ultimate', 1);
    const before = snapshotDatabase(node.ctx);
    const response = await post('/v1/infographics/generate', { prompt: '62% of teams ship weekly' }, poor.key.key);
    expect(response.statusCode).toBe(402);
    expect(response.json().error.message).toBe('generating an infographic costs 2 credits; the balance is 1');
    expect(snapshotDatabase(node.ctx)).toEqual(before);
  });

  describe('render requests', () => {
    it('queues a render with settingsValues: 202 in camelCase, one credit charged, the settings resolved', async () => {
      const { projectId, versionId } = insertProject(node.ctx, accountId);
      const balance = summarizeAccount(node.ctx, accountId).balance;
      const response = await post(`/v1/infographics/${projectId}/render`, { versionId, fps: 24, settingsValues: { headline: 'Shipping in 2025', primaryColor: '#E11D48' } });
      expect(response.statusCode, response.body).toBe(202);
      const body = response.json();
      expect(body).toEqual({ renderId: expect.stringMatching(/^rnd_/), projectId, versionId, status: 'queued' });
      expect(enqueued).toContain(body.renderId);
      expect(summarizeAccount(node.ctx, accountId).balance).toBe(balance - 1);
      const render = await app.inject({ method: 'GET', url: `/v1/infographics/${projectId}/renders/${body.renderId}`, headers: bearer(key) });
      expect(render.json()).toMatchObject({ status: 'queued', fps: 24, dimensions: { width: 320, height: 180 }, duration: 2, settingsValues: { headline: 'Shipping in 2025', primaryColor: '#E11D48' } });
      expect(render.json().settings).toMatchObject({ headline: 'Shipping in 2025', primaryColor: '#E11D48', item1Label: 'Weekly' });
      // The version itself is unchanged by a render's settings.
      const version = await app.inject({ method: 'GET', url: `/v1/infographics/${projectId}/versions/${versionId}`, headers: bearer(key) });
      expect(version.json().settings.headline).toBe('How teams ship');
    });

    it.each([
      ['an unknown settings key', { settingsValues: { title: 'x' } }, 400, 'settingsValues.title: unknown setting'],
      ['a color that is not hex', { settingsValues: { primaryColor: 'crimson' } }, 400, 'settingsValues.primaryColor: must be a hex color'],
      ['a number for a text', { settingsValues: { headline: 7 } }, 400, 'settingsValues.headline: must be a string'],
      ['a text for a number', { settingsValues: { item1Value: 'many' } }, 400, 'settingsValues.item1Value: must be a number'],
      ['an fps of 0', { fps: 0 }, 400, 'fps'],
      ['an http webhook', { webhookUrl: 'http://example.com/x' }, 400, 'webhookUrl: must be an https URL'],
    ])('refuses %s: nothing written, nothing charged, no render started', async (_name, extra, status, mentions) => {
      const { projectId, versionId } = insertProject(node.ctx, accountId);
      const before = snapshotDatabase(node.ctx);
      const queued = enqueued.length;
      const response = await post(`/v1/infographics/${projectId}/render`, { versionId, ...extra });
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().error.message).toContain(mentions);
      expect(snapshotDatabase(node.ctx)).toEqual(before);
      expect(enqueued.length).toBe(queued);
    });

    it('renders a project that asked for no duration for as long as each render\'s own text takes to read, 15 s at least; an asked duration stays', async () => {
      const longText = {
        headline: 'Where the engineering budget went across the departments that build and run the platform',
        subheadline: 'Infrastructure and customer-facing teams took the largest share of spending, while internationalization was paused for the whole year pending the new localization strategy',
      };
      const durationOf = async (projectId: string, versionId: string, settingsValues: Record<string, string>) => {
        const response = await post(`/v1/infographics/${projectId}/render`, { versionId, settingsValues });
        expect(response.statusCode, response.body).toBe(202);
        const render = await app.inject({ method: 'GET', url: `/v1/infographics/${projectId}/renders/${response.json().renderId}`, headers: bearer(key) });
        return render.json().duration as number;
      };
      const following = insertProject(node.ctx, accountId, undefined, JSON.stringify({ duration: 15, durationFollowsText: true }));
      expect(await durationOf(following.projectId, following.versionId, {})).toBe(15);
      // 14 + 24 words and the two labels: 1 s + 40 × 0.3 s = 13 s is still under 15; a source line takes it over.
      expect(await durationOf(following.projectId, following.versionId, longText)).toBe(15);
      expect(await durationOf(following.projectId, following.versionId, { ...longText, source: 'Source: budget-2024.xlsx, sheet Engineering, rows 4–9, figures audited by the finance team in January' })).toBe(19);
      // A project that asked for its length keeps it, whatever the text.
      const asked = insertProject(node.ctx, accountId, undefined, JSON.stringify({ duration: 2 }));
      expect(await durationOf(asked.projectId, asked.versionId, longText)).toBe(2);
    });

    it('answers 404 for a version of another project or another account, and for another account\'s project', async () => {
      const mine = insertProject(node.ctx, accountId);
      const mineToo = insertProject(node.ctx, accountId);
      const theirs = insertProject(node.ctx, otherAccountId);
      const before = snapshotDatabase(node.ctx);
      for (const [projectId, versionId, as] of [
        [mine.projectId, mineToo.versionId, key],
        [mine.projectId, theirs.versionId, key],
        [theirs.projectId, theirs.versionId, key],
        [mine.projectId, mine.versionId, otherKey],
        ['ifg_missing', mine.versionId, key],
      ] as const) {
        const response = await post(`/v1/infographics/${projectId}/render`, { versionId }, as);
        expect(response.statusCode).toBe(404);
        expect(response.json().error.code).toBe('not_found');
      }
      expect((await app.inject({ method: 'GET', url: `/v1/infographics/${theirs.projectId}`, headers: bearer(key) })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: `/v1/infographics/${mine.projectId}/versions/${theirs.versionId}`, headers: bearer(key) })).statusCode).toBe(404);
      expect(snapshotDatabase(node.ctx)).toEqual(before);
    });

    it('refuses a render the balance cannot pay with a 402', async () => {
      const poor = await createAccountWithKey(node.ctx, 'ultimate', 0);
      const { projectId, versionId } = insertProject(node.ctx, poor.account.id);
      const before = snapshotDatabase(node.ctx);
      const response = await post(`/v1/infographics/${projectId}/render`, { versionId }, poor.key.key);
      expect(response.statusCode).toBe(402);
      expect(snapshotDatabase(node.ctx)).toEqual(before);
    });
  });

  describe('the project list', () => {
    it('returns every project exactly once across pages, newest first, ties broken by id', async () => {
      const lister = await createAccountWithKey(node.ctx, 'ultimate', 10);
      // Eight projects over five instants: several share a created_at.
      const instants = ['2026-01-01T00:00:00.000Z', '2026-01-02T00:00:00.000Z', '2026-01-02T00:00:00.000Z', '2026-01-02T00:00:00.000Z', '2026-01-03T00:00:00.000Z', '2026-01-04T00:00:00.000Z', '2026-01-04T00:00:00.000Z', '2026-01-05T00:00:00.000Z'];
      const ids = instants.map((at) => insertProject(node.ctx, lister.account.id, at).projectId);
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const response = await app.inject({ method: 'GET', url: `/v1/infographics?limit=3${cursor ? `&cursor=${cursor}` : ''}`, headers: bearer(lister.key.key) });
        expect(response.statusCode).toBe(200);
        const page = response.json() as { projects: { projectId: string; createdAt: string; latestVersionId: string }[]; nextCursor: string | null };
        expect(page.projects.length).toBeLessThanOrEqual(3);
        for (const project of page.projects) expect(project.latestVersionId).toMatch(/^ifv_/);
        seen.push(...page.projects.map((project) => project.projectId));
        cursor = page.nextCursor;
        pages += 1;
      } while (cursor);
      expect(pages).toBe(3);
      expect(seen).toHaveLength(ids.length);
      expect(new Set(seen)).toEqual(new Set(ids));
      const order = seen.map((id) => node.ctx.infographics.getProject(id)!);
      for (let i = 1; i < order.length; i += 1) {
        const [a, b] = [order[i - 1]!, order[i]!];
        expect(a.created_at > b.created_at || (a.created_at === b.created_at && a.id > b.id)).toBe(true);
      }
      const defaults = await app.inject({ method: 'GET', url: '/v1/infographics', headers: bearer(lister.key.key) });
      expect(defaults.json().projects).toHaveLength(8);
      expect(defaults.json().nextCursor).toBeNull();
    });

    it('refuses a cursor that is not one of the caller\'s projects, and a limit over 100', async () => {
      const theirs = insertProject(node.ctx, otherAccountId);
      for (const url of [`/v1/infographics?cursor=${theirs.projectId}`, '/v1/infographics?cursor=ifg_nope', '/v1/infographics?limit=101']) {
        const response = await app.inject({ method: 'GET', url, headers: bearer(key) });
        expect(response.statusCode).toBe(400);
        expect(response.json().error.code).toBe('invalid_request');
      }
    });
  });
});
