import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { modelProviders } from '../../src/pipeline/providers/llm/model-providers.js';
import { startFakeOpenAIServer, type FakeModelServer } from '../helpers/fake-model-servers.js';
import { bearer, createAccountWithKey, createTestApp, createTestNode, snapshotDatabase, type TestNode } from '../helpers/test-node.js';
import { toolError } from '../mcp/mcp-helpers.js';

/**
 * `enhance_prompt` (the create field on REST and MCP, and the MCP tool) rewrites a prompt with the
 * node's language model or not at all: without one it is a 400 that says why and how to get one,
 * nothing written, nothing charged, never a template.
 */

const PROMPT = 'How a rainbow forms: sunlight enters raindrops, bends, splits into colours and reflects back.';

/** A listening app over `node` and an MCP client factory for it. */
async function serve(node: TestNode, services: Parameters<typeof createTestApp>[1] = {}) {
  const app = await createTestApp(node.ctx, services);
  const url = `${await app.listen({ host: '127.0.0.1', port: 0 })}/mcp`;
  const clients: Client[] = [];
  const connect = async (token: string): Promise<Client> => {
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
    clients.push(client);
    return client;
  };
  const close = async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
    await app.close();
  };
  return { app, connect, close };
}

describe('enhance_prompt on a node without a language model', () => {
  let node: TestNode;
  let served: Awaited<ReturnType<typeof serve>>;
  let key: string;

  beforeAll(async () => {
    node = createTestNode();
    served = await serve(node);
    key = (await createAccountWithKey(node.ctx, 'ultimate', 100)).key.key;
  });
  afterAll(async () => {
    await served.close();
    node.cleanup();
  });

  it('refuses a REST create (and its estimate) with 400 saying there is no model and how to get one; nothing created or charged', async () => {
    const before = snapshotDatabase(node.ctx);
    for (const url of ['/v1/videos', '/v1/videos/estimate']) {
      const response = await served.app.inject({ method: 'POST', url, headers: bearer(key), payload: { prompt: PROMPT, enhance_prompt: true } });
      expect(response.statusCode, url).toBe(400);
      const { error } = response.json() as { error: { code: string; status: number; message: string; details: { field: string }[] } };
      expect(error).toMatchObject({ code: 'invalid_request', status: 400 });
      expect(error.message).toMatch(/^enhance_prompt: this node has no language model to enhance the prompt with/);
      expect(error.message).toContain('serve --llm <provider>:<model>');
      expect(error.message).toContain('Leave enhance_prompt out');
      expect(error.details).toEqual([expect.objectContaining({ field: 'body.enhance_prompt' })]);
    }
    expect(snapshotDatabase(node.ctx)).toEqual(before);

    // The same create without the field is made.
    const plain = await served.app.inject({ method: 'POST', url: '/v1/videos', headers: bearer(key), payload: { prompt: PROMPT, enhance_prompt: false } });
    expect(plain.statusCode).toBe(202);
  });

  it('refuses the MCP tool and create_video with the same 400 as a tool error; nothing charged', async () => {
    const client = await served.connect(key);
    const before = snapshotDatabase(node.ctx);
    const tool = toolError(await client.callTool({ name: 'enhance_prompt', arguments: { prompt: PROMPT } }));
    expect(tool).toMatchObject({ code: 'invalid_request', status: 400 });
    expect(tool.message).toMatch(/^this node has no language model to enhance the prompt with/);
    expect(tool.message).toContain('serve --llm <provider>:<model>');
    expect(tool.message).not.toMatch(/Open with a hook|takeaway/);

    const create = toolError(await client.callTool({ name: 'create_video', arguments: { prompt: PROMPT, enhance_prompt: true } }));
    expect(create).toMatchObject({ code: 'invalid_request', status: 400 });
    expect(create.message).toMatch(/^enhance_prompt: this node has no language model/);
    expect(snapshotDatabase(node.ctx)).toEqual(before);
  });

  it('says so in the tool list and the OpenAPI description of the field', async () => {
    const client = await served.connect(key);
    const { tools } = await client.listTools();
    expect(tools.find((entry) => entry.name === 'enhance_prompt')!.description).toContain('Needs a language model');
    const openapi = (await served.app.inject({ method: 'GET', url: '/v1/openapi.json', headers: bearer(key) })).json() as unknown;
    expect(JSON.stringify(openapi)).toContain('Needs a language model: on a node without one');
  });
});

describe('enhance_prompt on a node with a language model', () => {
  let model: FakeModelServer;
  let node: TestNode;
  let served: Awaited<ReturnType<typeof serve>>;

  beforeAll(async () => {
    model = await startFakeOpenAIServer();
    node = createTestNode({ llm: 'openai-compatible:qwen2.5-7b', llmBaseUrl: model.url });
    // As `serve` wires it (startRuntime): the node's model enhances prompts outside jobs too.
    served = await serve(node, { services: { enhancer: modelProviders(node.ctx.config)!('model-5').enhancer! } });
  });
  afterEach(() => {
    expect(model.pending()).toBe(0);
  });
  afterAll(async () => {
    await served.close();
    node.cleanup();
    await model.close();
  });

  it('prices a REST create with enhance_prompt at +0.5', async () => {
    const { key } = await createAccountWithKey(node.ctx, 'ultimate', 100);
    const response = await served.app.inject({ method: 'POST', url: '/v1/videos', headers: bearer(key.key), payload: { prompt: PROMPT, enhance_prompt: true, duration: 10 } });
    expect(response.statusCode).toBe(202);
    expect(response.json().estimate_breakdown).toContainEqual({ part: 'enhance_prompt', credits: 0.5 });
    expect(model.requests).toHaveLength(0);
  });

  it('answers the MCP tool with the model\'s brief and charges 0.5; a short balance is 402 without asking the model or charging', async () => {
    const { account, key } = await createAccountWithKey(node.ctx, 'basic', 50);
    const brief = 'Explain how sunlight turns into a rainbow inside raindrops, for curious children, step by step.';
    model.enqueue({ text: brief });
    const client = await served.connect(key.key);
    const before = node.ctx.ledger.balanceMillicredits(account.id);
    const result = await client.callTool({ name: 'enhance_prompt', arguments: { prompt: PROMPT } });
    expect(result.structuredContent).toEqual({ prompt: PROMPT, enhanced_prompt: brief, credits_cost: 0.5 });
    expect(node.ctx.ledger.balanceMillicredits(account.id)).toBe(before - 500);
    expect(JSON.stringify(model.requests[0]!.body)).toContain('sunlight enters raindrops');

    const poor = await createAccountWithKey(node.ctx, 'basic', 0.25);
    const poorClient = await served.connect(poor.key.key);
    const snapshot = snapshotDatabase(node.ctx);
    expect(toolError(await poorClient.callTool({ name: 'enhance_prompt', arguments: { prompt: 'Tea' } }))).toMatchObject({ code: 'insufficient_credits', status: 402 });
    expect(snapshotDatabase(node.ctx)).toEqual(snapshot);
    expect(model.requests).toHaveLength(1);
  });
});
