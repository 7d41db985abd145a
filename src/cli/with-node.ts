import type { Command } from 'commander';
import { resolveConfig, type ServiceOptions } from '../config/resolve-config.js';
import { openNode, type NodeContext } from '../node-context.js';
import { reportError, type OutputOptions } from './output.js';

/** Adds the options every data command takes: `--data-dir` and `--json`. */
export function dataOptions(command: Command): Command {
  return command
    .option('--data-dir <dir>', 'data directory (env SERVICE_DATA_DIR)', undefined)
    .option('--json', 'print JSON', false);
}

/**
 * Runs a command body against the data dir: opens it, runs, closes it, and reports a failure as a
 * message (or an error object with `--json`) with exit code 1.
 */
export async function withNode(
  options: OutputOptions & { dataDir?: string } & ServiceOptions,
  body: (ctx: NodeContext) => Promise<void> | void,
): Promise<void> {
  let ctx: NodeContext | undefined;
  try {
    ctx = openNode(resolveConfig({ dataDir: options.dataDir, allowPrivateUrls: options.allowPrivateUrls }));
    await body(ctx);
  } catch (error) {
    reportError(error, options);
  } finally {
    ctx?.close();
  }
}
