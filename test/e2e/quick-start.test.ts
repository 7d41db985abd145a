// The README's quick start: after `npm install`, its start command runs the node from this checkout
// within 30 s. It must not hand the package to npx, which links the checkout into npm's cache
// (`_npx`) and runs the install's `prepare` build there again (minutes, silently).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { PACKAGE_ROOT } from '../../src/package-root.js';

const scratch = mkdtempSync(path.join(tmpdir(), 'service-quick-start-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The first command of the README's quick start, without its comment. */
function quickStartCommand(): string {
  const readme = readFileSync(path.join(PACKAGE_ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Quick start'));
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  return (block.split('\n')[0] ?? '').replace(/\s+#.*$/, '');
}

it('the quick start\'s start command prints "listening on" within 30 s, without npx\'s cache install or a second build', async () => {
  const command = quickStartCommand();
  expect(command).toMatch(/^npm install && /);
  const start = command.slice('npm install && '.length);
  const npmCache = path.join(scratch, 'npm-cache');
  // The user's npm settings, not the ones of whatever npm command started the tests.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith('npm_')));
  const child = spawn('sh', ['-c', start], {
    cwd: PACKAGE_ROOT,
    detached: true,
    env: { ...env, npm_config_cache: npmCache, npm_config_update_notifier: 'false', SERVICE_DATA_DIR: path.join(scratch, 'data'), SERVICE_PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));

  const started = Date.now();
  const npxInstall = () => existsSync(path.join(npmCache, '_npx'));
  const rebuild = () => /> service@[^ ]+ (prepare|build)\b/.test(output);
  // Stops at the first sign of an npx install or a build, so a wrong quick start does not rebuild this checkout for long.
  while (!output.includes('listening on') && !npxInstall() && !rebuild() && Date.now() - started < 30_000) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const seconds = (Date.now() - started) / 1000;
  try {
    process.kill(-child.pid!, 'SIGTERM');
  } catch {
    // Already gone.
  }
  await exited;

  expect(npxInstall(), `npx installed the package into its cache: ${output}`).toBe(false);
  expect(rebuild(), output).toBe(false);
  expect(output).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+/);
  expect(seconds).toBeLessThan(30);
}, 60_000);
