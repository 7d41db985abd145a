import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runService } from '../helpers/run-service.js';

const KEY = 'sk-ant-from-stdin-4321';

describe('service accounts provider-keys', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'service-cli-pk-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const d = () => ['--data-dir', dataDir];
  const env = { SERVICE_LLM: 'anthropic:claude-test', ANTHROPIC_API_KEY: 'node-env-key' };

  it('sets a key from stdin, lists it by its last 4 characters only, and removes it', async () => {
    const created = await runService(['accounts', 'create', '--name', 'Kay', '--email', 'kay@example.com', '--plan', 'pro', '--json', ...d()], { env });
    expect(created.code, created.stderr).toBe(0);
    const account = JSON.parse(created.stdout) as { id: string };

    const set = await runService(['accounts', 'provider-keys', 'set', account.id, 'anthropic', '--json', ...d()], { input: `${KEY}\n`, env });
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout).not.toContain(KEY);
    expect(JSON.parse(set.stdout)).toMatchObject({ provider: 'anthropic', hint: '…4321' });
    expect(JSON.parse(set.stdout).covers).toContainEqual({ model: 'model-5', parts: ['language_model', 'enhance_prompt'] });
    for (const file of ['service.db', 'service.db-wal']) {
      if (existsSync(path.join(dataDir, file))) expect(readFileSync(path.join(dataDir, file)).includes(Buffer.from(KEY))).toBe(false);
    }

    const list = await runService(['accounts', 'provider-keys', 'list', account.id, ...d()], { env });
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toContain('…4321');
    expect(list.stdout).not.toContain(KEY);

    const bad = await runService(['accounts', 'provider-keys', 'set', account.id, 'local', ...d()], { input: KEY, env });
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/no account key applies/);

    const removed = await runService(['accounts', 'provider-keys', 'remove', account.id, 'anthropic', '--json', ...d()], { env });
    expect(removed.code, removed.stderr).toBe(0);
    const again = await runService(['accounts', 'provider-keys', 'remove', account.id, 'anthropic', ...d()], { env });
    expect(again.code).not.toBe(0);
    expect(again.stderr).toMatch(/has no anthropic key/);
  });
});
