import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApiKey, listApiKeys, revokeApiKey, webhookSecretOf } from '../../src/accounts/api-keys.js';
import { API_KEY_PATTERN, hashApiKey } from '../../src/accounts/api-key-tokens.js';
import { createAccountWithKey, createTestNode, type TestNode } from '../helpers/test-node.js';

describe('API keys', () => {
  let node: TestNode;
  beforeEach(() => {
    node = createTestNode();
  });
  afterEach(() => node.cleanup());

  it('are mvk_ plus 32 random bytes, each different', async () => {
    const { account } = await createAccountWithKey(node.ctx);
    const keys = Array.from({ length: 20 }, () => createApiKey(node.ctx, { accountId: account.id }).key);
    for (const key of keys) {
      expect(key).toMatch(API_KEY_PATTERN);
      expect(Buffer.from(key.slice(4), 'base64url')).toHaveLength(32);
    }
    expect(new Set(keys).size).toBe(20);
  });

  it('stores only a hash: neither the key nor its webhook secret is anywhere in the data dir', async () => {
    const { account } = await createAccountWithKey(node.ctx);
    const created = createApiKey(node.ctx, { accountId: account.id, webhookUrl: 'https://hooks.example.com/in' });
    expect(created.webhook_secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    node.ctx.db.pragma('wal_checkpoint(TRUNCATE)');

    const row = node.ctx.apiKeys.get(created.id)!;
    expect(row.key_hash).toBe(hashApiKey(created.key));
    expect(JSON.stringify(row)).not.toContain(created.key.slice(4));
    expect(JSON.stringify(row)).not.toContain(created.webhook_secret.slice(6));

    const secretPart = created.key.slice(4);
    const webhookPart = created.webhook_secret.slice(6);
    for (const file of readdirSync(node.dataDir)) {
      const bytes = readFileSync(path.join(node.dataDir, file));
      expect(bytes.includes(secretPart), file).toBe(false);
      expect(bytes.includes(webhookPart), file).toBe(false);
    }
    // The secret is kept sealed so deliveries can be signed with it.
    expect(webhookSecretOf(node.ctx, row)).toBe(created.webhook_secret);
  });

  it('lists keys without the key itself and marks revoked ones', async () => {
    const { account, key } = await createAccountWithKey(node.ctx);
    revokeApiKey(node.ctx, key.id);
    const listed = listApiKeys(node.ctx, account.id);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toEqual({
      id: key.id, account_id: account.id, name: '', prefix: key.key.slice(0, 10), webhook_url: null,
      created_at: expect.any(String), revoked_at: expect.any(String),
    });
    expect(JSON.stringify(listed)).not.toContain(key.key);
  });

  it('refuses to revoke a key twice', async () => {
    const { key } = await createAccountWithKey(node.ctx);
    revokeApiKey(node.ctx, key.id);
    expect(() => revokeApiKey(node.ctx, key.id)).toThrow(expect.objectContaining({ code: 'conflict' }));
  });

  it('refuses an http webhook URL unless private URLs are allowed and it is loopback', async () => {
    const { account } = await createAccountWithKey(node.ctx);
    expect(() => createApiKey(node.ctx, { accountId: account.id, webhookUrl: 'http://127.0.0.1:9/hook' })).toThrow(
      expect.objectContaining({ code: 'invalid_request' }),
    );
    const permissive = createTestNode({ allowPrivateUrls: true });
    const other = await createAccountWithKey(permissive.ctx);
    expect(createApiKey(permissive.ctx, { accountId: other.account.id, webhookUrl: 'http://127.0.0.1:9/hook' }).webhook_url).toBe(
      'http://127.0.0.1:9/hook',
    );
    expect(() => createApiKey(permissive.ctx, { accountId: other.account.id, webhookUrl: 'http://hooks.example.com/' })).toThrow(
      expect.objectContaining({ code: 'invalid_request' }),
    );
    permissive.cleanup();
  });
});
