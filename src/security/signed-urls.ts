import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a download link stays valid. */
export const DOWNLOAD_LINK_SECONDS = 15 * 60;

function signature(key: Buffer, filePath: string, expires: number): string {
  return createHmac('sha256', key).update(`${filePath}\n${expires}`).digest('base64url');
}

/**
 * A signed, expiring link to a file under the data dir's files/: `<base>/files/<path>?expires=&sig=`,
 * HMAC-SHA256 over the path and the expiry with the node's download key.
 */
export function signFileUrl(key: Buffer, baseUrl: string, filePath: string, now = Date.now(), lifetimeSeconds = DOWNLOAD_LINK_SECONDS): string {
  const expires = Math.floor(now / 1000) + lifetimeSeconds;
  const encoded = filePath.split('/').map(encodeURIComponent).join('/');
  return `${baseUrl}/files/${encoded}?expires=${expires}&sig=${signature(key, filePath, expires)}`;
}

/** Why a signed link is refused, or undefined when it is good. */
export function fileUrlProblem(key: Buffer, filePath: string, expires: string | undefined, sig: string | undefined, now = Date.now()): string | undefined {
  if (!expires || !sig || !/^\d{1,12}$/.test(expires)) return 'link is not signed';
  const expected = Buffer.from(signature(key, filePath, Number(expires)));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'link signature does not match';
  if (Number(expires) * 1000 < now) return 'link has expired; fetch the job again for a fresh one';
  return undefined;
}
