import { existsSync, readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { bearer, createAccountWithKey, createTestApp, createTestNode, snapshotDatabase, type TestNode } from '../helpers/test-node.js';

describe('POST /v1/videos with client audio', () => {
  let node: TestNode;
  let app: FastifyInstance;
  let key: string;
  let server: Server;
  let base: string;
  beforeAll(async () => {
    node = createTestNode({ allowPrivateUrls: true });
    app = await createTestApp(node.ctx);
    key = (await createAccountWithKey(node.ctx)).key.key;
    server = createServer((request, response) => {
      if (request.url === '/broken.mp3') {
        // MP3 by its first bytes (an ID3 tag), but nothing decodable after it.
        const bytes = Buffer.concat([Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00', 'binary'), Buffer.alloc(2048, 0x5a)]);
        response.writeHead(200, { 'content-type': 'audio/mpeg' }).end(bytes);
      } else if (request.url === '/page.mp3') {
        response.writeHead(200, { 'content-type': 'audio/mpeg' }).end('<html><body>not audio</body></html>');
      } else {
        response.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app.close();
    node.cleanup();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it.each([
    ['undecodable audio', '/broken.mp3', 'could not be decoded'],
    ['a page that is not audio by its bytes', '/page.mp3', 'audio[0]'],
    ['an unreachable link', '/missing.mp3', 'could not be fetched'],
  ])('refuses %s with a 400 naming the item, writing nothing', async (_name, route, mention) => {
    const before = snapshotDatabase(node.ctx);
    const response = await app.inject({
      method: 'POST',
      url: '/v1/videos',
      headers: bearer(key),
      payload: { prompt: 'A day on the farm: the rooster crows at dawn, the cows are milked at noon, the bread is baked at dusk.', audio: [{ url: base + route }] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('invalid_request');
    expect(response.json().error.message).toContain('audio[0]');
    expect(response.json().error.message).toContain(mention);
    expect(snapshotDatabase(node.ctx)).toEqual(before);
    const videos = `${node.ctx.filesDir}/videos`;
    expect(existsSync(videos) ? readdirSync(videos) : []).toEqual([]);
  });
});

describe('POST /v1/videos estimate and the prompt\'s words', () => {
  it('prices narration and music only when the job will have them', async () => {
    const node = createTestNode();
    const app = await createTestApp(node.ctx);
    const { key } = await createAccountWithKey(node.ctx);
    const estimate = async (prompt: string, extra: Record<string, unknown> = {}) =>
      (await app.inject({ method: 'POST', url: '/v1/videos', headers: bearer(key.key), payload: { prompt, duration: 30, ai_video: 'off', ...extra } })).json().estimated_credits;
    // 30 s: base 7.5, narration 1.5, music 0.6.
    expect(await estimate('A tour of our office: the desks, the kitchen and the roof garden')).toBe(9.6);
    expect(await estimate('A tour of our office: the desks, the kitchen and the roof garden, music only')).toBe(8.1);
    expect(await estimate('A tour of our office: the desks, the kitchen and the roof garden, no music')).toBe(9);
    expect(await estimate('A tour of our office: the desks, the kitchen and the roof garden, no music', { music: true })).toBe(9.6);
    await app.close();
    node.cleanup();
  });
});
