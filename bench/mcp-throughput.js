#!/usr/bin/env node
// Calls per second of MCP tools through the real listening server on loopback, against the REST
// route the tool adapts, run in this same invocation as the baseline: get_credit_balance vs
// GET /v1/account (same account summary), with an API key and with an OAuth access token, and
// tools/list. Every /mcp POST builds a fresh MCP server (stateless transport), so this shows what
// that costs. Prints figures and ratios; asserts nothing.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createAccount } from '../dist/accounts/accounts.js';
import { createApiKey } from '../dist/accounts/api-keys.js';
import { resolveConfig } from '../dist/config/resolve-config.js';
import { openNode } from '../dist/node-context.js';
import { buildApp } from '../dist/server/app.js';
import { measureRate } from './measure-rate.js';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);

const dataDir = mkdtempSync(path.join(tmpdir(), 'service-bench-mcp-'));
const ctx = openNode(resolveConfig({ dataDir, logLevel: 'silent' }, {}));
const account = await createAccount(ctx, { name: 'Bench', email: 'bench@example.com', plan: 'ultimate', credits: 10, password: 'bench-password' });
const { key } = createApiKey(ctx, { accountId: account.id });
let clock = 0;
const app = await buildApp({ ctx, rateLimit: { now: () => (clock += 61_000) } });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${app.server.address().port}`;

/** An OAuth access token through the real flow: register, authorize, sign in, approve, exchange. */
async function oauthToken() {
  const redirect = 'http://127.0.0.1:9/cb';
  const client = await (await fetch(`${base}/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client_name: 'bench', redirect_uris: [redirect], token_endpoint_auth_method: 'none' }) })).json();
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const query = new URLSearchParams({ response_type: 'code', client_id: client.client_id, redirect_uri: redirect, code_challenge: challenge, code_challenge_method: 'S256', scope: 'read write', state: 's' });
  const field = (html, name) => new RegExp(`name="${name}"\\s+value="([^"]+)"`).exec(html)[1];
  const page = await (await fetch(`${base}/oauth/authorize?${query}`)).text();
  const form = (body) => fetch(`${base}/oauth/authorize`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(body) });
  const consent = await (await form({ action: 'sign_in', request_id: field(page, 'request_id'), email: 'bench@example.com', password: 'bench-password' })).text();
  const approved = await form({ action: 'approve', request_id: field(consent, 'request_id'), consent_token: field(consent, 'consent_token') });
  const code = new URL(approved.headers.get('location')).searchParams.get('code');
  const tokens = await (await fetch(`${base}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirect, code_verifier: verifier, client_id: client.client_id }) })).json();
  return tokens.access_token;
}

const measure = (send) => measureRate(send, { requests: REQUESTS, concurrency: CONCURRENCY });

const rest = async () => {
  const response = await fetch(`${base}/v1/account`, { headers: { authorization: `Bearer ${key}` } });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`REST answered ${response.status}`);
};
const mcp = (token, method, params) => async () => {
  const response = await fetch(`${base}/mcp`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = await response.json();
  if (response.status !== 200 || body.error || body.result?.isError) throw new Error(`MCP answered ${response.status}: ${JSON.stringify(body)}`);
};

const access = await oauthToken();
await measure(rest); // warm-up
const baseline = await measure(rest);
const rows = [
  ['GET /v1/account (baseline, REST)', baseline],
  ['get_credit_balance, API key', await measure(mcp(key, 'tools/call', { name: 'get_credit_balance', arguments: {} }))],
  ['get_credit_balance, OAuth token', await measure(mcp(access, 'tools/call', { name: 'get_credit_balance', arguments: {} }))],
  ['tools/list (15 tools), API key', await measure(mcp(key, 'tools/list', {}))],
];
console.log(`${REQUESTS} calls each, ${CONCURRENCY} concurrent, loopback`);
for (const [name, r] of rows) {
  console.log(`${name.padEnd(36)} ${r.rps.toFixed(0).padStart(6)} calls/s  p50 ${r.p50.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms  ratio vs baseline ${(r.rps / baseline.rps).toFixed(2)}`);
}
await app.close();
ctx.close();
rmSync(dataDir, { recursive: true, force: true });
