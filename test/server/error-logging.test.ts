import net from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineRoute } from '../../src/server/route-definition.js';
import { bearer, createAccountWithKey, createTestApp, createTestNode, type TestNode } from '../helpers/test-node.js';

/** One JSON line pino wrote. */
interface LogLine {
  level: number;
  msg: string;
  code?: string | number;
  status?: number;
  tool?: string;
  err?: { stack?: string; message?: string };
}

const LEVEL = { info: 30, warn: 40, error: 50 } as const;

/** A request, and the one error line it must log: its level, code and status. */
interface LogCase {
  name: string;
  send: (senders: Senders) => Promise<unknown>;
  level: keyof typeof LEVEL;
  code: string | number;
  status: number;
}

/** The request helpers a case sends with, and the keys it sends; made once the app listens. */
interface Senders {
  rest: (method: string, path: string, init?: { headers?: Record<string, string>; body?: string }) => Promise<Response>;
  mcp: (message: unknown, token?: string) => Promise<Response>;
  call: (name: string, args: unknown) => Promise<Response>;
  raw: (text: string) => Promise<void>;
  json: (token: string) => Record<string, string>;
  key: string;
  freeKey: string;
  mcpKey: string;
  ownVideoId: string;
}

const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };

const CASES: LogCase[] = [
  { name: 'REST body refused', send: (s) => s.rest('POST', '/v1/videos', { headers: s.json(s.key), body: '{"duration":1}' }), level: 'info', code: 'invalid_request', status: 400 },
  { name: 'REST broken JSON', send: (s) => s.rest('POST', '/v1/api-keys', { headers: s.json(s.key), body: '{' }), level: 'info', code: 'invalid_request', status: 400 },
  { name: 'REST __proto__ key', send: (s) => s.rest('POST', '/v1/api-keys', { headers: s.json(s.key), body: '{"__proto__":{}}' }), level: 'info', code: 'invalid_request', status: 400 },
  { name: 'REST without a key', send: (s) => s.rest('GET', '/v1/videos'), level: 'warn', code: 'unauthorized', status: 401 },
  { name: 'REST free plan', send: (s) => s.rest('GET', '/v1/account', { headers: bearer(s.freeKey) }), level: 'warn', code: 'forbidden', status: 403 },
  { name: 'REST unknown route', send: (s) => s.rest('GET', '/v1/nope', { headers: bearer(s.key) }), level: 'info', code: 'not_found', status: 404 },
  { name: 'REST missing video', send: (s) => s.rest('GET', '/v1/videos/vid_missing', { headers: bearer(s.key) }), level: 'info', code: 'not_found', status: 404 },
  { name: 'REST wrong method', send: (s) => s.rest('DELETE', '/v1/models', { headers: bearer(s.key) }), level: 'info', code: 'method_not_allowed', status: 405 },
  { name: 'REST text/plain body', send: (s) => s.rest('POST', '/v1/api-keys', { headers: { ...bearer(s.key), 'content-type': 'text/plain' }, body: 'x' }), level: 'info', code: 'unsupported_media_type', status: 415 },
  { name: 'REST unknown method', send: (s) => s.rest('PROPFIND', '/v1/videos', { headers: bearer(s.key) }), level: 'info', code: 'invalid_request', status: 400 },
  { name: 'router bad percent-encoding', send: (s) => s.rest('GET', '/files/%ZZ'), level: 'info', code: 'invalid_request', status: 400 },
  { name: 'router over-long segment', send: (s) => s.rest('GET', `/v1/videos/${'v'.repeat(1001)}`, { headers: bearer(s.key) }), level: 'info', code: 'invalid_request', status: 400 },
  { name: 'HTTP parser: headers too large', send: (s) => s.raw(`GET /v1/videos?cursor=${'c'.repeat(20_000)} HTTP/1.1\r\nHost: a\r\n\r\n`), level: 'info', code: 'headers_too_large', status: 431 },
  { name: 'HTTP parser: bad Content-Length', send: (s) => s.raw('GET /v1/health HTTP/1.1\r\nHost: a\r\nContent-Length: x\r\n\r\n'), level: 'info', code: 'invalid_request', status: 400 },
  { name: 'REST unexpected exception', send: (s) => s.rest('GET', '/v1/test/explode', { headers: bearer(s.key) }), level: 'error', code: 'internal_error', status: 500 },
  {
    name: 'REST 503 from a route (no render pool)',
    send: (s) => s.rest('POST', '/v1/infographics/generate', { headers: s.json(s.key), body: '{"prompt":"62% of teams ship weekly"}' }),
    level: 'error',
    code: 'service_unavailable',
    status: 503,
  },
  { name: 'MCP with an unknown key', send: (s) => s.mcp({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, 'mvk_' + 'Z'.repeat(43)), level: 'warn', code: 'unauthorized', status: 401 },
  {
    name: 'MCP broken JSON',
    send: (s) => s.rest('POST', '/mcp', { headers: { ...s.json(s.mcpKey), accept: 'application/json, text/event-stream' }, body: '{' }),
    level: 'info',
    code: 'invalid_request',
    status: 400,
  },
  { name: 'MCP empty batch', send: (s) => s.mcp([]), level: 'info', code: 'invalid_request', status: 400 },
  { name: 'MCP GET', send: (s) => s.rest('GET', '/mcp', { headers: bearer(s.mcpKey) }), level: 'info', code: 'method_not_allowed', status: 405 },
  { name: 'MCP tool arguments refused', send: (s) => s.call('create_video', { prompt: '' }), level: 'info', code: 'invalid_request', status: 400 },
  { name: 'MCP tool on a missing video', send: (s) => s.call('get_video_status', { id: 'vid_missing' }), level: 'info', code: 'not_found', status: 404 },
  { name: 'MCP tool refused (editing a video not finished)', send: (s) => s.call('edit_video', { id: s.ownVideoId, prompt: 'Make it blue' }), level: 'info', code: 'not_editable', status: 409 },
  { name: 'MCP arguments not an object', send: (s) => s.call('whoami', null), level: 'info', code: -32602, status: 400 },
  { name: 'MCP unknown tool', send: (s) => s.call('make_coffee', {}), level: 'info', code: -32602, status: 404 },
  { name: 'MCP unknown method', send: (s) => s.mcp({ jsonrpc: '2.0', id: 3, method: 'resources/list' }), level: 'info', code: -32601, status: 404 },
  {
    name: 'OAuth registration without redirect URIs',
    send: (s) => s.rest('POST', '/oauth/register', { headers: { 'content-type': 'application/json' }, body: '{}' }),
    level: 'info',
    code: 'invalid_redirect_uri',
    status: 400,
  },
  {
    name: 'OAuth registration with broken JSON',
    send: (s) => s.rest('POST', '/oauth/register', { headers: { 'content-type': 'application/json' }, body: '{' }),
    level: 'info',
    code: 'invalid_request',
    status: 400,
  },
  {
    name: 'OAuth token for an unknown client',
    send: (s) => s.rest('POST', '/oauth/token', { headers: formHeaders, body: 'grant_type=authorization_code&client_id=nobody&code=x' }),
    level: 'warn',
    code: 'invalid_client',
    status: 401,
  },
];

describe('error logging', () => {
  let node: TestNode;
  let app: FastifyInstance;
  let base: string;
  let key: string;
  let freeKey: string;
  let mcpKey: string;
  let ownVideoId: string;
  const lines: LogLine[] = [];

  beforeAll(async () => {
    node = createTestNode();
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) lines.push(JSON.parse(line) as LogLine);
        done();
      },
    });
    let clock = 0;
    app = await createTestApp(node.ctx, {
      logger: pino({ level: 'info' }, stream),
      rateLimit: { now: () => (clock += 61_000) },
      extraRoutes: [
        defineRoute({
          method: 'GET',
          url: '/v1/test/explode',
          operationId: 'explode',
          summary: 'throws an unexpected error',
          tags: ['test'],
          response: { status: 200, description: 'never' },
          handler: async () => {
            throw new Error('disk on fire');
          },
        }),
      ],
    });
    base = await app.listen({ host: '127.0.0.1', port: 0 });
    key = (await createAccountWithKey(node.ctx)).key.key;
    freeKey = (await createAccountWithKey(node.ctx, 'free')).key.key;
    mcpKey = (await createAccountWithKey(node.ctx, 'basic', 50)).key.key;
    const created = await mcp({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'create_video', arguments: { prompt: 'Owls hunt at night. They find mice by sound.' } } });
    ownVideoId = ((await created.json()) as { result: { structuredContent: { id: string } } }).result.structuredContent.id;
  });
  afterAll(async () => {
    await app.close();
    node.cleanup();
  });

  const rest = (method: string, path: string, init: { headers?: Record<string, string>; body?: string } = {}) =>
    fetch(`${base}${path}`, { method, headers: init.headers, body: init.body });
  const json = (token: string) => ({ ...bearer(token), 'content-type': 'application/json' });
  const mcp = (message: unknown, token = mcpKey) =>
    fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { ...json(token), accept: 'application/json, text/event-stream' },
      body: JSON.stringify(message),
    });
  const call = (name: string, args: unknown) => mcp({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name, arguments: args } });
  const raw = (text: string) =>
    new Promise<void>((resolve) => {
      const socket = net.connect(Number(new URL(base).port), '127.0.0.1', () => socket.write(text));
      socket.on('data', () => undefined);
      socket.on('error', () => undefined);
      socket.on('close', () => resolve());
    });

  it.each(CASES)('logs $name once, client errors at info (401 and 403 at warn) without a stack, server faults at error with it', async (item) => {
    lines.length = 0;
    const response = await item.send({ rest, mcp, call, raw, json, key, freeKey, mcpKey, ownVideoId });
    if (response instanceof Response) await response.text();
    // Log lines are written as the answer goes out; give the stream a turn.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const refusals = lines.filter((line) => line.code !== undefined);
    expect(refusals.map((line) => ({ code: line.code, status: line.status, level: line.level }))).toEqual([
      { code: item.code, status: item.status, level: LEVEL[item.level] },
    ]);
    const [line] = refusals;
    if (item.level === 'error') {
      expect(line!.err?.stack).toMatch(/\n\s+at /);
    } else {
      expect(line!.err).toBeUndefined();
      expect(JSON.stringify(line)).not.toMatch(/\\n\s+at |"stack"/);
    }
    // Nothing else of the request is logged at error.
    expect(lines.filter((other) => other.level >= LEVEL.error && other !== line)).toEqual([]);
  });

  it('names the tool in the line of a tool error', async () => {
    lines.length = 0;
    await (await call('edit_video', { id: ownVideoId, prompt: 'Make it blue' })).text();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(lines.find((line) => line.tool === 'edit_video')).toMatchObject({ level: LEVEL.info, code: 'not_editable', status: 409 });
  });
});
