import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NodeContext } from '../../src/node-context.js';
import type { InfographicRenders } from '../../src/pipeline/infographics/infographic-renders.js';
import { infographicSettings } from '../../src/pipeline/infographics/infographic-settings.js';
import { resolveTheme } from '../../src/pipeline/theme/resolve-theme.js';
import { newId } from '../../src/store/ids.js';
import { bearer, createAccountWithKey, createTestApp, createTestNode, snapshotDatabase, type TestNode } from '../helpers/test-node.js';

interface Detail {
  field: string;
  message: string;
  suggestion?: string;
}

/** A request with several refused fields, and each field it must name with its suggestion (null: none). */
interface FieldsCase {
  name: string;
  method: 'GET' | 'POST';
  url: string;
  body?: unknown;
  fields: Record<string, string | null>;
}

/** A ready infographic project with one version, written straight to the store. */
function insertProject(ctx: NodeContext, accountId: string): { projectId: string; versionId: string } {
  const projectId = newId('ifg');
  const versionId = newId('ifv');
  const createdAt = new Date().toISOString();
  const theme = resolveTheme({ prompt: 'teams', animationStyle: 'plain' });
  const { settings, schema } = infographicSettings({ headline: 'How teams ship', visual: 'bar', items: [{ label: 'Weekly', value: 62 }, { label: 'Daily', value: 48 }], unit: '%' }, theme);
  ctx.infographics.insertProject({ id: projectId, account_id: accountId, api_key_id: null, prompt: 'teams', options: '{}', webhook_url: null, created_at: createdAt });
  ctx.infographics.insertVersion({
    id: versionId, project_id: projectId, number: 1, status: 'ready', width: 320, height: 180, duration_seconds: 2,
    content: '{}', theme: JSON.stringify(theme), assets: '{}', settings: JSON.stringify(settings), settings_schema: JSON.stringify(schema),
    source: 'export default () => null', compiled: 'module.exports.default = () => null', writer: 'embedded', audit: null,
    charge_millicredits: 2000, error_code: null, error_message: null, created_at: createdAt, finished_at: createdAt,
  });
  return { projectId, versionId };
}

/** Sends raw bytes to a listening app and reads everything until the connection closes. */
function rawRequest(port: number, text: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('error', () => undefined);
    socket.setTimeout(5000, () => socket.destroy(new Error('no answer in 5 s')));
    socket.on('close', () => {
      const match = /^HTTP\/1\.1 (\d{3}) [^\r]*\r\n[\s\S]*?\r\n\r\n([\s\S]*)$/.exec(answer);
      if (!match) return reject(new Error(`not an HTTP answer: ${JSON.stringify(answer.slice(0, 200))}`));
      resolve({ status: Number(match[1]), body: JSON.parse(match[2]!) });
    });
  });
}

const LONG_ID = 'v'.repeat(101);

