import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config/resolve-config.js';
import { runService } from '../helpers/run-service.js';

const KEY = { GOOGLE_GENERATIVE_AI_API_KEY: 'AIza-key' };

function configError(make: () => unknown): Error & { code?: string } {
  try {
    make();
  } catch (error) {
    return error as Error & { code?: string };
  }
  throw new Error('expected an error');
}

describe('resolveConfig footage', () => {
  it('has no video model unless --footage or SERVICE_FOOTAGE names one', () => {
    expect(resolveConfig({}, KEY).footage).toBeUndefined();
  });

  it('reads the flag over the environment, with the base URL override and the Google key', () => {
    expect(resolveConfig({}, { ...KEY, SERVICE_FOOTAGE: 'google:veo-2.0-generate-001', SERVICE_FOOTAGE_BASE_URL: 'http://127.0.0.1:9/v1beta/' }).footage).toEqual({
      provider: 'google',
      model: 'veo-2.0-generate-001',
      baseUrl: 'http://127.0.0.1:9/v1beta',
      apiKey: 'AIza-key',
    });
    expect(resolveConfig({ footage: 'google:veo-3.0-fast-generate-001' }, { ...KEY, SERVICE_FOOTAGE: 'google:veo-2.0-generate-001' }).footage).toMatchObject({
      model: 'veo-3.0-fast-generate-001',
      baseUrl: 'https://generativelanguage.googleapis.com/v1beta',
    });
  });

  it('refuses a bad value, a missing key and a base URL without a model with invalid_request naming the setting', () => {
    expect(configError(() => resolveConfig({ footage: 'fal:kling' }, KEY))).toMatchObject({ code: 'invalid_request', message: expect.stringContaining('--footage (SERVICE_FOOTAGE)') });
    expect(configError(() => resolveConfig({ footage: 'google:veo-3.0-generate-001' }, {})).message).toMatch(/--footage \(SERVICE_FOOTAGE\).*set GOOGLE_GENERATIVE_AI_API_KEY/);
    expect(configError(() => resolveConfig({ footageBaseUrl: 'http://127.0.0.1:9/v1beta' }, KEY)).message).toContain('--footage (SERVICE_FOOTAGE) is not');
  });
});

describe('service serve --footage and service doctor', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'service-footage-cli-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('serve refuses a bad --footage at start with a one-line error and exit code 1', async () => {
    const result = await runService(['serve', '--port', '0', '--data-dir', dataDir, '--footage', 'google'], { env: KEY });
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain('--footage (SERVICE_FOOTAGE): expected <provider>:<model>');
  });

  it('doctor says which video model jobs would film with, without calling it', async () => {
    const result = await runService(['doctor', '--json', '--data-dir', dataDir], {
      env: { ...KEY, SERVICE_FOOTAGE: 'google:veo-3.0-fast-generate-001', SERVICE_FOOTAGE_BASE_URL: 'http://127.0.0.1:9/v1beta' },
    });
    const report = JSON.parse(result.stdout);
    expect(report.checks.find((check: { name: string }) => check.name === 'footage')).toEqual({
      name: 'footage',
      status: 'ok',
      detail: expect.stringContaining('google:veo-3.0-fast-generate-001 at http://127.0.0.1:9/v1beta'),
    });
    expect(result.stdout).not.toContain('AIza-key');
  });
});
