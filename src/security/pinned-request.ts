import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isLoopbackHost, nonPublicAddress } from './url-policy.js';

/** One address of a host name, as `dns.lookup` with `all: true` gives it. */
export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to every address it has. */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

/** The system resolver: `dns.promises.lookup` with `all` and `verbatim`, the resolver Node's own connections use. */
export const systemResolver: HostResolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** Which hosts {@link pinnedRequest} may reach, and how it finds them. */
export interface PinnedRequestOptions {
  /** Whether loopback, private and other non-public addresses may be contacted (the node's operator decides). */
  allowPrivate: boolean;
  /** @default {@link systemResolver} */
  resolve?: HostResolver;
  /**
   * Where the socket for a checked address really goes; called after the check, with the first
   * checked address. Tests set it to stand a local server in for a public address.
   * @default the checked addresses on the URL's port
   */
  connectTo?: (checked: ResolvedAddress, port: number) => { address: string; port: number };
}

/** The request to send. */
export interface PinnedRequestInit {
  /** @default "GET" */
  method?: string;
  headers?: OutgoingHttpHeaders;
  body?: string | Uint8Array;
  /** Aborts the lookup, the connection and the answer's body. */
  signal?: AbortSignal;
}

/** The host is, or resolves to, an address the node may not contact; nothing was sent. */
export class NonPublicTargetError extends Error {
  override readonly name = 'NonPublicTargetError';

  constructor(
    /** The URL's host, without brackets. */
    readonly host: string,
    /** The refused address (the host itself for a literal or a loopback name). */
    readonly address: string,
    /** What the address is, for example `"IPv4-mapped 127.0.0.1 (loopback)"`. */
    readonly reason: string,
  ) {
    super(host === address ? `${host} is ${reason}` : `${host} resolves to ${address} (${reason})`);
  }
}

/** The host name has no address; nothing was sent. */
export class UnresolvedHostError extends Error {
  override readonly name = 'UnresolvedHostError';

  constructor(
    readonly host: string,
    options?: ErrorOptions,
  ) {
    super(`${host} could not be resolved`, options);
  }
}

/** Settles with `promise`, or rejects with the signal's reason as soon as it aborts (for steps that take no signal). */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** The host's addresses, each checked by the node's policy; throws when any may not be contacted. */
async function checkedAddresses(host: string, options: PinnedRequestOptions, signal: AbortSignal | undefined): Promise<ResolvedAddress[]> {
  const literal = isIP(host);
  let addresses: ResolvedAddress[];
  if (literal !== 0) {
    addresses = [{ address: host, family: literal }];
  } else {
    if (!options.allowPrivate && isLoopbackHost(host)) throw new NonPublicTargetError(host, host, 'a loopback name');
    let answers: ResolvedAddress[];
    try {
      answers = await untilAborted((options.resolve ?? systemResolver)(host), signal);
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      throw new UnresolvedHostError(host, { cause: error });
    }
    addresses = answers.map((entry) => ({ address: entry.address, family: isIP(entry.address) }));
    if (addresses.length === 0 || addresses.some((entry) => entry.family === 0)) throw new UnresolvedHostError(host);
  }
  if (!options.allowPrivate) {
    // Every address must be public: the connection may use any of them.
    for (const entry of addresses) {
      const verdict = nonPublicAddress(entry.address);
      if (verdict) throw new NonPublicTargetError(host, entry.address, verdict.reason);
    }
  }
  return addresses;
}

/** A `lookup` for `net.connect` that answers only the addresses already checked, never asking DNS again. */
function pinnedLookup(addresses: readonly ResolvedAddress[]): LookupFunction {
  return (_hostname, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, addresses.map((entry) => ({ address: entry.address, family: entry.family })));
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  };
}

/**
 * Sends one http(s) request to the host of `url` and resolves with the answer once its headers
 * arrive; redirects are not followed. The host name is resolved once, every address it resolves
 * to is checked by the node's policy ({@link nonPublicAddress}) unless private addresses are
 * allowed, and the socket connects only to those checked addresses: a DNS answer that changes
 * between the check and the connection (rebinding) cannot move it. Throws
 * {@link NonPublicTargetError} or {@link UnresolvedHostError} before sending anything; network
 * errors as Node reports them. The caller reads or destroys the answer.
 */
export async function pinnedRequest(url: URL, init: PinnedRequestInit, options: PinnedRequestOptions): Promise<IncomingMessage> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError(`${url.protocol} URLs cannot be requested`);
  const signal = init.signal;
  signal?.throwIfAborted();
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = await checkedAddresses(host, options, signal);
  signal?.throwIfAborted();
  const https = url.protocol === 'https:';
  const port = url.port ? Number(url.port) : https ? 443 : 80;
  const routed = options.connectTo?.(addresses[0]!, port);
  const connectHost = routed ? routed.address : host;
  const send = https ? httpsRequest : httpRequest;
  return new Promise<IncomingMessage>((resolve, reject) => {
    const request = send(
      {
        host: connectHost,
        port: routed ? routed.port : port,
        path: `${url.pathname}${url.search}`,
        method: init.method ?? 'GET',
        headers: { ...init.headers, host: url.host },
        // A fresh socket each time: a pooled one may have been opened to an earlier answer of the name.
        agent: false,
        lookup: pinnedLookup(routed ? [{ address: routed.address, family: isIP(routed.address) }] : addresses),
        // The certificate is checked against the URL's host name, whichever address is dialled.
        ...(https && isIP(host) === 0 ? { servername: host.replace(/\.$/, '') } : {}),
        ...(signal ? { signal } : {}),
      },
      resolve,
    );
    request.on('error', reject);
    request.end(init.body);
  });
}
