import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adjustCredits } from '../../../src/accounts/accounts.js';
import { createApiKey } from '../../../src/accounts/api-keys.js';
import { registerClient } from '../../../src/oauth/clients.js';
import { grantConnection } from '../../../src/oauth/connections.js';
import { bearer, createTestApp, createTestNode, snapshotDatabase, type TestNode } from '../../helpers/test-node.js';
import { fakeAppDist, passwordAccount, signIn } from './app-helpers.js';

const PROMPT = 'How bees make honey: foragers collect nectar, house bees fan it dry, wax caps seal it.';

describe('extension endpoints the web app uses', () => {
  let node: TestNode;
  let app: FastifyInstance;
  let dist: string;
  let hits = 0;
  let server: Server;
  let serverUrl: string;
  beforeAll(async () => {
    node = createTestNode({ allowPrivateUrls: true });
    dist = fakeAppDist();
    app = await createTestApp(node.ctx, { app: { distDir: dist } });
    server = createServer((_request, response) => {
      hits += 1;
      response.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(10));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app.close();
    server.close();
    node.cleanup();
    rmSync(dist, { recursive: true, force: true });
  });

  describe('POST /v1/videos/estimate', () => {
    const body = { prompt: PROMPT, duration: 40, narration: true, music: true, ai_video: 'on', aspect_ratio: '9:16' };

    it('answers the estimated_credits and breakdown the 202 of the same body quotes, and writes nothing', async () => {
      const account = await passwordAccount(node.ctx);
      const key = createApiKey(node.ctx, { accountId: account.id }).key;
      const before = snapshotDatabase(node.ctx);
      const estimate = await app.inject({ method: 'POST', url: '/v1/videos/estimate', headers: bearer(key), payload: body });
      expect(estimate.statusCode, estimate.body).toBe(200);
      expect(snapshotDatabase(node.ctx)).toEqual(before);
      const created = await app.inject({ method: 'POST', url: '/v1/videos', headers: bearer(key), payload: body });
      expect(created.statusCode, created.body).toBe(202);
      expect(estimate.json()).toEqual({ estimated_credits: created.json().estimated_credits, estimate_breakdown: created.json().estimate_breakdown });
      expect(estimate.json().estimated_credits).toBeGreaterThan(10);
    });

    it('works from the app with the cookie and CSRF token', async () => {
      const account = await passwordAccount(node.ctx);
      const browser = await signIn(app, account.email);
      const refused = await app.inject({ method: 'POST', url: '/v1/videos/estimate', headers: { cookie: browser.cookie }, payload: body });
      expect(refused.statusCode).toBe(403);
      const estimate = await app.inject({ method: 'POST', url: '/v1/videos/estimate', headers: { cookie: browser.cookie, 'x-csrf-token': browser.csrf }, payload: body });
      expect(estimate.statusCode, estimate.body).toBe(200);
    });

    it('refuses what create refuses, with the same error', async () => {
      const key = createApiKey(node.ctx, { accountId: (await passwordAccount(node.ctx)).id }).key;
      for (const bad of [{ prompt: PROMPT, duration: 500 }, { prompt: PROMPT, model: 'model-1', narration: true }, { prompt: PROMPT, brand_kit_id: 'kit_nope' }, { prompt: '' }]) {
        const estimate = await app.inject({ method: 'POST', url: '/v1/videos/estimate', headers: bearer(key), payload: bad });
        const create = await app.inject({ method: 'POST', url: '/v1/videos', headers: bearer(key), payload: bad });
        expect(estimate.statusCode, JSON.stringify(bad)).toBe(400);
        expect(estimate.json(), JSON.stringify(bad)).toEqual(create.json());
      }
    });

    it('checks attachment URLs for form only and fetches none', async () => {
      const key = createApiKey(node.ctx, { accountId: (await passwordAccount(node.ctx)).id }).key;
      const before = snapshotDatabase(node.ctx);
      const estimate = await app.inject({ method: 'POST', url: '/v1/videos/estimate', headers: bearer(key), payload: { prompt: PROMPT, images: [{ url: `${serverUrl}/a.png` }] } });
      expect(estimate.statusCode, estimate.body).toBe(200);
      expect(hits).toBe(0);
      expect(snapshotDatabase(node.ctx)).toEqual(before);
      const malformed = await app.inject({ method: 'POST', url: '/v1/videos/estimate', headers: bearer(key), payload: { prompt: PROMPT, images: [{ url: 'ftp://example.com/a.png' }] } });
      expect(malformed.statusCode).toBe(400);
    });
  });

  describe('GET /v1/account/ledger', () => {
    it('pages the account\'s entries newest first with next_cursor, in credits', async () => {
      const account = await passwordAccount(node.ctx, 'ultimate', undefined, 50);
      for (let i = 1; i <= 4; i += 1) adjustCredits(node.ctx, account.id, i === 3 ? -2.5 : i, `step ${i}`);
      const other = await passwordAccount(node.ctx);
      adjustCredits(node.ctx, other.id, 7, 'not yours');
      const key = createApiKey(node.ctx, { accountId: account.id }).key;
      const first = await app.inject({ method: 'GET', url: '/v1/account/ledger?limit=3', headers: bearer(key) });
      expect(first.statusCode, first.body).toBe(200);
      const page1 = first.json();
      expect(page1.entries.map((entry: { reason: string }) => entry.reason)).toEqual(['step 4', 'step 3', 'step 2']);
      expect(page1.entries[1]).toEqual({ id: expect.any(Number), kind: 'adjustment', credits: -2.5, reason: 'step 3', reference: null, created_at: expect.any(String) });
      expect(page1.next_cursor).toEqual(expect.any(String));
      const second = await app.inject({ method: 'GET', url: `/v1/account/ledger?limit=3&cursor=${page1.next_cursor}`, headers: bearer(key) });
      expect(second.json().entries.map((entry: { reason: string; credits: number }) => [entry.reason, entry.credits])).toEqual([['step 1', 1], [expect.any(String), 50]]);
      expect(second.json().next_cursor).toBeNull();
    });

    it('refuses a bad cursor or limit with 400', async () => {
      const key = createApiKey(node.ctx, { accountId: (await passwordAccount(node.ctx)).id }).key;
      expect((await app.inject({ method: 'GET', url: '/v1/account/ledger?cursor=bm9wZQ', headers: bearer(key) })).statusCode).toBe(400);
      expect((await app.inject({ method: 'GET', url: '/v1/account/ledger?limit=0', headers: bearer(key) })).statusCode).toBe(400);
    });
  });

  describe('OAuth connections', () => {
    async function connect(accountId: string, name: string): Promise<string> {
      const client = registerClient(node.ctx, { client_name: name, redirect_uris: ['http://127.0.0.1:5555/cb'], token_endpoint_auth_method: 'none' });
      return node.ctx.db.transaction(() =>
        grantConnection(node.ctx, { clientId: client.client_id, accountId, scopes: ['read'], resource: 'http://127.0.0.1/mcp' }, new Date().toISOString()),
      )();
    }

    it('lists the account\'s live connections and revokes one with 204 (gone from the list); another account\'s is 404', async () => {
      const account = await passwordAccount(node.ctx);
      const other = await passwordAccount(node.ctx);
      const desk = await connect(account.id, 'Desk Agent');
      const theirs = await connect(other.id, 'Their Agent');
      const browser = await signIn(app, account.email);
      const list = await app.inject({ method: 'GET', url: '/v1/account/connections', headers: { cookie: browser.cookie } });
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json()).toEqual({ connections: [{ id: desk, client_name: 'Desk Agent', scopes: ['read'], created_at: expect.any(String) }] });

      const csrf = { cookie: browser.cookie, 'x-csrf-token': browser.csrf };
      const foreign = await app.inject({ method: 'DELETE', url: `/v1/account/connections/${theirs}`, headers: csrf });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().error.code).toBe('not_found');
      expect(node.ctx.db.prepare('SELECT revoked_at FROM oauth_connections WHERE id = ?').pluck().get(theirs)).toBeNull();
      expect((await app.inject({ method: 'DELETE', url: `/v1/account/connections/${desk}`, headers: { cookie: browser.cookie } })).statusCode).toBe(403);

      const revoked = await app.inject({ method: 'DELETE', url: `/v1/account/connections/${desk}`, headers: csrf });
      expect(revoked.statusCode).toBe(204);
      expect((await app.inject({ method: 'GET', url: '/v1/account/connections', headers: { cookie: browser.cookie } })).json()).toEqual({ connections: [] });
      expect((await app.inject({ method: 'DELETE', url: '/v1/account/connections/con_missing', headers: csrf })).statusCode).toBe(404);
    });
  });

  it('documents the extension endpoints in OpenAPI', async () => {
    const key = createApiKey(node.ctx, { accountId: (await passwordAccount(node.ctx)).id }).key;
    const doc = (await app.inject({ method: 'GET', url: '/v1/openapi.json', headers: bearer(key) })).json();
    expect(doc.paths['/v1/videos/estimate'].post.responses['200'].content['application/json'].schema.required).toEqual(['estimated_credits', 'estimate_breakdown']);
    expect(doc.paths['/v1/account/ledger'].get.parameters.map((p: { name: string }) => p.name)).toEqual(['limit', 'cursor']);
    expect(doc.paths['/v1/account/connections'].get.summary).toMatch(/OAuth/);
    expect(doc.paths['/v1/account/connections/{id}'].delete.responses['204']).toBeDefined();
    expect(doc.components.schemas.Error.properties.error.properties.code.enum).toContain('csrf_failed');
  });
});
