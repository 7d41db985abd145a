import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** What each kind of OAuth secret starts with, so a leaked one is recognisable. */
export const SECRET_PREFIXES = {
  accessToken: 'mvat_',
  refreshToken: 'mvrt_',
  authorizationCode: 'mvac_',
  clientSecret: 'mvcs_',
} as const;

/** How long each kind of OAuth state lives, in milliseconds. */
export const LIFETIMES_MS = {
  accessToken: 60 * 60 * 1000,
  refreshToken: 30 * 24 * 60 * 60 * 1000,
  authorizationCode: 10 * 60 * 1000,
  pendingRequest: 10 * 60 * 1000,
  /** How long expired codes and tokens stay stored, so a late replay still finds (and refuses) them. */
  retention: 24 * 60 * 60 * 1000,
} as const;

/** A new secret: `prefix` + 32 random bytes in base64url. */
export function generateSecret(prefix = ''): string {
  return prefix + randomBytes(32).toString('base64url');
}

/**
 * The stored form of a secret. Every secret carries 256 random bits, so a fast hash is enough
 * (the same reasoning as API keys): there is nothing to guess.
 */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** Whether `secret` hashes to `storedHash`, compared in constant time. */
export function secretMatches(secret: string, storedHash: string): boolean {
  const actual = Buffer.from(hashSecret(secret), 'hex');
  const expected = Buffer.from(storedHash, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** The PKCE S256 challenge of a verifier (RFC 7636 4.2): base64url(SHA-256(verifier)). */
export function s256Challenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/** An ISO timestamp `ms` after `from`. */
export function isoAfter(from: Date, ms: number): string {
  return new Date(from.getTime() + ms).toISOString();
}
