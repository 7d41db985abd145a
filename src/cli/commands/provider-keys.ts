import { Command } from 'commander';
import { listProviderKeys, removeProviderKey, setProviderKey, type ProviderKeySummary } from '../../accounts/provider-keys.js';
import { print, readStdin, table } from '../output.js';
import { dataOptions, withNode } from '../with-node.js';

function coversText(key: ProviderKeySummary): string {
  return key.covers.length > 0 ? key.covers.map((cover) => `${cover.model}: ${cover.parts.join(', ')}`).join('; ') : (key.note ?? 'nothing');
}

/**
 * `service accounts provider-keys set|list|remove`: an account's own provider keys. The key is read
 * from stdin, never from the command line (which shell history and `ps` keep), and never shown again.
 */
export function providerKeysCommand(): Command {
  const command = new Command('provider-keys').description(
    'manage an account\'s own provider keys (openai, anthropic, google for language models; openai, elevenlabs for narration); parts of its jobs they cover cost no credits',
  );

  dataOptions(
    command
      .command('set')
      .description('store (or replace) an account\'s key for a provider, read from stdin')
      .argument('<account-id>', 'account id')
      .argument('<provider>', 'openai, anthropic or google'),
  ).action(async (accountId: string, provider: string, options) => {
    await withNode(options, { change: 'no account to store a key for' }, async (ctx) => {
      const key = setProviderKey(ctx, accountId, provider, await readStdin());
      print(key, options, () => `stored ${key.provider} key ${key.hint} for ${accountId}; covers ${coversText(key)}`);
    });
  });

  dataOptions(command.command('list').description('list an account\'s provider keys (last 4 characters only)').argument('<account-id>', 'account id')).action(
    async (accountId: string, options) => {
      await withNode(options, { read: 'nothing to list' }, (ctx) => {
        const keys = listProviderKeys(ctx, accountId);
        print(keys, options, () => table(keys.map((key) => ({ ...key, covers: coversText(key) })), ['provider', 'hint', 'created_at', 'covers']));
      });
    },
  );

  dataOptions(
    command
      .command('remove')
      .description('remove an account\'s key for a provider')
      .argument('<account-id>', 'account id')
      .argument('<provider>', 'openai, anthropic or google'),
  ).action(async (accountId: string, provider: string, options) => {
    await withNode(options, { change: 'no key to remove' }, (ctx) => {
      removeProviderKey(ctx, accountId, provider);
      print({ account_id: accountId, provider, removed: true }, options, () => `removed the ${provider} key of ${accountId}`);
    });
  });

  return command;
}
