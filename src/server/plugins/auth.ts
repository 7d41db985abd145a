import type { FastifyInstance } from 'fastify';
import { authenticateApiKey, type Principal } from '../../accounts/api-keys.js';
import type { NodeContext } from '../../node-context.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The key and account a request acts for; set on every route that needs auth. */
    principal?: Principal;
  }
  interface FastifyContextConfig {
    /** Whether the route needs an API key. @default true */
    auth?: boolean;
  }
}

/** Checks the bearer API key on every route that needs one (all but those with `config.auth: false`). */
export function authPlugin(app: FastifyInstance, ctx: NodeContext): void {
  app.addHook('onRequest', async (request) => {
    if (request.is404 || request.routeOptions.config.auth === false) return;
    request.principal = authenticateApiKey(ctx, request.headers.authorization);
  });
}

/** The principal of an authenticated request; routes with auth can rely on it. */
export function principalOf(request: { principal?: Principal }): Principal {
  if (!request.principal) throw new Error('route needs auth but no principal was set');
  return request.principal;
}
