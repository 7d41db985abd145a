import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exitOf, runService, startServe } from '../helpers/run-service.js';
import { buildTinyGguf } from '../helpers/tiny-gguf.js';

const run = runService;

async function json(args: string[], options?: { input?: string; env?: Record<string, string> }) {
  const result = await run([...args, '--json'], options);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
}

describe('service CLI', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'service-cli-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const d = () => ['--data-dir', dataDir];

  it('manages accounts, credits, passwords and keys with --json output', async () => {
    const account = await json(['accounts', 'create', '--name', 'Ada', '--email', 'ada@example.com', '--plan', 'creator', '--credits', '25', '--password-stdin', ...d()], {
      input: 'a long password\n',
    });
    expect(account).toMatchObject({ id: expect.stringMatching(/^acc_/), plan: 'creator', balance: 25, has_password: true, renders_remaining: 200 });

    const listed = await json(['accounts', 'list', ...d()]);
    expect(listed.map((a: { id: string }) => a.id)).toContain(account.id);

    const credited = await json(['accounts', 'credits', account.id, '--add', '7.5', '--reason', 'welcome bonus', ...d()]);
    expect(credited.balance).toBe(32.5);
    const shown = await json(['accounts', 'show', account.id, ...d()]);
    expect(shown.recent_ledger[0]).toMatchObject({ kind: 'grant', credits: 7.5, reason: 'welcome bonus' });

    const key = await json(['keys', 'create', '--account', account.id, '--name', 'ci', '--webhook-url', 'https://hooks.example.com/in', ...d()]);
    expect(key.key).toMatch(/^mvk_[A-Za-z0-9_-]{43}$/);
    expect(key.webhook_secret).toMatch(/^whsec_/);
    const keys = await json(['keys', 'list', '--account', account.id, ...d()]);
    expect(keys).toEqual([expect.objectContaining({ id: key.id, name: 'ci', webhook_url: 'https://hooks.example.com/in', revoked_at: null })]);
    expect(JSON.stringify(keys)).not.toContain(key.key);
    const revoked = await json(['keys', 'revoke', key.id, ...d()]);
    expect(revoked.revoked_at).toEqual(expect.any(String));

    const human = await run(['keys', 'list', '--account', account.id, ...d()]);
    expect(human.stdout).toMatch(/ID\s+NAME\s+PREFIX\s+STATUS/);
    expect(human.stdout).toContain('revoked');
  });

  it('reports bad input as a clear error with exit code 1 and changes nothing', async () => {
    const badPlan = await run(['accounts', 'create', '--name', 'X', '--email', 'x@example.com', '--plan', 'gold', ...d()]);
    expect(badPlan.code).toBe(1);
    expect(badPlan.stderr).toContain('plan must be one of');
    const badJson = await run(['keys', 'revoke', 'key_missing', '--json', ...d()]);
    expect(badJson.code).toBe(1);
    expect(JSON.parse(badJson.stderr)).toEqual({ error: { code: 'not_found', message: 'API key key_missing not found', status: 404 } });
    const notNumber = await run(['accounts', 'credits', 'acc_x', '--add', 'lots', '--reason', 'r', ...d()]);
    expect(notNumber.code).not.toBe(0);
    expect(notNumber.stderr).toContain('"lots" is not a number');
    const accounts = await json(['accounts', 'list', ...d()]);
    expect(accounts.map((a: { email: string }) => a.email)).not.toContain('x@example.com');
  });

  it('manages brand kits with a logo file', async () => {
    const account = await json(['accounts', 'create', '--name', 'Brand', '--email', 'brand@example.com', '--plan', 'ultimate', ...d()]);
    const logo = path.join(dataDir, 'logo-in.png');
    await sharp({ create: { width: 40, height: 40, channels: 3, background: '#00ff00' } }).png().toFile(logo);
    const kit = await json(['brand-kits', 'create', '--account', account.id, '--name', 'Acme', '--logo', logo, '--primary', '#112233', '--secondary', '#445566', '--accent', '#778899', '--heading-font', 'Poppins', '--body-font', 'Inter', ...d()]);
    expect(kit).toMatchObject({ name: 'Acme', has_logo: true, colors: { primary: '#112233' } });
    expect((await json(['brand-kits', 'list', '--account', account.id, ...d()])).map((k: { id: string }) => k.id)).toEqual([kit.id]);
    const badColor = await run(['brand-kits', 'create', '--account', account.id, '--name', 'B', '--primary', 'red', '--secondary', '#445566', '--accent', '#778899', '--heading-font', 'Poppins', '--body-font', 'Inter', ...d()]);
    expect(badColor.code).toBe(1);
    expect(badColor.stderr).toContain('primary');
    await json(['brand-kits', 'delete', kit.id, ...d()]);
    expect(await json(['brand-kits', 'list', '--account', account.id, ...d()])).toEqual([]);
  });

  it('doctor reports each check with a fix when it fails', async () => {
    const result = await run(['doctor', '--json', ...d()], { env: { SERVICE_BROWSER_EXECUTABLE: '/nonexistent/chrome' } });
    const report = JSON.parse(result.stdout);
    const names = report.checks.map((c: { name: string }) => c.name);
    expect(names).toEqual(['node', 'data dir', 'database', 'browser', 'ffmpeg', 'render', 'fonts', 'speech model', 'language model']);
    // No speech model: the embedded engine speaks, and how to name one.
    expect(report.checks.find((c: { name: string }) => c.name === 'speech model')).toMatchObject({ status: 'ok', detail: expect.stringContaining('--speech') });
    // No language model configured: said, with how to get one, and not a failure.
    expect(report.checks.find((c: { name: string }) => c.name === 'language model')).toMatchObject({ status: 'warn', detail: expect.stringContaining('none configured'), fix: expect.stringContaining('service models pull') });
    const browser = report.checks.find((c: { name: string }) => c.name === 'browser');
    expect(browser).toMatchObject({ status: 'fail', fix: expect.stringContaining('chromium-headless-shell') });
    expect(report.ok).toBe(false);
    expect(result.code).toBe(1);
    expect(report.checks.find((c: { name: string }) => c.name === 'ffmpeg')).toMatchObject({ status: 'ok', detail: expect.stringContaining('ffmpeg version') });
    // No GPU here: the CPU path, and why.
    expect(report.checks.find((c: { name: string }) => c.name === 'render')).toMatchObject({ status: 'ok', detail: expect.stringMatching(/^CPU: .*x264.*no GPU found/) });
  });
});

