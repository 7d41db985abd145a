import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticateAccessToken, OAuthBearerError } from '../../src/oauth/access-tokens.js';
import { listConnections } from '../../src/oauth/connections.js';
import { createTestApp, createTestNode, snapshotDatabase, type TestNode } from '../helpers/test-node.js';
import {
  authorize,
  BASE_URL,
  createPasswordAccount,
  exchangeCode,
  nextAddress,
  obtainTokens,
  pkcePair,
  postForm,
  refresh,
  registerClient,
  RESOURCE,
  type TestClient,
} from './oauth-helpers.js';

const basic = (id: string, secret: string) => ({
  authorization: `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`,
});

describe('POST /oauth/token', () => {
  let node: TestNode;
  let app: FastifyInstance;
  let client: TestClient;
  let email: string;

  beforeAll(async () => {
    node = createTestNode({ publicUrl: BASE_URL });
    app = await createTestApp(node.ctx);
    client = await registerClient(app);
    email = (await createPasswordAccount(node.ctx, 'creator')).email;
  });
  afterAll(async () => {
    await app.close();
    node.cleanup();
  });

  const expectRefused = (token: string) => expect(() => authenticateAccessToken(node.ctx, token, RESOURCE)).toThrow(OAuthBearerError);

  describe('authorization_code', () => {
    it('refuses a wrong code_verifier with invalid_grant, changing nothing', async () => {
      const { challenge } = pkcePair();
      const code = await authorize(app, client, email, { challenge });
      const before = snapshotDatabase(node.ctx);
      const response = await exchangeCode(app, client, code, pkcePair().verifier);
      expect(response.statusCode).toBe(400);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json()).toEqual({ error: 'invalid_grant', error_description: expect.stringContaining('code_verifier') });
      expect(snapshotDatabase(node.ctx)).toEqual(before);
    });

    it('refuses a reused code and revokes the tokens issued from it', async () => {
      const { verifier, challenge } = pkcePair();
      const code = await authorize(app, client, email, { challenge });
      const first = await exchangeCode(app, client, code, verifier);
      expect(first.statusCode).toBe(200);
      const tokens = first.json();
      // Rotated once: the descendants of the code are revoked too.
      const rotated = (await refresh(app, client, tokens.refresh_token)).json();
      expect(authenticateAccessToken(node.ctx, rotated.access_token, RESOURCE).scopes).toEqual(['read', 'write']);

      const again = await exchangeCode(app, client, code, verifier);
      expect(again.statusCode).toBe(400);
      expect(again.json().error).toBe('invalid_grant');
      expectRefused(tokens.access_token);
      expectRefused(rotated.access_token);
      expect((await refresh(app, client, rotated.refresh_token)).json().error).toBe('invalid_grant');
    });

    it('refuses an expired code with invalid_grant, changing nothing', async () => {
      const { verifier, challenge } = pkcePair();
      const code = await authorize(app, client, email, { challenge });
      node.ctx.db.prepare('UPDATE oauth_codes SET expires_at = ? WHERE used_at IS NULL').run(new Date(Date.now() - 1000).toISOString());
      const before = snapshotDatabase(node.ctx);
      const response = await exchangeCode(app, client, code, verifier);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'invalid_grant', error_description: 'code has expired' });
      expect(snapshotDatabase(node.ctx)).toEqual(before);
    });

    it('refuses a resource other than the code\'s with invalid_target, changing nothing', async () => {
      const { verifier, challenge } = pkcePair();
      const code = await authorize(app, client, email, { challenge });
      const before = snapshotDatabase(node.ctx);
      const response = await exchangeCode(app, client, code, verifier, { resource: 'https://other.example/mcp' });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('invalid_target');
      expect(snapshotDatabase(node.ctx)).toEqual(before);
      // The same code still works with the right resource.
      expect((await exchangeCode(app, client, code, verifier, { resource: RESOURCE })).statusCode).toBe(200);
    });

    it('refuses a redirect_uri that differs from the authorization request', async () => {
      const { verifier, challenge } = pkcePair();
      const code = await authorize(app, client, email, { challenge });
      const before = snapshotDatabase(node.ctx);
      const response = await exchangeCode(app, client, code, verifier, { redirect_uri: 'http://127.0.0.1:33418/other' });
      expect(response.json().error).toBe('invalid_grant');
      expect(snapshotDatabase(node.ctx)).toEqual(before);
    });

    it('refuses a code issued to another client', async () => {
      const other = await registerClient(app);
      const { verifier, challenge } = pkcePair();
      const code = await authorize(app, client, email, { challenge });
      const response = await exchangeCode(app, other, code, verifier);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('invalid_grant');
    });

    it.each([
      ['no grant_type', { grant_type: '' }, 'invalid_request'],
      ['an unsupported grant_type', { grant_type: 'client_credentials' }, 'unsupported_grant_type'],
      ['no code', { code: '' }, 'invalid_request'],
      ['no code_verifier', { code_verifier: '' }, 'invalid_request'],
      ['an unknown code', { code: 'mvac_unknown' }, 'invalid_grant'],
    ])('answers %s with 400 %s', async (_name, extra, error) => {
      const before = snapshotDatabase(node.ctx);
      const response = await exchangeCode(app, client, 'mvac_whatever', pkcePair().verifier, extra);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(error);
      expect(snapshotDatabase(node.ctx)).toEqual(before);
    });

    it('refuses a parameter sent twice with invalid_request', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/oauth/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `grant_type=authorization_code&grant_type=refresh_token&client_id=${client.client_id}`,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('invalid_request');
    });

    it('accepts a JSON body', async () => {
      const { verifier, challenge } = pkcePair();
      const code = await authorize(app, client, email, { challenge });
      const response = await app.inject({
        method: 'POST',
        url: '/oauth/token',
        payload: {
          grant_type: 'authorization_code',
          code,
          redirect_uri: client.redirect_uris[0],
          code_verifier: verifier,
          client_id: client.client_id,
        },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().token_type).toBe('Bearer');
    });
  });

  describe('client authentication', () => {
    it('refuses an unknown client_id with 401 invalid_client', async () => {
      const response = await exchangeCode(app, { ...client, client_id: 'cli_unknown' }, 'mvac_x', pkcePair().verifier);
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toBe('invalid_client');
    });

    it('authenticates a client_secret_basic client by its Authorization header', async () => {
      const confidential = await registerClient(app, { token_endpoint_auth_method: 'client_secret_basic' });
      const { verifier, challenge } = pkcePair();
      const code = await authorize(app, confidential, email, { challenge });
      const fields = { grant_type: 'authorization_code', code, redirect_uri: confidential.redirect_uris[0]!, code_verifier: verifier };

      const wrong = await app.inject({
        method: 'POST',
        url: '/oauth/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...basic(confidential.client_id, 'mvcs_wrong') },
        payload: new URLSearchParams(fields).toString(),
      });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().error).toBe('invalid_client');
      expect(wrong.headers['www-authenticate']).toMatch(/^Basic/);

      const inBody = await postForm(app, '/oauth/token', { ...fields, client_id: confidential.client_id, client_secret: confidential.client_secret! });
      expect(inBody.statusCode).toBe(401);

      const missing = await postForm(app, '/oauth/token', { ...fields, client_id: confidential.client_id });
      expect(missing.statusCode).toBe(401);

      const right = await app.inject({
        method: 'POST',
        url: '/oauth/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...basic(confidential.client_id, confidential.client_secret!) },
        payload: new URLSearchParams(fields).toString(),
      });
      expect(right.statusCode).toBe(200);
    });

    it('authenticates a client_secret_post client by client_secret in the body', async () => {
      const confidential = await registerClient(app, { token_endpoint_auth_method: 'client_secret_post' });
      const { verifier, challenge } = pkcePair();
      const code = await authorize(app, confidential, email, { challenge });
      const wrong = await exchangeCode(app, confidential, code, verifier, { client_secret: 'mvcs_wrong' });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().error).toBe('invalid_client');
      expect(wrong.headers['www-authenticate']).toBeUndefined();
      const right = await exchangeCode(app, confidential, code, verifier, { client_secret: confidential.client_secret! });
      expect(right.statusCode).toBe(200);
    });

    it('refuses a secret from a public client', async () => {
      const response = await exchangeCode(app, client, 'mvac_x', pkcePair().verifier, { client_secret: 'mvcs_anything' });
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toBe('invalid_client');
    });
  });

  describe('refresh_token', () => {
    it('rotates: a new pair is issued and both new tokens work', async () => {
      const tokens = await obtainTokens(app, client, email);
      const response = await refresh(app, client, tokens.refresh_token);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const rotated = response.json();
      expect(rotated).toEqual({
        access_token: expect.stringMatching(/^mvat_/),
        token_type: 'Bearer',
        expires_in: 3600,
        refresh_token: expect.stringMatching(/^mvrt_/),
        scope: 'read write',
      });
      expect(rotated.refresh_token).not.toBe(tokens.refresh_token);
      expect(authenticateAccessToken(node.ctx, rotated.access_token, RESOURCE).scopes).toEqual(['read', 'write']);
      expect((await refresh(app, client, rotated.refresh_token)).statusCode).toBe(200);
    });

    it('treats a used refresh token as stolen: invalid_grant and the whole connection revoked', async () => {
      const account = await createPasswordAccount(node.ctx, 'pro');
      const tokens = await obtainTokens(app, client, account.email);
      const rotated = (await refresh(app, client, tokens.refresh_token)).json();
      const replay = await refresh(app, client, tokens.refresh_token);
      expect(replay.statusCode).toBe(400);
      expect(replay.json().error).toBe('invalid_grant');
      expectRefused(rotated.access_token);
      expect((await refresh(app, client, rotated.refresh_token)).json().error).toBe('invalid_grant');
      expect(listConnections(node.ctx, account.id)[0]!.revoked_at).toEqual(expect.any(String));
    });

    it('narrows the scope on request but never widens it', async () => {
      const tokens = await obtainTokens(app, client, email);
      const narrowed = await refresh(app, client, tokens.refresh_token, { scope: 'read' });
      expect(narrowed.statusCode).toBe(200);
      expect(narrowed.json().scope).toBe('read');
      expect(authenticateAccessToken(node.ctx, narrowed.json().access_token, RESOURCE).scopes).toEqual(['read']);
      const before = snapshotDatabase(node.ctx);
      const widened = await refresh(app, client, narrowed.json().refresh_token, { scope: 'read write' });
      expect(widened.statusCode).toBe(400);
      expect(widened.json().error).toBe('invalid_scope');
      expect(snapshotDatabase(node.ctx)).toEqual(before);
    });

    it.each([
      ['an expired refresh token', 'invalid_grant'],
      ['another resource', 'invalid_target'],
      ['an unknown scope', 'invalid_scope'],
      ['another client', 'invalid_grant'],
      ['an access token', 'invalid_grant'],
    ])('refuses %s, changing nothing', async (name, error) => {
      const tokens = await obtainTokens(app, client, email);
      let target = client;
      let token = tokens.refresh_token;
      const extra: Record<string, string> = {};
      if (name === 'an expired refresh token') {
        node.ctx.db.prepare("UPDATE oauth_tokens SET expires_at = ? WHERE kind = 'refresh' AND used_at IS NULL AND revoked_at IS NULL")
          .run(new Date(Date.now() - 1000).toISOString());
      }
      if (name === 'another resource') extra.resource = 'https://other.example/mcp';
      if (name === 'an unknown scope') extra.scope = 'admin';
      if (name === 'another client') target = await registerClient(app);
      if (name === 'an access token') token = tokens.access_token;
      const before = snapshotDatabase(node.ctx);
      const response = await refresh(app, target, token, extra);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(error);
      expect(snapshotDatabase(node.ctx)).toEqual(before);
    });

    it('refuses the refresh grant to a client that did not register it', async () => {
      const noRefresh = await registerClient(app, { grant_types: ['authorization_code'] });
      const { verifier, challenge } = pkcePair();
      const code = await authorize(app, noRefresh, email, { challenge });
      const body = (await exchangeCode(app, noRefresh, code, verifier)).json();
      expect(body.refresh_token).toBeUndefined();
      const response = await refresh(app, noRefresh, 'mvrt_x');
      expect(response.json().error).toBe('unauthorized_client');
    });
  });
});

