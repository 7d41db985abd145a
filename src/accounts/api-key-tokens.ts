import { createHash, randomBytes } from 'node:crypto';

/** Every API key starts with this. */
export const API_KEY_PREFIX = 'mvk_';

/** `mvk_` followed by 43 base64url characters (32 random bytes). */
export const API_KEY_PATTERN = /^mvk_[A-Za-z0-9_-]{43}$/;

/** A new API key: `mvk_` + 32 random bytes in base64url. */
export function generateApiKey(): string {
  return API_KEY_PREFIX + randomBytes(32).toString('base64url');
}

/**
 * The stored form of a key. A key carries 256 random bits, so a fast hash is enough: there is
 * nothing to guess, unlike a password.
 */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** The part of a key shown in listings so people can tell keys apart (`mvk_AbCdEf`). */
export function apiKeyPrefix(key: string): string {
  return key.slice(0, API_KEY_PREFIX.length + 6);
}

/** A new Standard Webhooks signing secret: `whsec_` + 32 random bytes in base64. */
export function generateWebhookSecret(): string {
  return 'whsec_' + randomBytes(32).toString('base64');
}
