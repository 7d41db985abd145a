import { Command } from 'commander';
import { createApiKey, listApiKeys, revokeApiKey, type CreatedApiKey } from '../../accounts/api-keys.js';
import { details, print, table } from '../output.js';
import { dataOptions, withNode } from '../with-node.js';

/** How a new key is shown to a person: once, with what to do with it. */
export function showCreatedKey(key: CreatedApiKey): string {
  return [
    details({ 'key id': key.id, name: key.name, account: key.account_id, 'webhook url': key.webhook_url }),
    '',
    `API key:        ${key.key}`,
    `webhook secret: ${key.webhook_secret}`,
    '',
    'Both are shown only now; the node keeps only a hash of the key. Store them safely.',
  ].join('\n');
}

/** `service keys create|list|revoke`. */
export function keysCommand(): Command {
  const keys = new Command('keys').description('manage API keys');

  dataOptions(
    keys
      .command('create')
      .description('create an API key (shown once) with its webhook signing secret')
      .requiredOption('--account <id>', 'account id')
      .option('--name <name>', 'a label to tell keys apart')
      .option('--webhook-url <url>', 'default webhook URL for jobs created with this key')
      .option('--allow-private-urls', 'allow a loopback or private webhook URL (env SERVICE_ALLOW_PRIVATE_URLS=1)'),
  ).action(async (options) => {
    await withNode(options, { change: 'no account to make a key for' }, (ctx) => {
      const key = createApiKey(ctx, { accountId: options.account, name: options.name, webhookUrl: options.webhookUrl });
      print(key, options, () => showCreatedKey(key));
    });
  });

  dataOptions(keys.command('list').description('list an account\'s keys').requiredOption('--account <id>', 'account id')).action(
    async (options) => {
      await withNode(options, { read: 'nothing to list' }, (ctx) => {
        const rows = listApiKeys(ctx, options.account);
        print(rows, options, () => table(
          rows.map((row) => ({ ...row, status: row.revoked_at ? 'revoked' : 'active' })),
          ['id', 'name', 'prefix', 'status', 'webhook_url', 'created_at'],
        ));
      });
    },
  );

  dataOptions(keys.command('revoke').description('revoke a key; it is refused from the next request on').argument('<key-id>', 'key id')).action(
    async (keyId: string, options) => {
      await withNode(options, { change: 'no key to revoke' }, (ctx) => {
        const key = revokeApiKey(ctx, keyId);
        print(key, options, () => `revoked ${key.id} (${key.prefix}...)`);
      });
    },
  );

  return keys;
}
