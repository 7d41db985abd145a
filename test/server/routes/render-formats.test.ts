import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MCP_TOOLS } from '../../../src/server/mcp/mcp-tools.js';
import { bearer, createAccountWithKey, createTestApp, createTestNode, type TestNode } from '../../helpers/test-node.js';

describe('format and background of a render', () => {
  let node: TestNode;
  let app: FastifyInstance;
  let key: string;
  beforeAll(async () => {
    node = createTestNode();
    app = await createTestApp(node.ctx);
    key = (await createAccountWithKey(node.ctx)).key.key;
  });
  afterAll(async () => {
    await app.close();
    node.cleanup();
  });

  it('POST /v1/videos/{id}/render refuses transparent mp4 and gif with 400 invalid_request saying why, and an unknown format', async () => {
    for (const format of ['mp4', 'gif']) {
      const response = await app.inject({ method: 'POST', url: '/v1/videos/vid_any/render', headers: bearer(key), payload: { format, background: 'transparent' } });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'invalid_request', message: `background transparent needs a format with an alpha channel (webm or mov); ${format} has none` });
    }
    const unknown = await app.inject({ method: 'POST', url: '/v1/videos/vid_any/render', headers: bearer(key), payload: { format: 'avi' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toContain('must be one of mp4, webm, gif, mov');
  });

  it('documents format and background in OpenAPI for video and infographic renders', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/v1/openapi.json', headers: bearer(key) })).json();
    for (const route of ['/v1/videos/{id}/render', '/v1/infographics/{id}/render']) {
      const schema = doc.paths[route].post.requestBody.content['application/json'].schema;
      const properties = schema.properties ?? schema.anyOf?.find((item: { properties?: unknown }) => item.properties)?.properties;
      expect(properties.format.enum, route).toEqual(['mp4', 'webm', 'gif', 'mov']);
      expect(properties.background.enum, route).toEqual(['opaque', 'transparent']);
      expect(properties.background.description, route).toMatch(/alpha channel.*webm or mov/s);
    }
  });

  it('render_video takes format and background, and its description lists the formats', () => {
    const tool = MCP_TOOLS.find((item) => item.name === 'render_video')!;
    expect(tool.input.shape).toHaveProperty('format');
    expect(tool.input.shape).toHaveProperty('background');
    expect(tool.input.safeParse({ id: 'vid_a', format: 'mov', background: 'transparent' }).success).toBe(true);
    for (const format of ['mp4', 'webm', 'mov', 'gif']) expect(tool.description).toContain(format);
  });
});
