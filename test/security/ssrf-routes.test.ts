import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/accounts/api-keys.js';
import { RenderPool } from '../../src/render/render-pool.js';
import { bearer, createAccountWithKey, createTestApp, createTestNode, snapshotDatabase, type TestNode } from '../helpers/test-node.js';

/**
 * The node as deployed (no `--allow-private-urls`) with a real HTTP service on its loopback: no
 * spelling of a loopback address in a create request may reach that service.
 */
describe('links to loopback services in create requests', () => {
  let node: TestNode;
  let app: FastifyInstance;
  let internal: Server;
  let port: number;
  let connections = 0;
  let accountId: string;
  const prompt = 'How bees make honey, for a school class: nectar, fanning, wax.';

  beforeAll(async () => {
    node = createTestNode();
    let clock = 0;
    // Each request a minute after the last: these tests are about links, not rate limits.
    app = await createTestApp(node.ctx, { services: { pool: new RenderPool(), cacheDir: node.dataDir }, rateLimit: { now: () => (clock += 61_000) } });
    accountId = (await createAccountWithKey(node.ctx, 'ultimate', 100)).account.id;
    internal = createServer((_request, response) => {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('internal service');
    });
    internal.on('connection', () => (connections += 1));
    await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve));
    port = (internal.address() as AddressInfo).port;
  });
  afterAll(async () => {
    internal.closeAllConnections();
    await new Promise((resolve) => internal.close(resolve));
    await app.close();
    node.cleanup();
  });
  beforeEach(() => {
    connections = 0;
  });

  const loopbackHosts = ['[::ffff:127.0.0.1]', '[::ffff:7f00:1]', '[0:0:0:0:0:ffff:127.0.0.1]', '2130706433', '0x7f.1', '127.1'];

  function post(url: string, body: unknown): Promise<LightMyRequestResponse> {
    const key = createApiKey(node.ctx, { accountId }).key;
    return app.inject({ method: 'POST', url, headers: { ...bearer(key), 'content-type': 'application/json' }, payload: JSON.stringify(body) });
  }

  function expectRefusal(response: LightMyRequestResponse, field: string): void {
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json() as { error: { code: string; message: string; status: number } };
    expect(body.error.code).toBe('invalid_request');
    expect(body.error.status).toBe(400);
    expect(body.error.message.startsWith(`${field}`), body.error.message).toBe(true);
    expect(body.error.message).toMatch(/private|loopback/);
    // Nothing the internal service would answer leaks into the message (its status as a word: the
    // service's random port may hold the digits 404, as 40459 did).
    expect(body.error.message).not.toMatch(/\b404\b|internal service|text\/plain/);
  }

  it.each(loopbackHosts)('POST /v1/videos refuses images, documents and audio at http://%s:PORT without contacting it', async (host) => {
    const link = `http://${host}:${port}/x`;
    const before = snapshotDatabase(node.ctx);
    expectRefusal(await post('/v1/videos', { prompt, images: [{ url: `${link}.png` }] }), 'images[0]');
    expectRefusal(await post('/v1/videos', { prompt, documents: [{ url: `${link}.txt`, mime_type: 'text/plain' }] }), 'documents[0]');
    expectRefusal(await post('/v1/videos', { prompt, audio: [{ url: `${link}.mp3` }] }), 'audio[0]');
    expect(connections).toBe(0);
    const after = snapshotDatabase(node.ctx);
    expect(after.videos).toEqual(before.videos);
  });

  it.each(loopbackHosts)('POST /v1/infographics/generate refuses an image at http://%s:PORT without contacting it', async (host) => {
    const response = await post('/v1/infographics/generate', { prompt: 'Bees per hive by season', images: [{ url: `http://${host}:${port}/logo.png` }] });
    expectRefusal(response, 'images[0]');
    expect(connections).toBe(0);
  });

  it.each(loopbackHosts)('POST /v1/infographics/generate refuses a document at https://%s:PORT at once', async (host) => {
    const response = await post('/v1/infographics/generate', { prompt: 'Bees per hive by season', documents: [{ url: `https://${host}:${port}/data.csv`, mimeType: 'text/csv' }] });
    expectRefusal(response, 'documents[0].url');
    expect(connections).toBe(0);
  });

  it.each(loopbackHosts)('refuses https://%s as webhook_url, webhookUrl and a key\'s default webhook URL with 400 naming the field', async (host) => {
    const hook = `https://${host}:${port}/hook`;
    const before = snapshotDatabase(node.ctx);
    expectRefusal(await post('/v1/videos', { prompt, webhook_url: hook }), 'webhook_url');
    expectRefusal(await post('/v1/infographics/generate', { prompt: 'Bees per hive by season', webhookUrl: hook }), 'webhookUrl');
    expectRefusal(await post('/v1/api-keys', { name: 'hooks', webhook_url: hook }), 'webhook_url');
    const after = snapshotDatabase(node.ctx);
    // The helper makes a key for each request; the refused creation stored none named "hooks".
    expect((after.api_keys as Array<{ name: string }>).filter((row) => row.name === 'hooks')).toEqual([]);
    expect(after.videos).toEqual(before.videos);
    expect(after.infographic_projects).toEqual(before.infographic_projects);
    expect(connections).toBe(0);
  });
});
