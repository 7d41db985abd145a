import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { isTerminal, type JobStatus } from '../../src/pipeline/engine/job-states.js';
import { startRuntime, type NodeRuntime, type RuntimeOptions } from '../../src/node-runtime.js';
import { kitVersion } from '../../src/render/bundle/ensure-bundle.js';
import type { ServiceOptions } from '../../src/config/resolve-config.js';
import { buildApp } from '../../src/server/app.js';
import { packageCacheDir } from '../../src/package-root.js';
import { createAccountWithKey, createTestNode, type TestNode } from '../helpers/test-node.js';

/**
 * The bundle cache every render test shares: the package's own cache, where `npm install`
 * built the bundle (the global setup builds it when it is missing).
 */
export const E2E_CACHE_DIR = packageCacheDir() ?? path.join(tmpdir(), `service-e2e-cache-${kitVersion()}`);

/** A node with its workers and a listening server on a random loopback port. */
export interface E2eNode {
  node: TestNode;
  runtime: NodeRuntime;
  app: FastifyInstance;
  baseUrl: string;
  key: string;
  accountId: string;
  request(method: string, route: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; body: Record<string, any> }>;
  waitFor(id: string, done?: (job: Record<string, any>) => boolean, timeoutMs?: number): Promise<Record<string, any>>;
  close(): Promise<void>;
}

/** Starts a node for render tests. */
export async function startE2eNode(options: { webhookUrl?: string; heartbeatMs?: number; config?: ServiceOptions; env?: Record<string, string>; runtime?: Pick<RuntimeOptions, 'footage' | 'stills'> } = {}): Promise<E2eNode> {
  const node = createTestNode({ allowPrivateUrls: true, cacheDir: E2E_CACHE_DIR, ...options.config }, options.env);
  let port = 0;
  const runtime = startRuntime(node.ctx, { ...options.runtime, baseUrl: () => `http://127.0.0.1:${port}` });
  // Render tests make many requests a minute; each lands in a fresh rate-limit window (the limits have their own tests).
  let clock = 0;
  const app = await buildApp({ ctx: node.ctx, services: runtime, rateLimit: { now: () => (clock += 61_000) } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as { port: number }).port;
  const { account, key } = await createAccountWithKey(node.ctx, 'ultimate', 500);
  if (options.webhookUrl) {
    node.ctx.db.prepare('UPDATE api_keys SET webhook_url = ? WHERE id = ?').run(options.webhookUrl, key.id);
  }
  const baseUrl = `http://127.0.0.1:${port}`;
  const request: E2eNode['request'] = async (method, route, body, headers = {}) => {
    const response = await fetch(baseUrl + route, {
      method,
      headers: { authorization: `Bearer ${key.key}`, ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  };
  return {
    node,
    runtime,
    app,
    baseUrl,
    key: key.key,
    accountId: account.id,
    request,
    waitFor: async (id, done = (job) => isTerminal(job.status as JobStatus), timeoutMs = 200_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const { status, body } = await request('GET', `/v1/videos/${id}`);
        expect(status).toBe(200);
        if (done(body)) return body;
        if (Date.now() > deadline) throw new Error(`video ${id} still ${body.status} (${body.phase_detail}) after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    close: async () => {
      await app.close();
      await runtime.stop();
      node.cleanup();
    },
  };
}
