import type { AccountSummary } from '../accounts/accounts.js';
import type { CreatedApiKey } from '../accounts/api-keys.js';
import { showCreatedKey } from './commands/keys.js';

/** What a command says when it made the owner account on an empty data dir: the account, its key and secret (shown this once), and how to sign in to the app. */
export function ownerCreatedNotice(owner: { account: AccountSummary; key: CreatedApiKey }, dataDir: string): string {
  return (
    [
      `Created the owner account ${owner.account.id} (plan ultimate, ${owner.account.balance} credits) in ${dataDir}.`,
      showCreatedKey(owner.key),
      '',
      `Web app sign-in (/app): email ${owner.account.email}, after you give the owner a password:`,
      `  npx service accounts password ${owner.account.id} --password-stdin --data-dir ${shellWord(dataDir)}`,
      `Make more accounts and keys with: service accounts create ... and service keys create --account ${owner.account.id} (pass the same --data-dir to every command)`,
      '',
    ].join('\n') + '\n'
  );
}

/** A value as one shell word: as it is when safe, else single-quoted. */
export function shellWord(value: string): string {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}
