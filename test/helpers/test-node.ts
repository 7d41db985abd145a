import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createAccount, type AccountSummary } from '../../src/accounts/accounts.js';
import { createApiKey, type CreatedApiKey } from '../../src/accounts/api-keys.js';
import { resolveConfig, type ServiceOptions } from '../../src/config/resolve-config.js';
import { openNode, type NodeContext } from '../../src/node-context.js';
import { buildApp, type BuildAppOptions } from '../../src/server/app.js';

/** A fresh data dir with an open node, removed by `cleanup`. */
export interface TestNode {
  dataDir: string;
  ctx: NodeContext;
  cleanup(): void;
}

/** Opens a node on a new temporary data dir. */
export function createTestNode(options: ServiceOptions = {}, env: Record<string, string> = {}): TestNode {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'service-test-'));
  const ctx = openNode(resolveConfig({ logLevel: 'silent', ...options, dataDir }, env));
  return {
    dataDir,
    ctx,
    cleanup: () => {
      ctx.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;

/** Makes an account on a plan with a key. */
export async function createAccountWithKey(
  ctx: NodeContext,
  plan = 'ultimate',
  credits = 100,
): Promise<{ account: AccountSummary; key: CreatedApiKey }> {
  counter += 1;
  const account = await createAccount(ctx, {
    name: `Test ${plan} ${counter}`,
    email: `test-${counter}-${Date.now()}@example.com`,
    plan,
    credits,
  });
  return { account, key: createApiKey(ctx, { accountId: account.id }) };
}

/** Builds the app over a test node (no logs). */
export async function createTestApp(
  ctx: NodeContext,
  options: Omit<BuildAppOptions, 'ctx'> = {},
): Promise<FastifyInstance> {
  const app = await buildApp({ ctx, ...options });
  await app.ready();
  return app;
}

/** The bearer header for a key. */
export function bearer(key: string): { authorization: string } {
  return { authorization: `Bearer ${key}` };
}

/** Every row of every table, for checking that a request changed nothing. */
export function snapshotDatabase(ctx: NodeContext): Record<string, unknown[]> {
  const tables = ctx.db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .pluck()
    .all() as string[];
  return Object.fromEntries(tables.map((table) => [table, ctx.db.prepare(`SELECT * FROM "${table}"`).all()]));
}
