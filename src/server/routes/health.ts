import { z } from 'zod';
import type { NodeContext } from '../../node-context.js';
import { defineRoute } from '../route-definition.js';

/** One reason the node is degraded: a code from the error registry, what to do, and its measure. */
const healthProblem = z.object({
  code: z.literal('storage_full'),
  message: z.string(),
  free_bytes: z.number().int(),
  min_free_bytes: z.number().int(),
});

/** The health answer: `ok`, or `degraded` with the problems (the node still serves; what it refuses, it refuses with their code). */
const healthBody = z.union([
  z.object({ status: z.literal('ok') }),
  z.object({ status: z.literal('degraded'), problems: z.array(healthProblem).min(1) }),
]);

/**
 * `GET /v1/health`: liveness, no auth. `{ status: "ok" }` when healthy; `degraded` with its
 * problems while the data dir's disk is short of space (read with `statfs` on each call) or a
 * write failed for space and no reading has seen space since. Either way 200: the process is up.
 */
export function healthRoutes(ctx: NodeContext) {
  return [
    defineRoute({
      method: 'GET',
      url: '/v1/health',
      operationId: 'getHealth',
      summary: 'Liveness check; needs no API key. `degraded` lists what the node cannot do now (a full disk)',
      tags: ['health'],
      auth: false,
      response: { status: 200, description: 'The node is up; `degraded` with the problems it has', schema: healthBody },
      handler: async (): Promise<z.infer<typeof healthBody>> => {
        const storage = ctx.disk.check();
        return storage ? { status: 'degraded', problems: [storage] } : { status: 'ok' };
      },
    }),
  ];
}
