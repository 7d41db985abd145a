import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/** A new random id such as `acc_3k9x...`: the prefix names the kind, 20 base-36 characters (~103 bits). */
export function newId(prefix: string): string {
  const bytes = randomBytes(20);
  let out = '';
  for (const byte of bytes) out += ALPHABET[byte % 36];
  return `${prefix}_${out}`;
}

/** Now as an ISO 8601 string (UTC, milliseconds). */
export function nowIso(): string {
  return new Date().toISOString();
}
