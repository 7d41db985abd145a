import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { webhooksStoreOf } from '../../src/store/webhooks-store.js';
import { enqueueWebhook } from '../../src/webhooks/enqueue-webhook.js';
import { createAccountWithKey, createTestNode, type TestNode } from '../helpers/test-node.js';

function outboxCount(node: TestNode): number {
  return node.ctx.db.prepare('SELECT COUNT(*) FROM webhook_outbox').pluck().get() as number;
}

describe('enqueueWebhook', () => {
  let node: TestNode;
  beforeEach(() => {
    node = createTestNode();
  });
  afterEach(() => node.cleanup());

  it('stores the exact { event, data, timestamp } body as a pending row due now', async () => {
    const { account, key } = await createAccountWithKey(node.ctx);
    const before = Date.now();
    const id = node.ctx.db.transaction(() =>
      enqueueWebhook(node.ctx, {
        accountId: account.id,
        apiKeyId: key.id,
        event: 'video.completed',
        data: { videoId: 'vid_1', creditsCost: 7.5 },
        url: 'https://hooks.example.com/in',
      }),
    )();
    expect(id).toMatch(/^wh_[0-9a-z]{20}$/);
    const row = webhooksStoreOf(node.ctx.db).get(id!)!;
    expect(row).toMatchObject({
      account_id: account.id, api_key_id: key.id, event: 'video.completed', url: 'https://hooks.example.com/in',
      status: 'pending', attempts: 0, delivered_at: null,
    });
    const envelope = JSON.parse(row.payload) as Record<string, unknown>;
    expect(Object.keys(envelope).sort()).toEqual(['data', 'event', 'timestamp']);
    expect(envelope).toMatchObject({ event: 'video.completed', data: { videoId: 'vid_1', creditsCost: 7.5 } });
    const timestamp = envelope['timestamp'] as string;
    expect(new Date(timestamp).toISOString()).toBe(timestamp);
    expect(Date.parse(timestamp)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(row.next_attempt_at)).toBeLessThanOrEqual(Date.now());
  });

  it('writes nothing and returns undefined when there is no URL', async () => {
    const { account, key } = await createAccountWithKey(node.ctx);
    for (const url of [undefined, null]) {
      expect(enqueueWebhook(node.ctx, { accountId: account.id, apiKeyId: key.id, event: 'video.failed', data: {}, url })).toBeUndefined();
    }
    expect(outboxCount(node)).toBe(0);
  });

  it('leaves no outbox row when the surrounding transaction throws', async () => {
    const { account, key } = await createAccountWithKey(node.ctx);
    const transition = node.ctx.db.transaction(() => {
      enqueueWebhook(node.ctx, {
        accountId: account.id, apiKeyId: key.id, event: 'video.failed', data: { videoId: 'vid_1' }, url: 'https://hooks.example.com/in',
      });
      throw new Error('state change failed');
    });
    expect(() => transition()).toThrow('state change failed');
    expect(outboxCount(node)).toBe(0);
  });
});
