import { Command } from 'commander';
import { requireAccount } from '../../accounts/accounts.js';
import { details, print, table } from '../output.js';
import { dataOptions, withNode } from '../with-node.js';

// Loaded when a command runs, so the CLI starts without sharp.
const brandKits = () => import('../../catalog/brand-kits.js');

/** `service brand-kits create|list|delete`. */
export function brandKitsCommand(): Command {
  const kits = new Command('brand-kits').description('manage brand kits (read-only over the API)');

  dataOptions(
    kits
      .command('create')
      .description('save a brand kit for an account')
      .requiredOption('--account <id>', 'account id')
      .requiredOption('--name <name>', 'brand name')
      .option('--description <text>', 'what the brand is', '')
      .option('--website-url <url>', 'brand website', '')
      .option('--logo <file>', 'logo file: PNG, JPEG, WebP or SVG')
      .requiredOption('--primary <hex>', 'primary color, e.g. #1D4ED8')
      .requiredOption('--secondary <hex>', 'secondary color')
      .requiredOption('--accent <hex>', 'accent color')
      .requiredOption('--heading-font <family>', 'heading font family')
      .requiredOption('--body-font <family>', 'body font family'),
  ).action(async (options) => {
    await withNode(options, { change: 'no account to make a brand kit for' }, async (ctx) => {
      const { createBrandKit } = await brandKits();
      const kit = await createBrandKit(ctx, {
        accountId: options.account,
        name: options.name,
        description: options.description,
        websiteUrl: options.websiteUrl,
        logoFile: options.logo,
        primary: options.primary,
        secondary: options.secondary,
        accent: options.accent,
        headingFont: options.headingFont,
        bodyFont: options.bodyFont,
      });
      print(kit, options, () => `created brand kit ${kit.id}\n${details({ ...kit })}`);
    });
  });

  dataOptions(kits.command('list').description('list an account\'s brand kits').requiredOption('--account <id>', 'account id')).action(
    async (options) => {
      await withNode(options, { read: 'nothing to list' }, async (ctx) => {
        requireAccount(ctx, options.account);
        const { listBrandKits } = await brandKits();
        const { brand_kits: rows } = listBrandKits(ctx, options.account);
        print(rows, options, () => table(rows.map((row) => ({ ...row, ...row.colors })), ['id', 'name', 'primary', 'secondary', 'accent', 'has_logo']));
      });
    },
  );

  dataOptions(kits.command('delete').description('delete a brand kit and its files').argument('<id>', 'brand kit id')).action(
    async (id: string, options) => {
      await withNode(options, { change: 'no brand kit to delete' }, async (ctx) => {
        const { deleteBrandKit } = await brandKits();
        const kit = deleteBrandKit(ctx, id);
        print(kit, options, () => `deleted brand kit ${kit.id}`);
      });
    },
  );

  return kits;
}
