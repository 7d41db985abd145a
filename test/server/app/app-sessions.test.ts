import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestNode, snapshotDatabase, type TestNode } from '../../helpers/test-node.js';
import { fakeAppDist, passwordAccount, PASSWORD, signIn } from './app-helpers.js';

const DAY = 24 * 60 * 60 * 1000;

describe('app session API', () => {
  let node: TestNode;
  let app: FastifyInstance;
  let dist: string;
  let clock = Date.parse('2026-03-01T10:00:00.000Z');
  beforeAll(async () => {
    node = createTestNode();
    dist = fakeAppDist();
    app = await createTestApp(node.ctx, { app: { distDir: dist, now: () => clock } });
  });
  afterAll(async () => {
    await app.close();
    node.cleanup();
    rmSync(dist, { recursive: true, force: true });
  });

  const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

  it('signs in with email (any case) and password: 200 with the account and a csrf_token, and an HttpOnly SameSite=Lax cookie', async () => {
    const account = await passwordAccount(node.ctx);
    const response = await post('/app/api/sign-in', { email: account.email.toUpperCase(), password: PASSWORD });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toEqual({ account: { id: account.id, name: account.name, email: account.email.toLowerCase(), plan: 'ultimate' }, csrf_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/^service_session=[A-Za-z0-9_-]{43}; /);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('Max-Age=2592000');
    expect(cookie).not.toContain('Secure');
    expect(response.headers['cache-control']).toBe('no-store');
    // The database keeps the token's hash only.
    const token = cookie.split(';')[0]!.split('=')[1]!;
    expect(JSON.stringify(snapshotDatabase(node.ctx).app_sessions)).not.toContain(token);
  });

  it('answers GET /app/api/session with the same shape for the cookie, 401 without one', async () => {
    const account = await passwordAccount(node.ctx);
    const browser = await signIn(app, account.email);
    const session = await app.inject({ method: 'GET', url: '/app/api/session', headers: { cookie: browser.cookie } });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toEqual({ account: expect.objectContaining({ id: account.id }), csrf_token: browser.csrf });
    const none = await app.inject({ method: 'GET', url: '/app/api/session' });
    expect(none.statusCode).toBe(401);
    expect(none.json().error.code).toBe('unauthorized');
    const forged = await app.inject({ method: 'GET', url: '/app/api/session', headers: { cookie: `service_session=${'A'.repeat(43)}` } });
    expect(forged.statusCode).toBe(401);
  });

  it('refuses a wrong password and an unknown email alike with 401, and an empty body with 400', async () => {
    const account = await passwordAccount(node.ctx);
    const wrong = await post('/app/api/sign-in', { email: account.email, password: 'not the password' });
    const unknown = await post('/app/api/sign-in', { email: 'nobody-here@example.com', password: 'whatever it is' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.headers['set-cookie']).toBeUndefined();
    const empty = await post('/app/api/sign-in', { email: '', password: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.details.map((detail: { field: string }) => detail.field).sort()).toEqual(['body.email', 'body.password']);
  });

  it('refuses an account without a password with 403', async () => {
    const account = await passwordAccount(node.ctx, 'ultimate', null);
    const response = await post('/app/api/sign-in', { email: account.email, password: 'anything at all' });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('forbidden');
    expect(response.json().error.message).toMatch(/no password/);
  });

  it('locks an email out after 10 failures in 15 minutes with 429 and retry-after, even for the right password, then lets it in again', async () => {
    const account = await passwordAccount(node.ctx);
    for (let i = 0; i < 10; i += 1) {
      clock += 1000;
      expect((await post('/app/api/sign-in', { email: account.email, password: `wrong ${i}` })).statusCode).toBe(401);
    }
    const locked = await post('/app/api/sign-in', { email: account.email, password: PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('rate_limited');
    // The oldest of the 10 failures was 9 s ago; it leaves the 15-minute window in 15 min - 9 s.
    expect(Number(locked.headers['retry-after'])).toBe(15 * 60 - 9);
    expect(locked.headers['set-cookie']).toBeUndefined();
    // Another email is not locked by this one.
    const other = await passwordAccount(node.ctx);
    await signIn(app, other.email);
    clock += 15 * 60 * 1000;
    await signIn(app, account.email);
  });

  it('locks an unknown email out the same way, so the answer does not tell which emails exist', async () => {
    for (let i = 0; i < 10; i += 1) {
      expect((await post('/app/api/sign-in', { email: 'Ghost@Example.com', password: `wrong ${i}` })).statusCode).toBe(401);
    }
    const locked = await post('/app/api/sign-in', { email: 'ghost@example.com', password: 'wrong again' });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('resets the failure count on a successful sign-in', async () => {
    const account = await passwordAccount(node.ctx);
    for (let i = 0; i < 9; i += 1) await post('/app/api/sign-in', { email: account.email, password: `wrong ${i}` });
    await signIn(app, account.email);
    for (let i = 0; i < 9; i += 1) {
      expect((await post('/app/api/sign-in', { email: account.email, password: `wrong ${i}` })).statusCode).toBe(401);
    }
    await signIn(app, account.email);
  });

  it('signs out with the CSRF token: 204, cookie cleared, session gone; without the token 403 csrf_failed and still signed in', async () => {
    const account = await passwordAccount(node.ctx);
    const browser = await signIn(app, account.email);
    const refused = await post('/app/api/sign-out', undefined, { cookie: browser.cookie });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('csrf_failed');
    const wrong = await post('/app/api/sign-out', undefined, { cookie: browser.cookie, 'x-csrf-token': `${browser.csrf.slice(0, -1)}x` });
    expect(wrong.statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/app/api/session', headers: { cookie: browser.cookie } })).statusCode).toBe(200);

    const out = await post('/app/api/sign-out', undefined, { cookie: browser.cookie, 'x-csrf-token': browser.csrf });
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(/^service_session=; Max-Age=0; Path=\/; HttpOnly; SameSite=Lax$/);
    expect((await app.inject({ method: 'GET', url: '/app/api/session', headers: { cookie: browser.cookie } })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/v1/account', headers: { cookie: browser.cookie } })).statusCode).toBe(401);
  });

  it('ends a session unused for 30 days, keeps one in use alive, and refreshes last_seen_at at most once a minute', async () => {
    const account = await passwordAccount(node.ctx);
    const browser = await signIn(app, account.email);
    const session = () => app.inject({ method: 'GET', url: '/app/api/session', headers: { cookie: browser.cookie } });
    const lastSeen = () => node.ctx.db.prepare('SELECT last_seen_at FROM app_sessions WHERE account_id = ?').pluck().get(account.id);
    const signedInAt = lastSeen();
    clock += 30 * 1000;
    const early = await session();
    expect(early.statusCode).toBe(200);
    expect(early.headers['set-cookie']).toBeUndefined();
    expect(lastSeen()).toBe(signedInAt);
    clock += 29 * DAY;
    const used = await session();
    expect(used.statusCode).toBe(200);
    // Used again: the cookie is sent again, so the browser's copy slides with the server's expiry.
    expect(String(used.headers['set-cookie'])).toContain('Max-Age=2592000');
    expect(lastSeen()).toBe(new Date(clock).toISOString());
    clock += 29 * DAY;
    expect((await session()).statusCode).toBe(200);
    clock += 30 * DAY;
    expect((await session()).statusCode).toBe(401);
    expect(lastSeen()).toBeUndefined();
  });
});

describe('app session cookie behind an https public URL', () => {
  it('adds Secure to the cookie', async () => {
    const node = createTestNode({ publicUrl: 'https://video.example.test' });
    const app = await createTestApp(node.ctx);
    try {
      const account = await passwordAccount(node.ctx);
      const browser = await signIn(app, account.email);
      expect(browser.setCookie).toMatch(/; HttpOnly; SameSite=Lax; Secure$/);
    } finally {
      await app.close();
      node.cleanup();
    }
  });
});