describe('POST /oauth/revoke', () => {
  let node: TestNode;
  let app: FastifyInstance;
  let client: TestClient;
  let email: string;

  beforeAll(async () => {
    node = createTestNode({ publicUrl: BASE_URL });
    app = await createTestApp(node.ctx);
    client = await registerClient(app);
    email = (await createPasswordAccount(node.ctx, 'pro')).email;
  });
  afterAll(async () => {
    await app.close();
    node.cleanup();
  });

  const revoke = (token: string, clientId = client.client_id) => postForm(app, '/oauth/revoke', { token, client_id: clientId });

  it('revokes an access token alone', async () => {
    const tokens = await obtainTokens(app, client, email);
    const response = await revoke(tokens.access_token);
    expect(response.statusCode).toBe(200);
    expect(() => authenticateAccessToken(node.ctx, tokens.access_token, RESOURCE)).toThrow('revoked');
    expect((await refresh(app, client, tokens.refresh_token)).statusCode).toBe(200);
  });

  it('revokes a refresh token with its connection and every token of it', async () => {
    const account = await createPasswordAccount(node.ctx, 'pro');
    const tokens = await obtainTokens(app, client, account.email);
    expect((await revoke(tokens.refresh_token)).statusCode).toBe(200);
    expect(() => authenticateAccessToken(node.ctx, tokens.access_token, RESOURCE)).toThrow(OAuthBearerError);
    expect((await refresh(app, client, tokens.refresh_token)).json().error).toBe('invalid_grant');
    expect(listConnections(node.ctx, account.id)[0]!.revoked_at).toEqual(expect.any(String));
  });

  it('answers 200 for an unknown token and for another client\'s token, changing nothing', async () => {
    const tokens = await obtainTokens(app, client, email);
    const other = await registerClient(app);
    const before = snapshotDatabase(node.ctx);
    expect((await revoke('mvat_unknown')).statusCode).toBe(200);
    expect((await revoke(tokens.access_token, other.client_id)).statusCode).toBe(200);
    expect(snapshotDatabase(node.ctx)).toEqual(before);
    expect(authenticateAccessToken(node.ctx, tokens.access_token, RESOURCE).clientId).toBe(client.client_id);
  });

  it('authenticates the client: an unknown one gets 401, a missing token 400', async () => {
    expect((await revoke('mvat_x', 'cli_unknown')).statusCode).toBe(401);
    const missing = await postForm(app, '/oauth/revoke', { client_id: client.client_id });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('invalid_request');
  });

  it('refuses a body that is neither a form nor JSON', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/oauth/revoke',
      headers: { 'content-type': 'text/plain' },
      payload: 'token=x',
      remoteAddress: nextAddress(),
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toBe('invalid_request');
  });
});
