import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceError } from '../../src/errors/service-error.js';
import { authenticateAccessToken, OAuthBearerError } from '../../src/oauth/access-tokens.js';
import { listConnections, revokeConnection } from '../../src/oauth/connections.js';
import { hashSecret } from '../../src/oauth/oauth-secrets.js';
import { createTestApp, createTestNode, snapshotDatabase, type TestNode } from '../helpers/test-node.js';
import { BASE_URL, createPasswordAccount, obtainTokens, registerClient, RESOURCE, type TestClient } from './oauth-helpers.js';

describe('authenticateAccessToken', () => {
  let node: TestNode;
  let app: FastifyInstance;
  let client: TestClient;

  beforeAll(async () => {
    node = createTestNode({ publicUrl: BASE_URL });
    app = await createTestApp(node.ctx);
    client = await registerClient(app, { client_name: 'Desk Agent' });
  });
  afterAll(async () => {
    await app.close();
    node.cleanup();
  });

  const refusal = (token: string, resource = RESOURCE): OAuthBearerError => {
    try {
      authenticateAccessToken(node.ctx, token, resource);
    } catch (error) {
      expect(error).toBeInstanceOf(OAuthBearerError);
      expect((error as OAuthBearerError).code).toBe('invalid_token');
      return error as OAuthBearerError;
    }
    throw new Error('token was accepted');
  };

  it('resolves a valid token to its account, connection, client and scopes, and records the use', async () => {
    const account = await createPasswordAccount(node.ctx, 'basic');
    const tokens = await obtainTokens(app, client, account.email, 'read');
    const [connection] = listConnections(node.ctx, account.id);
    expect(connection!.last_used_at).toBeNull();

    const principal = authenticateAccessToken(node.ctx, tokens.access_token, RESOURCE);
    expect(principal).toEqual({
      account: expect.objectContaining({ id: account.id, plan: 'basic' }),
      connectionId: connection!.id,
      clientId: client.client_id,
      clientName: 'Desk Agent',
      scopes: ['read'],
    });
    expect(listConnections(node.ctx, account.id)[0]!.last_used_at).toEqual(expect.any(String));
    // A trailing slash on either side is the same resource.
    expect(authenticateAccessToken(node.ctx, tokens.access_token, `${RESOURCE}/`).connectionId).toBe(connection!.id);
  });

  it('does not check the plan: a token of an account moved to free still resolves', async () => {
    const account = await createPasswordAccount(node.ctx, 'pro');
    const tokens = await obtainTokens(app, client, account.email);
    node.ctx.db.prepare("UPDATE accounts SET plan = 'free' WHERE id = ?").run(account.id);
    expect(authenticateAccessToken(node.ctx, tokens.access_token, RESOURCE).account.plan).toBe('free');
  });

  it('refuses an expired token', async () => {
    const account = await createPasswordAccount(node.ctx);
    const tokens = await obtainTokens(app, client, account.email);
    node.ctx.db
      .prepare('UPDATE oauth_tokens SET expires_at = ? WHERE token_hash = ?')
      .run(new Date(Date.now() - 1000).toISOString(), hashSecret(tokens.access_token));
    expect(refusal(tokens.access_token).message).toContain('expired');
  });

  it('refuses a token of a revoked connection', async () => {
    const account = await createPasswordAccount(node.ctx);
    const tokens = await obtainTokens(app, client, account.email);
    revokeConnection(node.ctx, listConnections(node.ctx, account.id)[0]!.id);
    expect(refusal(tokens.access_token).message).toContain('revoked');
  });

  it('refuses a token issued for another resource, without recording a use', async () => {
    const account = await createPasswordAccount(node.ctx);
    const tokens = await obtainTokens(app, client, account.email);
    const before = snapshotDatabase(node.ctx);
    expect(refusal(tokens.access_token, 'https://other.example/mcp').message).toContain('issued for');
    expect(snapshotDatabase(node.ctx)).toEqual(before);
  });

  it.each([
    ['a malformed token', 'not-a-token'],
    ['an unknown token', 'mvat_' + 'A'.repeat(43)],
    ['an API key', 'mvk_' + 'A'.repeat(43)],
  ])('refuses %s', (_name, token) => {
    refusal(token);
  });

  it('refuses a refresh token used as an access token', async () => {
    const account = await createPasswordAccount(node.ctx);
    const tokens = await obtainTokens(app, client, account.email);
    refusal(tokens.refresh_token);
  });
});

describe('listConnections and revokeConnection', () => {
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

  it('lists connections newest first, per account or all, and revokes one with its tokens', async () => {
    const account = await createPasswordAccount(node.ctx);
    const other = await createPasswordAccount(node.ctx);
    const first = await registerClient(app, { client_name: 'First' });
    const second = await registerClient(app, { client_name: undefined });
    const firstTokens = await obtainTokens(app, first, account.email);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const secondTokens = await obtainTokens(app, second, account.email, 'read');
    await obtainTokens(app, first, other.email);

    const listed = listConnections(node.ctx, account.id);
    expect(listed).toEqual([
      {
        id: expect.stringMatching(/^con_/),
        account_id: account.id,
        client_id: second.client_id,
        client_name: second.client_id,
        scopes: ['read'],
        created_at: expect.any(String),
        last_used_at: null,
        revoked_at: null,
      },
      expect.objectContaining({ client_id: first.client_id, client_name: 'First', scopes: ['read', 'write'] }),
    ]);
    expect(listConnections(node.ctx)).toHaveLength(3);
    expect(listConnections(node.ctx, other.id)).toHaveLength(1);

    const revoked = revokeConnection(node.ctx, listed[1]!.id);
    expect(revoked).toMatchObject({ id: listed[1]!.id, revoked_at: expect.any(String) });
    expect(() => authenticateAccessToken(node.ctx, firstTokens.access_token, RESOURCE)).toThrow(OAuthBearerError);
    const refreshed = await app.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: { grant_type: 'refresh_token', refresh_token: firstTokens.refresh_token, client_id: first.client_id },
    });
    expect(refreshed.json().error).toBe('invalid_grant');
    // The other connections keep working.
    expect(authenticateAccessToken(node.ctx, secondTokens.access_token, RESOURCE).clientId).toBe(second.client_id);

    // Approving the client again makes a new connection rather than reviving the revoked one.
    await obtainTokens(app, first, account.email);
    expect(listConnections(node.ctx, account.id).map((connection) => connection.revoked_at === null)).toEqual([true, true, false]);
  });

  it('answers not_found for an unknown id and conflict for a revoked one', async () => {
    expect(() => revokeConnection(node.ctx, 'con_unknown')).toThrow(expect.objectContaining({ code: 'not_found' }));
    const account = await createPasswordAccount(node.ctx);
    const client = await registerClient(app);
    await obtainTokens(app, client, account.email);
    const [connection] = listConnections(node.ctx, account.id);
    revokeConnection(node.ctx, connection!.id);
    let error: unknown;
    try {
      revokeConnection(node.ctx, connection!.id);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).code).toBe('conflict');
  });
});
