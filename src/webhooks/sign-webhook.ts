import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** The signature headers of one delivery attempt. */
export interface WebhookSignatureHeaders {
  /** The outbox id: the same on every retry, so receivers dedupe on it. */
  'webhook-id': string;
  /** Unix seconds of this attempt. */
  'webhook-timestamp': string;
  /** `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`, keyed with the base64-decoded secret. */
  'webhook-signature': string;
  /** Legacy: hex HMAC-SHA256 of the raw body, keyed with the whole `whsec_...` text. */
  'X-Service-Signature': string;
}

/** What one signature covers. */
export interface WebhookMessage {
  /** The outbox id. */
  id: string;
  /** When the attempt is made, in Unix seconds. */
  timestampSeconds: number;
  /** The exact request body. */
  body: string;
}

/**
 * Signs a delivery two ways with an API key's webhook secret (`whsec_<base64>`):
 * the Standard Webhooks headers `webhook-id`, `webhook-timestamp` and `webhook-signature` (made by
 * the `standardwebhooks` library, which keys its HMAC with the base64-decoded part after `whsec_`),
 * and the legacy `X-Service-Signature`: the hex HMAC-SHA256 of the raw body, keyed with the secret
 * string exactly as shown to the user, the whole `whsec_...` text taken as UTF-8 bytes (not decoded),
 * i.e. `createHmac('sha256', secret).update(rawBody).digest('hex')`.
 */
export function signWebhook(secret: string, message: WebhookMessage): WebhookSignatureHeaders {
  const timestamp = Math.floor(message.timestampSeconds);
  return {
    'webhook-id': message.id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': new Webhook(secret).sign(message.id, new Date(timestamp * 1000), message.body),
    'X-Service-Signature': createHmac('sha256', secret).update(message.body, 'utf8').digest('hex'),
  };
}
