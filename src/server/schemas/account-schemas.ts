import { z } from 'zod';
import { pageQuery } from './video-schemas.js';

/** `limit` and `cursor` of `GET /v1/account/ledger`. */
export const ledgerQuery = pageQuery;

/** The answer of `GET /v1/account/ledger`. */
export const ledgerResponse = z.object({
  entries: z.array(
    z.object({
      id: z.number().describe('The entry\'s number; later entries have larger ones'),
      kind: z.enum(['grant', 'adjustment', 'charge', 'refund']).describe('grant, adjustment, charge or refund'),
      credits: z.number().describe('Credits added (positive) or spent (negative)'),
      reason: z.string().describe('Why, in words'),
      reference: z.string().nullable().describe('The job or render the entry is for, when there is one'),
      parts: z
        .array(z.object({ part: z.string(), credits: z.number(), covered_by: z.string().optional() }))
        .optional()
        .describe('A job charge by part; parts the account\'s own provider keys cover at 0 with covered_by'),
      created_at: z.string(),
    }),
  ),
  next_cursor: z.string().nullable().describe('Pass as cursor for the next (older) page; null on the last one'),
});

/** The answer of `GET /v1/account/connections`. */
export const connectionsResponse = z.object({
  connections: z.array(
    z.object({
      id: z.string(),
      client_name: z.string().describe('The name the client registered, or its client_id'),
      scopes: z.array(z.string()).describe('read, or read and write'),
      created_at: z.string(),
      last_used_at: z.string().optional().describe('When the client last used a token; absent when never'),
    }),
  ),
});

/** `{id}` of `DELETE /v1/account/connections/{id}`. */
export const connectionIdParams = z.strictObject({ id: z.string().min(1).max(100).describe('The connection\'s id') });