describe('service serve', () => {
  let dataDir: string;
  let slowProvider: Server;
  let slowUrl: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'service-serve-'));
    // A voice provider that takes a second to answer: a request in flight during shutdown.
    slowProvider = createServer((_request, response) => {
      setTimeout(() => response.writeHead(200, { 'content-type': 'application/json' }).end('{"voices":[]}'), 1000);
    });
    await new Promise<void>((resolve) => slowProvider.listen(0, '127.0.0.1', resolve));
    slowUrl = `http://127.0.0.1:${(slowProvider.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => slowProvider.close(() => resolve()));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates the owner on an empty data dir, prints its key once, serves, and finishes in-flight requests on SIGTERM', async () => {
    const env = { SERVICE_DATA_DIR: dataDir, SERVICE_LOG_LEVEL: 'info', ELEVENLABS_API_KEY: 'k', ELEVENLABS_BASE_URL: slowUrl };
    const first = await startServe([], env);
    const key = /API key:\s+(mvk_\S+)/.exec(first.stdout())?.[1];
    expect(key).toBeDefined();
    expect(first.stdout()).toMatch(/webhook secret:\s+whsec_/);
    expect(first.stdout()).toMatch(/service keys create --account acc_/);
    // The app's sign-in email is printed beside the key, with the command that gives the owner a password.
    expect(first.stdout()).toContain('Web app sign-in (/app): email owner@localhost');
    expect(first.stdout()).toMatch(new RegExp(`service accounts password acc_\\S+ --password-stdin --data-dir ${dataDir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));

    expect(await (await fetch(`${first.url}/v1/health`)).json()).toEqual({ status: 'ok' });
    const account = await (await fetch(`${first.url}/v1/account`, { headers: { authorization: `Bearer ${key}` } })).json();
    expect(account).toMatchObject({ plan: 'ultimate', balance: 1000 });

    const inFlight = fetch(`${first.url}/v1/voices`, { headers: { authorization: `Bearer ${key}` } });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const exited = exitOf(first.child);
    first.child.kill('SIGTERM');
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(((await response.json()) as { voices: unknown[] }).voices.length).toBeGreaterThan(0);
    expect(await exited).toBe(0);
    expect(first.stderr()).toContain('shutting down');

    // A second start on the same data dir keeps the owner and prints no new key. It asks its disk for more
    // free space than any has (--min-free-mb): health says degraded and why, and a create is 503 storage_full.
    const second = await startServe(['--min-free-mb', '1000000000'], env);
    expect(second.stdout()).not.toContain('API key:');
    const again = await fetch(`${second.url}/v1/account`, { headers: { authorization: `Bearer ${key}` } });
    expect(again.status).toBe(200);
    const health = (await (await fetch(`${second.url}/v1/health`)).json()) as { status: string; problems: { code: string }[] };
    expect(health.status).toBe('degraded');
    expect(health.problems.map((problem) => problem.code)).toEqual(['storage_full']);
    const refused = await fetch(`${second.url}/v1/videos`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify({ prompt: 'Bees' }) });
    expect(refused.status).toBe(503);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('storage_full');
    // The log goes to stderr, the listening line to stdout: the two pipes arrive in either order.
    for (const until = Date.now() + 5000; !second.stderr().includes('node started') && Date.now() < until; ) await new Promise((resolve) => setTimeout(resolve, 20));
    const logLine = second.stderr().split('\n').find((line) => line.includes('node started'));
    expect(JSON.parse(logLine!)).toMatchObject({ level: 30, msg: 'node started' });
    const secondExit = exitOf(second.child);
    second.child.kill('SIGINT');
    expect(await secondExit).toBe(0);
  });

  it('says at start when no language model writes the scripts, and uses the one pulled model without --llm', async () => {
    const bare = mkdtempSync(path.join(tmpdir(), 'service-serve-llm-'));
    try {
      const said = async (serve: { stdout: () => string }, text: string) => {
        for (const until = Date.now() + 5000; !serve.stdout().includes(text) && Date.now() < until; ) await new Promise((resolve) => setTimeout(resolve, 20));
        return serve.stdout();
      };
      const none = await startServe([], { SERVICE_DATA_DIR: bare });
      expect(await said(none, 'language model:')).toContain('language model: none configured');
      expect(none.stdout()).toContain('service models pull');
      let exited = exitOf(none.child);
      none.child.kill('SIGTERM');
      await exited;
      mkdirSync(path.join(bare, 'models'));
      writeFileSync(path.join(bare, 'models', 'tiny.gguf'), buildTinyGguf({ seed: 3 }));
      const pulled = await startServe([], { SERVICE_DATA_DIR: bare });
      expect(await said(pulled, 'language model:')).toContain(`language model: local:${path.join(bare, 'models', 'tiny.gguf')}, the one model in ${path.join(bare, 'models')}`);
      expect(pulled.stdout()).not.toContain('none configured');
      exited = exitOf(pulled.child);
      pulled.child.kill('SIGTERM');
      await exited;
    } finally {
      rmSync(bare, { recursive: true, force: true });
    }
  });

  it('refuses a malformed flag with a clear message', async () => {
    const result = await run(['serve', '--port', 'eighty', '--data-dir', dataDir]);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('"eighty" is not a port');
  });
});
