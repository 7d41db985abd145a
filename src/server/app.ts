import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { z } from 'zod';
import { publicUrlOf } from '../config/resolve-config.js';
import { ServiceError } from '../errors/service-error.js';
import type { NodeContext } from '../node-context.js';
import { SERVICE_VERSION } from '../package-root.js';
import { appRoutesPlugin } from './app/app-routes.js';
import { mcpPlugin } from './mcp/mcp-routes.js';
import { buildOpenApi } from './openapi/build-openapi.js';
import { oauthPlugin } from './oauth/oauth-routes.js';
import { authPlugin } from './plugins/auth.js';
import { DownloadLogController } from './plugins/download-log.js';
import { errorHandlingPlugin } from './plugins/error-handling.js';
import { clientErrorHandler, frameworkErrorHandler, MAX_PARAM_LENGTH } from './plugins/framework-errors.js';
import { rateLimitPlugin, type RateLimitOptions } from './plugins/rate-limit.js';
import { parseJsonBody } from './parse-json-body.js';
import type { HttpMethod, RouteDefinition } from './route-definition.js';
import { accountRoutes } from './routes/account.js';
import { apiKeyRoutes } from './routes/api-keys.js';
import { providerKeyRoutes } from './routes/provider-keys.js';
import { fileRoutes } from './routes/files.js';
import { infographicRoutes } from './routes/infographics.js';
import { videoRoutes } from './routes/videos.js';
import { outputRoutes } from './routes/outputs.js';
import { catalogRoutes } from './routes/catalogs.js';
import { pictureRoutes } from './routes/pictures.js';
import { healthRoutes } from './routes/health.js';
import { RequestLimits } from './rate-limit/request-limits.js';
import type { AppServices } from './services.js';
import { validateRequest } from './validate-request.js';

/** Options of {@link buildApp}. */
export interface BuildAppOptions {
  ctx: NodeContext;
  /** A pino logger; without one the app logs nothing. */
  logger?: Logger;
  /** Largest request body accepted. @default 1 MiB */
  bodyLimit?: number;
  rateLimit?: RateLimitOptions;
  /** The job engine and render pool; without them jobs are written but not worked on. */
  services?: Partial<AppServices>;
  /** The web app under `/app`: its built folder and the sessions' clock (tests set both). */
  app?: { distDir?: string; now?: () => number };
  /** Extra routes (tests use this to mount routes of issues not built yet). */
  extraRoutes?: RouteDefinition[];
}

/**
 * Builds the Fastify app with every plugin and route; never listens (`serve` does, tests inject).
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { ctx } = options;
  const services: AppServices = { cacheDir: ctx.config.cacheDir, ...options.services };
  const bodyLimit = options.bodyLimit ?? 1024 * 1024;
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    logController: new DownloadLogController(),
    bodyLimit,
    requestIdHeader: 'x-request-id',
    genReqId: () => 'req_' + randomBytes(8).toString('hex'),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    return503OnClosing: true,
  }) as unknown as FastifyInstance;

  // Only JSON bodies: a text/plain body is refused with 415 instead of reaching a schema as a string.
  // JSON goes through the node's own parser (UTF-8 only, forbidden keys named), shared with /mcp.
  app.removeContentTypeParser(['text/plain', 'application/json']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    try {
      done(null, parseJsonBody(body as string, request.headers['content-type']));
    } catch (error) {
      done(error as Error, undefined);
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  errorHandlingPlugin(app, { bodyLimit });
  authPlugin(app, ctx, { now: options.app?.now });
  const limits = new RequestLimits(options.rateLimit?.now);
  rateLimitPlugin(app, limits);

  const routes: RouteDefinition[] = [
    ...healthRoutes(ctx),
    ...catalogRoutes(ctx),
    ...pictureRoutes(),
    ...accountRoutes(ctx),
    ...apiKeyRoutes(ctx),
    ...providerKeyRoutes(ctx),
    ...videoRoutes(ctx, services),
    ...outputRoutes(ctx, services),
    ...infographicRoutes(ctx, services),
    ...fileRoutes(ctx),
    ...(options.extraRoutes ?? []),
  ];
  const openApiRoute: RouteDefinition = {
    method: 'GET',
    url: '/v1/openapi.json',
    operationId: 'getOpenApi',
    summary: 'This document: OpenAPI 3.1, generated from the schemas that validate requests',
    tags: ['meta'],
    response: { status: 200, description: 'The OpenAPI document', schema: z.looseObject({ openapi: z.string() }) },
    handler: async (request) =>
      buildOpenApi(routes, { version: SERVICE_VERSION, serverUrl: publicUrlOf(ctx.config, request.socket.localPort) }),
  };
  routes.push(openApiRoute);

  await app.register(mcpPlugin, { ctx, services, limits });
  await app.register(oauthPlugin, { ctx });
  await app.register(appRoutesPlugin, { ctx, services, ...options.app });
  const methodsByUrl = new Map<string, Set<HttpMethod>>();
  for (const route of routes) {
    const validation = validateRequest(route);
    app.route({
      method: route.method,
      url: route.url,
      ...(validation ? { preValidation: validation } : {}),
      config: { auth: route.auth ?? true, ...(route.rateLimit ? { rateLimit: route.rateLimit } : {}) },
      handler: async (request, reply) => {
        const result = await route.handler(request as never, reply);
        // A handler that chose its own status (a 404 page, a replayed answer) keeps it.
        if (!reply.sent && reply.statusCode === 200) reply.code(route.response.status);
        return result;
      },
    });
    const methods = methodsByUrl.get(route.url) ?? new Set<HttpMethod>();
    methods.add(route.method);
    methodsByUrl.set(route.url, methods);
  }
  // A known path with any other method Fastify routes (OPTIONS and TRACE too) answers 405 with
  // Allow, not a bare 404. HEAD follows GET: Fastify adds it to the real route or to this one.
  for (const [url, methods] of methodsByUrl) {
    const others = app.supportedMethods.filter((method) => method !== 'HEAD' && !methods.has(method as HttpMethod));
    if (others.length === 0) continue;
    const allow = [...methods].join(', ');
    app.route({
      method: others,
      url,
      config: { auth: false },
      handler: async (request) => {
        throw new ServiceError('method_not_allowed', `${request.method} is not allowed on ${url}; use ${allow}`, {
          headers: { allow },
        });
      },
    });
  }
  return app;
}
