import { BlockList, isIP } from 'node:net';

type Family = 'ipv4' | 'ipv6';

function subnets(family: Family, cidrs: readonly string[]): BlockList {
  const list = new BlockList();
  for (const cidr of cidrs) {
    const [network = '', prefix = ''] = cidr.split('/');
    list.addSubnet(network, Number(prefix), family);
  }
  return list;
}

/** Subnets sharing one reason. */
interface NamedRanges {
  reason: string;
  list: BlockList;
}

function ranges(family: Family, table: ReadonlyArray<readonly [reason: string, ...cidrs: string[]]>): NamedRanges[] {
  return table.map(([reason, ...cidrs]) => ({ reason, list: subnets(family, cidrs) }));
}

const LOOPBACK = 'loopback';

// IANA's IPv4 special-purpose registry (RFC 6890 and later), less the globally reachable entries.
const IPV4_NON_PUBLIC = ranges('ipv4', [
  ['"this network" (0.0.0.0/8)', '0.0.0.0/8'],
  ['private', '10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16'],
  ['carrier-grade NAT (100.64.0.0/10)', '100.64.0.0/10'],
  [LOOPBACK, '127.0.0.0/8'],
  ['link-local', '169.254.0.0/16'],
  ['reserved for IETF protocols (192.0.0.0/24)', '192.0.0.0/24'],
  ['documentation', '192.0.2.0/24', '198.51.100.0/24', '203.0.113.0/24'],
  ['6to4 relay anycast (192.88.99.0/24)', '192.88.99.0/24'],
  ['benchmarking (198.18.0.0/15)', '198.18.0.0/15'],
  ['multicast', '224.0.0.0/4'],
  ['broadcast', '255.255.255.255/32'],
  ['reserved (240.0.0.0/4)', '240.0.0.0/4'],
]);

// IPv6 ranges refused whatever they carry. The forms that embed an IPv4 address the traffic
// reaches (mapped, NAT64, 6to4, Teredo, ISATAP, SIIT) are judged by that address instead.
const IPV6_NON_PUBLIC = ranges('ipv6', [
  ['unspecified', '::/128'],
  [LOOPBACK, '::1/128'],
  ['local-use NAT64 (64:ff9b:1::/48)', '64:ff9b:1::/48'],
  ['discard-only (100::/64)', '100::/64'],
  ['benchmarking (2001:2::/48)', '2001:2::/48'],
  ['ORCHID identifiers, not routable (2001:10::/28, 2001:20::/28)', '2001:10::/28', '2001:20::/28'],
  ['documentation', '2001:db8::/32', '3fff::/20'],
  ['segment routing SIDs (5f00::/16)', '5f00::/16'],
  ['unique-local (fc00::/7)', 'fc00::/7'],
  ['link-local', 'fe80::/10'],
  ['site-local (deprecated, fec0::/10)', 'fec0::/10'],
  ['multicast', 'ff00::/8'],
]);

const COMPATIBLE = subnets('ipv6', ['::/96']);
const MAPPED = subnets('ipv6', ['::ffff:0:0/96']);
const TRANSLATED = subnets('ipv6', ['::ffff:0:0:0/96']);
const NAT64 = subnets('ipv6', ['64:ff9b::/96']);
const SIX_TO_FOUR = subnets('ipv6', ['2002::/16']);
const TEREDO = subnets('ipv6', ['2001::/32']);
const GLOBAL_UNICAST = subnets('ipv6', ['2000::/3']);

/** The 16 bytes of a valid IPv6 address (zone id already removed). */
function ipv6Bytes(ip: string): Uint8Array {
  const hex = ip.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_all, a: string, b: string, c: string, d: string) =>
    `${((Number(a) << 8) | Number(b)).toString(16)}:${((Number(c) << 8) | Number(d)).toString(16)}`,
  );
  const [head = '', tail] = hex.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : new Array<string>(8 - headGroups.length - tailGroups.length).fill('0');
  const bytes = new Uint8Array(16);
  [...headGroups, ...zeros, ...tailGroups].forEach((group, index) => {
    const value = Number.parseInt(group, 16);
    bytes[index * 2] = value >> 8;
    bytes[index * 2 + 1] = value & 0xff;
  });
  return bytes;
}

function ipv4At(bytes: Uint8Array, offset: number, xor = 0): string {
  return Array.from(bytes.subarray(offset, offset + 4), (byte) => byte ^ xor).join('.');
}

function ipv4Reason(ip: string): string | undefined {
  return IPV4_NON_PUBLIC.find((range) => range.list.check(ip, 'ipv4'))?.reason;
}

