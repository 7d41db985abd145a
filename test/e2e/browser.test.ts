// The browser a fresh machine renders with: the one `npm install` brings, Debian's when present,
// and, where no browser can start, one line naming what to install, from every command that
// needs one (smoke, doctor, serve, a job's failure).
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exitOf, runService, startServe } from '../helpers/run-service.js';
import { HEADLESS_SHELL_PATHS } from '../../src/render/browser/find-browser.js';
import { E2E_CACHE_DIR } from './e2e-node.js';

/** The line every browser failure must print: what to install. */
const FIX = "install Debian's headless Chromium (`apt-get install chromium-headless-shell`; it brings the libraries Chromium needs) or set SERVICE_BROWSER_EXECUTABLE";

let dir: string;
let broken: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'service-browser-e2e-'));
  // A browser on a slim machine that lacks Chromium's libraries: the loader's own words.
  broken = path.join(dir, 'chrome-headless-shell');
  writeFileSync(broken, '#!/bin/sh\necho "$0: error while loading shared libraries: libnss3.so: cannot open shared object file: No such file or directory" >&2\nexit 127\n');
  chmodSync(broken, 0o755);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a machine whose browser cannot start', () => {
  const env = () => ({ SERVICE_BROWSER_EXECUTABLE: broken, SERVICE_CACHE_DIR: E2E_CACHE_DIR });

  it('service smoke fails at once with one line saying what to install', async () => {
    const started = Date.now();
    const result = await runService(['smoke'], { env: env() });
    expect(result.code).toBe(1);
    expect(Date.now() - started).toBeLessThan(10_000);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toBe(`error: Chromium at ${broken} cannot start (it needs libnss3.so, which this machine lacks): ${FIX} to a Chromium or chrome-headless-shell binary`);
  });

  it('service doctor fails the browser check with the missing library and the fix', async () => {
    const result = await runService(['doctor', '--data-dir', path.join(dir, 'doctor')], { env: env() });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`FAIL  browser         Chromium at ${broken} cannot start (it needs libnss3.so, which this machine lacks)`);
    expect(result.stdout).toContain(`fix: ${FIX}`);
  });

  it('service serve starts, and warns on stderr that renders will fail and why', async () => {
    const serve = await startServe(['--data-dir', path.join(dir, 'serve')], env());
    try {
      const deadline = Date.now() + 15_000;
      while (!serve.stderr().includes('warning: renders will fail') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      const warning = serve.stderr().split('\n').find((line) => line.startsWith('warning: renders will fail'));
      expect(warning).toContain('it needs libnss3.so');
      expect(warning).toContain(FIX);
    } finally {
      serve.child.kill('SIGTERM');
      await exitOf(serve.child);
    }
  });

  it('a job that cannot render fails with the same line in its error', async () => {
    const dataDir = path.join(dir, 'job');
    const account = JSON.parse((await runService(['accounts', 'create', '--name', 'B', '--email', 'b@example.com', '--plan', 'ultimate', '--credits', '50', '--json', '--data-dir', dataDir])).stdout) as { id: string };
    const result = await runService(['create', 'Explain how bees make honey: foragers collect nectar, house bees fan it dry, wax caps seal it.', '--duration', '6', '--dimensions', '320x180', '--wait', '--json', '--account', account.id, '--data-dir', dataDir], { env: env() });
    const job = JSON.parse(result.stdout) as { status: string; error: { code: string; message: string } };
    expect(job.status).toBe('failed');
    expect(job.error.code).toBe('render_failed');
    expect(job.error.message).toContain('it needs libnss3.so');
    expect(job.error.message).toContain(FIX);
  }, 120_000);
});

describe.runIf(HEADLESS_SHELL_PATHS.some((file) => existsSync(file)))('with Debian\'s chromium-headless-shell', () => {
  it('service smoke renders with it when it is configured', async () => {
    const executable = HEADLESS_SHELL_PATHS.find((file) => existsSync(file))!;
    const result = await runService(['smoke', '--json'], { env: { SERVICE_BROWSER_EXECUTABLE: executable, SERVICE_CACHE_DIR: E2E_CACHE_DIR } });
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ ok: true, codec: 'h264', browser: expect.stringContaining('(configured)') });
  }, 120_000);
});
