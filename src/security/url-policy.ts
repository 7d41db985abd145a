import { isIP } from 'node:net';

/** Whether an IP literal is loopback, private, link-local, unspecified or otherwise not public. */
export function isNonPublicAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '').toLowerCase();
  const version = isIP(ip);
  if (version === 4) {
    const [a = 0, b = 0] = ip.split('.').map(Number);
    return (
      a === 0 || a === 10 || a === 127 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127) || a >= 224
    );
  }
  if (version === 6) {
    if (ip === '::' || ip === '::1') return true;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(ip);
    if (mapped?.[1]) return isNonPublicAddress(mapped[1]);
    return /^(fc|fd|fe8|fe9|fea|feb|ff)/.test(ip);
  }
  return false;
}

/** Whether a host name is a loopback name or address. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare.endsWith('.localhost') || bare === '::1' || /^127\./.test(bare);
}

/**
 * Checks a webhook URL by the node's rules: https, or http to a loopback address when the node
 * allows private addresses; never a private address literal unless allowed.
 * Returns the reason it is refused, or undefined when it is acceptable.
 */
export function webhookUrlProblem(value: string, allowPrivate: boolean): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'is not a valid URL';
  }
  if (url.username || url.password) return 'must not carry credentials';
  const host = url.hostname;
  const nonPublic = isLoopbackHost(host) || isNonPublicAddress(host);
  if (nonPublic && !allowPrivate) return 'points to a private or loopback address, which this node does not allow';
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && allowPrivate && nonPublic) return undefined;
  return 'must be an https URL';
}
