import { createHmac } from 'node:crypto';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { generateWebhookSecret } from '../../src/accounts/api-key-tokens.js';
import { signWebhook } from '../../src/webhooks/sign-webhook.js';

const body = JSON.stringify({ event: 'video.completed', data: { videoId: 'vid_1' }, timestamp: new Date().toISOString() });
const nowSeconds = (): number => Math.floor(Date.now() / 1000);

describe('signWebhook', () => {
  it('makes Standard Webhooks headers that the standardwebhooks library verifies', () => {
    const secret = generateWebhookSecret();
    const timestampSeconds = nowSeconds();
    const headers = signWebhook(secret, { id: 'wh_abc', timestampSeconds, body });
    expect(headers['webhook-id']).toBe('wh_abc');
    expect(headers['webhook-timestamp']).toBe(String(timestampSeconds));
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(secret).verify(body, { ...headers })).toEqual(JSON.parse(body));
  });

  it('puts in X-Service-Signature the hex HMAC-SHA256 of the raw body keyed with the whole whsec_ text', () => {
    const secret = generateWebhookSecret();
    const headers = signWebhook(secret, { id: 'wh_abc', timestampSeconds: nowSeconds(), body });
    expect(headers['X-Service-Signature']).toBe(createHmac('sha256', secret).update(body).digest('hex'));
    expect(headers['X-Service-Signature']).toMatch(/^[0-9a-f]{64}$/);
  });

  it('fails verification when the body was tampered with', () => {
    const secret = generateWebhookSecret();
    const headers = signWebhook(secret, { id: 'wh_abc', timestampSeconds: nowSeconds(), body });
    const tampered = body.replace('vid_1', 'vid_2');
    expect(() => new Webhook(secret).verify(tampered, { ...headers })).toThrow(WebhookVerificationError);
    expect(createHmac('sha256', secret).update(tampered).digest('hex')).not.toBe(headers['X-Service-Signature']);
  });

  it('fails verification with another secret or another webhook-id', () => {
    const secret = generateWebhookSecret();
    const headers = signWebhook(secret, { id: 'wh_abc', timestampSeconds: nowSeconds(), body });
    expect(() => new Webhook(generateWebhookSecret()).verify(body, { ...headers })).toThrow(WebhookVerificationError);
    expect(() => new Webhook(secret).verify(body, { ...headers, 'webhook-id': 'wh_other' })).toThrow(
      WebhookVerificationError,
    );
  });

  it('fails verification when the timestamp is more than 5 minutes old (replay protection)', () => {
    const secret = generateWebhookSecret();
    const stale = signWebhook(secret, { id: 'wh_abc', timestampSeconds: nowSeconds() - 5 * 60 - 5, body });
    expect(() => new Webhook(secret).verify(body, { ...stale })).toThrow(/too old/);
    const recent = signWebhook(secret, { id: 'wh_abc', timestampSeconds: nowSeconds() - 4 * 60, body });
    expect(new Webhook(secret).verify(body, { ...recent })).toEqual(JSON.parse(body));
  });
});
