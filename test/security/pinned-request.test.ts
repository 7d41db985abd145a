import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  NonPublicTargetError,
  pinnedRequest,
  UnresolvedHostError,
  type HostResolver,
  type PinnedRequestOptions,
} from '../../src/security/pinned-request.js';

/** A public address; tests send its traffic to a local server with `connectTo`. */
const PUBLIC_ADDRESS = '93.184.216.34';

interface LocalServer {
  port: number;
  /** Paths of the HTTP requests it answered. */
  requests: string[];
  /** TCP connections it accepted, HTTP or not. */
  connections: number;
  close(): Promise<void>;
}

async function startServer(body: string): Promise<LocalServer> {
  const server: Server = createServer((request, response) => {
    state.requests.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.end(body);
  });
  const state: LocalServer = {
    port: 0,
    requests: [],
    connections: 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  server.on('connection', () => (state.connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.port = (server.address() as AddressInfo).port;
  return state;
}

async function text(response: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of response as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

async function refusedWith(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (response) => {
      (response as IncomingMessage).destroy();
      throw new Error('expected the request to be refused');
    },
    (error: unknown) => error,
  );
}

let loopback: LocalServer;
beforeAll(async () => {
  loopback = await startServer('internal');
});
afterAll(async () => {
  await loopback.close();
});
beforeEach(() => {
  loopback.requests.length = 0;
  loopback.connections = 0;
});

const denied: PinnedRequestOptions = { allowPrivate: false };

describe('pinnedRequest', () => {
  it.each([
    ['an IPv4-mapped loopback address', 'http://[::ffff:127.0.0.1]:PORT/x.png'],
    ['a hex IPv4-mapped loopback address', 'http://[::ffff:7f00:1]:PORT/x.png'],
    ['a full-form IPv4-mapped loopback address', 'http://[0:0:0:0:0:ffff:127.0.0.1]:PORT/x.png'],
    ['a decimal IPv4 loopback address', 'http://2130706433:PORT/x.png'],
    ['a hex IPv4 loopback address', 'http://0x7f.1:PORT/x.png'],
    ['an octal IPv4 loopback address', 'http://0177.0.0.1:PORT/x.png'],
    ['a short IPv4 loopback address', 'http://127.1:PORT/x.png'],
    ['the IPv4 loopback address', 'http://127.0.0.1:PORT/x.png'],
    ['localhost', 'http://localhost:PORT/x.png'],
  ])('refuses %s without connecting', async (_name, template) => {
    const url = new URL(template.replace('PORT', String(loopback.port)));
    const error = await refusedWith(pinnedRequest(url, {}, denied));
    expect(error).toBeInstanceOf(NonPublicTargetError);
    expect(loopback.connections).toBe(0);
  });

  it.each([
    ['a mapped loopback address', ['::ffff:127.0.0.1']],
    ['a hex mapped loopback address', ['::ffff:7f00:1']],
    ['a public and a loopback address', [PUBLIC_ADDRESS, '127.0.0.1']],
    ['a public and a mapped link-local address', [PUBLIC_ADDRESS, '::ffff:169.254.169.254']],
  ])('refuses a host name that resolves to %s without connecting', async (_name, addresses) => {
    const resolve: HostResolver = async () => addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    const url = new URL(`http://internal.example.test:${loopback.port}/x`);
    const error = await refusedWith(pinnedRequest(url, {}, { allowPrivate: false, resolve, connectTo: () => ({ address: '127.0.0.1', port: loopback.port }) }));
    expect(error).toBeInstanceOf(NonPublicTargetError);
    expect((error as NonPublicTargetError).host).toBe('internal.example.test');
    expect(loopback.connections).toBe(0);
  });

  it('reaches a loopback server through a mapped address when private addresses are allowed', async () => {
    const response = await pinnedRequest(new URL(`http://[::ffff:127.0.0.1]:${loopback.port}/ok`), {}, { allowPrivate: true });
    expect(response.statusCode).toBe(200);
    expect(await text(response)).toBe('internal');
    expect(loopback.requests).toEqual(['/ok']);
  });

  it('resolves a name with the system resolver and reaches it when private addresses are allowed', async () => {
    const response = await pinnedRequest(new URL(`http://localhost:${loopback.port}/by-name`), {}, { allowPrivate: true });
    expect(await text(response)).toBe('internal');
    expect(loopback.requests).toEqual(['/by-name']);
  });

  it('connects to the address it checked, never to a later DNS answer (rebinding)', async () => {
    const standIn = await startServer('public');
    const answers: string[] = [];
    const resolve: HostResolver = async () => {
      // Public at check time, the internal server's address on every later question.
      const address = answers.length === 0 ? PUBLIC_ADDRESS : '127.0.0.1';
      answers.push(address);
      return [{ address, family: 4 }];
    };
    try {
      const response = await pinnedRequest(new URL(`http://rebind.example.test:${loopback.port}/x`), {}, {
        allowPrivate: false,
        resolve,
        connectTo: (checked) => {
          if (checked.address !== PUBLIC_ADDRESS) throw new Error(`connection to ${checked.address} was not expected`);
          return { address: '127.0.0.1', port: standIn.port };
        },
      });
      expect(await text(response)).toBe('public');
      expect(answers).toEqual([PUBLIC_ADDRESS]);
      expect(standIn.requests).toEqual(['/x']);
      expect(loopback.connections).toBe(0);
    } finally {
      await standIn.close();
    }
  });

  it('sends the URL\'s host in the Host header and as the TLS server name, whatever address it dials', async () => {
    const serverNames: string[] = [];
    const tls = createTlsServer({
      SNICallback: (name, callback) => {
        serverNames.push(name);
        callback(new Error('this stand-in has no certificate'));
      },
    });
    tls.on('tlsClientError', () => undefined);
    await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
    try {
      const error = await refusedWith(
        pinnedRequest(new URL('https://files.example.test/a.png'), {}, {
          allowPrivate: false,
          resolve: async () => [{ address: PUBLIC_ADDRESS, family: 4 }],
          connectTo: () => ({ address: '127.0.0.1', port: (tls.address() as AddressInfo).port }),
        }),
      );
      expect(error).toBeInstanceOf(Error);
      expect(serverNames).toEqual(['files.example.test']);
    } finally {
      await new Promise<void>((resolve) => tls.close(() => resolve()));
    }

    const standIn = createServer((request, response) => {
      response.end(request.headers.host);
    });
    await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
    try {
      const response = await pinnedRequest(new URL('http://files.example.test:8123/a.png'), {}, {
        allowPrivate: false,
        resolve: async () => [{ address: PUBLIC_ADDRESS, family: 4 }],
        connectTo: () => ({ address: '127.0.0.1', port: (standIn.address() as AddressInfo).port }),
      });
      expect(await text(response)).toBe('files.example.test:8123');
    } finally {
      standIn.closeAllConnections();
      await new Promise((resolve) => standIn.close(resolve));
    }
  });

  it('reports a host that does not resolve, resolves to nothing or to something that is not an address', async () => {
    for (const resolve of [
      async () => {
        throw Object.assign(new Error('getaddrinfo ENOTFOUND nowhere.example.test'), { code: 'ENOTFOUND' });
      },
      async () => [],
      async () => [{ address: 'not-an-address', family: 4 }],
    ] satisfies HostResolver[]) {
      const error = await refusedWith(pinnedRequest(new URL('http://nowhere.example.test/x'), {}, { allowPrivate: false, resolve }));
      expect(error).toBeInstanceOf(UnresolvedHostError);
      expect((error as UnresolvedHostError).host).toBe('nowhere.example.test');
    }
  });

  it('stops waiting for a slow resolver when its signal aborts', async () => {
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(new Error('gave up')), 50);
    const error = await refusedWith(
      pinnedRequest(new URL('http://slow.example.test/x'), { signal: controller.signal }, {
        allowPrivate: false,
        resolve: () => new Promise(() => undefined),
      }),
    );
    expect((error as Error).message).toBe('gave up');
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
