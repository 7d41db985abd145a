#!/usr/bin/env node
// Requests per second through the real listening server on loopback: an authenticated catalog
// read and an account read (SQLite) against the unauthenticated health check as the baseline,
// all in this one run. Prints figures and ratios; asserts nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createAccount } from '../dist/accounts/accounts.js';
import { createApiKey } from '../dist/accounts/api-keys.js';
import { resolveConfig } from '../dist/config/resolve-config.js';
import { openNode } from '../dist/node-context.js';
import { buildApp } from '../dist/server/app.js';
import { measureRate } from './measure-rate.js';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 4000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);

const dataDir = mkdtempSync(path.join(tmpdir(), 'service-bench-'));
const ctx = openNode(resolveConfig({ dataDir, logLevel: 'silent' }, {}));
const account = await createAccount(ctx, { name: 'Bench', email: 'bench@example.com', plan: 'ultimate', credits: 10 });
const { key } = createApiKey(ctx, { accountId: account.id });
// The limiter stays in the path, but each request lands in a new window so the bench is not refused.
let clock = 0;
const app = await buildApp({ ctx, rateLimit: { now: () => (clock += 61_000) } });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${app.server.address().port}`;

const measure = (url, headers) =>
  measureRate(async () => {
    const response = await fetch(base + url, { headers });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  }, { requests: REQUESTS, concurrency: CONCURRENCY });

const auth = { authorization: `Bearer ${key}` };
await measure('/v1/health', {}); // warm-up
const baseline = await measure('/v1/health', {});
const rows = [
  ['GET /v1/health (baseline, no auth)', baseline],
  ['GET /v1/models (auth + rate limit)', await measure('/v1/models', auth)],
  ['GET /v1/account (auth + ledger sum)', await measure('/v1/account', auth)],
  ['GET /v1/animation-styles', await measure('/v1/animation-styles', auth)],
];
console.log(`${REQUESTS} requests per route, ${CONCURRENCY} concurrent, loopback`);
for (const [name, r] of rows) {
  console.log(
    `${name.padEnd(40)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${r.p50.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms  ratio vs baseline ${(r.rps / baseline.rps).toFixed(2)}`,
  );
}
await app.close();
ctx.close();
rmSync(dataDir, { recursive: true, force: true });
