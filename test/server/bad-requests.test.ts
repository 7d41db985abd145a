import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { revokeApiKey } from '../../src/accounts/api-keys.js';
import { defineRoute } from '../../src/server/route-definition.js';
import {
  bearer,
  createAccountWithKey,
  createTestApp,
  createTestNode,
  snapshotDatabase,
  type TestNode,
} from '../helpers/test-node.js';

interface BadRequest {
  name: string;
  method: 'GET' | 'POST' | 'DELETE' | 'PUT' | 'PATCH';
  url: string;
  headers?: Record<string, string>;
  payload?: string;
  status: number;
  code: string;
  /** Text the message must contain (the field it names, for schema failures). */
  mentions?: string;
}

describe('bad requests', () => {
  let node: TestNode;
  let app: FastifyInstance;
  let key: string;
  let revokedKey: string;
  let freeKey: string;
  let otherAccountKeyId: string;
  const json = { 'content-type': 'application/json' };

  beforeAll(async () => {
    node = createTestNode();
    app = await createTestApp(node.ctx, {
      extraRoutes: [
        defineRoute({
          method: 'GET',
          url: '/v1/test/explode',
          operationId: 'explode',
          summary: 'throws an unexpected error',
          tags: ['test'],
          response: { status: 200, description: 'never' },
          handler: async () => {
            throw new Error('secret internal detail at /srv/db');
          },
        }),
        defineRoute({
          method: 'GET',
          url: '/v1/test/query',
          operationId: 'query',
          summary: 'takes a bounded query',
          tags: ['test'],
          querystring: z.strictObject({ limit: z.coerce.number().int().min(1).max(100).optional() }),
          response: { status: 200, description: 'ok' },
          handler: async () => ({ ok: true }),
        }),
      ],
    });
    key = (await createAccountWithKey(node.ctx)).key.key;
    const revoked = await createAccountWithKey(node.ctx);
    revokeApiKey(node.ctx, revoked.key.id);
    revokedKey = revoked.key.key;
    freeKey = (await createAccountWithKey(node.ctx, 'free')).key.key;
    otherAccountKeyId = (await createAccountWithKey(node.ctx)).key.id;
  });
  afterAll(async () => {
    await app.close();
    node.cleanup();
  });

  const auth = () => ({ ...bearer(key), ...json });

  const cases = (): BadRequest[] => [
    { name: 'no Authorization header', method: 'GET', url: '/v1/models', status: 401, code: 'unauthorized' },
    { name: 'Basic auth', method: 'GET', url: '/v1/models', headers: { authorization: 'Basic YTpi' }, status: 401, code: 'unauthorized' },
    { name: 'Bearer with nothing', method: 'GET', url: '/v1/models', headers: { authorization: 'Bearer ' }, status: 401, code: 'unauthorized' },
    { name: 'key with the wrong prefix', method: 'GET', url: '/v1/models', headers: bearer('sk_' + 'a'.repeat(43)), status: 401, code: 'unauthorized' },
    { name: 'key one character short', method: 'GET', url: '/v1/models', headers: bearer(key.slice(0, -1)), status: 401, code: 'unauthorized' },
    { name: 'key with two tokens', method: 'GET', url: '/v1/models', headers: { authorization: `Bearer ${key} extra` }, status: 401, code: 'unauthorized' },
    { name: 'unknown well-formed key', method: 'GET', url: '/v1/account', headers: bearer('mvk_' + 'Z'.repeat(43)), status: 401, code: 'unauthorized' },
    { name: 'revoked key', method: 'GET', url: '/v1/account', headers: bearer(revokedKey), status: 401, code: 'unauthorized' },
    { name: 'free plan key', method: 'GET', url: '/v1/account', headers: bearer(freeKey), status: 403, code: 'forbidden' },
    { name: 'unauthenticated OpenAPI document', method: 'GET', url: '/v1/openapi.json', status: 401, code: 'unauthorized' },
    { name: 'unknown route', method: 'GET', url: '/v1/does-not-exist', headers: bearer(key), status: 404, code: 'not_found' },
    { name: 'unknown version prefix', method: 'GET', url: '/v2/models', headers: bearer(key), status: 404, code: 'not_found' },
    { name: 'wrong method on a catalog', method: 'DELETE', url: '/v1/models', headers: bearer(key), status: 405, code: 'method_not_allowed' },
    { name: 'wrong method on health', method: 'POST', url: '/v1/health', status: 405, code: 'method_not_allowed' },
    { name: 'malformed JSON', method: 'POST', url: '/v1/api-keys', headers: auth(), payload: '{"name": "x",', status: 400, code: 'invalid_request' },
    { name: 'empty JSON body', method: 'POST', url: '/v1/api-keys', headers: auth(), payload: '', status: 400, code: 'invalid_request' },
    { name: 'text/plain body', method: 'POST', url: '/v1/api-keys', headers: { ...bearer(key), 'content-type': 'text/plain' }, payload: 'name=x', status: 415, code: 'unsupported_media_type' },
    { name: 'XML body', method: 'POST', url: '/v1/api-keys', headers: { ...bearer(key), 'content-type': 'application/xml' }, payload: '<name>x</name>', status: 415, code: 'unsupported_media_type' },
    { name: 'form body', method: 'POST', url: '/v1/api-keys', headers: { ...bearer(key), 'content-type': 'application/x-www-form-urlencoded' }, payload: 'name=x', status: 415, code: 'unsupported_media_type' },
    { name: 'body over 1 MiB', method: 'POST', url: '/v1/api-keys', headers: auth(), payload: JSON.stringify({ name: 'x'.repeat(1_100_000) }), status: 413, code: 'payload_too_large' },
    { name: 'JSON array body', method: 'POST', url: '/v1/api-keys', headers: auth(), payload: '[]', status: 400, code: 'invalid_request', mentions: 'body' },
    { name: 'JSON string body', method: 'POST', url: '/v1/api-keys', headers: auth(), payload: '"hello"', status: 400, code: 'invalid_request', mentions: 'body' },
    { name: 'JSON null body', method: 'POST', url: '/v1/api-keys', headers: auth(), payload: 'null', status: 400, code: 'invalid_request', mentions: 'body: takes an object { name, webhook_url }, for example {"name":"ci"}; got null' },
    { name: 'unknown field in a closed body', method: 'POST', url: '/v1/api-keys', headers: auth(), payload: JSON.stringify({ name: 'ci', plan: 'ultimate' }), status: 400, code: 'invalid_request', mentions: 'body.plan: unknown field' },
    { name: 'name of the wrong type', method: 'POST', url: '/v1/api-keys', headers: auth(), payload: JSON.stringify({ name: 42 }), status: 400, code: 'invalid_request', mentions: 'body.name' },
    { name: 'name as an object', method: 'POST', url: '/v1/api-keys', headers: auth(), payload: JSON.stringify({ name: { $gt: '' } }), status: 400, code: 'invalid_request', mentions: 'body.name' },
    { name: 'name null', method: 'POST', url: '/v1/api-keys', headers: auth(), payload: JSON.stringify({ name: null }), status: 400, code: 'invalid_request', mentions: 'body.name' },
    { name: 'empty name', method: 'POST', url: '/v1/api-keys', headers: auth(), payload: JSON.stringify({ name: '   ' }), status: 400, code: 'invalid_request', mentions: 'body.name' },
    { name: 'huge name', method: 'POST', url: '/v1/api-keys', headers: auth(), payload: JSON.stringify({ name: 'n'.repeat(50_000) }), status: 400, code: 'invalid_request', mentions: 'body.name' },
    { name: 'webhook_url of the wrong type', method: 'POST', url: '/v1/api-keys', headers: auth(), payload: JSON.stringify({ webhook_url: ['https://a.example'] }), status: 400, code: 'invalid_request', mentions: 'body.webhook_url' },
    { name: 'webhook_url that is not a URL', method: 'POST', url: '/v1/api-keys', headers: auth(), payload: JSON.stringify({ webhook_url: 'not a url' }), status: 400, code: 'invalid_request', mentions: 'webhook_url' },
    { name: 'plain http webhook_url', method: 'POST', url: '/v1/api-keys', headers: auth(), payload: JSON.stringify({ webhook_url: 'http://hooks.example.com/x' }), status: 400, code: 'invalid_request', mentions: 'https' },
    { name: 'private-address webhook_url', method: 'POST', url: '/v1/api-keys', headers: auth(), payload: JSON.stringify({ webhook_url: 'https://10.0.0.5/hook' }), status: 400, code: 'invalid_request', mentions: 'private' },
    { name: 'loopback webhook_url', method: 'POST', url: '/v1/api-keys', headers: auth(), payload: JSON.stringify({ webhook_url: 'https://localhost/hook' }), status: 400, code: 'invalid_request', mentions: 'private' },
    { name: 'webhook_url with credentials', method: 'POST', url: '/v1/api-keys', headers: auth(), payload: JSON.stringify({ webhook_url: 'https://user:pw@hooks.example.com/' }), status: 400, code: 'invalid_request', mentions: 'credentials' },
    { name: 'prototype poisoning', method: 'POST', url: '/v1/api-keys', headers: auth(), payload: '{"__proto__": {"admin": true}}', status: 400, code: 'invalid_request', mentions: '__proto__' },
    { name: 'revoking a key of another account', method: 'DELETE', url: `/v1/api-keys/${otherAccountKeyId}`, headers: bearer(key), status: 404, code: 'not_found' },
    { name: 'revoking a key that does not exist', method: 'DELETE', url: '/v1/api-keys/key_nope', headers: bearer(key), status: 404, code: 'not_found' },
    { name: 'query number that is text', method: 'GET', url: '/v1/test/query?limit=abc', headers: bearer(key), status: 400, code: 'invalid_request', mentions: 'querystring.limit' },
    { name: 'query number out of range', method: 'GET', url: '/v1/test/query?limit=1000', headers: bearer(key), status: 400, code: 'invalid_request', mentions: 'querystring.limit' },
    { name: 'unknown query parameter', method: 'GET', url: '/v1/test/query?limt=5', headers: bearer(key), status: 400, code: 'invalid_request', mentions: 'querystring.limt: unknown field (did you mean "limit"?)' },
  ];

  it('refuses each bad request with its status and code, and writes nothing', async () => {
    const before = snapshotDatabase(node.ctx);
    const list = cases();
    expect(list.length).toBeGreaterThanOrEqual(30);
    for (const bad of list) {
      const response = await app.inject({ method: bad.method, url: bad.url, headers: bad.headers, payload: bad.payload });
      const body = response.json();
      expect({ name: bad.name, status: response.statusCode, code: body.error?.code }).toEqual({
        name: bad.name,
        status: bad.status,
        code: bad.code,
      });
      // Field refusals carry details beside the message; nothing else is in the body.
      const { details, ...error } = body.error;
      expect(body).toEqual({ error: body.error });
      expect(error).toEqual({ code: bad.code, message: expect.any(String), status: bad.status });
      if (details !== undefined) expect(details).toEqual(expect.arrayContaining([expect.objectContaining({ field: expect.any(String), message: expect.any(String) })]));
      if (bad.mentions) expect(body.error.message, bad.name).toContain(bad.mentions);
      if (process.env.SHOW_MESSAGES) console.log(bad.name, "=>", body.error.message);
    }
    expect(snapshotDatabase(node.ctx)).toEqual(before);
  });

  it('answers an unexpected exception with 500 internal_error and no internals', async () => {
    const response = await app.inject({ method: 'GET', url: '/v1/test/explode', headers: bearer(key) });
    expect(response.statusCode).toBe(500);
    const body = response.json();
    expect(body).toEqual({ error: { code: 'internal_error', message: expect.stringContaining(response.headers['x-request-id'] as string), status: 500 } });
    expect(response.body).not.toContain('secret internal detail');
    expect(response.body).not.toContain('/srv/db');
  });

  it('names the allowed methods on 405', async () => {
    const response = await app.inject({ method: 'PUT', url: '/v1/api-keys', headers: bearer(key) });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('POST, GET');
  });
});