describe('error shapes', () => {
  let node: TestNode;
  let app: FastifyInstance;
  let port: number;
  let key: string;
  let project: { projectId: string; versionId: string };

  beforeAll(async () => {
    node = createTestNode();
    const renders = { enqueue: () => undefined } as unknown as InfographicRenders;
    let clock = 0;
    app = await createTestApp(node.ctx, { services: { infographics: renders }, rateLimit: { now: () => (clock += 61_000) } });
    port = Number(new URL(await app.listen({ host: '127.0.0.1', port: 0 })).port);
    const made = await createAccountWithKey(node.ctx);
    key = made.key.key;
    project = insertProject(node.ctx, made.account.id);
  });
  afterAll(async () => {
    await app.close();
    node.cleanup();
  });

  const send = (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) =>
    app.inject({
      method: method as 'GET',
      url,
      headers: { ...bearer(key), ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      ...(body === undefined ? {} : { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
    });

  const fieldCases: FieldsCase[] = [
    {
      name: 'a video body with three mistakes, one a camelCase field',
      method: 'POST', url: '/v1/videos', body: { duration: 1, aspectRatio: '16:9' },
      fields: { 'body.prompt': null, 'body.duration': null, 'body.aspectRatio': 'aspect_ratio' },
    },
    {
      name: 'a video body with a misspelt field and two in the other case style',
      method: 'POST', url: '/v1/videos', body: { promt: 'Owls at night', webhookUrl: 'https://hooks.example.com/x', Narration: true },
      fields: { 'body.prompt': null, 'body.promt': 'prompt', 'body.webhookUrl': 'webhook_url', 'body.Narration': 'narration' },
    },
    {
      name: 'a video body with mistakes nested in an image',
      method: 'POST', url: '/v1/videos', body: { prompt: '', model: 'model-9', images: [{ url: 'ftp://files.example.com/a.png', contxt: 'a map' }] },
      fields: { 'body.prompt': null, 'body.model': null, 'body.images.0.url': null, 'body.images.0.contxt': 'context' },
    },
    {
      name: 'a video body with mistakes inside brand_settings',
      method: 'POST', url: '/v1/videos', body: { prompt: 'Tides', brand_settings: { primaryColor: '#fff', heading_font: 5, colour: 'red' } },
      fields: { 'body.brand_settings.heading_font': null, 'body.brand_settings.primaryColor': 'primary_color', 'body.brand_settings.colour': null },
    },
    {
      name: 'a video body with a field named by part of its name',
      method: 'POST', url: '/v1/videos', body: { prompt: 'Tides', voice: 'alloy', duraton: 20, sfx: 'yes' },
      fields: { 'body.sfx': null, 'body.voice': 'narration_voice', 'body.duraton': 'duration' },
    },
    {
      name: 'an infographic body with snake_case fields (this resource is camelCase)',
      method: 'POST', url: '/v1/infographics/generate', body: { prompt: 'Teams', webhook_url: 'https://hooks.example.com/x', background_color: '#fff', aspect_ratio: '16:9' },
      fields: { 'body.webhook_url': 'webhookUrl', 'body.background_color': 'backgroundColor', 'body.aspect_ratio': null },
    },
    {
      name: 'an infographic body with mistakes at the top and inside brandSettings',
      method: 'POST', url: '/v1/infographics/generate', body: { duration: 0, brandSettings: { primary_color: '#fff', visualStyle: '4d' } },
      fields: { 'body.prompt': null, 'body.duration': null, 'body.brandSettings.visualStyle': null, 'body.brandSettings.primary_color': 'primaryColor' },
    },
    {
      name: 'an infographic document in snake_case',
      method: 'POST', url: '/v1/infographics/generate', body: { prompt: 'Teams', documents: [{ url: 'https://files.example.com/a.csv', mime_type: 'text/csv' }] },
      fields: { 'body.documents.0.mimeType': null, 'body.documents.0.mime_type': 'mimeType' },
    },
    {
      name: 'an infographic render body in snake_case',
      method: 'POST', url: '/v1/infographics/ifg_x/render', body: { version_id: 'ifv_x', fps: 0, settings_values: {} },
      fields: { 'body.versionId': null, 'body.fps': null, 'body.version_id': 'versionId', 'body.settings_values': 'settingsValues' },
    },
    {
      name: 'a video render body with four mistakes',
      method: 'POST', url: '/v1/videos/vid_x/render', body: { fps: 31, dimensions: { width: 100, height: 101 }, quality: 'high' },
      fields: { 'body.fps': null, 'body.dimensions.width': null, 'body.dimensions.height': null, 'body.quality': null },
    },
    {
      name: 'a video render with an over-long id and a bad body',
      method: 'POST', url: `/v1/videos/${LONG_ID}/render`, body: { fps: 31 },
      fields: { 'params.id': null, 'body.fps': null },
    },
    {
      name: 'an API key body with an empty name and a camelCase webhook',
      method: 'POST', url: '/v1/api-keys', body: { name: ' ', webhookUrl: 'https://hooks.example.com/x' },
      fields: { 'body.name': null, 'body.webhookUrl': 'webhook_url' },
    },
    {
      name: 'a video list query with a bad limit and a misspelt cursor',
      method: 'GET', url: '/v1/videos?limit=0&cursr=abc',
      fields: { 'querystring.limit': null, 'querystring.cursr': 'cursor' },
    },
    {
      name: 'a frames query with a misspelt field, on an over-long id',
      method: 'GET', url: `/v1/videos/${LONG_ID}/frames?max_frame=3`,
      fields: { 'params.id': null, 'querystring.max_frame': 'max_frames' },
    },
    {
      name: 'an infographic list query',
      method: 'GET', url: '/v1/infographics?limit=abc&next_cursor=x',
      fields: { 'querystring.limit': null, 'querystring.next_cursor': 'cursor' },
    },
  ];

  it.each(fieldCases)('names every refused field of $name in one 400, in the message and in details, with the nearest known field for unknown ones', async (bad) => {
    const before = snapshotDatabase(node.ctx);
    const response = await send(bad.method, bad.url, bad.body);
    expect(response.statusCode).toBe(400);
    const { error } = response.json() as { error: { code: string; message: string; status: number; details: Detail[] } };
    expect(Object.keys(error).sort()).toEqual(['code', 'details', 'message', 'status']);
    expect(error.code).toBe('invalid_request');
    expect(error.status).toBe(400);
    const named = Object.fromEntries(error.details.map((detail) => [detail.field, detail.suggestion ?? null]));
    expect(named).toEqual(bad.fields);
    for (const detail of error.details) {
      expect(Object.keys(detail).sort()).toEqual(detail.suggestion ? ['field', 'message', 'suggestion'] : ['field', 'message']);
      if (detail.suggestion) expect(detail.message).toBe(`unknown field (did you mean "${detail.suggestion}"?)`);
    }
    // The message says the same, every field in the order of details.
    expect(error.message).toBe(error.details.map((detail) => `${detail.field}: ${detail.message}`).join('; '));
    if (process.env.SHOW_MESSAGES) console.log(bad.name, '=>', error.message);
    expect(snapshotDatabase(node.ctx)).toEqual(before);
  });

  it('lists every refused settingsValues key with details and suggestions, as the schema refusals do', async () => {
    const before = snapshotDatabase(node.ctx);
    const response = await send('POST', `/v1/infographics/${project.projectId}/render`, {
      versionId: project.versionId,
      settingsValues: { primary_color: '#fff', headline: 7, colour: 'red' },
    });
    expect(response.statusCode).toBe(400);
    const { error } = response.json() as { error: { code: string; message: string; details: Detail[] } };
    expect(error.details).toEqual([
      { field: 'body.settingsValues.primary_color', message: 'unknown setting (did you mean "primaryColor"?)', suggestion: 'primaryColor' },
      { field: 'body.settingsValues.headline', message: 'must be a string, got 7' },
      { field: 'body.settingsValues.colour', message: 'unknown setting' },
    ]);
    expect(error.message).toMatch(
      /^settingsValues\.primary_color: unknown setting \(did you mean "primaryColor"\?\); settingsValues\.headline: must be a string, got 7; settingsValues\.colour: unknown setting\. This version's settings are: headline, /,
    );
    expect(snapshotDatabase(node.ctx)).toEqual(before);
  });

  it('lets an optional body be left out: a render without a body reaches the job, not a 400', async () => {
    const response = await app.inject({ method: 'POST', url: '/v1/videos/vid_missing/render', headers: bearer(key) });
    expect(response.json()).toEqual({ error: { code: 'not_found', message: 'video vid_missing not found', status: 404 } });
  });

  it.each([
    ['{"__proto__": {"admin": true}}', 'body.__proto__'],
    ['{"name": "ci", "nested": {"deeper": [{"__proto__": {}}]}}', 'body.nested.deeper.0.__proto__'],
    ['{"name": "ci", "\\u005f\\u005fproto__": {}}', 'body.__proto__'],
    ['{"name": "ci", "constructor": {"prototype": {"admin": true}}}', 'body.constructor.prototype'],
  ])('refuses the forbidden key of %s, naming where it is', async (payload, field) => {
    const before = snapshotDatabase(node.ctx);
    const response = await send('POST', '/v1/api-keys', payload);
    expect(response.statusCode).toBe(400);
    const message = `${field}: forbidden key ("__proto__" and "constructor.prototype" could change what every object inherits)`;
    expect(response.json()).toEqual({
      error: { code: 'invalid_request', message, status: 400, details: [{ field, message: message.slice(field.length + 2) }] },
    });
    expect(snapshotDatabase(node.ctx)).toEqual(before);
  });

  it('leaves a key merely named constructor to the schema, and says why broken JSON is broken', async () => {
    expect((await send('POST', '/v1/api-keys', '{"name": "ci", "constructor": "x"}')).json().error.message).toBe('body.constructor: unknown field');
    const broken = await send('POST', '/v1/api-keys', '{"name": "ci",');
    expect(broken.json().error).toEqual({ code: 'invalid_request', status: 400, message: expect.stringMatching(/^body is not valid JSON: .*position 14/) });
  });

  it('refuses a JSON body in a charset other than UTF-8 with 415, and takes UTF-8 however it is written', async () => {
    const before = snapshotDatabase(node.ctx);
    const latin1 = await send('POST', '/v1/api-keys', '{"name": "ci"}', { 'content-type': 'application/json; charset=latin1' });
    expect(latin1.json()).toEqual({ error: { code: 'unsupported_media_type', message: 'JSON bodies must be UTF-8 (RFC 8259); charset "latin1" is not accepted', status: 415 } });
    const utf16 = await send('POST', '/v1/api-keys', '{"name": "ci"}', { 'content-type': 'application/json;charset="UTF-16"' });
    expect(utf16.statusCode).toBe(415);
    expect(snapshotDatabase(node.ctx)).toEqual(before);
    const utf8 = await send('POST', '/v1/api-keys', '{"name": "ci"}', { 'content-type': 'Application/JSON; Charset="UTF-8"' });
    expect(utf8.statusCode).toBe(201);
  });

  it.each([
    ['POST', '/v1/videos/%E0%A4%A/cancel', 400, 'invalid_request', 'path /v1/videos/%E0%A4%A/cancel is not valid percent-encoding'],
    ['GET', '/files/%ZZ', 400, 'invalid_request', 'path /files/%ZZ is not valid percent-encoding'],
    ['GET', '/v1/videos/%', 400, 'invalid_request', 'is not valid percent-encoding'],
    ['GET', `/v1/videos/${LONG_ID}`, 400, 'invalid_request', 'params.id: must be at most 100 characters'],
    ['POST', `/v1/videos/${LONG_ID}/cancel`, 400, 'invalid_request', 'params.id: must be at most 100 characters'],
    ['GET', `/v1/infographics/${LONG_ID}`, 400, 'invalid_request', 'params.id'],
    ['DELETE', `/v1/api-keys/${LONG_ID}`, 400, 'invalid_request', 'params.id'],
    ['GET', `/v1/videos/${'v'.repeat(1001)}`, 400, 'invalid_request', 'has a segment longer than 1000 characters; ids are at most 100'],
    ['GET', `/v1/${'x'.repeat(5000)}`, 404, 'not_found', '… (5004 characters)'],
    ['GET', '/v1/videos/%00', 404, 'not_found', 'video \u0000 not found'],
    ['GET', '/v1//videos', 404, 'not_found', 'no route GET /v1//videos'],
    ['PROPFIND', '/v1/videos', 400, 'invalid_request', 'the PROPFIND method is not one this node answers'],
    ['MKCOL', '/v1/anything', 400, 'invalid_request', 'MKCOL'],
    ['OPTIONS', '/v1/videos', 405, 'method_not_allowed', 'OPTIONS is not allowed on /v1/videos; use POST, GET'],
    ['TRACE', '/v1/models', 405, 'method_not_allowed', 'TRACE is not allowed on /v1/models'],
    ['QUERY', '/v1/videos', 400, 'invalid_request', "Method 'QUERY' must provide a 'Content-Type' header"],
  ] as const)('answers %s %s with %i %s in the error body', async (method, url, status, code, mentions) => {
    const response = await app.inject({ method: method as 'GET', url, headers: bearer(key) });
    expect(response.statusCode).toBe(status);
    const body = response.json() as { error: { code: string; message: string; status: number; details?: unknown } };
    expect(Object.keys(body)).toEqual(['error']);
    expect({ code: body.error.code, status: body.error.status }).toEqual({ code, status });
    expect(body.error.message).toContain(mentions);
    expect(body.error.message.length).toBeLessThan(400);
    expect(response.headers['x-request-id']).toMatch(/^req_/);
  });

  it('answers HEAD on a path without GET with 405 and Allow, not a bare 404', async () => {
    const response = await app.inject({ method: 'HEAD', url: '/v1/infographics/generate', headers: bearer(key) });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('POST');
  });

  it.each([
    ['a Content-Length that is not a number', () => 'GET /v1/health HTTP/1.1\r\nHost: a\r\nContent-Length: abc\r\n\r\n', 400, 'invalid_request', 'Content-Length must be one whole number'],
    ['a negative Content-Length', () => 'POST /v1/api-keys HTTP/1.1\r\nHost: a\r\nContent-Length: -1\r\n\r\n{}', 400, 'invalid_request', 'Content-Length'],
    ['two Content-Lengths', () => 'POST /v1/api-keys HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\nContent-Length: 7\r\n\r\n{}', 400, 'invalid_request', 'Content-Length'],
    ['Content-Length with Transfer-Encoding', () => 'POST /v1/api-keys HTTP/1.1\r\nHost: a\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n{}', 400, 'invalid_request', 'Transfer-Encoding'],
    ['a method that is not one', () => 'FOO /v1/health HTTP/1.1\r\nHost: a\r\n\r\n', 400, 'invalid_request', 'not an HTTP method'],
    ['a control character in the path', () => 'GET /v1/he\u0001alth HTTP/1.1\r\nHost: a\r\n\r\n', 400, 'invalid_request', 'not a valid URL path'],
    ['a space in a header name', () => 'GET /v1/health HTTP/1.1\r\nHost: a\r\nBad Header: y\r\n\r\n', 400, 'invalid_request', 'header name or value'],
    ['a URL over the header size limit', () => `GET /v1/videos?cursor=${'c'.repeat(20_000)} HTTP/1.1\r\nHost: a\r\n\r\n`, 431, 'headers_too_large', 'larger than 16384 bytes'],
    ['a WebDAV method', () => 'PROPFIND /v1/health HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n', 400, 'invalid_request', 'PROPFIND'],
    [
      'a body longer than its Content-Length (the rest is cut off)',
      (apiKey: string) =>
        `POST /v1/api-keys HTTP/1.1\r\nHost: a\r\nAuthorization: Bearer ${apiKey}\r\nContent-Type: application/json\r\nContent-Length: 10\r\nConnection: close\r\n\r\n{"name":"abcdef"}`,
      400,
      'invalid_request',
      'body is not valid JSON',
    ],
  ] as const)('answers %s, refused before any route, with the error body', async (_name, text, status, code, mentions) => {
    const before = snapshotDatabase(node.ctx);
    const answer = await rawRequest(port, text(key));
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual({ error: { code, message: expect.stringContaining(mentions), status } });
    expect(snapshotDatabase(node.ctx)).toEqual(before);
  });

  it('answers a request Node times out with 408 request_timeout in the error body', async () => {
    // Node's own timers take 30 s or more to fire; its clientError event is what they raise.
    const serverSide = new Promise<net.Socket>((resolve) => app.server.once('connection', resolve));
    const answer = new Promise<string>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write('GET /v1/health HTTP/1.1\r\nHost: a\r\n'));
      let text = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (text += chunk));
      socket.on('error', () => undefined);
      socket.on('close', () => resolve(text));
    });
    const timeout = Object.assign(new Error('Request timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' });
    app.server.emit('clientError', timeout, await serverSide);
    const text = await answer;
    expect(text).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toEqual({
      error: { code: 'request_timeout', message: 'the request was not received in time', status: 408 },
    });
  });

  it('documents details in the OpenAPI error schema', async () => {
    const doc = (await send('GET', '/v1/openapi.json')).json();
    const error = doc.components.schemas.Error.properties.error;
    expect(error.required).toEqual(['code', 'message', 'status']);
    expect(error.properties.details).toMatchObject({
      type: 'array',
      items: { type: 'object', required: ['field', 'message'], properties: { field: { type: 'string' }, message: { type: 'string' }, suggestion: { type: 'string' } } },
    });
    expect(error.properties.code.enum).toEqual(expect.arrayContaining(['headers_too_large', 'request_timeout']));
  });
});
