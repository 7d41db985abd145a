import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StoredAnswer } from '../pipeline/idempotency.js';
import { waiveRateLimit } from './plugins/rate-limit.js';

/** The request's `Idempotency-Key`, when it sent one. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const key = request.headers['idempotency-key'];
  return typeof key === 'string' ? key : undefined;
}

/** Sends a create's answer; a replayed one (same `Idempotency-Key`) created nothing, so its rate-limit use is given back. */
export function sendStoredAnswer<T>(request: FastifyRequest, reply: FastifyReply, answer: StoredAnswer & { body: T }): T {
  if (answer.replayed) waiveRateLimit(request);
  reply.code(answer.statusCode);
  return answer.body;
}