/** The IPv4 addresses an IPv6 address carries for tunnels (6to4, Teredo, ISATAP, SIIT), each named. */
function tunnelledIPv4(ip: string, bytes: Uint8Array): Array<{ form: string; ipv4: string }> {
  const found: Array<{ form: string; ipv4: string }> = [];
  if (SIX_TO_FOUR.check(ip, 'ipv6')) found.push({ form: '6to4', ipv4: ipv4At(bytes, 2) });
  if (TEREDO.check(ip, 'ipv6')) {
    // RFC 4380 4: the server's address in clear, the client's with every bit inverted.
    found.push({ form: 'Teredo server', ipv4: ipv4At(bytes, 4) }, { form: 'Teredo client', ipv4: ipv4At(bytes, 12, 0xff) });
  }
  // RFC 5214 6.1: an ISATAP interface id is 0000:5efe or 0200:5efe followed by the IPv4 address.
  if ((bytes[8] === 0x00 || bytes[8] === 0x02) && bytes[9] === 0x00 && bytes[10] === 0x5e && bytes[11] === 0xfe) {
    found.push({ form: 'ISATAP', ipv4: ipv4At(bytes, 12) });
  }
  if (TRANSLATED.check(ip, 'ipv6')) found.push({ form: 'IPv4-translated', ipv4: ipv4At(bytes, 12) });
  return found;
}

/** Why an address may not be contacted. */
export interface NonPublicAddress {
  /** What it is, for messages: `"loopback"`, `"IPv4-mapped 127.0.0.1 (loopback)"`, `"documentation"`. */
  reason: string;
  /** Whether traffic to it stays on this machine (127.0.0.0/8 or ::1, however spelled or carried). */
  loopback: boolean;
}

function ipv4Verdict(ipv4: string, form?: string): NonPublicAddress | undefined {
  const reason = ipv4Reason(ipv4);
  if (reason === undefined) return undefined;
  return { reason: form ? `${form} ${ipv4} (${reason})` : reason, loopback: reason === LOOPBACK };
}

/**
 * Why an IP address is not public, or undefined when it is public or not an IP address at all.
 * IPv6 forms that carry an IPv4 address (mapped `::ffff:a.b.c.d` in any spelling, NAT64
 * `64:ff9b::/96`, 6to4, Teredo, ISATAP, SIIT) are judged by the IPv4 address the traffic reaches;
 * a zone id (`fe80::1%eth0`) or anything outside global unicast `2000::/3` is never public.
 */
export function nonPublicAddress(address: string): NonPublicAddress | undefined {
  const ip = address.replace(/^\[|\]$/g, '').toLowerCase();
  const version = isIP(ip);
  if (version === 4) return ipv4Verdict(ip);
  if (version !== 6) return undefined;
  const zone = ip.indexOf('%');
  if (zone !== -1) return { reason: `scoped to an interface (zone id ${ip.slice(zone)})`, loopback: false };
  const bytes = ipv6Bytes(ip);
  // Mapped and NAT64 addresses are exactly their IPv4 address: public when it is.
  if (MAPPED.check(ip, 'ipv6')) return ipv4Verdict(ipv4At(bytes, 12), 'IPv4-mapped');
  if (NAT64.check(ip, 'ipv6')) return ipv4Verdict(ipv4At(bytes, 12), 'NAT64');
  const refused = IPV6_NON_PUBLIC.find((range) => range.list.check(ip, 'ipv6'));
  if (refused) return { reason: refused.reason, loopback: refused.reason === LOOPBACK };
  // Deprecated (RFC 4291 2.5.5.1): no public host uses one, so none is let through.
  if (COMPATIBLE.check(ip, 'ipv6')) return { reason: `IPv4-compatible ${ipv4At(bytes, 12)} (deprecated)`, loopback: false };
  for (const { form, ipv4 } of tunnelledIPv4(ip, bytes)) {
    const verdict = ipv4Verdict(ipv4, form);
    if (verdict) return verdict;
  }
  if (!GLOBAL_UNICAST.check(ip, 'ipv6')) return { reason: 'reserved (outside global unicast 2000::/3)', loopback: false };
  return undefined;
}

/** Whether an IP literal is loopback, private, link-local, unspecified or otherwise not public. */
export function isNonPublicAddress(address: string): boolean {
  return nonPublicAddress(address) !== undefined;
}

/** Whether a host is a loopback name (`localhost`, `*.localhost`) or a loopback address in any spelling. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase();
  if (bare === 'localhost' || bare.endsWith('.localhost')) return true;
  return nonPublicAddress(bare)?.loopback === true;
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
