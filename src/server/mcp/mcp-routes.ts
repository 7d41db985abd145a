import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { ServiceError } from '../../errors/service-error.js';
import { logRefusal } from '../../log/log-refusal.js';
import type { NodeContext } from '../../node-context.js';
import { mcpResourceUrl, protectedResourceMetadataUrl } from '../../oauth/oauth-urls.js';
import { parseJsonBody } from '../parse-json-body.js';
import type { RequestLimits } from '../rate-limit/request-limits.js';
import { knownHosts, requestBaseUrl } from '../request-base-url.js';
import type { AppServices } from '../services.js';
import { jsonRpcProblem } from './json-rpc-problem.js';
import { authenticateMcp, McpAuthError, type McpPrincipal } from './mcp-principal.js';
import { createMcpServer } from './mcp-server.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who an `/mcp` request acts for, and the base URL it reached the node under; set by the MCP scope's auth hook. */
    mcp?: { principal: McpPrincipal; baseUrl: string };
  }
}

/** Options of {@link mcpPlugin}. */
export interface McpPluginOptions {
  ctx: NodeContext;
  services: AppServices;
  limits: RequestLimits;
}

/** Why a request's Host or Origin is refused, or undefined when both are ones the node answers to. */
function rebindingProblem(request: FastifyRequest, hosts: Set<string>): string | undefined {
  const host = (request.headers.host ?? '').toLowerCase();
  if (!hosts.has(host)) return `Host "${host}" is not this node's; set --public-url to the address clients use`;
  const origin = request.headers.origin;
  if (origin !== undefined) {
    let originHost: string | undefined;
    try {
      originHost = new URL(origin).host.toLowerCase();
    } catch {
      originHost = undefined;
    }
    if (!originHost || !hosts.has(originHost)) return `Origin "${origin}" may not call this node's MCP endpoint`;
  }
  return undefined;
}

/**
 * JSON-RPC error codes for answers given before a message reaches the MCP server: a body that is
 * not JSON, or holds a forbidden key, is the parse error -32700 (the parser refuses it, as REST's
 * does); the transport-level refusals use the SDK's -32000 range.
 */
const JSON_RPC_CODE: Record<number, number> = { 400: -32700, 401: -32001, 403: -32003, 405: -32000, 413: -32000, 415: -32000, 429: -32029 };

/** JSON-RPC's Invalid Request. */
const INVALID_REQUEST = -32600;

/** How a refusal is sent beyond its error: the JSON-RPC code (by status when left out), the id, the logged cause. */
interface RefusalOptions {
  rpcCode?: number;
  id?: string | number | null;
  cause?: unknown;
}

/**
 * An HTTP-level refusal on `/mcp`: a JSON-RPC error envelope carrying the node's code, status and
 * any field details as `data`; logged like REST's errors.
 */
function sendRefusal(request: FastifyRequest, reply: FastifyReply, error: ServiceError, options: RefusalOptions = {}): FastifyReply {
  logRefusal(request.log, error, options.cause ?? error.cause ?? error);
  const { code, status, details } = error.toBody().error;
  return reply
    .code(error.status)
    .headers(error.headers)
    .header('content-type', 'application/json')
    .send(
      JSON.stringify({
        jsonrpc: '2.0',
        error: { code: options.rpcCode ?? JSON_RPC_CODE[error.status] ?? -32603, message: error.message, data: { code, status, ...(details ? { details } : {}) } },
        id: options.id ?? null,
      }),
    );
}

function toWebRequest(request: FastifyRequest, url: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return new Request(url, { method: request.method, headers });
}

/**
 * `/mcp`: the node's tools over MCP Streamable HTTP, stateless (each POST is answered on its own, in
 * JSON), so any node process can answer any request and nothing is lost on restart. Checks run in
 * order: Host and Origin (DNS rebinding), the bearer credential (401 with `WWW-Authenticate` naming
 * the protected-resource metadata), the plan, the per-credential rate limit. The body is then parsed
 * as REST parses one (a broken body or a `__proto__` key is -32700 with REST's code and message),
 * checked as JSON-RPC (an empty batch, a batch under a protocol version without batches, a bad
 * `id`, `jsonrpc` or `params` are -32600 Invalid Request), and handed to the SDK's transport.
 */
