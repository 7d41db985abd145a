import path from 'node:path';
import { Command, InvalidArgumentError } from 'commander';
import { ensureOwnerAccount } from '../../accounts/owner.js';
import { LOG_LEVELS, publicUrlOf, resolveConfig, type LogLevel } from '../../config/resolve-config.js';
import { checkedOptionsOf, withCheckedFlags } from '../checked-flags.js';
import { numberOption } from './accounts.js';
import { reportError } from '../output.js';
import { ownerCreatedNotice } from '../owner-notice.js';
import { openDataDir } from '../with-node.js';

function portOption(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) > 65535) throw new InvalidArgumentError(`"${value}" is not a port (0-65535)`);
  return Number(value);
}

function logLevelOption(value: string): LogLevel {
  if (!(LOG_LEVELS as readonly string[]).includes(value)) {
    throw new InvalidArgumentError(`must be one of ${LOG_LEVELS.join(', ')}`);
  }
  return value as LogLevel;
}

/** `service serve`: the control plane (REST API) on one port, until SIGINT or SIGTERM. */
export function serveCommand(): Command {
  const command = new Command('serve')
    .description('run the node: REST API and job engine')
    .option('--port <n>', 'listening port, 0 for a free one (env SERVICE_PORT, default 8080)', portOption)
    .option('--host <address>', 'listening address (env SERVICE_HOST, default 127.0.0.1)')
    .option('--data-dir <dir>', 'where the database and files live (env SERVICE_DATA_DIR, default ./data)')
    .option('--public-url <url>', 'base of app_url and download links (env SERVICE_PUBLIC_URL)')
    .option('--allow-private-urls', 'let attachments and webhooks use loopback and private addresses (env SERVICE_ALLOW_PRIVATE_URLS=1)')
    .option('--log-level <level>', `log level: ${LOG_LEVELS.join(', ')} (env SERVICE_LOG_LEVEL, default info)`, logLevelOption)
    .option('--render-workers <n>', 'render worker processes, renders at a time (env SERVICE_RENDER_WORKERS, default 1)', portOption)
    .option('--jobs <n>', 'video jobs worked on at once; more than 1 lets render workers on other machines (--queue) stay busy (env SERVICE_JOBS, default 1)', portOption)
    .option('--cache-dir <dir>', 'where built bundles are cached (env SERVICE_CACHE_DIR, default <data-dir>/cache)');
  return withCheckedFlags(command)
    .option('--owner-credits <credits>', 'credits of the owner account made on an empty data dir (env SERVICE_OWNER_CREDITS, default 1000)', numberOption)
    .option('--min-free-mb <mb>', 'free space the data dir\'s disk must keep; below it creates get 503 storage_full and jobs pause until there is room (env SERVICE_MIN_FREE_MB, default 200)', numberOption)
    .action(async (options) => {
      try {
        await serve(options);
      } catch (error) {
        reportError(error, {});
        process.exit(1);
      }
    });
}

async function serve(options: Record<string, unknown>): Promise<void> {
  const config = resolveConfig({
    port: options.port as number | undefined,
    host: options.host as string | undefined,
    dataDir: options.dataDir as string | undefined,
    publicUrl: options.publicUrl as string | undefined,
    allowPrivateUrls: options.allowPrivateUrls as boolean | undefined,
    logLevel: options.logLevel as LogLevel | undefined,
    ownerCredits: options.ownerCredits as number | undefined,
    minFreeMb: options.minFreeMb as number | undefined,
    renderWorkers: options.renderWorkers as number | undefined,
    jobs: options.jobs as number | undefined,
    cacheDir: options.cacheDir as string | undefined,
    ...checkedOptionsOf(options),
  });
  // Loaded here so other commands start without Fastify and pino.
  const [{ createLogger }, { buildApp }] = await Promise.all([
    import('../../log/create-logger.js'),
    import('../../server/app.js'),
  ]);
  const logger = createLogger(config.logLevel);
  const ctx = openDataDir(config, 'create');

  const owner = await ensureOwnerAccount(ctx);
  if (owner) {
    process.stdout.write(ownerCreatedNotice(owner, config.dataDir));
  }

  const { startRuntime } = await import('../../node-runtime.js');
  let port = config.port;
  const runtime = startRuntime(ctx, { logger, baseUrl: () => publicUrlOf(config, port), resume: false });
  const app = await buildApp({ ctx, logger, services: runtime });
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  port = typeof address === 'object' && address ? address.port : config.port;
  runtime.resume();
  // The bundle and the browser, ready before the first job; says what it prepares on a first start.
  const { warmUpRendering } = await import('../render-warmup.js');
  void warmUpRendering(config, logger, {
    say: (line) => process.stdout.write(line),
    warn: (line) => process.stderr.write(line),
  });
  const bindHost = config.host.includes(':') ? `[${config.host}]` : config.host;
  // Loaded before the listening line, so the "node started" log follows it without a gap.
  const { describeLanguageModel } = await import('../../pipeline/providers/llm/model-config.js');
  const { describeFootageSetting } = await import('../../pipeline/providers/footage/footage-config.js');
  const { describeStillSetting } = await import('../../pipeline/providers/stills/stills-config.js');
  const { redactUrl } = await import('../../queue/queue-settings.js');
  const { describeStoreSetting } = await import('../../storage/store-config.js');
  process.stdout.write(`listening on http://${bindHost}:${port}\n`);
  if (config.languageModel && config.languageModelFromDataDir) {
    process.stdout.write(`language model: ${describeLanguageModel(config.languageModel)}, the one model in ${path.join(config.dataDir, 'models')} (--llm chooses another)\n`);
  }
  if (!config.languageModel) {
    const { NO_LANGUAGE_MODEL } = await import('../../pipeline/providers/llm/model-config.js');
    process.stdout.write(`language model: ${NO_LANGUAGE_MODEL.detail}\n  to write real scripts: ${NO_LANGUAGE_MODEL.fix}\n`);
  }
  logger.info(
    {
      dataDir: config.dataDir,
      publicUrl: publicUrlOf(config, port),
      languageModel: config.languageModel ? describeLanguageModel(config.languageModel) : 'none (embedded planner)',
      ...(config.premiumLanguageModel && { premiumLanguageModel: describeLanguageModel(config.premiumLanguageModel) }),
      footage: config.footage ? describeFootageSetting(config.footage) : 'none (shots drawn and animated by the kit)',
      imageModel: config.imageModel ? describeStillSetting(config.imageModel) : 'none (portraits and storyboard stills drawn by the kit)',
      ...(config.queueUrl && { renderQueue: redactUrl(config.queueUrl), store: describeStoreSetting(config.store) }),
    },
    'node started',
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    // server.close() drops idle keep-alive sockets only once; a socket whose request finishes later
    // would hold the close open until its keep-alive timeout, so sweep idle sockets until done.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
    const deadline = setTimeout(() => {
      logger.warn('requests still running after 30 s; closing their connections');
      app.server.closeAllConnections();
    }, 30_000);
    try {
      await app.close();
      await runtime.stop();
    } finally {
      clearInterval(sweep);
      clearTimeout(deadline);
      ctx.close();
      logger.info('stopped');
      logger.flush();
      process.exit(0);
    }
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

