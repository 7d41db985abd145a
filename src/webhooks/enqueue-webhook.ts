import type { NodeContext } from '../node-context.js';
import { newId, nowIso } from '../store/ids.js';
import { webhooksStoreOf } from '../store/webhooks-store.js';

/** The event kinds the node sends. */
export type WebhookEvent = 'video.completed' | 'video.failed' | 'video.canceled' | 'render.completed' | 'render.failed';

/** The body of every delivery, render and video events alike. */
export interface WebhookEnvelope {
  event: WebhookEvent;
  data: Record<string, unknown>;
  /** When the event happened, ISO 8601. */
  timestamp: string;
}

/** What {@link enqueueWebhook} needs. */
export interface EnqueueWebhookInput {
  accountId: string;
  /** The key whose secret signs the delivery; null for a principal without one (a future OAuth client). */
  apiKeyId: string | null;
  event: WebhookEvent;
  data: Record<string, unknown>;
  /** Where to send it; undefined or null sends nothing. */
  url: string | null | undefined;
}

/**
 * Writes an event to the webhook outbox and returns its id (`wh_...`), or undefined when there is no
 * URL. Synchronous so that callers run it inside the same `ctx.db.transaction(...)` as the state
 * change it reports; call the dispatcher's `notify()` after the transaction commits.
 */
export function enqueueWebhook(ctx: NodeContext, input: EnqueueWebhookInput): string | undefined {
  if (input.url === undefined || input.url === null) return undefined;
  const now = nowIso();
  const envelope: WebhookEnvelope = { event: input.event, data: input.data, timestamp: now };
  const id = newId('wh');
  webhooksStoreOf(ctx.db).insert({
    id,
    account_id: input.accountId,
    api_key_id: input.apiKeyId,
    event: input.event,
    url: input.url,
    payload: JSON.stringify(envelope),
    status: 'pending',
    attempts: 0,
    next_attempt_at: now,
    created_at: now,
    delivered_at: null,
    last_error: null,
  });
  return id;
}
