import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Ajv } from 'ajv';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/accounts/api-keys.js';
import { READ_ONLY, TOOL_NAMES, toolError } from './mcp-helpers.js';
import { createAccountWithKey, createTestApp, createTestNode, snapshotDatabase, type TestNode } from '../helpers/test-node.js';

describe('/mcp with an API key', () => {
  let node: TestNode;
  let app: FastifyInstance;
  let base: string;
  let url: string;
  let key: string;
  let accountId: string;
  /** A key of a plan with REST access, to compare MCP answers with REST's. */
  let restKey: string;
  const clients: Client[] = [];

  async function connect(token = key): Promise<Client> {
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
    clients.push(client);
    return client;
  }

  async function post(body: string, headers: Record<string, string> = {}): Promise<Response> {
    return fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      body,
    });
  }

  beforeAll(async () => {
    node = createTestNode();
    let clock = 0;
    app = await createTestApp(node.ctx, { rateLimit: { now: () => clock } });
    // Each test starts in a fresh rate-limit window; the limit test moves within one.
    afterEachClock = () => (clock += 61_000);
    base = await app.listen({ host: '127.0.0.1', port: 0 });
    url = `${base}/mcp`;
    const made = await createAccountWithKey(node.ctx, 'basic', 50);
    key = made.key.key;
    accountId = made.account.id;
    restKey = (await createAccountWithKey(node.ctx, 'ultimate')).key.key;
  });
  let afterEachClock = () => 0;
  afterEach(async () => {
    afterEachClock();
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });
  afterAll(async () => {
    await app.close();
    node.cleanup();
  });

  it('lists the 16 tools (the spec 15 and get_captions), each annotated and with input and output schemas that compile', async () => {
    const client = await connect();
    expect(client.getServerVersion()?.name).toBe('video-service');
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(TOOL_NAMES);
    const ajv = new Ajv({ strict: false, validateFormats: false });
    for (const tool of tools) {
      expect(tool.description!.length, tool.name).toBeGreaterThan(40);
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type, tool.name).toBe('object');
      ajv.compile(tool.inputSchema);
      ajv.compile(tool.outputSchema!);
      const hints = tool.annotations!;
      for (const hint of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const) expect(typeof hints[hint], `${tool.name}.${hint}`).toBe('boolean');
      expect(hints.readOnlyHint, tool.name).toBe(READ_ONLY.includes(tool.name));
    }
    const hintsOf = (name: string) => tools.find((tool) => tool.name === name)!.annotations;
    expect(hintsOf('create_video')).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: false });
    expect(hintsOf('cancel_video')).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: true });
    expect(hintsOf('render_video')).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: false });
    // Inputs are the REST schemas: create_video takes exactly the POST /v1/videos body.
    const create = tools.find((tool) => tool.name === 'create_video')!.inputSchema;
    expect(create.required).toEqual(['prompt']);
    expect(create.additionalProperties).toBe(false);
    expect(Object.keys(create.properties!)).toEqual(expect.arrayContaining(['prompt', 'model', 'dimensions', 'narration', 'brand_settings', 'webhook_url', 'render']));
  });

  it('answers catalog, account and video tools with the REST responses as structured content', async () => {
    const client = await connect();
    const who = await client.callTool({ name: 'whoami', arguments: {} });
    expect(who.structuredContent).toEqual({ account_id: accountId, name: expect.any(String), plan: 'basic', auth: 'api_key', scopes: ['read', 'write'] });
    expect((who.content as CallToolResult['content'])[0]).toMatchObject({ type: 'text', text: expect.stringContaining('API key') });

    const balance = await client.callTool({ name: 'get_credit_balance', arguments: {} });
    expect(balance.structuredContent).toEqual({ balance: 50, plan: 'basic', renders_remaining: 10 });

    for (const [tool, route] of [['list_models', '/v1/models'], ['list_animation_styles', '/v1/animation-styles'], ['list_voices', '/v1/voices']] as const) {
      const result = await client.callTool({ name: tool, arguments: {} });
      const rest = await app.inject({ method: 'GET', url: route, headers: { authorization: `Bearer ${restKey}` } });
      expect(result.structuredContent, tool).toEqual(rest.json());
    }
    expect((await client.callTool({ name: 'list_brand_kits', arguments: {} })).structuredContent).toEqual({ brand_kits: [] });

    const created = await client.callTool({ name: 'create_video', arguments: { prompt: 'Why bees dance. Foragers tell the hive where flowers are.', duration: 10 } });
    expect(created.isError).toBeFalsy();
    const job = created.structuredContent as { id: string; status: string; model: string; estimated_credits: number };
    expect(job).toMatchObject({ status: 'queued', model: 'model-5' });
    const row = node.ctx.videos.get(job.id)!;
    expect(row.account_id).toBe(accountId);
    expect(row.api_key_id).not.toBeNull();

    const status = await client.callTool({ name: 'get_video_status', arguments: { id: job.id } });
    expect(status.structuredContent).toMatchObject({ id: job.id, status: 'queued', prompt: row.prompt });
    const listed = await client.callTool({ name: 'list_videos', arguments: { limit: 5 } });
    expect(listed.structuredContent).toMatchObject({ videos: [expect.objectContaining({ id: job.id })], next_cursor: null });
  });

  it('refuses enhance_prompt on this node without a language model with a 400 tool error, charging nothing', async () => {
    // The model path (the brief, the 0.5 charge, the 402 on a short balance) is in test/server/enhance-prompt.test.ts.
    const client = await connect();
    const snapshot = snapshotDatabase(node.ctx);
    const error = toolError(await client.callTool({ name: 'enhance_prompt', arguments: { prompt: 'Coffee: 2 billion cups a day.' } }));
    expect(error).toMatchObject({ code: 'invalid_request', status: 400, message: expect.stringContaining('no language model') });
    expect(snapshotDatabase(node.ctx)).toEqual(snapshot);
  });

  it('refuses bad calls with the protocol\'s errors or REST\'s codes, and changes nothing', async () => {
    const client = await connect();
    const other = await createAccountWithKey(node.ctx, 'ultimate');
    const foreign = await (await connect(other.key.key)).callTool({ name: 'create_video', arguments: { prompt: 'Someone else\'s video about owls. They hunt by sound.' } });
    const foreignId = (foreign.structuredContent as { id: string }).id;
    const snapshot = snapshotDatabase(node.ctx);

    // An unknown tool is JSON-RPC -32602, not a tool result.
    const unknown = await client.callTool({ name: 'make_coffee', arguments: {} }).catch((error: unknown) => error);
    expect(unknown).toBeInstanceOf(McpError);
    expect((unknown as McpError).code).toBe(-32602);
    expect((unknown as McpError).message).toContain('unknown tool "make_coffee"');

    // Arguments that fail the schema: the REST message, naming the field.
    expect(toolError(await client.callTool({ name: 'create_video', arguments: { prompt: '' } }))).toEqual({
      code: 'invalid_request', status: 400, message: 'arguments.prompt: must not be empty', details: [{ field: 'arguments.prompt', message: 'must not be empty' }],
    });
    expect(toolError(await client.callTool({ name: 'create_video', arguments: { prompt: 'x', colour: 'red' } })).message).toBe('arguments.colour: unknown field');
    expect(toolError(await client.callTool({ name: 'create_video', arguments: { prompt: 'A film', aspect_ratio: '3:2' } })).message).toContain('arguments.aspect_ratio');
    expect(toolError(await client.callTool({ name: 'preview_video', arguments: { id: foreignId, max_frames: 40 } })).message).toContain('arguments.max_frames');
    expect(toolError(await client.callTool({ name: 'get_video_status', arguments: {} })).message).toContain('arguments.id');
    // Another account's video is not found, like a missing one.
    expect(toolError(await client.callTool({ name: 'get_video_status', arguments: { id: foreignId } }))).toEqual({ code: 'not_found', status: 404, message: `video ${foreignId} not found` });
    expect(toolError(await client.callTool({ name: 'cancel_video', arguments: { id: foreignId } })).code).toBe('not_found');
    // Tools of features still to come answer clearly.
    expect(toolError(await client.callTool({ name: 'edit_video', arguments: { id: foreignId, prompt: 'Make it blue' } })).code).toBe('not_found');
    expect(snapshotDatabase(node.ctx)).toEqual(snapshot);

    // Malformed JSON-RPC at the HTTP level.
    const broken = await post('{"jsonrpc": "2.0", "method": ');
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as any).error.code).toBe(-32700);
    const notRpc = await post(JSON.stringify({ hello: 'world' }));
    expect(notRpc.status).toBe(400);
    // Valid JSON that is not a JSON-RPC message is an Invalid Request (JSON-RPC 2.0, section 5.1).
    expect(((await notRpc.json()) as any).error).toMatchObject({ code: -32600, message: 'Invalid Request: the message has an unknown member "hello"' });
    const wrongType = await post('hello', { 'content-type': 'text/plain' });
    expect(wrongType.status).toBe(415);
    expect(await wrongType.json()).toMatchObject({ jsonrpc: '2.0', error: { data: { code: 'unsupported_media_type' } } });
    const get = await fetch(url, { headers: { authorization: `Bearer ${key}`, accept: 'text/event-stream' } });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect(snapshotDatabase(node.ctx)).toEqual(snapshot);
  });

  it('refuses edit_video of a job still being built with 409 not_editable, and approve_video as the spec does for a job not paused', async () => {
    const client = await connect();
    const created = await client.callTool({ name: 'create_video', arguments: { prompt: 'Tides, briefly. The moon pulls the sea.' } });
    const id = (created.structuredContent as { id: string }).id;
    const edit = toolError(await client.callTool({ name: 'edit_video', arguments: { id, prompt: 'Make the title red' } }));
    expect(edit).toMatchObject({ code: 'not_editable', status: 409 });
    expect(edit.message).toContain('only a finished');
    expect(toolError(await client.callTool({ name: 'approve_video', arguments: { id } }))).toMatchObject({ code: 'not_awaiting_approval', status: 409 });
  });

  it('takes a webhook_url from an API key, whose secret signs the events', async () => {
    const client = await connect();
    const created = await client.callTool({ name: 'create_video', arguments: { prompt: 'Clouds and rain in two scenes. Droplets grow until they fall.', webhook_url: 'https://example.com/hook' } });
    expect(created.isError).toBeFalsy();
  });

  it('answers 401 with WWW-Authenticate naming the protected-resource metadata, 403 on the free plan', async () => {
    const none = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"`);
    expect(((await none.json()) as any).error).toMatchObject({ code: -32001, data: { code: 'unauthorized', status: 401 } });

    const bad = await post('{}', { authorization: 'Bearer mvk_' + 'x'.repeat(43) });
    expect(bad.status).toBe(401);
    expect(bad.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token", error_description="API key is not valid", resource_metadata="/);
    const opaque = await post('{}', { authorization: 'Bearer some-token-we-never-issued' });
    expect(opaque.status).toBe(401);
    expect(opaque.headers.get('www-authenticate')).toContain('error="invalid_token"');

    const revokedKey = createApiKey(node.ctx, { accountId });
    node.ctx.apiKeys.revoke(revokedKey.id, new Date().toISOString());
    const revoked = await post('{}', { authorization: `Bearer ${revokedKey.key}` });
    expect(revoked.status).toBe(401);
    expect(revoked.headers.get('www-authenticate')).toContain('revoked');

    const free = await createAccountWithKey(node.ctx, 'free', 10);
    const refused = await post('{}', { authorization: `Bearer ${free.key.key}` });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as any).error.message).toContain('plan free does not include MCP access');
    // The REST API is narrower: a basic plan key works on /mcp (above) but not on /v1.
    expect((await app.inject({ method: 'GET', url: '/v1/models', headers: { authorization: `Bearer ${key}` } })).statusCode).toBe(403);
  });

  it('refuses a Host or Origin that is not the node\'s (DNS rebinding)', async () => {
    const initialize = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } } });
    const port = new URL(base).port;
    for (const host of [`evil.example:${port}`, 'localhost:1', `127.0.0.1.nip.io:${port}`]) {
      const response = await app.inject({ method: 'POST', url: '/mcp', headers: { host, authorization: `Bearer ${key}`, 'content-type': 'application/json' }, payload: initialize });
      expect(response.statusCode, host).toBe(403);
      expect(response.json().error.message).toContain('is not this node\'s');
    }
    const evilOrigin = await post(initialize, { origin: 'http://evil.example' });
    expect(evilOrigin.status).toBe(403);
    expect(((await evilOrigin.json()) as any).error.message).toContain('Origin "http://evil.example"');
    const localOrigin = await post(initialize, { origin: base });
    expect(localOrigin.status).toBe(200);
    const viaLocalhost = await fetch(url.replace('127.0.0.1', 'localhost'), {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: initialize,
    });
    expect(viaLocalhost.status).toBe(200);
  });

  it('counts tool calls against the same per-key limits as REST: 60 requests and 5 creates a minute', async () => {
    const limited = await createAccountWithKey(node.ctx, 'ultimate', 500);
    const client = await connect(limited.key.key);
    for (let i = 0; i < 5; i += 1) {
      const created = await client.callTool({ name: 'create_video', arguments: { prompt: `Short film number ${i + 1} about rivers. Rivers carve canyons over millions of years.` } });
      expect(created.isError, JSON.stringify(created.content)).toBeFalsy();
    }
    const sixth = toolError(await client.callTool({ name: 'create_video', arguments: { prompt: 'One too many. A sixth job, refused.' } }));
    expect(sixth).toMatchObject({ code: 'rate_limited', status: 429 });
    expect(sixth.message).toContain('5 video creates (POST /v1/videos, MCP create_video) per minute');

    // REST requests with the same key count against the same `all` window as the MCP requests above.
    const rest = await app.inject({ method: 'GET', url: '/v1/models', headers: { authorization: `Bearer ${limited.key.key}` } });
    const used = 60 - Number(rest.headers['ratelimit-remaining']);
    expect(used).toBeGreaterThan(8);
    for (let i = used; i < 60; i += 1) await app.inject({ method: 'GET', url: '/v1/models', headers: { authorization: `Bearer ${limited.key.key}` } });
    const refused = await post('{}', { authorization: `Bearer ${limited.key.key}` });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
