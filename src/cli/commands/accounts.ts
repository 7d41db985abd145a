import { Command, InvalidArgumentError } from 'commander';
import {
  adjustCredits,
  createAccount,
  setAccountPassword,
  summarizeAccount,
  type AccountSummary,
} from '../../accounts/accounts.js';
import { details, print, readStdin, table } from '../output.js';
import { dataOptions, withNode } from '../with-node.js';
import { providerKeysCommand } from './provider-keys.js';

/** Parses a number option, refusing text that is not one. */
export function numberOption(value: string): number {
  const parsed = Number(value);
  if (value.trim() === '' || !Number.isFinite(parsed)) throw new InvalidArgumentError(`"${value}" is not a number`);
  return parsed;
}

function showAccount(account: AccountSummary): string {
  return details({
    id: account.id,
    name: account.name,
    email: account.email,
    plan: account.plan,
    balance: account.balance,
    renders: `${account.renders_remaining} of ${account.monthly_renders} left this month`,
    'api access': account.api_access,
    'mcp access': account.mcp_access,
    login: account.has_password ? 'password set' : 'no password (set one with: service accounts password ID --password-stdin)',
    created: account.created_at,
  });
}

/** A job charge's part as the ledger keeps it. */
interface LedgerPart {
  part: string;
  credits: number;
  covered_by?: string;
}

function partsText(parts: LedgerPart[] | null): string {
  if (!parts) return '';
  return parts.map((part) => `${part.part} ${part.credits}${part.covered_by ? ` (your ${part.covered_by} key)` : ''}`).join(', ');
}

/** `service accounts create|list|show|credits|password|provider-keys`. */
export function accountsCommand(): Command {
  const accounts = new Command('accounts').description('manage accounts, their plans, credits and logins');

  dataOptions(
    accounts
      .command('create')
      .description('create an account')
      .requiredOption('--name <name>', 'display name')
      .requiredOption('--email <email>', 'login email')
      .requiredOption('--plan <plan>', 'free, basic, pro, creator, ultimate or appsumo_tier_N')
      .option('--credits <credits>', 'starting credits', numberOption, 0)
      .option('--renders <n>', 'monthly render quota (default: the plan\'s)', numberOption)
      .option('--password-stdin', 'read the login password from stdin', false),
  ).action(async (options) => {
    await withNode(options, 'create', async (ctx) => {
      const password = options.passwordStdin ? await readStdin() : undefined;
      const account = await createAccount(ctx, {
        name: options.name,
        email: options.email,
        plan: options.plan,
        credits: options.credits,
        monthlyRenders: options.renders,
        password,
      });
      print(account, options, () => `created account ${account.id}\n${showAccount(account)}`);
    });
  });

  dataOptions(accounts.command('list').description('list accounts')).action(async (options) => {
    await withNode(options, { read: 'nothing to list' }, (ctx) => {
      const rows = ctx.accounts.list().map((row) => summarizeAccount(ctx, row.id));
      print(rows, options, () =>
        table(
          rows.map((row) => ({ ...row, renders_left: row.renders_remaining })),
          ['id', 'name', 'email', 'plan', 'balance', 'renders_left'],
        ),
      );
    });
  });

  dataOptions(accounts.command('show').description('show an account').argument('<id>', 'account id')).action(
    async (id: string, options) => {
      await withNode(options, { read: 'nothing to show' }, (ctx) => {
        const account = summarizeAccount(ctx, id);
        const ledger = ctx.ledger.entries(id, 10).map((entry) => ({
          ...entry,
          credits: entry.millicredits / 1000,
          parts: entry.parts === null ? null : (JSON.parse(entry.parts) as LedgerPart[]),
        }));
        print({ ...account, recent_ledger: ledger }, options, () =>
          `${showAccount(account)}\n\nrecent ledger entries:\n${table(
            ledger.map((entry) => ({ ...entry, parts: partsText(entry.parts) })),
            ['created_at', 'kind', 'credits', 'reason', 'reference', 'parts'],
          )}`,
        );
      });
    },
  );

  dataOptions(
    accounts
      .command('credits')
      .description('add credits to an account (a negative amount removes them)')
      .argument('<id>', 'account id')
      .requiredOption('--add <credits>', 'credits to add', numberOption)
      .requiredOption('--reason <reason>', 'why, kept in the ledger'),
  ).action(async (id: string, options) => {
    await withNode(options, { change: 'no account to add credits to' }, (ctx) => {
      const account = adjustCredits(ctx, id, options.add, options.reason);
      print(account, options, () => `balance of ${account.id} is now ${account.balance}`);
    });
  });

  dataOptions(
    accounts
      .command('password')
      .description('set an account\'s login password (read from stdin)')
      .argument('<id>', 'account id')
      .requiredOption('--password-stdin', 'read the password from stdin'),
  ).action(async (id: string, options) => {
    await withNode(options, { change: 'no account to set a password for' }, async (ctx) => {
      await setAccountPassword(ctx, id, await readStdin());
      print({ id, password_set: true }, options, () => `password set for ${id}`);
    });
  });

  accounts.addCommand(providerKeysCommand());

  return accounts;
}
