import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The node's own 32-byte secret, kept at `<dataDir>/node-secret` (mode 0600) and made on first use.
 * It signs download links and seals stored webhook secrets; losing it invalidates both. With
 * `create: false` (a read-only command) nothing is written: a data dir without one gets a throwaway
 * secret for this process, under which nothing sealed before could be read anyway.
 */
export function loadNodeSecret(dataDir: string, { create = true }: { create?: boolean } = {}): Buffer {
  const file = path.join(dataDir, 'node-secret');
  if (!existsSync(file)) {
    if (!create) return randomBytes(32);
    mkdirSync(dataDir, { recursive: true });
    try {
      writeFileSync(file, randomBytes(32).toString('base64') + '\n', { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another process made it between the check and the write: use theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const secret = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  if (secret.length !== 32) throw new Error(`${file} does not hold a 32-byte base64 secret`);
  return secret;
}

/** A key derived from the node secret for one purpose, so one use never reveals another's key. */
export function deriveKey(nodeSecret: Buffer, purpose: string): Buffer {
  return createHmac('sha256', nodeSecret).update(purpose).digest();
}

/** Encrypts text with AES-256-GCM; the result is `iv.tag.ciphertext` in base64url. */
export function seal(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
}

/** Reverses {@link seal}; throws when the sealed text was altered or sealed with another key. */
export function unseal(key: Buffer, sealed: string): string {
  const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !body) throw new Error('sealed value is malformed');
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
}
