import { auth, UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../src/accounts/accounts.js';
import { listConnections } from '../../src/oauth/connections.js';
import { runService } from '../helpers/run-service.js';
import { createTestApp, createTestNode, snapshotDatabase, type TestNode } from '../helpers/test-node.js';
import { toolError } from './mcp-helpers.js';

const REDIRECT = 'http://127.0.0.1:53682/callback';

/** An `OAuthClientProvider` that keeps everything in memory and records the authorize URL instead of opening a browser. */
class MemoryProvider implements OAuthClientProvider {
  client?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier = '';
  authorizeUrl?: URL;


  get redirectUrl(): string {
    return REDIRECT;
  }
  get clientMetadata(): OAuthClientMetadata {
    return { client_name: 'Test Agent', redirect_uris: [REDIRECT], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none' };
  }
  state(): string {
    return 'state-123';
  }
  clientInformation() {
    return this.client;
  }
  saveClientInformation(info: OAuthClientInformationMixed): void {
    this.client = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens): void {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL): void {
    this.authorizeUrl = url;
  }
  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }
  codeVerifier(): string {
    return this.verifier;
  }
}

/** The value of a hidden form field on a page. */
function field(html: string, name: string): string {
  const match = new RegExp(`name="${name}"\\s+value="([^"]+)"|value="([^"]+)"\\s+name="${name}"`).exec(html);
  if (!match) throw new Error(`no ${name} field on the page:\n${html}`);
  return (match[1] ?? match[2])!;
}

describe('MCP with OAuth 2.1 sign-in, through the SDK client', () => {
  let node: TestNode;
  let app: FastifyInstance;
  let base: string;
  let accountId: string;
  const clients: Client[] = [];

  /** Plays the person at the browser: opens the authorize URL, signs in, approves; returns the code. */
  async function signIn(authorizeUrl: URL, options: { readOnly?: boolean } = {}): Promise<string> {
    const origin = authorizeUrl.origin;
    const page = await fetch(authorizeUrl);
    expect(page.status).toBe(200);
    const signInHtml = await page.text();
    expect(signInHtml).toContain('name="password"');
    const consent = await fetch(`${origin}/oauth/authorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ action: 'sign_in', request_id: field(signInHtml, 'request_id'), email: 'agent-owner@example.com', password: 'correct horse battery' }),
    });
    const consentHtml = await consent.text();
    expect(consent.status, consentHtml).toBe(200);
    expect(consentHtml).toContain('Test Agent');
    const approved = await fetch(`${origin}/oauth/authorize`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        action: 'approve',
        request_id: field(consentHtml, 'request_id'),
        consent_token: field(consentHtml, 'consent_token'),
        ...(options.readOnly ? { read_only: 'on' } : {}),
      }),
    });
    expect(approved.status).toBe(302);
    const location = new URL(approved.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    expect(location.searchParams.get('state')).toBe('state-123');
    return location.searchParams.get('code')!;
  }

  /**
   * Connects a client through the whole flow: 401, discovery, registration, sign-in, token. The SDK
   * asks for the scopes the protected-resource metadata lists (read write); a client that wants
   * less asks for it itself, through the SDK's `auth()` with `scope`.
   */
  async function connectWithOAuth(provider: MemoryProvider, scope?: string, mcpUrl = `${base}/mcp`, readOnly = false): Promise<Client> {
    const url = new URL(mcpUrl);
    if (scope) {
      expect(await auth(provider, { serverUrl: url, scope })).toBe('REDIRECT');
      expect(await auth(provider, { serverUrl: url, authorizationCode: await signIn(provider.authorizeUrl!) })).toBe('AUTHORIZED');
    } else {
      const first = new StreamableHTTPClientTransport(url, { authProvider: provider });
      const refused = await new Client({ name: 'agent', version: '1.0.0' }).connect(first).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(UnauthorizedError);
      expect(provider.authorizeUrl).toBeDefined();
      await first.finishAuth(await signIn(provider.authorizeUrl!, { readOnly }));
    }
    const client = new Client({ name: 'agent', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(url, { authProvider: provider }));
    clients.push(client);
    return client;
  }

  beforeAll(async () => {
    node = createTestNode();
    app = await createTestApp(node.ctx);
    base = await app.listen({ host: '127.0.0.1', port: 0 });
    accountId = (await createAccount(node.ctx, { name: 'Agent Owner', email: 'agent-owner@example.com', plan: 'pro', credits: 40, password: 'correct horse battery' })).id;
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });
  afterAll(async () => {
    await app.close();
    node.cleanup();
  });

  it('registers, signs in, gets tokens, calls whoami, refreshes with rotation, and is refused after revocation', async () => {
    const provider = new MemoryProvider();
    const client = await connectWithOAuth(provider);
    expect(provider.client?.client_id).toMatch(/^cli_/);
    expect(provider.authorizeUrl!.searchParams.get('code_challenge_method')).toBe('S256');
    expect(provider.authorizeUrl!.searchParams.get('resource')).toBe(`${base}/mcp`);
    const first = provider.saved!;
    expect(first).toMatchObject({ token_type: expect.stringMatching(/^bearer$/i), expires_in: 3600, refresh_token: expect.any(String) });

    const who = await client.callTool({ name: 'whoami', arguments: {} });
    expect(who.structuredContent).toEqual({ account_id: accountId, name: 'Agent Owner', plan: 'pro', auth: 'oauth', scopes: ['read', 'write'] });
    const [connection] = listConnections(node.ctx, accountId);
    expect(connection).toMatchObject({ client_name: 'Test Agent', scopes: ['read', 'write'], revoked_at: null, last_used_at: expect.any(String) });

    // The SDK refreshes when it holds a refresh token; the old refresh token is spent.
    expect(await auth(provider, { serverUrl: `${base}/mcp` })).toBe('AUTHORIZED');
    const second = provider.saved!;
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    const reused = await fetch(`${base}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: first.refresh_token!, client_id: provider.client!.client_id }),
    });
    expect(reused.status).toBe(400);
    expect(((await reused.json()) as { error: string }).error).toBe('invalid_grant');

    // Reusing a spent refresh token looks like theft: the whole connection is revoked.
    const afterTheft = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${second.access_token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(afterTheft.status).toBe(401);
    expect(afterTheft.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });

  it('is refused from the next request on once the connection is revoked from the CLI side', async () => {
    const provider = new MemoryProvider();
    const client = await connectWithOAuth(provider);
    expect((await client.callTool({ name: 'get_credit_balance', arguments: {} })).structuredContent).toMatchObject({ balance: 40, plan: 'pro' });
    const listed = await runService(['connections', 'list', '--account', accountId, '--data-dir', node.dataDir, '--json']);
    expect(listed.code, listed.stderr).toBe(0);
    const connection = (JSON.parse(listed.stdout) as { id: string; client_name: string; revoked_at: string | null }[]).find((row) => row.revoked_at === null)!;
    expect(connection.client_name).toBe('Test Agent');
    const table = await runService(['connections', 'list', '--data-dir', node.dataDir]);
    expect(table.stdout).toMatch(new RegExp(`${connection.id}\\s+Test Agent\\s+${accountId}\\s+read write\\s+active`));
    const revoked = await runService(['connections', 'revoke', connection.id, '--data-dir', node.dataDir]);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(revoked.stdout).toContain(`revoked ${connection.id} (Test Agent)`);
    const again = await runService(['connections', 'revoke', connection.id, '--data-dir', node.dataDir]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already revoked');
    const refused = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${provider.saved!.access_token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toContain(`resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"`);
    // The refresh token went with it.
    const refreshed = await fetch(`${base}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: provider.saved!.refresh_token!, client_id: provider.client!.client_id }),
    });
    expect(refreshed.status).toBe(400);
  });

  it('a read-scoped token can list and get status, but cannot create, cancel or spend', async () => {
    const writer = await connectWithOAuth(new MemoryProvider());
    const made = await writer.callTool({ name: 'create_video', arguments: { prompt: 'Rivers carve canyons over millions of years. Floods move the boulders.' } });
    const id = (made.structuredContent as { id: string }).id;

    const reader = await connectWithOAuth(new MemoryProvider(), 'read');
    expect((await reader.callTool({ name: 'whoami', arguments: {} })).structuredContent).toMatchObject({ auth: 'oauth', scopes: ['read'] });
    const listed = await reader.callTool({ name: 'list_videos', arguments: {} });
    expect((listed.structuredContent as { videos: { id: string }[] }).videos.map((video) => video.id)).toContain(id);
    expect((await reader.callTool({ name: 'get_video_status', arguments: { id } })).structuredContent).toMatchObject({ id, status: 'queued' });

    const snapshot = snapshotDatabase(node.ctx);
    for (const [name, args] of [
      ['create_video', { prompt: 'Not allowed with read.' }],
      ['cancel_video', { id }],
      ['enhance_prompt', { prompt: 'Not allowed either.' }],
      ['render_video', { id }],
    ] as const) {
      const error = toolError(await reader.callTool({ name, arguments: args }));
      expect(error, name).toMatchObject({ code: 'forbidden', status: 403 });
      expect(error.message).toContain(`${name} changes the account and needs the write scope`);
    }
    // Nothing changed but the connection's last use.
    const strip = (db: Record<string, unknown[]>) => ({ ...db, oauth_connections: undefined });
    expect(strip(snapshotDatabase(node.ctx))).toEqual(strip(snapshot));
  });

  it('the person can narrow a request for read and write to read only on the consent page', async () => {
    const provider = new MemoryProvider();
    const client = await connectWithOAuth(provider, undefined, `${base}/mcp`, true);
    expect(provider.authorizeUrl!.searchParams.get('scope')).toBe('read write');
    expect(provider.saved!.scope).toBe('read');
    expect((await client.callTool({ name: 'whoami', arguments: {} })).structuredContent).toMatchObject({ scopes: ['read'] });
    expect(toolError(await client.callTool({ name: 'create_video', arguments: { prompt: 'Not with read only.' } })).code).toBe('forbidden');
  });

  it('an OAuth connection has no webhook signing secret, so create_video refuses webhook_url up front', async () => {
    const client = await connectWithOAuth(new MemoryProvider());
    const error = toolError(await client.callTool({ name: 'create_video', arguments: { prompt: 'Owls at dusk. They hunt by sound.', webhook_url: 'https://example.com/hook' } }));
    expect(error).toMatchObject({ code: 'invalid_request' });
    expect(error.message).toContain('webhook_url: events are signed with an API key');
  });

  it('a client configured with localhost finds an issuer and resource of that same origin, and connects', async () => {
    const localhost = base.replace('127.0.0.1', 'localhost');
    const metadata = (await (await fetch(`${localhost}/.well-known/oauth-protected-resource/mcp`)).json()) as { resource: string; authorization_servers: string[] };
    expect(metadata).toMatchObject({ resource: `${localhost}/mcp`, authorization_servers: [localhost] });
    const provider = new MemoryProvider();
    const client = await connectWithOAuth(provider, undefined, `${localhost}/mcp`);
    expect(provider.authorizeUrl!.origin).toBe(localhost);
    expect((await client.callTool({ name: 'whoami', arguments: {} })).structuredContent).toMatchObject({ auth: 'oauth' });
    // The token is bound to http://localhost:<port>/mcp; the same node under 127.0.0.1 is another resource.
    const elsewhere = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${provider.saved!.access_token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(elsewhere.status).toBe(401);
  });

  it('refuses a token issued for another resource, and an expired one', async () => {
    const provider = new MemoryProvider();
    await connectWithOAuth(provider);
    const token = provider.saved!.access_token;
    const call = () =>
      fetch(`${base}/mcp`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
    expect((await call()).status).toBe(200);
    // A token bound to another node's /mcp (RFC 8707) is not good here.
    node.ctx.db.prepare("UPDATE oauth_tokens SET resource = 'https://other.example/mcp' WHERE kind = 'access'").run();
    const other = await call();
    expect(other.status).toBe(401);
    expect(other.headers.get('www-authenticate')).toContain('error="invalid_token"');
    node.ctx.db.prepare('UPDATE oauth_tokens SET resource = ? WHERE kind = ?').run(`${base}/mcp`, 'access');
    expect((await call()).status).toBe(200);

    node.ctx.db.prepare("UPDATE oauth_tokens SET expires_at = '2000-01-01T00:00:00.000Z' WHERE kind = 'access'").run();
    const expired = await call();
    expect(expired.status).toBe(401);
    expect(expired.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });
});
