import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { createAccount, type AccountSummary } from '../../../src/accounts/accounts.js';
import type { NodeContext } from '../../../src/node-context.js';

export const PASSWORD = 'correct horse battery';

let counter = 0;

/** An account with a password (`null`: without one). */
export async function passwordAccount(ctx: NodeContext, plan = 'ultimate', password: string | null = PASSWORD, credits = 100): Promise<AccountSummary> {
  counter += 1;
  return createAccount(ctx, {
    name: `App ${plan} ${counter}`,
    email: `App-${counter}-${Date.now()}@Example.com`,
    plan,
    credits,
    ...(password === null ? {} : { password }),
  });
}

/** A signed-in browser: the `Cookie` header to send and the session's CSRF token. */
export interface Browser {
  cookie: string;
  csrf: string;
  setCookie: string;
}

/** Signs in through `POST /app/api/sign-in` and returns the cookie and CSRF token. */
export async function signIn(app: FastifyInstance, email: string, password = PASSWORD): Promise<Browser> {
  const response = await app.inject({ method: 'POST', url: '/app/api/sign-in', payload: { email, password } });
  expect(response.statusCode, response.body).toBe(200);
  const setCookie = String(response.headers['set-cookie']);
  const cookie = setCookie.split(';')[0]!;
  return { cookie, csrf: (response.json() as { csrf_token: string }).csrf_token, setCookie };
}

/** A fake built app folder as scripts/build-app.mjs lays it out. */
export function fakeAppDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'service-app-dist-'));
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'main-ABC123.js'), 'console.log("app");');
  writeFileSync(path.join(dir, 'main-DEF456.css'), 'body{margin:0}');
  writeFileSync(path.join(dir, 'player-XYZ789.js'), '(()=>{})();');
  writeFileSync(path.join(dir, 'inter-QWE111.woff2'), Buffer.from([0x77, 0x4f, 0x46, 0x32]));
  writeFileSync(
    path.join(dir, 'manifest.json'),
    JSON.stringify({ main: { js: 'main-ABC123.js', css: 'main-DEF456.css' }, player: { js: 'player-XYZ789.js' } }),
  );
  return dir;
}
