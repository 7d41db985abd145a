import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config/resolve-config.js';
import { openNode, type NodeContext } from '../../src/node-context.js';
import { listWebhookAttempts, webhooksStoreOf, type WebhookOutboxRow } from '../../src/store/webhooks-store.js';
import { enqueueWebhook } from '../../src/webhooks/enqueue-webhook.js';
import { WebhookDispatcher, type WebhookDispatcherOptions } from '../../src/webhooks/webhook-dispatcher.js';
import { createAccountWithKey, createTestNode, type TestNode } from '../helpers/test-node.js';

interface Received {
  at: number;
  headers: IncomingHttpHeaders;
  body: string;
}

interface Receiver {
  url: string;
  received: Received[];
  /** TCP connections accepted, HTTP or not. */
  connections(): number;
  close(): Promise<void>;
}

/** A real HTTP receiver on 127.0.0.1; `answer` gives the status (and headers) for the n-th request (0-based). */
async function startReceiver(
  answer: (n: number, request: IncomingMessage) => number | { status: number; headers?: Record<string, string>; delayMs?: number },
): Promise<Receiver> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const n = received.length;
      received.push({ at: Date.now(), headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const given = answer(n, request);
      const reply = typeof given === 'number' ? { status: given } : given;
      if (reply.status === 0) return; // never answer
      setTimeout(() => {
        response.writeHead(reply.status, reply.headers);
        response.end(reply.status === 204 ? undefined : 'ok');
      }, reply.delayMs ?? 0);
    });
  });
  let connections = 0;
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A TLS server on 127.0.0.1 standing in for a public receiver: it records the server name each
 * client asks for (SNI), then ends the handshake (it has no certificate).
 */
async function startTlsStandIn(): Promise<{ port: number; serverNames: string[]; close(): Promise<void> }> {
  const serverNames: string[] = [];
  const server = createTlsServer({
    SNICallback: (name, callback) => {
      serverNames.push(name);
      callback(new Error('this stand-in has no certificate'));
    },
  });
  server.on('tlsClientError', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    serverNames,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function waitFor(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A public address; tests send its traffic to a local receiver with `connectTo`. */
const PUBLIC_ADDRESS = '93.184.216.34';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function headerRecord(headers: IncomingHttpHeaders): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, String(value)]));
}

