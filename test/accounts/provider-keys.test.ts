import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  accountKeyProviders,
  accountProviderKey,
  keyCovers,
  listProviderKeys,
  removeProviderKey,
  setProviderKey,
} from '../../src/accounts/provider-keys.js';
import { ServiceError } from '../../src/errors/service-error.js';
import { createAccountWithKey, createTestNode, type TestNode } from '../helpers/test-node.js';

const KEY = 'sk-ant-account-secret-1234';

let node: TestNode;
beforeEach(() => {
  node = createTestNode({ llm: 'anthropic:claude-test' }, { ANTHROPIC_API_KEY: 'node-env-key' });
});
afterEach(() => node.cleanup());

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    return error instanceof ServiceError ? error.code : 'not a ServiceError';
  }
  return undefined;
}

describe('setProviderKey', () => {
  it('stores the key sealed: the database row never holds the plaintext, only the last 4 as hint', async () => {
    const { account } = await createAccountWithKey(node.ctx);
    const summary = setProviderKey(node.ctx, account.id, 'anthropic', KEY);
    expect(summary).toMatchObject({ provider: 'anthropic', hint: '…1234' });
    const rows = node.ctx.db.prepare('SELECT * FROM account_provider_keys').all() as Record<string, string>[];
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(KEY);
    expect(JSON.stringify(rows)).not.toContain('account-secret');
    expect(accountProviderKey(node.ctx, account.id, 'anthropic')).toBe(KEY);
  });

  it('replaces an existing key for the same provider', async () => {
    const { account } = await createAccountWithKey(node.ctx);
    setProviderKey(node.ctx, account.id, 'anthropic', KEY);
    setProviderKey(node.ctx, account.id, 'anthropic', 'second-key-5678');
    expect(listProviderKeys(node.ctx, account.id).map((key) => key.hint)).toEqual(['…5678']);
    expect(accountProviderKey(node.ctx, account.id, 'anthropic')).toBe('second-key-5678');
  });

  it('refuses local and openai-compatible, unknown providers and malformed keys with invalid_request, storing nothing', async () => {
    const { account } = await createAccountWithKey(node.ctx);
    for (const provider of ['local', 'openai-compatible', 'mistral']) {
      expect(codeOf(() => setProviderKey(node.ctx, account.id, provider, KEY))).toBe('invalid_request');
    }
    for (const bad of ['', 'short', 'has space in it', 'x'.repeat(513), 'line\nbreak-key']) {
      expect(codeOf(() => setProviderKey(node.ctx, account.id, 'openai', bad))).toBe('invalid_request');
    }
    expect(node.ctx.db.prepare('SELECT COUNT(*) FROM account_provider_keys').pluck().get()).toBe(0);
  });

  it('keeps accounts apart', async () => {
    const a = await createAccountWithKey(node.ctx);
    const b = await createAccountWithKey(node.ctx);
    setProviderKey(node.ctx, a.account.id, 'anthropic', KEY);
    expect(accountProviderKey(node.ctx, b.account.id, 'anthropic')).toBeUndefined();
    expect([...accountKeyProviders(node.ctx, a.account.id)]).toEqual(['anthropic']);
    expect(listProviderKeys(node.ctx, b.account.id)).toEqual([]);
  });
});

describe('removeProviderKey', () => {
  it('removes the key, then answers not_found', async () => {
    const { account } = await createAccountWithKey(node.ctx);
    setProviderKey(node.ctx, account.id, 'anthropic', KEY);
    removeProviderKey(node.ctx, account.id, 'anthropic');
    expect(accountProviderKey(node.ctx, account.id, 'anthropic')).toBeUndefined();
    expect(codeOf(() => removeProviderKey(node.ctx, account.id, 'anthropic'))).toBe('not_found');
  });
});

describe('keyCovers', () => {
  it('lists language_model on multi-scene tiers and enhance_prompt on all, for the provider of the node\'s model', () => {
    const { covers } = keyCovers(node.ctx.config, 'anthropic');
    expect(covers).toContainEqual({ model: 'model-5', parts: ['language_model', 'enhance_prompt'] });
    expect(covers).toContainEqual({ model: 'model-6', parts: ['language_model', 'enhance_prompt'] });
    expect(covers).toContainEqual({ model: 'model-4', parts: ['enhance_prompt'] });
  });

  it('covers nothing, with a note naming the node\'s models, for another provider', () => {
    const result = keyCovers(node.ctx.config, 'openai');
    expect(result.covers).toEqual([]);
    expect(result.note).toMatch(/anthropic:claude-test.*an openai key covers nothing here/);
  });
});
