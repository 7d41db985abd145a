import type { FastifyRequest } from 'fastify';
import { publicUrlOf } from '../config/resolve-config.js';
import type { NodeContext } from '../node-context.js';

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

function listeningPort(ctx: NodeContext, request: FastifyRequest): number {
  return request.socket.localPort ?? ctx.config.port;
}

/**
 * The `Host` values the node answers to on its browser-reachable and agent endpoints: the public
 * URL's, and the loopback names and the bound address at the listening port. A DNS-rebinding page
 * reaches the node under its own host name, which is none of these.
 */
export function knownHosts(ctx: NodeContext, request: FastifyRequest): Set<string> {
  const port = listeningPort(ctx, request);
  const hosts = new Set<string>([new URL(publicUrlOf(ctx.config, port)).host]);
  for (const name of LOOPBACK_NAMES) hosts.add(`${name}:${port}`);
  const bound = ctx.config.host;
  if (bound !== '0.0.0.0' && bound !== '::') hosts.add(`${bound.includes(':') ? `[${bound}]` : bound}:${port}`);
  return hosts;
}

/**
 * The base URL a request reached the node under, for the OAuth issuer and the `/mcp` resource: the
 * configured public URL; else the address in the request's `Host` when it is one the node answers
 * to, so a client configured with `http://localhost:8080/mcp` finds metadata naming that same
 * origin (the MCP SDK refuses a resource of another origin); else the default public URL. Pass
 * `hosts` when {@link knownHosts} was already worked out for the request.
 */
export function requestBaseUrl(ctx: NodeContext, request: FastifyRequest, hosts?: Set<string>): string {
  if (ctx.config.publicUrl) return publicUrlOf(ctx.config);
  const host = (request.headers.host ?? '').toLowerCase();
  if (host && (hosts ?? knownHosts(ctx, request)).has(host)) return `http://${host}`;
  return publicUrlOf(ctx.config, listeningPort(ctx, request));
}
