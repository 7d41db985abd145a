import type { Command } from 'commander';
import { resolveConfig, type ServiceConfig, type ServiceOptions } from '../config/resolve-config.js';
import { ServiceError } from '../errors/service-error.js';
import { openNode, type NodeContext } from '../node-context.js';
import { hasDatabase } from '../store/open-database.js';
import { reportError, type OutputOptions } from './output.js';

/** Adds the options every data command takes: `--data-dir` and `--json`. */
export function dataOptions(command: Command): Command {
  return command
    .option('--data-dir <dir>', 'data directory (env SERVICE_DATA_DIR)', undefined)
    .option('--json', 'print JSON', false);
}

/**
 * How a command uses the data dir. `create`: it may start from nothing, so it makes the data dir
 * when there is none and says where (on stderr). `{ read }` (listing, showing) opens an existing
 * one read-only; `{ change }` (revoking, crediting, rendering a job) changes what an existing one
 * holds. For those two a missing data dir is an error that says what was left undone, e.g.
 * `{ read: 'nothing to list' }`, and nothing is created.
 */
export type DataDirUse = 'create' | { read: string } | { change: string };

/** The error of a command that needs an existing data dir where there is none. */
export function missingDataDir(dataDir: string, undone: string): ServiceError {
  return new ServiceError('not_found', `no data dir at ${dataDir}: ${undone} (start \`service serve\` or pass --data-dir)`);
}

/** Opens the data dir as a command uses it (see {@link DataDirUse}). */
export function openDataDir(config: ServiceConfig, use: DataDirUse): NodeContext {
  if (!hasDatabase(config.dataDir)) {
    if (use !== 'create') throw missingDataDir(config.dataDir, 'read' in use ? use.read : use.change);
    process.stderr.write(`Creating the data dir at ${config.dataDir}\n`);
  }
  return openNode(config, { readOnly: use !== 'create' && 'read' in use });
}

/**
 * Runs a command body against the data dir: opens it as `use` says, runs, closes it, and reports a
 * failure as a message (or an error object with `--json`) with exit code 1.
 */
export async function withNode(
  options: OutputOptions & { dataDir?: string } & ServiceOptions,
  use: DataDirUse,
  body: (ctx: NodeContext) => Promise<void> | void,
): Promise<void> {
  let ctx: NodeContext | undefined;
  try {
    ctx = openDataDir(resolveConfig({ dataDir: options.dataDir, allowPrivateUrls: options.allowPrivateUrls }), use);
    await body(ctx);
  } catch (error) {
    reportError(error, options);
  } finally {
    ctx?.close();
  }
}
