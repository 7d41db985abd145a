import { describe, expect, it } from 'vitest';
import { isLoopbackHost, isNonPublicAddress, nonPublicAddress, webhookUrlProblem } from '../../src/security/url-policy.js';

/**
 * Every address form the node must never contact without `--allow-private-urls`: [what it is, the
 * address as a resolver or a URL host gives it].
 */
const REFUSED_ADDRESSES: ReadonlyArray<readonly [string, string]> = [
  ['IPv4 loopback', '127.0.0.1'],
  ['IPv4 loopback, elsewhere in 127/8', '127.254.3.9'],
  ['IPv4 private 10/8', '10.1.2.3'],
  ['IPv4 private 172.16/12', '172.31.255.254'],
  ['IPv4 private 192.168/16', '192.168.1.1'],
  ['IPv4 link-local (cloud metadata)', '169.254.169.254'],
  ['IPv4 carrier-grade NAT', '100.64.0.1'],
  ['IPv4 "this network" 0.0.0.0', '0.0.0.0'],
  ['IPv4 "this network" 0/8', '0.1.2.3'],
  ['IPv4 broadcast', '255.255.255.255'],
  ['IPv4 reserved 240/4', '240.0.0.1'],
  ['IPv4 multicast', '224.0.0.251'],
  ['IPv4 IETF protocol assignments 192.0.0/24', '192.0.0.170'],
  ['IPv4 documentation TEST-NET-1', '192.0.2.1'],
  ['IPv4 documentation TEST-NET-2', '198.51.100.7'],
  ['IPv4 documentation TEST-NET-3', '203.0.113.10'],
  ['IPv4 benchmarking 198.18/15', '198.19.0.1'],
  ['IPv4 6to4 relay anycast', '192.88.99.1'],
  ['IPv6 loopback', '::1'],
  ['IPv6 loopback, full form', '0:0:0:0:0:0:0:1'],
  ['IPv6 unspecified', '::'],
  ['IPv4-mapped loopback, dotted', '::ffff:127.0.0.1'],
  ['IPv4-mapped loopback, hex (as the URL parser writes it)', '::ffff:7f00:1'],
  ['IPv4-mapped loopback, full form', '0:0:0:0:0:ffff:127.0.0.1'],
  ['IPv4-mapped loopback, full hex form', '0000:0000:0000:0000:0000:ffff:7f00:0001'],
  ['IPv4-mapped loopback, upper case', '::FFFF:7F00:1'],
  ['IPv4-mapped private', '::ffff:10.0.0.1'],
  ['IPv4-mapped link-local metadata', '::ffff:a9fe:a9fe'],
  ['IPv4-mapped unspecified', '::ffff:0.0.0.0'],
  ['IPv4-compatible loopback, dotted', '::127.0.0.1'],
  ['IPv4-compatible loopback, hex', '::7f00:1'],
  ['IPv4-compatible public (deprecated form)', '::8.8.8.8'],
  ['IPv4-translated (SIIT) loopback', '::ffff:0:7f00:1'],
  ['NAT64 well-known prefix, loopback', '64:ff9b::127.0.0.1'],
  ['NAT64 well-known prefix, hex private', '64:ff9b::a00:1'],
  ['NAT64 local-use prefix', '64:ff9b:1::a00:1'],
  ['6to4 with embedded loopback', '2002:7f00:1::1'],
  ['6to4 with embedded private', '2002:c0a8:101::1'],
  ['Teredo with loopback client (inverted bits)', '2001:0:4136:e378:8000:63bf:80ff:fffe'],
  ['Teredo with private server', '2001:0:a00:1::1'],
  ['ISATAP interface id with private address', '2001:4860:1::5efe:a00:1'],
  ['ISATAP interface id (0200:5efe) with loopback', '2001:4860:1::200:5efe:7f00:1'],
  ['IPv6 link-local', 'fe80::1'],
  ['IPv6 link-local with zone id', 'fe80::1%eth0'],
  ['IPv6 global-looking address with zone id', '2606:4700::1%1'],
  ['IPv6 unique-local fc00::/7 (fd)', 'fd12:3456:789a::1'],
  ['IPv6 unique-local fc00::/7 (fc)', 'fc00::1'],
  ['IPv6 site-local (deprecated)', 'fec0::1'],
  ['IPv6 multicast', 'ff02::1'],
  ['IPv6 documentation 2001:db8::/32', '2001:db8::1'],
  ['IPv6 documentation 3fff::/20', '3fff::1'],
  ['IPv6 benchmarking', '2001:2::1'],
  ['IPv6 ORCHIDv2', '2001:20::1'],
  ['IPv6 discard-only', '100::1'],
  ['IPv6 outside global unicast', '4000::1'],
  ['IPv6 bracketed as in a URL', '[::ffff:7f00:1]'],
];

