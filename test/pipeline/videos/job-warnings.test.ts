import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAccountWithKey, createTestApp, createTestNode, type TestNode } from '../../helpers/test-node.js';

// DECISIONS.md "Job warnings": the poll response and each list item carry `warnings`, always an
// array; a job made on a node with no language model says the video uses only the prompt's words.

describe('job warnings', () => {
  let node: TestNode;
  let app: FastifyInstance;
  let key: string;
  let base: string;

  beforeAll(async () => {
    node = createTestNode();
    app = await createTestApp(node.ctx);
    base = await app.listen({ host: '127.0.0.1', port: 0 });
    key = (await createAccountWithKey(node.ctx)).key.key;
  });
  afterAll(async () => {
    await app.close();
    node.cleanup();
  });

  async function create(prompt: string): Promise<string> {
    const response = await app.inject({ method: 'POST', url: '/v1/videos', headers: bearer(key), payload: { prompt } });
    expect(response.statusCode).toBe(202);
    return response.json().id as string;
  }

  it('says on the poll response and the list item that a node without a language model uses only the prompt\'s words', async () => {
    const id = await create('Explain how a heat pump works: it pulls heat from outdoor air, a compressor concentrates it, the indoor unit releases it.');
    const poll = (await app.inject({ method: 'GET', url: `/v1/videos/${id}`, headers: bearer(key) })).json();
    expect(poll.warnings).toEqual([{ code: 'no_language_model', message: expect.stringContaining("only the prompt's own words") }]);
    expect(poll.warnings[0].message).toContain('--llm');
    const list = (await app.inject({ method: 'GET', url: '/v1/videos', headers: bearer(key) })).json();
    expect(list.videos.find((video: { id: string }) => video.id === id).warnings).toEqual(poll.warnings);
  });

  it('answers an empty array for a job with no warnings (a job stored before warnings existed)', async () => {
    const id = await create('History of the bicycle: the draisine, the penny-farthing, the safety bicycle.');
    node.ctx.db.prepare("UPDATE videos SET warnings = '[]' WHERE id = ?").run(id);
    expect((await app.inject({ method: 'GET', url: `/v1/videos/${id}`, headers: bearer(key) })).json().warnings).toEqual([]);
    const list = (await app.inject({ method: 'GET', url: '/v1/videos', headers: bearer(key) })).json();
    expect(list.videos.find((video: { id: string }) => video.id === id).warnings).toEqual([]);
  });

  it('gives no no_language_model warning on a node with a language model configured', async () => {
    const withModel = createTestNode({ llm: 'openai-compatible:qwen2.5-coder-32b', llmBaseUrl: 'http://127.0.0.1:9/v1' });
    const modelApp = await createTestApp(withModel.ctx);
    try {
      const modelKey = (await createAccountWithKey(withModel.ctx)).key.key;
      const created = await modelApp.inject({ method: 'POST', url: '/v1/videos', headers: bearer(modelKey), payload: { prompt: 'Explain how a heat pump works: it pulls heat from outdoor air, a compressor concentrates it, the indoor unit releases it.' } });
      expect(created.statusCode).toBe(202);
      expect((await modelApp.inject({ method: 'GET', url: `/v1/videos/${created.json().id}`, headers: bearer(modelKey) })).json().warnings).toEqual([]);
    } finally {
      await modelApp.close();
      withModel.cleanup();
    }
  });

  it('documents warnings in the OpenAPI poll and list responses', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/v1/openapi.json', headers: bearer(key) })).json();
    const text = JSON.stringify(doc);
    expect(text).toContain('no_language_model');
    const poll = doc.paths['/v1/videos/{id}'].get.responses['200'].content['application/json'].schema;
    expect(poll.required).toContain('warnings');
    expect(poll.properties.warnings).toMatchObject({ type: 'array', items: { properties: { code: { type: 'string' }, message: { type: 'string' } } } });
  });

  it('carries warnings in the MCP get_video_status and list_videos outputs, declared in their output schemas', async () => {
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers: { authorization: `Bearer ${key}` } } }));
    try {
      const { tools } = await client.listTools();
      const status = tools.find((tool) => tool.name === 'get_video_status')!;
      expect(status.outputSchema?.required).toContain('warnings');
      const created = (await client.callTool({ name: 'create_video', arguments: { prompt: 'Erkläre, wie Photosynthese funktioniert: Blätter fangen Licht, Wasser wird gespalten, Zucker entsteht.' } })).structuredContent as { id: string };
      const polled = (await client.callTool({ name: 'get_video_status', arguments: { id: created.id } })).structuredContent as { warnings: { code: string }[] };
      expect(polled.warnings.map((warning) => warning.code)).toEqual(['no_language_model']);
      const listed = (await client.callTool({ name: 'list_videos', arguments: { limit: 1 } })).structuredContent as { videos: { id: string; warnings: { code: string }[] }[] };
      expect(listed.videos[0]).toMatchObject({ id: created.id, warnings: [{ code: 'no_language_model' }] });
    } finally {
      await client.close();
    }
  });
});
