import { Command } from 'commander';
import { baseUrlOf } from '../../pipeline/videos/video-view.js';
import { resolveConfig } from '../../config/resolve-config.js';
import { reportError } from '../output.js';
import { openDataDir } from '../with-node.js';

/**
 * `service mcp --stdio --account ID`: the node's MCP tools over stdin/stdout for a local agent (a
 * desktop assistant launches it), acting as the account without a server or a credential. Jobs it
 * creates are built in this process while it runs; one left unfinished resumes at the next start.
 */
export function mcpCommand(): Command {
  return new Command('mcp')
    .description('serve the MCP tools over stdio for a local agent (the HTTP endpoint is /mcp on service serve)')
    .requiredOption('--stdio', 'speak MCP on stdin and stdout')
    .requiredOption('--account <id>', 'the account the tools act for')
    .option('--data-dir <dir>', 'data directory (env SERVICE_DATA_DIR)')
    .action(async (options: { account: string; dataDir?: string }) => {
      try {
        await serveStdio(options);
      } catch (error) {
        reportError(error, {});
        process.exit(1);
      }
    });
}

async function serveStdio(options: { account: string; dataDir?: string }): Promise<void> {
  const config = resolveConfig({ dataDir: options.dataDir });
  const ctx = openDataDir(config, { change: 'no account for the tools to act for' });
  const [{ localMcpPrincipal }, { createMcpServer }, { RequestLimits }, { StdioServerTransport }, { createLogger }, { startRuntime }] = await Promise.all([
    import('../../server/mcp/mcp-principal.js'),
    import('../../server/mcp/mcp-server.js'),
    import('../../server/rate-limit/request-limits.js'),
    import('@modelcontextprotocol/sdk/server/stdio.js'),
    import('../../log/create-logger.js'),
    import('../../node-runtime.js'),
  ]);
  let principal;
  try {
    principal = localMcpPrincipal(ctx, options.account);
  } catch (error) {
    ctx.close();
    throw error;
  }
  // stdout carries the protocol: logs go to stderr.
  const logger = createLogger(config.logLevel);
  const runtime = startRuntime(ctx, { logger, resume: false });
  const server = createMcpServer(
    {
      ctx,
      services: runtime,
      principal,
      baseUrl: baseUrlOf(ctx),
      limits: new RequestLimits(),
    },
    logger,
  );
  const stopped = new Promise<void>((resolve) => {
    server.onclose = resolve;
  });
  await server.connect(new StdioServerTransport());
  process.stdin.on('end', () => void server.close());
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void server.close());
  await stopped;
  await runtime.stop();
  ctx.close();
}
