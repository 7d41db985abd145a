import { Command } from 'commander';
import { SERVICE_VERSION } from '../package-root.js';
import { accountsCommand } from './commands/accounts.js';
import { brandKitsCommand } from './commands/brand-kits.js';
import { captionsCommand } from './commands/captions.js';
import { connectionsCommand } from './commands/connections.js';
import { doctorCommand } from './commands/doctor.js';
import { editCommand } from './commands/edit.js';
import { infographicsCommand } from './commands/infographics.js';
import { keysCommand } from './commands/keys.js';
import { mcpCommand } from './commands/mcp.js';
import { modelsCommand } from './commands/models.js';
import { serveCommand } from './commands/serve.js';
import { smokeCommand } from './commands/smoke.js';
import { createCommand, jobsCommand, renderCommand } from './commands/videos.js';
import { workerCommand } from './commands/worker.js';

/** The `service` program with every command. */
export function buildProgram(): Command {
  return new Command('service')
    .description('Self-hosted video and infographic generation node')
    .version(SERVICE_VERSION)
    .showHelpAfterError('(run with --help for usage)')
    .addCommand(serveCommand())
    .addCommand(workerCommand())
    .addCommand(createCommand())
    .addCommand(renderCommand())
    .addCommand(editCommand())
    .addCommand(jobsCommand())
    .addCommand(captionsCommand())
    .addCommand(infographicsCommand())
    .addCommand(smokeCommand())
    .addCommand(accountsCommand())
    .addCommand(keysCommand())
    .addCommand(brandKitsCommand())
    .addCommand(connectionsCommand())
    .addCommand(mcpCommand())
    .addCommand(doctorCommand())
    .addCommand(modelsCommand());
}

/** Runs the CLI on `argv` (as in `process.argv`). */
export async function runCli(argv: string[]): Promise<void> {
  await buildProgram().parseAsync(argv);
}
