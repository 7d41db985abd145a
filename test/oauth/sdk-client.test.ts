import type { FastifyInstance } from 'fastify';
import {
  discoverAuthorizationServerMetadata,
  discoverOAuthProtectedResourceMetadata,
  exchangeAuthorization,
  refreshAuthorization,
  registerClient,
  startAuthorization,
} from '@modelcontextprotocol/sdk/client/auth.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticateAccessToken } from '../../src/oauth/access-tokens.js';
import { createTestApp, createTestNode, type TestNode } from '../helpers/test-node.js';
import { createPasswordAccount, hiddenField, PASSWORD } from './oauth-helpers.js';

// The MCP SDK's own OAuth client functions against a listening node: discovery, registration,
// the authorization URL, the token exchange and refresh all parse our answers with the SDK's schemas.
describe('OAuth with the MCP SDK client', () => {
  let node: TestNode;
  let app: FastifyInstance;
  let base: string;
  let email: string;

  beforeAll(async () => {
    node = createTestNode({ port: 0 });
    app = await createTestApp(node.ctx);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (typeof address !== 'object' || address === null) throw new Error('not listening');
    base = `http://127.0.0.1:${address.port}`;
    email = (await createPasswordAccount(node.ctx, 'pro')).email;
  });
  afterAll(async () => {
    await app.close();
    node.cleanup();
  });

  /** Plays the user in the browser: signs in and approves, returning the code from the redirect. */
  async function approveInBrowser(authorizationUrl: URL): Promise<string> {
    const page = await fetch(authorizationUrl);
    expect(page.status).toBe(200);
    const requestId = hiddenField(await page.text(), 'request_id');
    const post = (fields: Record<string, string>) =>
      fetch(`${base}/oauth/authorize`, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
    const consent = await post({ request_id: requestId, action: 'sign_in', email, password: PASSWORD });
    expect(consent.status).toBe(200);
    const consentToken = hiddenField(await consent.text(), 'consent_token');
    const approved = await post({ request_id: requestId, consent_token: consentToken, action: 'approve' });
    expect(approved.status).toBe(302);
    const location = new URL(approved.headers.get('location')!);
    expect(location.searchParams.get('iss')).toBe(base);
    return location.searchParams.get('code')!;
  }

  it.each(['none', undefined])('connects a client registering token_endpoint_auth_method %s', async (method) => {
    const resourceMetadata = await discoverOAuthProtectedResourceMetadata(`${base}/mcp`);
    expect(resourceMetadata.resource).toBe(`${base}/mcp`);
    const issuer = resourceMetadata.authorization_servers![0]!;
    const metadata = await discoverAuthorizationServerMetadata(issuer);
    expect(metadata?.issuer).toBe(base);

    const redirectUrl = 'http://127.0.0.1:47111/callback';
    const clientInformation = await registerClient(issuer, {
      metadata,
      clientMetadata: {
        client_name: 'SDK client',
        redirect_uris: [redirectUrl],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        ...(method ? { token_endpoint_auth_method: method } : {}),
      },
    });
    expect(clientInformation.client_secret === undefined).toBe(method === 'none');

    const resource = new URL(resourceMetadata.resource);
    const { authorizationUrl, codeVerifier } = await startAuthorization(issuer, {
      metadata,
      clientInformation,
      redirectUrl,
      scope: 'read write',
      state: 'sdk-state',
      resource,
    });
    const authorizationCode = await approveInBrowser(authorizationUrl);

    const tokens = await exchangeAuthorization(issuer, {
      metadata,
      clientInformation,
      authorizationCode,
      codeVerifier,
      redirectUri: redirectUrl,
      resource,
    });
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'read write' });
    expect(authenticateAccessToken(node.ctx, tokens.access_token, resource.href).clientName).toBe('SDK client');

    const refreshed = await refreshAuthorization(issuer, {
      metadata,
      clientInformation,
      refreshToken: tokens.refresh_token!,
      resource,
    });
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect(authenticateAccessToken(node.ctx, refreshed.access_token, resource.href).scopes).toEqual(['read', 'write']);
  });
});
