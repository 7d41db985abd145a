import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { bearer, createAccountWithKey, createTestApp, createTestNode, type TestNode } from '../helpers/test-node.js';

describe('GET /v1/openapi.json', () => {
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

  it('documents every route in OpenAPI 3.1 from the schemas that validate requests', async () => {
    const response = await app.inject({ method: 'GET', url: '/v1/openapi.json', headers: bearer(key) });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths).sort()).toEqual(
      [
        '/v1/account', '/v1/account/provider-keys', '/v1/account/provider-keys/{provider}', '/v1/animation-styles', '/v1/api-keys', '/v1/api-keys/{id}', '/v1/brand-kits', '/v1/health', '/v1/models',
        '/v1/openapi.json', '/v1/voices', '/v1/videos', '/v1/videos/{id}', '/v1/videos/{id}/cancel', '/v1/videos/{id}/frames',
        '/v1/videos/{id}/edit', '/v1/videos/{id}/approve', '/v1/videos/{id}/render', '/v1/infographics/generate', '/v1/infographics/{id}/render', '/v1/infographics',
        '/v1/infographics/{id}', '/v1/infographics/{id}/versions/{versionId}', '/v1/infographics/{id}/renders/{renderId}', '/files/*',
        '/v1/videos/estimate', '/v1/account/ledger', '/v1/account/connections', '/v1/account/connections/{id}',
        '/v1/videos/{id}/preview', '/v1/infographics/{id}/versions/{versionId}/preview', '/v1/pictures',
        '/v1/videos/{id}/captions', '/v1/videos/{id}/poster', '/v1/infographics/{id}/versions/{versionId}/poster',
      ].sort(),
    );
    expect(doc.paths['/v1/health'].get.security).toEqual([]);
    expect(doc.paths['/v1/models'].get.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/v1/models'].get.responses['401']).toEqual({ $ref: '#/components/responses/Error401' });
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });

    const create = doc.paths['/v1/api-keys'].post;
    const schema = create.requestBody.content['application/json'].schema;
    expect(schema.additionalProperties).toBe(false);
    expect(schema.properties.name).toMatchObject({ type: 'string', minLength: 1, maxLength: 100 });
    expect(Object.keys(schema.properties).sort()).toEqual(['name', 'webhook_url']);
    expect(create.responses['201'].content['application/json'].schema.required).toContain('key');
    expect(create.responses['415']).toBeDefined();

    const revoke = doc.paths['/v1/api-keys/{id}'].delete;
    expect(revoke.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
    expect(doc.components.schemas.Error.properties.error.properties.code.enum).toContain('rate_limited');

    const putKey = doc.paths['/v1/account/provider-keys/{provider}'].put;
    expect(putKey.requestBody.content['application/json'].schema.required).toEqual(['api_key']);
    expect(putKey.summary).toMatch(/openai, anthropic, google/);
    expect(doc.paths['/v1/account/provider-keys/{provider}'].delete.responses['204']).toBeDefined();
    expect(doc.paths['/v1/videos'].post.responses['202'].content['application/json'].schema.required).toContain('estimate_breakdown');
  });
});
