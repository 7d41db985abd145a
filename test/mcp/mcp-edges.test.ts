import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localMcpPrincipal } from '../../src/server/mcp/mcp-principal.js';
import { createMcpServer } from '../../src/server/mcp/mcp-server.js';
import { RequestLimits } from '../../src/server/rate-limit/request-limits.js';
import { bearer, createAccountWithKey, createTestApp, createTestNode, snapshotDatabase, type TestNode } from '../helpers/test-node.js';

interface RpcAnswer {
  jsonrpc: '2.0';
  id: string | number | null;
  error?: { code: number; message: string; data?: { code: string; status: number; details?: { field: string; message: string; suggestion?: string }[] } };
  result?: Record<string, unknown>;
}

const FORBIDDEN = 'forbidden key ("__proto__" and "constructor.prototype" could change what every object inherits)';

describe('/mcp protocol edges', () => {
  let node: TestNode;
  let app: FastifyInstance;
  let url: string;
  let key: string;
  let restKey: string;
  let accountId: string;

  beforeAll(async () => {
    node = createTestNode();
    let clock = 0;
    app = await createTestApp(node.ctx, { rateLimit: { now: () => (clock += 61_000) } });
    url = `${await app.listen({ host: '127.0.0.1', port: 0 })}/mcp`;
    const made = await createAccountWithKey(node.ctx, 'basic', 50);
    key = made.key.key;
    accountId = made.account.id;
    restKey = (await createAccountWithKey(node.ctx, 'ultimate')).key.key;
  });
  afterAll(async () => {
    await app.close();
    node.cleanup();
  });

  async function post(body: string, headers: Record<string, string> = {}): Promise<{ status: number; text: string; json: () => RpcAnswer }> {
    const response = await fetch(url, {
      method: 'POST',
      headers: { ...bearer(key), 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      body,
    });
    const text = await response.text();
    return { status: response.status, text, json: () => JSON.parse(text) as RpcAnswer };
  }
  const toolCall = (params: unknown, id: unknown = 1) => JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', ...(params === undefined ? {} : { params }) });

  it.each([
    ['an empty batch', '[]', 'Invalid Request: an empty batch'],
    ['a number', '5', 'the message must be a JSON-RPC object, got a number'],
    ['a string', '"tools/list"', 'the message must be a JSON-RPC object, got a string'],
    ['null', 'null', 'the message must be a JSON-RPC object, got null'],
    ['no jsonrpc member', '{"id":1,"method":"tools/list"}', 'needs "jsonrpc": "2.0", got none', 1],
    ['jsonrpc 1.0', '{"jsonrpc":"1.0","id":1,"method":"tools/list"}', 'needs "jsonrpc": "2.0", got "1.0"', 1],
    ['a null id', '{"jsonrpc":"2.0","id":null,"method":"tools/list"}', '.id must be a string or an integer (MCP allows no null), got null'],
    ['a fractional id', '{"jsonrpc":"2.0","id":1.5,"method":"tools/list"}', '.id must be a string or an integer', null],
    ['an object id', '{"jsonrpc":"2.0","id":{},"method":"tools/list"}', '.id must be a string or an integer (MCP allows no null), got an object'],
    ['a boolean id', '{"jsonrpc":"2.0","id":true,"method":"tools/list"}', '.id must be a string or an integer'],
    ['a method that is a number', '{"jsonrpc":"2.0","id":2,"method":5}', '.method must be a string, got a number', 2],
    ['params as an array', '{"jsonrpc":"2.0","id":"a","method":"tools/list","params":[]}', '.params must be an object, got an array', 'a'],
    ['params as a string', '{"jsonrpc":"2.0","id":3,"method":"tools/list","params":"x"}', '.params must be an object, got a string', 3],
    ['tools/call with params null', '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":null}', '.params must be an object, got null', 3],
    ['a member JSON-RPC does not have', '{"jsonrpc":"2.0","id":4,"method":"tools/list","hello":1}', 'has an unknown member "hello"', 4],
    ['neither request nor response', '{"jsonrpc":"2.0","id":5}', 'needs a "method"', 5],
    ['a request and a response at once', '{"jsonrpc":"2.0","id":6,"method":"ping","result":{}}', 'is a request and a response at once', 6],
    ['a batch item that is not a message', '[{"jsonrpc":"2.0","id":1,"method":"ping"}, 7]', 'batch item 1 must be a JSON-RPC object, got a number'],
    ['a batch item with a null id', '[{"jsonrpc":"2.0","id":null,"method":"ping"}]', 'batch item 0.id must be a string or an integer'],
  ] as [string, string, string, (string | number | null)?][])('answers %s with 400 Invalid Request -32600 naming the problem, and runs nothing', async (_name, body, mentions, id) => {
    const before = snapshotDatabase(node.ctx);
    const answer = await post(body);
    expect(answer.status).toBe(400);
    const rpc = answer.json();
    expect(rpc).toEqual({
      jsonrpc: '2.0',
      id: id ?? null,
      error: { code: -32600, message: expect.stringContaining(mentions), data: { code: 'invalid_request', status: 400 } },
    });
    expect(rpc.error!.message).toMatch(/^Invalid Request: /);
    expect(snapshotDatabase(node.ctx)).toEqual(before);
  });

  it('takes batches only from clients of a protocol version that has them (before 2025-06-18)', async () => {
    const batch = '[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","id":2,"method":"tools/list"}]';
    for (const version of ['2025-06-18', '2025-11-25']) {
      const refused = await post(batch, { 'mcp-protocol-version': version });
      expect(refused.status, version).toBe(400);
      expect(refused.json().error).toEqual({
        code: -32600,
        message: `Invalid Request: MCP ${version} has no JSON-RPC batches (removed in 2025-06-18); send one message per POST`,
        data: { code: 'invalid_request', status: 400 },
      });
    }
    // 2025-03-26 had batches, and a client that sends no version header speaks it (the transport spec's default).
    for (const headers of [{ 'mcp-protocol-version': '2025-03-26' }, {}] as Record<string, string>[]) {
      const answered = await post(batch, headers);
      expect(answered.status).toBe(200);
      const answers = JSON.parse(answered.text) as RpcAnswer[];
      expect(answers.map((answer) => answer.id).sort()).toEqual([1, 2]);
    }
  });

  it('answers notifications and responses alone with 202 and no body, and string or integer ids with themselves', async () => {
    const notification = await post('{"jsonrpc":"2.0","method":"notifications/initialized"}');
    expect({ status: notification.status, text: notification.text }).toEqual({ status: 202, text: '' });
    const response = await post('{"jsonrpc":"2.0","id":9,"result":{}}');
    expect({ status: response.status, text: response.text }).toEqual({ status: 202, text: '' });
    for (const id of ['req-1', 0, -3, 9007199254740991]) {
      const answer = await post(JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' }));
      expect(answer.json(), String(id)).toEqual({ jsonrpc: '2.0', id, result: {} });
    }
  });

  it('answers an unknown method with -32601 and the request id', async () => {
    const answer = await post('{"jsonrpc":"2.0","id":"abc","method":"resources/list"}');
    expect(answer.status).toBe(200);
    expect(answer.json()).toEqual({
      jsonrpc: '2.0',
      id: 'abc',
      error: { code: -32601, message: 'Method not found: resources/list', data: { code: 'not_found', status: 404 } },
    });
  });

  it.each([
    ['no params', undefined, 'params', 'must be an object with the tool\'s name and arguments, got nothing'],
    ['no name', { arguments: {} }, 'params.name', 'must be a string naming a tool, got nothing'],
    ['a name that is a number', { name: 5 }, 'params.name', 'must be a string naming a tool, got a number'],
    ['arguments null', { name: 'whoami', arguments: null }, 'arguments', 'must be an object, got null'],
    ['arguments a string', { name: 'whoami', arguments: 'x' }, 'arguments', 'must be an object, got a string'],
    ['arguments an array', { name: 'create_video', arguments: ['A film about owls'] }, 'arguments', 'must be an object, got an array'],
    ['arguments a number', { name: 'whoami', arguments: 3 }, 'arguments', 'must be an object, got a number'],
  ] as [string, unknown, string, string][])('answers tools/call with %s with -32602 and the node\'s message, not -32603 with a dump', async (_name, params, field, message) => {
    const before = snapshotDatabase(node.ctx);
    const answer = await post(toolCall(params, 11));
    expect(answer.status).toBe(200);
    expect(answer.json()).toEqual({
      jsonrpc: '2.0',
      id: 11,
      error: { code: -32602, message: `${field}: ${message}`, data: { code: 'invalid_request', status: 400, details: [{ field, message }] } },
    });
    expect(snapshotDatabase(node.ctx)).toEqual(before);
  });

  it.each([
    ['{"prompt":"Owls at night","__proto__":{"isAdmin":true}}', 'body.__proto__', 'body.params.arguments.__proto__'],
    ['{"prompt":"Owls at night","brand_settings":{"\\u005f_proto__":{}}}', 'body.brand_settings.__proto__', 'body.params.arguments.brand_settings.__proto__'],
    ['{"prompt":"Owls at night","constructor":{"prototype":{"isAdmin":true}}}', 'body.constructor.prototype', 'body.params.arguments.constructor.prototype'],
  ])('refuses the forbidden key of %s as REST does: same code and message, as a -32700 before any tool runs', async (args, restField, mcpField) => {
    const before = snapshotDatabase(node.ctx);
    const rest = await app.inject({ method: 'POST', url: '/v1/videos', headers: { ...bearer(restKey), 'content-type': 'application/json' }, payload: args });
    expect(rest.json()).toEqual({
      error: { code: 'invalid_request', message: `${restField}: ${FORBIDDEN}`, status: 400, details: [{ field: restField, message: FORBIDDEN }] },
    });
    const answer = await post(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"create_video","arguments":${args}}}`);
    expect(answer.status).toBe(400);
    expect(answer.json()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: `${mcpField}: ${FORBIDDEN}`, data: { code: 'invalid_request', status: 400, details: [{ field: mcpField, message: FORBIDDEN }] } },
    });
    expect(snapshotDatabase(node.ctx)).toEqual(before);
  });

  it('parses /mcp bodies as REST does: broken JSON says why, and only UTF-8 is taken', async () => {
    const broken = await post('{"jsonrpc":"2.0","id":1,');
    expect(broken.status).toBe(400);
    expect(broken.json().error).toMatchObject({ code: -32700, message: expect.stringMatching(/^body is not valid JSON: /), data: { code: 'invalid_request', status: 400 } });
    const latin1 = await post('{"jsonrpc":"2.0","id":1,"method":"ping"}', { 'content-type': 'application/json; charset=iso-8859-1' });
    expect(latin1.status).toBe(415);
    expect(latin1.json().error).toMatchObject({ message: 'JSON bodies must be UTF-8 (RFC 8259); charset "iso-8859-1" is not accepted', data: { code: 'unsupported_media_type', status: 415 } });
  });

  it('answers other HTTP methods on /mcp with 405 and Allow: POST in the JSON-RPC envelope', async () => {
    for (const method of ['PUT', 'PATCH', 'OPTIONS', 'DELETE']) {
      const response = await fetch(url, { method, headers: bearer(key) });
      expect(response.status, method).toBe(405);
      expect(response.headers.get('allow'), method).toBe('POST');
      expect(await response.json(), method).toMatchObject({ jsonrpc: '2.0', id: null, error: { data: { code: 'method_not_allowed', status: 405 } } });
    }
  });

  it('names every refused tool argument with the REST details, under arguments instead of body', async () => {
    const body = { duration: 1, aspectRatio: '16:9', images: [{ url: 'ftp://files.example.com/a.png', contxt: 'a map' }] };
    const rest = await app.inject({ method: 'POST', url: '/v1/videos', headers: { ...bearer(restKey), 'content-type': 'application/json' }, payload: body });
    const restError = rest.json().error as { message: string; details: { field: string }[] };
    const answer = await post(toolCall({ name: 'create_video', arguments: body }));
    const result = answer.json().result as { isError: boolean; content: { type: string; text: string }[] };
    expect(result.isError).toBe(true);
    const toolError = (JSON.parse(result.content[0]!.text) as { error: typeof restError & { code: string; status: number } }).error;
    expect(toolError.code).toBe('invalid_request');
    expect(toolError.details).toEqual(restError.details.map((detail) => ({ ...detail, field: detail.field.replace(/^body\./, 'arguments.') })));
    expect(toolError.details.map((detail) => detail.field)).toEqual([
      'arguments.prompt',
      'arguments.duration',
      'arguments.images.0.url',
      'arguments.images.0.contxt',
      'arguments.aspectRatio',
    ]);
    expect(toolError.message).toBe(restError.message.replaceAll('body.', 'arguments.'));
    expect(toolError.message).toContain('arguments.aspectRatio: unknown field (did you mean "aspect_ratio"?)');
  });

  it('keeps the same rules without HTTP (stdio): -32602 for bad arguments and a tool error for a __proto__ key the transport let through', async () => {
    const server = createMcpServer({ ctx: node.ctx, services: { cacheDir: node.dataDir }, principal: localMcpPrincipal(node.ctx, accountId), baseUrl: 'http://127.0.0.1', limits: new RequestLimits() });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const answers: JSONRPCMessage[] = [];
    clientSide.onmessage = (message) => answers.push(message);
    await server.connect(serverSide);
    await clientSide.start();
    const before = snapshotDatabase(node.ctx);
    // What the stdio transport's JSON.parse makes of a "__proto__" key: an own property of that name.
    const args = JSON.parse('{"prompt":"Owls at night","__proto__":{"isAdmin":true}}') as Record<string, unknown>;
    await clientSide.send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'create_video', arguments: args } });
    await clientSide.send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'whoami', arguments: null as never } });
    await clientSide.send({ jsonrpc: '2.0', id: 3, method: 'prompts/list' });
    await expect.poll(() => answers.length).toBe(3);
    const byId = new Map(answers.map((answer) => [(answer as RpcAnswer).id, answer as RpcAnswer]));
    const toolResult = byId.get(1)!.result as { isError: boolean; content: { text: string }[] };
    expect(toolResult.isError).toBe(true);
    expect(JSON.parse(toolResult.content[0]!.text)).toEqual({
      error: { code: 'invalid_request', message: `arguments.__proto__: ${FORBIDDEN}`, status: 400, details: [{ field: 'arguments.__proto__', message: FORBIDDEN }] },
    });
    expect(byId.get(2)!.error).toMatchObject({ code: -32602, message: 'arguments: must be an object, got null' });
    expect(byId.get(3)!.error).toMatchObject({ code: -32601, message: 'Method not found: prompts/list' });
    expect(snapshotDatabase(node.ctx)).toEqual(before);
    await server.close();
  });
});
