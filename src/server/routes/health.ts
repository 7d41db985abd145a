import { z } from 'zod';
import { defineRoute } from '../route-definition.js';

/** `GET /v1/health`: liveness, no auth. */
export const healthRoutes = [
  defineRoute({
    method: 'GET',
    url: '/v1/health',
    operationId: 'getHealth',
    summary: 'Liveness check; needs no API key',
    tags: ['health'],
    auth: false,
    response: { status: 200, description: 'The node is up', schema: z.object({ status: z.literal('ok') }) },
    handler: async () => ({ status: 'ok' }),
  }),
];
