import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAccount } from '../../src/accounts/accounts.js';
import { BIN, runService } from '../helpers/run-service.js';
import { createTestNode, type TestNode } from '../helpers/test-node.js';
import { TOOL_NAMES } from './mcp-helpers.js';

describe('service mcp --stdio', () => {
  let node: TestNode;
  beforeEach(() => {
    node = createTestNode();
  });
  afterEach(() => node.cleanup());

  it('serves the same tools over stdio, acting for the account', async () => {
    const account = await createAccount(node.ctx, { name: 'Desk', email: 'desk@example.com', plan: 'pro', credits: 20 });
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'mcp', '--stdio', '--account', account.id, '--data-dir', node.dataDir],
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', SERVICE_LOG_LEVEL: 'error' },
      stderr: 'pipe',
    });
    const client = new Client({ name: 'desktop', version: '1.0.0' });
    await client.connect(transport);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(TOOL_NAMES);
    const who = await client.callTool({ name: 'whoami', arguments: {} });
    expect(who.structuredContent).toEqual({ account_id: account.id, name: 'Desk', plan: 'pro', auth: 'stdio', scopes: ['read', 'write'] });
    const balance = await client.callTool({ name: 'get_credit_balance', arguments: {} });
    expect(balance.structuredContent).toEqual({ balance: 20, plan: 'pro', renders_remaining: 50 });

    const created = await client.callTool({ name: 'create_video', arguments: { prompt: 'Lighthouses: how a lens throws light thirty miles. The keeper winds the clockwork.', model: 'model-3' } });
    const id = (created.structuredContent as { id: string }).id;
    expect(node.ctx.videos.get(id)).toMatchObject({ account_id: account.id, api_key_id: null });
    const canceled = await client.callTool({ name: 'cancel_video', arguments: { id } });
    expect(canceled.isError).toBeFalsy();
    // No API key signs events here, so a webhook is refused up front rather than never delivered.
    const hooked = await client.callTool({ name: 'create_video', arguments: { prompt: 'Owls at night. They hunt by sound.', webhook_url: 'https://example.com/hook' } });
    expect(hooked.isError).toBe(true);
    expect(JSON.stringify(hooked.content)).toContain('webhook_url: events are signed with an API key');
    await client.close();
  });

  it('refuses an unknown account or a free plan before speaking MCP', async () => {
    const unknown = await runService(['mcp', '--stdio', '--account', 'acc_nope', '--data-dir', node.dataDir]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('account acc_nope not found');
    const free = await createAccount(node.ctx, { name: 'Free', email: 'free@example.com', plan: 'free' });
    const refused = await runService(['mcp', '--stdio', '--account', free.id, '--data-dir', node.dataDir]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('plan free does not include MCP access');
    const noTransport = await runService(['mcp', '--account', free.id, '--data-dir', node.dataDir]);
    expect(noTransport.code).not.toBe(0);
    expect(noTransport.stderr).toContain('--stdio');
  });
});
