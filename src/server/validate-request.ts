import type { FastifyRequest } from 'fastify';
import type { ErrorDetail } from '../errors/service-error.js';
import type { RouteDefinition } from './route-definition.js';
import { invalidFields, validationDetails } from './validation-message.js';

const PARTS = [
  { part: 'params', key: 'params' },
  { part: 'querystring', key: 'query' },
  { part: 'body', key: 'body' },
] as const;

/**
 * A route's `preValidation` hook: checks its params, query and body against the route's zod
 * schemas all at once (Fastify's own validation stops at the first failing part) and puts the
 * parsed values in their place. One 400 names every refused field of every part. A request without
 * a body leaves `body` undefined, so an optional body may be left out.
 */
export function validateRequest(route: RouteDefinition): ((request: FastifyRequest) => Promise<void>) | undefined {
  const checks = PARTS.map(({ part, key }) => ({ part, key, schema: route[part] })).filter((check) => check.schema !== undefined);
  if (checks.length === 0) return undefined;
  return async (request) => {
    const details: ErrorDetail[] = [];
    const target = request as unknown as Record<'params' | 'query' | 'body', unknown>;
    for (const { part, key, schema } of checks) {
      const result = schema!.safeParse(target[key]);
      if (result.success) target[key] = result.data;
      else details.push(...validationDetails(result.error, part, schema!, target[key]));
    }
    if (details.length > 0) throw invalidFields(details);
  };
}
