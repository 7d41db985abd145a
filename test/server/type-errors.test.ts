import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAccountWithKey, createTestApp, createTestNode, snapshotDatabase, type TestNode } from '../helpers/test-node.js';

/** A JSON Schema property as the OpenAPI document and the MCP tool listing show it. */
interface Property {
  type?: string;
  enum?: unknown[];
  anyOf?: Property[];
}

const typesOf = (property: Property): string[] => (property.anyOf ? property.anyOf.flatMap(typesOf) : property.enum ? ['enum'] : property.type ? [property.type] : []);

/** A value of a type the property does not take: a number for text, a string for anything else; undefined when it takes both. */
function wrongValue(property: Property): unknown {
  const types = typesOf(property);
  if (!types.includes('string') && !types.includes('enum')) return 'yes';
  if (!types.includes('number') && !types.includes('integer')) return 12345;
  return undefined;
}

/** Wrong-typed values for every property of a body or tool input that has one. */
function wrongBody(properties: Record<string, Property>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(properties).flatMap(([key, property]) => {
    const value = wrongValue(property);
    return value === undefined ? [] : [[key, value]];
  }));
}

/** What every type error must say: what the field takes and what it got, with an example where the field is not free text. */
function expectExplained(field: string, message: string, property: Property, sent: unknown): void {
  const got = typeof sent === 'string' ? `got the string "${sent}"` : `got the number ${String(sent)}`;
  if (typesOf(property).every((type) => type === 'enum')) {
    // A value outside a list is refused with the list, in the schema's words, and what came.
    expect(message, field).toMatch(/^must be .+; got /);
  } else {
    expect(message, field).toMatch(/^takes .+; got /);
    if (!typesOf(property).includes('string')) expect(message, field).toContain(', for example ');
  }
  expect(message, field).toContain(got);
  expect(message, field).not.toMatch(/Invalid input|expected \w+, received/);
}

