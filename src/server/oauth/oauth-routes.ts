import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ServiceError } from '../../errors/service-error.js';
import { logRefusal } from '../../log/log-refusal.js';
import type { NodeContext } from '../../node-context.js';
import { messagePage, PAGE_HEADERS } from '../../oauth/authorize-pages.js';
import { continueAuthorization, startAuthorization, type AuthorizeOutcome, type RequestParams } from '../../oauth/authorize-flow.js';
import { registerClient } from '../../oauth/clients.js';
import { OAuthError } from '../../oauth/oauth-error.js';
import { authorizationServerMetadata, OAUTH_PATHS, protectedResourceMetadata } from '../../oauth/oauth-metadata.js';
import { exchangeToken, revokeToken } from '../../oauth/token-grants.js';
import { FixedWindowLimiter } from '../rate-limit/fixed-window-limiter.js';
import { requestBaseUrl } from '../request-base-url.js';

/** Requests per client IP per minute on the unauthenticated OAuth endpoints, so none can fill the database. */
export const OAUTH_RATE_LIMITS = {
  /** `POST /oauth/register`. */
  register: 20,
  /** `GET /oauth/authorize` (each valid one stores a pending request). */
  authorize: 60,
  /** `POST /oauth/authorize` with `action=sign_in` (password guesses across requests). */
  signIn: 30,
} as const;

const WINDOW_MS = 60_000;
const BODY_LIMIT = 64 * 1024;
const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' };
// Browser-based MCP clients read the metadata and call these endpoints cross-origin; no cookies are involved.
const CORS_URLS = [
  '/.well-known/oauth-authorization-server',
  '/.well-known/oauth-protected-resource',
  '/.well-known/oauth-protected-resource/mcp',
  OAUTH_PATHS.register,
  OAUTH_PATHS.token,
  OAUTH_PATHS.revoke,
];

/** Parses a form body; a repeated field becomes an array, which the schemas then refuse. */
function parseForm(body: string): RequestParams {
  const fields: Record<string, string | string[]> = Object.create(null);
  for (const [name, value] of new URLSearchParams(body)) {
    const previous = fields[name];
    fields[name] = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
  }
  return fields;
}

function describeFastifyError(error: FastifyError): string {
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return 'Content-Type must be application/x-www-form-urlencoded or application/json';
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return `request body is larger than the limit of ${BODY_LIMIT} bytes`;
  return error.message;
}

/**
 * The OAuth 2.1 authorization server of the MCP endpoint: metadata (RFC 8414, RFC 9728), dynamic
 * client registration (RFC 7591), the sign-in and consent pages, the token endpoint and revocation
 * (RFC 7009). Encapsulated: its form parser and `{ error, error_description }` error handler stay
 * inside, so the REST API remains JSON-only with its own error shape. Every route skips API-key auth.
 */
