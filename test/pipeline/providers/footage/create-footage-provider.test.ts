import { describe, expect, it } from 'vitest';
import { createFootageProvider } from '../../../../src/pipeline/providers/footage/create-footage-provider.js';
import { parseFootageSetting } from '../../../../src/pipeline/providers/footage/footage-config.js';
import { checkFootageRequest, type FootageRequest } from '../../../../src/pipeline/providers/footage/footage-provider.js';
import { RenderPool } from '../../../../src/render/render-pool.js';

const env = { GOOGLE_GENERATIVE_AI_API_KEY: 'AIza-key' };
const settingName = '--footage (SERVICE_FOOTAGE)';

describe('parseFootageSetting', () => {
  it('reads google:<model> with the Gemini API base URL and the Google key', () => {
    expect(parseFootageSetting('google:veo-3.0-fast-generate-001', { settingName, env })).toEqual({
      provider: 'google',
      model: 'veo-3.0-fast-generate-001',
      baseUrl: 'https://generativelanguage.googleapis.com/v1beta',
      apiKey: 'AIza-key',
    });
  });

  it('takes a base URL override without its trailing slash', () => {
    expect(parseFootageSetting('google:veo-2.0-generate-001', { settingName, env, baseUrl: 'http://127.0.0.1:9000/v1beta/' }).baseUrl).toBe('http://127.0.0.1:9000/v1beta');
  });

  it.each([
    ['fal:some-model', /provider one of google/],
    ['google', /provider one of google/],
    ['google:', /names no model/],
  ])('refuses %s with invalid_request', (value, message) => {
    expect(() => parseFootageSetting(value, { settingName, env })).toThrow(expect.objectContaining({ code: 'invalid_request', message: expect.stringMatching(message) }));
  });

  it('refuses a google model without a key, naming the variable', () => {
    expect(() => parseFootageSetting('google:veo-3.0-generate-001', { settingName, env: {} })).toThrow(/set GOOGLE_GENERATIVE_AI_API_KEY/);
  });
});

describe('createFootageProvider', () => {
  const pool = new RenderPool();

  it('picks the video model a setting names', () => {
    const setting = parseFootageSetting('google:veo-3.0-fast-generate-001', { settingName, env });
    expect(createFootageProvider(setting, { pool, cacheDir: '/tmp' }).name).toBe('google:veo-3.0-fast-generate-001');
  });

  it('picks the embedded provider without a setting', () => {
    expect(createFootageProvider(undefined, { pool, cacheDir: '/tmp' }).name).toBe('embedded');
  });
});

describe('checkFootageRequest', () => {
  const good: FootageRequest = { description: 'A lake', seconds: 2, width: 320, height: 180, fps: 30, dir: '/tmp/x' };

  it('accepts a complete request', () => {
    expect(() => checkFootageRequest(good)).not.toThrow();
  });

  it.each([
    [{ description: '  ' }, /description/],
    [{ seconds: 0.2 }, /seconds must be from 0.5 to 60/],
    [{ seconds: Number.NaN }, /seconds/],
    [{ width: 319 }, /width must be an even/],
    [{ height: 4000 }, /height must be an even/],
    [{ fps: 29.97 }, /fps must be a whole number/],
    [{ references: [{ path: '/x.gif', mimeType: 'image/gif' }] }, /PNG, JPEG or WebP/],
  ])('refuses %o with invalid_request', (overrides, message) => {
    expect(() => checkFootageRequest({ ...good, ...(overrides as Partial<FootageRequest>) })).toThrow(expect.objectContaining({ code: 'invalid_request', message: expect.stringMatching(message) }));
  });
});
