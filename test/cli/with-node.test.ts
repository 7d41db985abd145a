import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exitOf, runService, startServe } from '../helpers/run-service.js';

// Runs the built CLI (`npx tsc -p tsconfig.build.json` first), each command in an empty folder
// with no --data-dir and no SERVICE_DATA_DIR: the data dir would be ./data.

/** Every file and folder under `dir`, relative, sorted. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();
}

/** Commands that only read, and what each says it could not do without a data dir. */
const READING: [args: string[], undone: string][] = [
  [['jobs', 'list'], 'nothing to list'],
  [['jobs', 'show', 'vid_missing'], 'nothing to show'],
  [['accounts', 'list'], 'nothing to list'],
  [['accounts', 'show', 'acc_missing'], 'nothing to show'],
  [['accounts', 'provider-keys', 'list', 'acc_missing'], 'nothing to list'],
  [['keys', 'list', '--account', 'acc_missing'], 'nothing to list'],
  [['brand-kits', 'list', '--account', 'acc_missing'], 'nothing to list'],
  [['connections', 'list'], 'nothing to list'],
  [['infographics', 'list'], 'nothing to list'],
  [['infographics', 'show', 'ig_missing'], 'nothing to show'],
  [['captions', 'vid_missing'], 'no video to take captions from'],
];

/** Commands that change what an existing data dir holds: nothing to change in a missing one. */
const CHANGING: [args: string[], undone: string][] = [
  [['keys', 'revoke', 'key_missing'], 'no key to revoke'],
  [['jobs', 'cancel', 'vid_missing'], 'no job to cancel'],
  [['accounts', 'credits', 'acc_missing', '--add', '5', '--reason', 'gift'], 'no account to add credits to'],
  [['keys', 'create', '--account', 'acc_missing'], 'no account to make a key for'],
  [['render', 'vid_missing'], 'no video to render'],
  [['edit', 'vid_missing', 'make the title red'], 'no video to edit'],
];

describe('commands in a folder without a data dir', () => {
  let cwd: string;
  beforeEach(() => {
    cwd = mkdtempSync(path.join(tmpdir(), 'service-no-data-dir-'));
  });
  afterEach(() => rmSync(cwd, { recursive: true, force: true }));
  const dataDir = () => path.join(cwd, 'data');

  it('read-only commands create no file, and say there is no data dir at the path they looked in', async () => {
    for (const [args, undone] of READING) {
      const result = await runService(args, { cwd });
      expect(result.code, args.join(' ')).toBe(1);
      expect(result.stderr, args.join(' ')).toBe(`error: no data dir at ${dataDir()}: ${undone} (start \`service serve\` or pass --data-dir)\n`);
      expect(filesUnder(cwd), args.join(' ')).toEqual([]);
    }
    const json = await runService(['jobs', 'list', '--json'], { cwd });
    expect(JSON.parse(json.stderr)).toEqual({ error: { code: 'not_found', status: 404, message: `no data dir at ${dataDir()}: nothing to list (start \`service serve\` or pass --data-dir)` } });
    // A --data-dir that does not exist is not made either.
    const named = path.join(cwd, 'nested', 'node');
    const listed = await runService(['accounts', 'list', '--data-dir', named], { cwd });
    expect(listed.stderr).toContain(`no data dir at ${named}: nothing to list`);
    expect(filesUnder(cwd)).toEqual([]);
  });

  it('commands that change an existing data dir refuse without one and create nothing', async () => {
    for (const [args, undone] of CHANGING) {
      const result = await runService(args, { cwd });
      expect(result.code, args.join(' ')).toBe(1);
      expect(result.stderr, args.join(' ')).toContain(`no data dir at ${dataDir()}: ${undone}`);
      expect(filesUnder(cwd), args.join(' ')).toEqual([]);
    }
    const mcp = await runService(['mcp', '--stdio', '--account', 'acc_missing'], { cwd });
    expect(mcp.code).toBe(1);
    expect(mcp.stderr).toContain(`no data dir at ${dataDir()}: no account for the tools to act for`);
    expect(filesUnder(cwd)).toEqual([]);
  });

  it('models list, models pull without a name and doctor only look', async () => {
    const models = await runService(['models', 'list'], { cwd });
    expect(models.code).toBe(0);
    expect(models.stdout).toContain(`no models in ${path.join(dataDir(), 'models')}`);
    expect((await runService(['models', 'pull'], { cwd })).code).toBe(0);
    const doctor = await runService(['doctor', '--json'], { cwd, env: { SERVICE_BROWSER_EXECUTABLE: '/nonexistent/chrome' } });
    const checks = (JSON.parse(doctor.stdout) as { checks: { name: string; status: string; detail: string }[] }).checks;
    expect(checks.find((check) => check.name === 'data dir')).toMatchObject({ status: 'ok', detail: `${dataDir()} does not exist yet; \`service serve\` makes it (${cwd} is writable)` });
    expect(checks.find((check) => check.name === 'database')).toMatchObject({ status: 'ok', detail: expect.stringContaining('no database in the data dir yet') });
    expect(filesUnder(cwd)).toEqual([]);
  });

  it('a command that makes the data dir says once where, and read-only commands then read it', async () => {
    const created = await runService(['accounts', 'create', '--name', 'Ada', '--email', 'ada@example.com', '--plan', 'pro', '--json'], { cwd });
    expect(created.code, created.stderr).toBe(0);
    expect(created.stderr).toBe(`Creating the data dir at ${dataDir()}\n`);
    const account = JSON.parse(created.stdout) as { id: string };
    const again = await runService(['accounts', 'create', '--name', 'Bo', '--email', 'bo@example.com', '--plan', 'pro', '--json'], { cwd });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toBe('');
    const listed = await runService(['accounts', 'list', '--json'], { cwd });
    expect(listed.code, listed.stderr).toBe(0);
    expect((JSON.parse(listed.stdout) as { id: string }[]).map((row) => row.id)).toContain(account.id);
    expect(JSON.parse((await runService(['jobs', 'list', '--json'], { cwd })).stdout)).toEqual([]);
  });

  it('serve says where it makes the data dir', async () => {
    const serve = await startServe([], { SERVICE_DATA_DIR: dataDir() });
    try {
      expect(serve.stderr()).toContain(`Creating the data dir at ${dataDir()}\n`);
    } finally {
      const exited = exitOf(serve.child);
      serve.child.kill('SIGTERM');
      await exited;
    }
  });
});
