import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { RateLimitBucket } from './rate-limit/rate-limits.js';

/** HTTP methods the node's routes use. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One route, declared once: its zod schemas validate requests and produce the OpenAPI document
 * (and, for routes with an MCP tool, the tool's input schema).
 */
export interface RouteDefinition<
  Body extends z.ZodType = z.ZodType,
  Query extends z.ZodType = z.ZodType,
  Params extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  url: string;
  operationId: string;
  summary: string;
  tags: string[];
  /** Whether the route needs an API key. @default true */
  auth?: boolean;
  /** A limit beyond the all-endpoints one (for example `videos.create`). */
  rateLimit?: RateLimitBucket;
  body?: Body;
  querystring?: Query;
  params?: Params;
  /** Success status and body schema, for the OpenAPI document. */
  response: { status: number; description: string; schema?: z.ZodType; contentType?: string };
  handler: (
    request: FastifyRequest<{ Body: z.output<Body>; Querystring: z.output<Query>; Params: z.output<Params> }>,
    reply: FastifyReply,
  ) => Promise<unknown>;
}

/** Declares a route with its types inferred from the schemas. */
export function defineRoute<
  Body extends z.ZodType = z.ZodNever,
  Query extends z.ZodType = z.ZodNever,
  Params extends z.ZodType = z.ZodNever,
>(definition: RouteDefinition<Body, Query, Params>): RouteDefinition {
  return definition as unknown as RouteDefinition;
}