export async function oauthPlugin(app: FastifyInstance, options: { ctx: NodeContext }): Promise<void> {
  const { ctx } = options;
  const limiter = new FixedWindowLimiter(WINDOW_MS);
  const baseOf = (request: FastifyRequest) => requestBaseUrl(ctx, request);
  const config = { auth: false };

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => {
    done(null, parseForm(body as string));
  });

  // Logged like the REST errors: client errors at info (401 and 403 at warn) without a stack.
  app.setErrorHandler((raw: FastifyError | OAuthError | ServiceError | Error, request, reply) => {
    if (raw instanceof OAuthError) {
      logRefusal(request.log, raw);
      return reply.code(raw.status).headers({ ...NO_STORE, ...raw.headers }).send(raw.toBody());
    }
    // The shared JSON parser's refusals (broken JSON, a __proto__ key, a charset other than UTF-8).
    const status = raw instanceof ServiceError ? raw.status : (raw as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      const description = raw instanceof ServiceError ? raw.message : describeFastifyError(raw as FastifyError);
      logRefusal(request.log, { code: 'invalid_request', status, message: description });
      return reply.code(status).headers(NO_STORE).send({ error: 'invalid_request', error_description: description });
    }
    const description = `internal error; quote request id ${request.id} when reporting it`;
    logRefusal(request.log, { code: 'server_error', status: 500, message: description }, raw);
    return reply.code(500).headers(NO_STORE).send({ error: 'server_error', error_description: description });
  });

  app.addHook('onRequest', async (request, reply) => {
    if (CORS_URLS.includes(request.routeOptions.url ?? '')) reply.header('access-control-allow-origin', '*');
  });
  for (const url of CORS_URLS) {
    app.options(url, { config }, async (_request, reply) =>
      reply
        .code(204)
        .headers({
          'access-control-allow-methods': 'GET, POST, OPTIONS',
          'access-control-allow-headers': 'authorization, content-type, mcp-protocol-version',
          'access-control-max-age': '86400',
        })
        .send(),
    );
  }

  /** Counts a request against a per-IP limit; returns the seconds to wait when it is over. */
  const overLimit = (request: FastifyRequest, bucket: keyof typeof OAUTH_RATE_LIMITS): number | undefined => {
    const state = limiter.hit(`${bucket}:${request.ip}`, OAUTH_RATE_LIMITS[bucket]);
    return state.allowed ? undefined : Math.max(1, Math.ceil(state.resetMs / 1000));
  };

  const answer = (reply: FastifyReply, outcome: AuthorizeOutcome) => {
    if (outcome.kind === 'redirect') return reply.code(302).headers({ ...NO_STORE, location: outcome.location }).send();
    return reply.code(outcome.page.status).headers(PAGE_HEADERS).send(outcome.page.html);
  };

  const tooManyPage = (reply: FastifyReply, retryAfter: number) =>
    reply
      .code(429)
      .headers({ ...PAGE_HEADERS, 'retry-after': String(retryAfter) })
      .send(messagePage(429, 'Too many requests', `Too many sign-in requests from your network. Try again in ${retryAfter} seconds.`).html);

  app.get('/.well-known/oauth-authorization-server', { config }, async (request) => authorizationServerMetadata(baseOf(request)));
  app.get('/.well-known/oauth-protected-resource', { config }, async (request) => protectedResourceMetadata(baseOf(request)));
  app.get('/.well-known/oauth-protected-resource/mcp', { config }, async (request) => protectedResourceMetadata(baseOf(request)));

  app.post(OAUTH_PATHS.register, { config, bodyLimit: BODY_LIMIT }, async (request, reply) => {
    const retryAfter = overLimit(request, 'register');
    if (retryAfter !== undefined) {
      throw new OAuthError('rate_limited', `at most ${OAUTH_RATE_LIMITS.register} registrations per minute from one address; retry in ${retryAfter} s`, {
        'retry-after': String(retryAfter),
      });
    }
    if (!/^application\/json\b/i.test(request.headers['content-type'] ?? '')) {
      throw new OAuthError('invalid_client_metadata', 'send the client metadata as JSON (Content-Type: application/json)');
    }
    return reply.code(201).headers(NO_STORE).send(registerClient(ctx, request.body));
  });

  app.get(OAUTH_PATHS.authorize, { config }, async (request, reply) => {
    const retryAfter = overLimit(request, 'authorize');
    if (retryAfter !== undefined) return tooManyPage(reply, retryAfter);
    return answer(reply, startAuthorization(ctx, request.query as RequestParams, baseOf(request)));
  });

  app.post(OAUTH_PATHS.authorize, { config, bodyLimit: BODY_LIMIT }, async (request, reply) => {
    const form = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as RequestParams;
    if (form.action === 'sign_in') {
      const retryAfter = overLimit(request, 'signIn');
      if (retryAfter !== undefined) return tooManyPage(reply, retryAfter);
    }
    return answer(reply, await continueAuthorization(ctx, form, baseOf(request)));
  });

  app.post(OAUTH_PATHS.token, { config, bodyLimit: BODY_LIMIT }, async (request, reply) =>
    reply.headers(NO_STORE).send(exchangeToken(ctx, { authorization: request.headers.authorization, body: request.body })),
  );

  app.post(OAUTH_PATHS.revoke, { config, bodyLimit: BODY_LIMIT }, async (request, reply) => {
    revokeToken(ctx, { authorization: request.headers.authorization, body: request.body });
    return reply.code(200).headers(NO_STORE).send();
  });
}