export async function mcpPlugin(app: FastifyInstance, options: McpPluginOptions): Promise<void> {
  const { ctx, services, limits } = options;
  // REST's JSON parser, so a body REST refuses (broken, not UTF-8, a __proto__ key) is refused here
  // with the same code and message, as a -32700 parse error before any JSON-RPC is read.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    try {
      done(null, parseJsonBody(body as string, request.headers['content-type']));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  app.setErrorHandler((raw: Error & { statusCode?: number }, request, reply) => {
    if (raw instanceof ServiceError) return sendRefusal(request, reply, raw);
    const status = raw.statusCode && raw.statusCode >= 400 && raw.statusCode < 500 ? raw.statusCode : 500;
    const code = status === 415 ? 'unsupported_media_type' : status === 413 ? 'payload_too_large' : status === 500 ? 'internal_error' : 'invalid_request';
    const message = status === 415 ? 'Content-Type must be application/json' : status === 500 ? `internal error; quote request id ${request.id} when reporting it` : raw.message;
    return sendRefusal(request, reply, new ServiceError(code, message), { cause: raw });
  });

  app.addHook('onRequest', async (request, reply) => {
    const hosts = knownHosts(ctx, request);
    const problem = rebindingProblem(request, hosts);
    if (problem) return sendRefusal(request, reply, new ServiceError('forbidden', problem));
    const base = requestBaseUrl(ctx, request, hosts);
    try {
      request.mcp = { principal: authenticateMcp(ctx, request.headers.authorization, mcpResourceUrl(base)), baseUrl: base };
    } catch (error) {
      if (!(error instanceof McpAuthError)) throw error;
      if (error.code === 'unauthorized') {
        const parts = [
          ...(error.bearerError ? [`error="${error.bearerError}"`, `error_description="${error.message.replace(/["\\]/g, "'")}"`] : []),
          `resource_metadata="${protectedResourceMetadataUrl(base)}"`,
        ];
        reply.header('www-authenticate', `Bearer ${parts.join(', ')}`);
      }
      return sendRefusal(request, reply, error);
    }
    const outcome = limits.count(request.mcp.principal.limitSubject);
    reply.headers(outcome.headers);
    if (outcome.refusal) return sendRefusal(request, reply, outcome.refusal);
    return undefined;
  });

  const notStreaming = async (request: FastifyRequest, reply: FastifyReply) =>
    sendRefusal(
      request,
      reply,
      new ServiceError('method_not_allowed', `${request.method} is not answered on /mcp: this node answers MCP statelessly, so POST JSON-RPC messages to /mcp; there is no session stream to GET or DELETE`, {
        headers: { allow: 'POST' },
      }),
    );
  const otherMethods = app.supportedMethods.filter((method) => method !== 'POST' && method !== 'HEAD');
  app.route({ method: otherMethods, url: '/mcp', config: { auth: false }, handler: notStreaming });

  app.route({
    method: 'POST',
    url: '/mcp',
    config: { auth: false },
    handler: async (request, reply) => {
      const { principal, baseUrl } = request.mcp!;
      const version = request.headers['mcp-protocol-version'];
      // Without a body (no JSON Content-Type) the transport answers 415 itself.
      const problem = request.body === undefined ? undefined : jsonRpcProblem(request.body, typeof version === 'string' ? version : undefined);
      if (problem) return sendRefusal(request, reply, new ServiceError('invalid_request', problem.message), { rpcCode: INVALID_REQUEST, id: problem.id });
      const server = createMcpServer(
        {
          ctx,
          services,
          principal,
          baseUrl,
          limits,
        },
        request.log as unknown as Logger,
      );
      const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      try {
        await server.connect(transport);
        const response = await transport.handleRequest(toWebRequest(request, `${baseUrl}/mcp`), { parsedBody: request.body });
        reply.code(response.status);
        response.headers.forEach((value, name) => {
          reply.header(name, value);
        });
        return reply.send(await response.text());
      } finally {
        await server.close();
      }
    },
  });
}
