import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A delivery as the receiver saw it. */
export interface Delivery {
  at: number;
  headers: Record<string, string>;
  body: string;
  json: { event: string; data: Record<string, any>; timestamp: string };
}

/** A local webhook receiver that records deliveries; `failFirst` answers 500 that many times. */
export async function startReceiver(options: { failFirst?: number } = {}): Promise<{ url: string; deliveries: Delivery[]; close(): Promise<void> }> {
  const deliveries: Delivery[] = [];
  let failuresLeft = options.failFirst ?? 0;
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      deliveries.push({
        at: Date.now(),
        headers: Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)])),
        body,
        json: JSON.parse(body) as Delivery['json'],
      });
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        response.writeHead(500).end();
      } else {
        response.writeHead(204).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    deliveries,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