describe('WebhookDispatcher', () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  function node(options: { allowPrivateUrls?: boolean } = {}): TestNode {
    const created = createTestNode({ allowPrivateUrls: options.allowPrivateUrls ?? true });
    cleanups.push(() => created.cleanup());
    return created;
  }

  async function receiver(answer: Parameters<typeof startReceiver>[0]): Promise<Receiver> {
    const started = await startReceiver(answer);
    cleanups.push(() => started.close());
    return started;
  }

  function dispatcher(ctx: NodeContext, options: WebhookDispatcherOptions = {}): WebhookDispatcher {
    const created = new WebhookDispatcher(ctx, options);
    cleanups.push(() => created.stop());
    return created;
  }

  async function enqueue(ctx: NodeContext, url: string, data: Record<string, unknown> = { videoId: 'vid_1' }) {
    const { account, key } = await createAccountWithKey(ctx);
    const id = ctx.db.transaction(() =>
      enqueueWebhook(ctx, { accountId: account.id, apiKeyId: key.id, event: 'video.completed', data, url }),
    )()!;
    return { id, account, key };
  }

  const rowOf = (ctx: NodeContext, id: string): WebhookOutboxRow => webhooksStoreOf(ctx.db).get(id)!;

  it('delivers the envelope signed so that standardwebhooks and the legacy hex HMAC both verify it', async () => {
    const { ctx } = node();
    const hooks = await receiver(() => 204);
    const { id, key } = await enqueue(ctx, hooks.url, { videoId: 'vid_1', projectId: 'prj_1', creditsCost: 7.5 });
    const sender = dispatcher(ctx);
    sender.start();
    sender.notify();
    await waitFor(() => rowOf(ctx, id).status === 'delivered');

    expect(hooks.received).toHaveLength(1);
    const [delivery] = hooks.received as [Received];
    expect(delivery.headers['content-type']).toBe('application/json');
    expect(delivery.headers['webhook-id']).toBe(id);
    expect(delivery.body).toBe(rowOf(ctx, id).payload);

    const verified = new Webhook(key.webhook_secret).verify(delivery.body, headerRecord(delivery.headers));
    expect(verified).toEqual({
      event: 'video.completed',
      data: { videoId: 'vid_1', projectId: 'prj_1', creditsCost: 7.5 },
      timestamp: expect.any(String),
    });
    const { timestamp } = verified as { timestamp: string };
    expect(new Date(timestamp).toISOString()).toBe(timestamp);

    const legacy = createHmac('sha256', key.webhook_secret).update(delivery.body).digest('hex');
    expect(delivery.headers['x-service-signature']).toBe(legacy);

    // The same request with its body changed does not verify.
    const tampered = delivery.body.replace('vid_1', 'vid_9');
    expect(() => new Webhook(key.webhook_secret).verify(tampered, headerRecord(delivery.headers))).toThrow();

    expect(rowOf(ctx, id)).toMatchObject({ status: 'delivered', attempts: 1, delivered_at: expect.any(String), last_error: null });
    expect(listWebhookAttempts(ctx, id)).toEqual([
      { id: expect.any(Number), outbox_id: id, attempt: 1, started_at: expect.any(String), duration_ms: expect.any(Number), status_code: 204, error: null },
    ]);
  });

  it('retries a failing receiver after 1 s and 5 s with the same webhook-id, then marks it delivered', async () => {
    const { ctx } = node();
    const hooks = await receiver((n) => (n < 2 ? 500 : 204));
    const { id, key } = await enqueue(ctx, hooks.url);
    const sender = dispatcher(ctx);
    sender.start();
    await waitFor(() => rowOf(ctx, id).status === 'delivered', 10_000);

    expect(hooks.received).toHaveLength(3);
    const [first, second, third] = hooks.received as [Received, Received, Received];
    expect(second.at - first.at).toBeGreaterThanOrEqual(1000 - 500);
    expect(second.at - first.at).toBeLessThanOrEqual(1000 + 500);
    expect(third.at - second.at).toBeGreaterThanOrEqual(5000 - 500);
    expect(third.at - second.at).toBeLessThanOrEqual(5000 + 500);
    for (const delivery of hooks.received) {
      expect(delivery.headers['webhook-id']).toBe(id);
      // Each attempt is signed afresh, and each verifies.
      new Webhook(key.webhook_secret).verify(delivery.body, headerRecord(delivery.headers));
    }
    expect(rowOf(ctx, id)).toMatchObject({ status: 'delivered', attempts: 3 });
    expect(listWebhookAttempts(ctx, id).map((attempt) => [attempt.attempt, attempt.status_code])).toEqual([
      [1, 500],
      [2, 500],
      [3, 204],
    ]);
  }, 15_000);

  it('marks a webhook failed after the first attempt and 3 retries all fail, with 4 attempt rows', async () => {
    const { ctx } = node();
    const hooks = await receiver(() => 500);
    const { id } = await enqueue(ctx, hooks.url);
    const sender = dispatcher(ctx, { retryDelaysMs: [50, 50, 50] });
    sender.start();
    await waitFor(() => rowOf(ctx, id).status === 'failed');
    await sleep(200);

    expect(hooks.received).toHaveLength(4);
    expect(rowOf(ctx, id)).toMatchObject({ status: 'failed', attempts: 4, delivered_at: null, last_error: 'receiver answered 500' });
    const attempts = listWebhookAttempts(ctx, id);
    expect(attempts.map((attempt) => attempt.attempt)).toEqual([1, 2, 3, 4]);
    for (const attempt of attempts) expect(attempt).toMatchObject({ status_code: 500, error: 'receiver answered 500' });
  });

  it('treats a redirect as a failure and does not follow it', async () => {
    const { ctx } = node();
    const elsewhere = await receiver(() => 204);
    const hooks = await receiver(() => ({ status: 302, headers: { location: elsewhere.url } }));
    const { id } = await enqueue(ctx, hooks.url);
    dispatcher(ctx, { retryDelaysMs: [] }).start();
    await waitFor(() => rowOf(ctx, id).status === 'failed');

    expect(elsewhere.received).toHaveLength(0);
    const [attempt] = listWebhookAttempts(ctx, id);
    expect(attempt).toMatchObject({ status_code: 302, error: expect.stringContaining('redirect') });
  });

  it('records a receiver that does not answer in time as a failed attempt without a status', async () => {
    const { ctx } = node();
    const hooks = await receiver(() => 0);
    const { id } = await enqueue(ctx, hooks.url);
    dispatcher(ctx, { retryDelaysMs: [], requestTimeoutMs: 200 }).start();
    await waitFor(() => rowOf(ctx, id).status === 'failed');

    expect(listWebhookAttempts(ctx, id)).toEqual([
      expect.objectContaining({ status_code: null, error: 'no response within 200 ms' }),
    ]);
  });

  it('records a refused connection as a failed attempt and retries it', async () => {
    const { ctx } = node();
    const gone = await startReceiver(() => 204);
    await gone.close();
    const { id } = await enqueue(ctx, gone.url);
    dispatcher(ctx, { retryDelaysMs: [20] }).start();
    await waitFor(() => rowOf(ctx, id).status === 'failed');

    const attempts = listWebhookAttempts(ctx, id);
    expect(attempts).toHaveLength(2);
    for (const attempt of attempts) expect(attempt).toMatchObject({ status_code: null, error: expect.stringContaining('ECONNREFUSED') });
  });

  it('delivers several due rows at once', async () => {
    const { ctx } = node();
    const hooks = await receiver(() => ({ status: 204, delayMs: 300 }));
    const ids: string[] = [];
    for (let n = 0; n < 3; n += 1) ids.push((await enqueue(ctx, hooks.url, { videoId: `vid_${n}` })).id);
    dispatcher(ctx).start();
    // All three arrive while the first is still being answered.
    await waitFor(() => hooks.received.length === 3, 250);
    await waitFor(() => ids.every((id) => rowOf(ctx, id).status === 'delivered'));
    expect(new Set(hooks.received.map((delivery) => delivery.headers['webhook-id']))).toEqual(new Set(ids));
  });

  it('delivers due rows oldest first', async () => {
    const { ctx } = node();
    const hooks = await receiver(() => 204);
    const ids: string[] = [];
    for (let n = 0; n < 5; n += 1) ids.push((await enqueue(ctx, hooks.url, { videoId: `vid_${n}` })).id);
    dispatcher(ctx, { concurrency: 1 }).start();
    await waitFor(() => ids.every((id) => rowOf(ctx, id).status === 'delivered'));
    expect(hooks.received.map((delivery) => delivery.headers['webhook-id'])).toEqual(ids);
  });

  it('stop() waits for the deliveries in flight and records them', async () => {
    const { ctx } = node();
    const hooks = await receiver(() => ({ status: 204, delayMs: 300 }));
    const { id } = await enqueue(ctx, hooks.url);
    const sender = dispatcher(ctx);
    sender.start();
    await waitFor(() => hooks.received.length === 1);
    await sender.stop();
    expect(rowOf(ctx, id).status).toBe('delivered');
  });

  it('sends nothing before start() and nothing after stop()', async () => {
    const { ctx } = node();
    const hooks = await receiver(() => 204);
    const sender = dispatcher(ctx);
    const { id } = await enqueue(ctx, hooks.url);
    sender.notify();
    await sleep(100);
    expect(hooks.received).toHaveLength(0);
    sender.start();
    await waitFor(() => rowOf(ctx, id).status === 'delivered');
    await sender.stop();
    const later = await enqueue(ctx, hooks.url);
    sender.notify();
    await sleep(100);
    expect(hooks.received).toHaveLength(1);
    expect(rowOf(ctx, later.id).status).toBe('pending');
  });

  it('after a restart delivers a webhook enqueued before it exactly once', async () => {
    const first = node();
    const hooks = await receiver(() => 204);
    const { id } = await enqueue(first.ctx, hooks.url);
    first.ctx.close();

    const ctx = openNode(resolveConfig({ logLevel: 'silent', allowPrivateUrls: true, dataDir: first.dataDir }, {}));
    cleanups.push(() => ctx.close());
    dispatcher(ctx).start();
    await waitFor(() => rowOf(ctx, id).status === 'delivered');
    await sleep(300);

    expect(hooks.received).toHaveLength(1);
    expect(hooks.received[0]!.headers['webhook-id']).toBe(id);
    expect(listWebhookAttempts(ctx, id)).toHaveLength(1);
  });

  it('after a restart waits for a retry that is not due yet', async () => {
    const first = node();
    const hooks = await receiver((n) => (n === 0 ? 500 : 204));
    const { id } = await enqueue(first.ctx, hooks.url);
    const before = dispatcher(first.ctx, { retryDelaysMs: [1500] });
    before.start();
    await waitFor(() => rowOf(first.ctx, id).attempts === 1);
    await before.stop();
    first.ctx.close();

    const ctx = openNode(resolveConfig({ logLevel: 'silent', allowPrivateUrls: true, dataDir: first.dataDir }, {}));
    cleanups.push(() => ctx.close());
    dispatcher(ctx, { retryDelaysMs: [1500] }).start();
    await sleep(500);
    expect(hooks.received).toHaveLength(1);
    await waitFor(() => rowOf(ctx, id).status === 'delivered');

    expect(hooks.received).toHaveLength(2);
    expect(hooks.received[1]!.at - hooks.received[0]!.at).toBeGreaterThanOrEqual(1400);
    expect(listWebhookAttempts(ctx, id).map((attempt) => attempt.status_code)).toEqual([500, 204]);
  });

  it('refuses a private-address URL when the node does not allow them: no request, failed with the reason', async () => {
    const { ctx } = node({ allowPrivateUrls: false });
    const hooks = await receiver(() => 204);
    const { id } = await enqueue(ctx, hooks.url);
    dispatcher(ctx).start();
    await waitFor(() => rowOf(ctx, id).status === 'failed');
    await sleep(100);

    expect(hooks.received).toHaveLength(0);
    const row = rowOf(ctx, id);
    expect(row.last_error).toMatch(/private or loopback address/);
    expect(listWebhookAttempts(ctx, id)).toEqual([
      expect.objectContaining({ attempt: 1, status_code: null, error: row.last_error }),
    ]);
  });

  it('refuses a host name that resolves to a private address when the node does not allow them', async () => {
    const { ctx } = node({ allowPrivateUrls: false });
    const hooks = await receiver(() => 204);
    const { id } = await enqueue(ctx, 'https://hooks.example.test/in');
    dispatcher(ctx, {
      lookup: async () => [{ address: PUBLIC_ADDRESS, family: 4 }, { address: '10.1.2.3', family: 4 }],
      connectTo: () => ({ address: '127.0.0.1', port: Number(new URL(hooks.url).port) }),
    }).start();
    await waitFor(() => rowOf(ctx, id).status === 'failed');

    expect(hooks.received).toHaveLength(0);
    expect(rowOf(ctx, id).last_error).toMatch(/hooks\.example\.test resolves to 10\.1\.2\.3/);
  });

  it.each([
    ['an IPv4-mapped loopback literal', 'https://[::ffff:127.0.0.1]:PORT/hooks', undefined],
    ['a hex IPv4-mapped loopback literal', 'https://[::ffff:7f00:1]:PORT/hooks', undefined],
    ['a full-form IPv4-mapped loopback literal', 'https://[0:0:0:0:0:ffff:127.0.0.1]:PORT/hooks', undefined],
    ['a host name that resolves to a mapped loopback address', 'https://hooks.example.test:PORT/hooks', '::ffff:7f00:1'],
    ['a host name that resolves to a NAT64 loopback address', 'https://hooks.example.test:PORT/hooks', '64:ff9b::7f00:1'],
  ])('refuses %s without a request when the node does not allow private addresses', async (_name, template, answer) => {
    const { ctx } = node({ allowPrivateUrls: false });
    const hooks = await receiver(() => 204);
    // Enqueued as stored before this check existed: delivery must refuse it on its own.
    const { id } = await enqueue(ctx, template.replace('PORT', new URL(hooks.url).port));
    dispatcher(ctx, { lookup: async () => [{ address: answer ?? '', family: 6 }] }).start();
    await waitFor(() => rowOf(ctx, id).status === 'failed');
    await sleep(100);

    expect(hooks.connections()).toBe(0);
    expect(rowOf(ctx, id)).toMatchObject({ attempts: 1, last_error: expect.stringMatching(/^refused, no request sent: /) });
  });

  it('connects to the address it checked even when DNS answers a loopback address afterwards (rebinding)', async () => {
    const { ctx } = node({ allowPrivateUrls: false });
    const internal = await receiver(() => 204);
    const standIn = await startTlsStandIn();
    cleanups.push(() => standIn.close());
    const answers: string[] = [];
    const { id } = await enqueue(ctx, `https://rebind.example.test:${new URL(internal.url).port}/hooks`);
    dispatcher(ctx, {
      retryDelaysMs: [],
      lookup: async () => {
        const address = answers.length === 0 ? PUBLIC_ADDRESS : '127.0.0.1';
        answers.push(address);
        return [{ address, family: 4 }];
      },
      connectTo: (checked) => {
        if (checked.address !== PUBLIC_ADDRESS) throw new Error(`connection to ${checked.address} was not expected`);
        return { address: '127.0.0.1', port: standIn.port };
      },
    }).start();
    await waitFor(() => rowOf(ctx, id).status === 'failed');

    // The stand-in has no certificate, so the attempt fails there; what matters is where it went.
    expect(answers).toEqual([PUBLIC_ADDRESS]);
    expect(standIn.serverNames).toEqual(['rebind.example.test']);
    expect(internal.connections()).toBe(0);
  });

  it('fails at once, without a request, a webhook that has no key to sign it', async () => {
    const { ctx } = node();
    const hooks = await receiver(() => 204);
    const { account } = await createAccountWithKey(ctx);
    const id = enqueueWebhook(ctx, { accountId: account.id, apiKeyId: null, event: 'video.failed', data: {}, url: hooks.url })!;
    dispatcher(ctx).start();
    await waitFor(() => rowOf(ctx, id).status === 'failed');

    expect(hooks.received).toHaveLength(0);
    expect(rowOf(ctx, id)).toMatchObject({ attempts: 1, last_error: expect.stringContaining('no signing secret') });
  });

  it('sends to a host name that resolves only to public addresses, dialling the checked address with the name as TLS server name', async () => {
    const { ctx } = node({ allowPrivateUrls: false });
    const standIn = await startTlsStandIn();
    cleanups.push(() => standIn.close());
    const { id } = await enqueue(ctx, 'https://hooks.example.test/in');
    const lookups: string[] = [];
    const dialled: string[] = [];
    dispatcher(ctx, {
      retryDelaysMs: [],
      lookup: async (hostname) => {
        lookups.push(hostname);
        return [{ address: PUBLIC_ADDRESS, family: 4 }];
      },
      connectTo: (checked, port) => {
        dialled.push(`${checked.address}:${port}`);
        return { address: '127.0.0.1', port: standIn.port };
      },
    }).start();
    await waitFor(() => rowOf(ctx, id).status === 'failed');

    expect(lookups).toEqual(['hooks.example.test']);
    expect(dialled).toEqual([`${PUBLIC_ADDRESS}:443`]);
    expect(standIn.serverNames).toEqual(['hooks.example.test']);
    expect(rowOf(ctx, id).last_error).toMatch(/^request failed: /);
  });
});