/** URL spellings that reach a non-public address once the URL parser has normalised them. */
const REFUSED_URL_HOSTS: ReadonlyArray<readonly [string, string]> = [
  ['decimal IPv4', '2130706433'],
  ['octal IPv4', '0177.0.0.1'],
  ['hex IPv4', '0x7f000001'],
  ['dotted hex IPv4', '0x7f.0x0.0x0.0x1'],
  ['short IPv4 (127.1)', '127.1'],
  ['short IPv4 (10.1)', '10.1'],
  ['decimal 0.0.0.0', '0'],
  ['IPv4 with a trailing dot', '127.0.0.1.'],
  ['localhost', 'localhost'],
  ['localhost with a trailing dot', 'localhost.'],
  ['a *.localhost name', 'api.localhost'],
  ['IPv4-mapped dotted', '[::ffff:127.0.0.1]'],
  ['IPv4-mapped full form', '[0:0:0:0:0:ffff:127.0.0.1]'],
  ['IPv4-mapped hex', '[::ffff:7f00:1]'],
  ['IPv4-compatible', '[::127.0.0.1]'],
  ['NAT64', '[64:ff9b::127.0.0.1]'],
  ['6to4', '[2002:7f00:1::]'],
  ['Teredo', '[2001:0:4136:e378:8000:63bf:80ff:fffe]'],
  ['IPv6 loopback', '[::1]'],
  ['IPv6 unique-local', '[fd00::1]'],
  ['IPv6 link-local', '[fe80::1]'],
];

describe('nonPublicAddress', () => {
  it.each(REFUSED_ADDRESSES)('refuses %s (%s)', (_name, address) => {
    expect(isNonPublicAddress(address)).toBe(true);
    expect(nonPublicAddress(address)).toEqual({ reason: expect.any(String), loopback: expect.any(Boolean) });
  });

  it('names the IPv4 address a mapped, NAT64, 6to4 or Teredo address reaches', () => {
    expect(nonPublicAddress('::ffff:7f00:1')).toEqual({ reason: 'IPv4-mapped 127.0.0.1 (loopback)', loopback: true });
    expect(nonPublicAddress('64:ff9b::a00:1')?.reason).toBe('NAT64 10.0.0.1 (private)');
    expect(nonPublicAddress('2002:a9fe:a9fe::1')?.reason).toBe('6to4 169.254.169.254 (link-local)');
    // 0x80ff:fffe inverted is 127.0.0.1.
    expect(nonPublicAddress('2001:0:4136:e378:8000:63bf:80ff:fffe')?.reason).toBe('Teredo client 127.0.0.1 (loopback)');
  });

  it.each([
    ['public IPv4', '8.8.8.8'],
    ['public IPv4 next to a private range', '172.32.0.1'],
    ['public IPv4 next to CGNAT', '100.128.0.1'],
    ['public IPv6', '2606:4700:4700::1111'],
    ['IPv4-mapped public', '::ffff:8.8.8.8'],
    ['IPv4-mapped public, hex', '::ffff:808:808'],
    ['NAT64 of a public address', '64:ff9b::8.8.8.8'],
    ['6to4 of a public address', '2002:808:808::1'],
    ['Teredo with public server and client', '2001:0:4136:e378:8000:63bf:f7f7:f7f7'],
  ])('lets %s (%s) through', (_name, address) => {
    expect(nonPublicAddress(address)).toBeUndefined();
  });

  it('judges only IP addresses: a host name is left to its resolved addresses', () => {
    expect(nonPublicAddress('example.com')).toBeUndefined();
  });
});

describe('isLoopbackHost', () => {
  it.each(['localhost', 'LOCALHOST.', 'a.localhost', '127.0.0.1', '127.9.9.9', '[::1]', '::ffff:127.0.0.1', '[::ffff:7f00:1]'])(
    'counts %s as loopback',
    (host) => expect(isLoopbackHost(host)).toBe(true),
  );

  it.each(['example.com', '10.0.0.1', '[fd00::1]', 'localhost.example.com'])('does not count %s as loopback', (host) => {
    expect(isLoopbackHost(host)).toBe(false);
  });
});

describe('webhookUrlProblem', () => {
  it.each(REFUSED_URL_HOSTS)('refuses https to %s (%s) when private addresses are not allowed', (_name, host) => {
    expect(webhookUrlProblem(`https://${host}/hook`, false)).toBe('points to a private or loopback address, which this node does not allow');
  });

  it('refuses a zone id, which the URL parser does not accept', () => {
    expect(webhookUrlProblem('https://[fe80::1%25eth0]/hook', false)).toBeDefined();
  });

  it('accepts https to a public host or address', () => {
    for (const url of ['https://hooks.example.com/x', 'https://8.8.8.8/x', 'https://[2606:4700:4700::1111]/x', 'https://[::ffff:8.8.8.8]/x']) {
      expect(webhookUrlProblem(url, false), url).toBeUndefined();
    }
  });

  it('lets loopback forms through, over http too, when the node allows private addresses', () => {
    for (const url of ['http://127.0.0.1:9000/x', 'http://[::ffff:127.0.0.1]:9000/x', 'http://[::1]:9000/x', 'http://localhost:9000/x']) {
      expect(webhookUrlProblem(url, true), url).toBeUndefined();
    }
  });
});