describe('type errors in request bodies', () => {
  let node: TestNode;
  let app: FastifyInstance;
  let key: string;
  beforeAll(async () => {
    node = createTestNode();
    let clock = 0;
    app = await createTestApp(node.ctx, { rateLimit: { now: () => (clock += 61_000) } });
    key = (await createAccountWithKey(node.ctx)).key.key;
  });
  afterAll(async () => {
    await app.close();
    node.cleanup();
  });

  const post = (url: string, body: unknown, method = 'POST') =>
    app.inject({ method: method as 'POST', url, headers: { ...bearer(key), 'content-type': 'application/json' }, payload: JSON.stringify(body) });

  it('explains "dimensions":"1280x720" with what the field takes, an example, and what it got', async () => {
    const response = await post('/v1/videos', { prompt: 'How bees make honey: foragers collect nectar, house bees fan it dry.', dimensions: '1280x720' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toEqual([
      {
        field: 'body.dimensions',
        message: 'takes an object { width, height } (exact canvas size in pixels), for example {"width":1280,"height":720}; got the string "1280x720"',
      },
    ]);
    expect(response.json().error.message).toBe(
      'body.dimensions: takes an object { width, height } (exact canvas size in pixels), for example {"width":1280,"height":720}; got the string "1280x720"',
    );
  });

  it.each([
    ['render', 'yes', 'body.render: takes true or false (render an MP4 when generation finishes), for example false; got the string "yes"'],
    ['duration', '30', 'body.duration: takes a number from 5 to 120 (target seconds, from 5 to the model\'s maximum (model-5/6: 120, model-4: 60, model-3: 30)), for example 30; got the string "30"'],
    ['narration_voice', 7, 'body.narration_voice: takes a string of 1 to 200 characters'],
    ['captions', 'yes', 'body.captions: takes true or false, or an object { style, position }'],
    ['images', 'https://example.com/a.png', 'body.images: takes an array of at most 20 items, each an object { url, context } (images copied into the project, at most 20), for example [{"url":"https://example.com/file"}]; got the string "https://example.com/a.png"'],
    ['model', 5, 'body.model: must be one of "model-5", "model-6", "model-4", "model-3"; got the number 5'],
  ])('explains %s of the wrong type in the node\'s words', async (field, value, message) => {
    const response = await post('/v1/videos', { prompt: 'How bees make honey: foragers collect nectar, house bees fan it dry.', [field]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain(message);
  });

  it('says a missing required field is required, with what it takes and an example', async () => {
    const response = await post('/v1/videos', {});
    expect(response.json().error.message).toBe(
      'body.prompt: is required; takes a string of 1 to 10000 characters (what the video is about (1 to 10000 characters)), for example "A 30 second video on how bees make honey"',
    );
  });

  it('explains a nested field and an item of a list by their path', async () => {
    const response = await post('/v1/videos', { prompt: 'How bees make honey.', dimensions: { width: '1280', height: 720 }, images: [{ url: 5 }] });
    const details = response.json().error.details as { field: string; message: string }[];
    expect(details).toContainEqual({ field: 'body.dimensions.width', message: 'takes an even whole number from 128 to 3840 (width in pixels), for example 1280; got the string "1280"' });
    expect(details).toContainEqual({ field: 'body.images.0.url', message: expect.stringMatching(/^takes a URL of at most 8192 characters \(direct, publicly downloadable image file .*\), for example "https:\/\/example\.com\/file"; got the number 5$/) });
  });

  it('explains every type error of every REST body (videos, edits, renders, infographics, keys, provider keys) and changes nothing', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/v1/openapi.json', headers: bearer(key) })).json() as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { properties?: Record<string, Property> } }> } }>>;
    };
    const before = snapshotDatabase(node.ctx);
    let bodies = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const properties = operation.requestBody?.content['application/json']?.schema.properties;
        if (!properties) continue;
        bodies += 1;
        const body = wrongBody(properties);
        const response = await post(path.replace(/\{[^}]+\}/g, 'x_1'), body, method.toUpperCase());
        expect(response.statusCode, `${method} ${path}`).toBe(400);
        const details = new Map((response.json().error.details as { field: string; message: string }[]).map((detail) => [detail.field, detail.message]));
        for (const [field, value] of Object.entries(body)) {
          const message = details.get(`body.${field}`);
          expect(message, `${method} ${path} ${field}`).toBeDefined();
          expectExplained(`${method} ${path} ${field}`, message!, properties[field]!, value);
        }
      }
    }
    expect(bodies).toBeGreaterThanOrEqual(8);
    expect(snapshotDatabase(node.ctx)).toEqual(before);
  });

  it('explains every type error of every MCP tool\'s arguments the same way', async () => {
    // MCP answers only on the address it listens on, as a real client reaches it.
    const url = `${await app.listen({ host: '127.0.0.1', port: 0 })}/mcp`;
    const rpc = async (method: string, params: unknown) => {
      const response = await fetch(url, {
        method: 'POST',
        headers: { ...bearer(key), 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      });
      const text = await response.text();
      expect(response.status, text).toBe(200);
      return (JSON.parse(text) as { result: Record<string, unknown> }).result;
    };
    const { tools } = (await rpc('tools/list', {})) as { tools: { name: string; inputSchema: { properties?: Record<string, Property> } }[] };
    let checked = 0;
    for (const tool of tools) {
      const args = wrongBody(tool.inputSchema.properties ?? {});
      if (Object.keys(args).length === 0) continue;
      const result = (await rpc('tools/call', { name: tool.name, arguments: args })) as { isError: boolean; content: { text: string }[] };
      expect(result.isError, tool.name).toBe(true);
      const error = (JSON.parse(result.content[0]!.text) as { error: { code: string; details: { field: string; message: string }[] } }).error;
      expect(error.code).toBe('invalid_request');
      const details = new Map(error.details.map((detail) => [detail.field, detail.message]));
      for (const [field, value] of Object.entries(args)) {
        checked += 1;
        expectExplained(`${tool.name} ${field}`, details.get(`arguments.${field}`) ?? '', tool.inputSchema.properties![field]!, value);
      }
    }
    expect(checked).toBeGreaterThan(30);
  });
});
