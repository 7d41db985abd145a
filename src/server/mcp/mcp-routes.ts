import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { ServiceError } from '../../errors/service-error.js';
import type { NodeContext } from '../../node-context.js';
import { mcpResourceUrl, protectedResourceMetadataUrl } from '../../oauth/oauth-urls.js';
import type { RequestLimits } from '../rate-limit/request-limits.js';
import { knownHosts, requestBaseUrl } from '../request-base-url.js';
import type { AppServices } from '../services.js';
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

/** JSON-RPC error codes for answers given before a message reaches the MCP server. */
const JSON_RPC_CODE: Record<number, number> = { 400: -32700, 401: -32001, 403: -32003, 405: -32000, 429: -32029 };

/** An HTTP-level refusal on `/mcp`: a JSON-RPC error envelope carrying the node's code and status. */
function sendRefusal(reply: FastifyReply, error: ServiceError): FastifyReply {
  return reply
    .code(error.status)
    .headers(error.headers)
    .header('content-type', 'application/json')
    .send(
      JSON.stringify({
        jsonrpc: '2.0',
        error: { code: JSON_RPC_CODE[error.status] ?? -32603, message: error.message, data: { code: error.code, status: error.status } },
        id: null,
      }),
    );
}

function toWebRequest(request: FastifyRequest, url: string, body: string | undefined): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return new Request(url, { method: request.method, headers, body });
}

/**
 * `/mcp`: the node's tools over MCP Streamable HTTP, stateless (each POST is answered on its own, in
 * JSON), so any node process can answer any request and nothing is lost on restart. Checks run in
 * order: Host and Origin (DNS rebinding), the bearer credential (401 with `WWW-Authenticate` naming
 * the protected-resource metadata), the plan, the per-credential rate limit; then the SDK's transport
 * parses the JSON-RPC itself, so malformed messages get the protocol's errors.
 */
export async function mcpPlugin(app: FastifyInstance, options: McpPluginOptions): Promise<void> {
  const { ctx, services, limits } = options;
  // The raw text goes to the transport, which answers broken JSON with JSON-RPC's -32700.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.setErrorHandler((raw: Error & { statusCode?: number }, request, reply) => {
    if (raw instanceof ServiceError) return sendRefusal(reply, raw);
    const status = raw.statusCode && raw.statusCode >= 400 && raw.statusCode < 500 ? raw.statusCode : 500;
    if (status === 500) request.log.error({ err: raw }, 'mcp request failed');
    const code = status === 415 ? 'unsupported_media_type' : status === 413 ? 'payload_too_large' : status === 500 ? 'internal_error' : 'invalid_request';
    const message = status === 415 ? 'Content-Type must be application/json' : status === 500 ? `internal error; quote request id ${request.id} when reporting it` : raw.message;
    return sendRefusal(reply, new ServiceError(code, message));
  });

  app.addHook('onRequest', async (request, reply) => {
    const hosts = knownHosts(ctx, request);
    const problem = rebindingProblem(request, hosts);
    if (problem) return sendRefusal(reply, new ServiceError('forbidden', problem));
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
      return sendRefusal(reply, error);
    }
    const outcome = limits.count(request.mcp.principal.limitSubject);
    reply.headers(outcome.headers);
    if (outcome.refusal) return sendRefusal(reply, outcome.refusal);
    return undefined;
  });

  const notStreaming = async (_request: FastifyRequest, reply: FastifyReply) =>
    sendRefusal(
      reply,
      new ServiceError('method_not_allowed', 'this node answers MCP statelessly: POST JSON-RPC messages to /mcp; there is no session stream to GET or DELETE', {
        headers: { allow: 'POST' },
      }),
    );
  app.route({ method: ['GET', 'DELETE'], url: '/mcp', config: { auth: false }, handler: notStreaming });

  app.route({
    method: 'POST',
    url: '/mcp',
    config: { auth: false },
    handler: async (request, reply) => {
      const { principal, baseUrl } = request.mcp!;
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
        const body = typeof request.body === 'string' ? request.body : undefined;
        const response = await transport.handleRequest(toWebRequest(request, `${baseUrl}/mcp`, body));
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
