import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAccountWithKey, createTestApp, createTestNode, type TestNode } from '../helpers/test-node.js';
import { BASE_URL, ISSUER, RESOURCE } from './oauth-helpers.js';

describe('OAuth metadata', () => {
  let node: TestNode;
  let app: FastifyInstance;
  beforeAll(async () => {
    node = createTestNode({ publicUrl: BASE_URL });
    app = await createTestApp(node.ctx);
  });
  afterAll(async () => {
    await app.close();
    node.cleanup();
  });

  it('serves the authorization server metadata (RFC 8414) without a key', async () => {
    const response = await app.inject({ method: 'GET', url: '/.well-known/oauth-authorization-server' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      issuer: ISSUER,
      authorization_endpoint: `${ISSUER}/oauth/authorize`,
      token_endpoint: `${ISSUER}/oauth/token`,
      registration_endpoint: `${ISSUER}/oauth/register`,
      revocation_endpoint: `${ISSUER}/oauth/revoke`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none', 'client_secret_post', 'client_secret_basic'],
      revocation_endpoint_auth_methods_supported: ['none', 'client_secret_post', 'client_secret_basic'],
      scopes_supported: ['read', 'write'],
    });
    expect(response.headers['access-control-allow-origin']).toBe('*');
  });

  it.each(['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp'])(
    'serves the protected resource metadata (RFC 9728) at %s',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        resource: RESOURCE,
        authorization_servers: [ISSUER],
        scopes_supported: ['read', 'write'],
        bearer_methods_supported: ['header'],
        resource_name: expect.any(String),
      });
    },
  );

  it('answers a CORS preflight on the token endpoint', async () => {
    const response = await app.inject({ method: 'OPTIONS', url: '/oauth/token', headers: { origin: 'https://inspector.example' } });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-allow-headers']).toContain('authorization');
  });

  it('leaves the REST API JSON-only: a form body on a REST route is still 415', async () => {
    const { key } = await createAccountWithKey(node.ctx);
    const response = await app.inject({
      method: 'POST',
      url: '/v1/videos',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...bearer(key.key) },
      payload: 'prompt=hello',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe('unsupported_media_type');
  });
});
