import { describe, expect, it } from 'vitest';
import { parseStillSetting } from '../../../../src/pipeline/providers/stills/stills-config.js';

const settingName = '--stills (SERVICE_STILLS)';

describe('parseStillSetting', () => {
  it('reads an OpenAI model with its default base URL and OPENAI_API_KEY', () => {
    expect(parseStillSetting('openai:gpt-image-1', { settingName, env: { OPENAI_API_KEY: ' sk-a ' } })).toEqual({
      provider: 'openai',
      model: 'gpt-image-1',
      baseUrl: 'https://api.openai.com/v1',
      apiKey: 'sk-a',
    });
  });

  it('reads a Google model with GOOGLE_GENERATIVE_AI_API_KEY and a base URL override without its trailing slash', () => {
    expect(parseStillSetting('google:imagen-4.0-generate-001', { settingName, baseUrl: 'http://127.0.0.1:9000/v1beta/', env: { GOOGLE_GENERATIVE_AI_API_KEY: 'AIza-k' } })).toEqual({
      provider: 'google',
      model: 'imagen-4.0-generate-001',
      baseUrl: 'http://127.0.0.1:9000/v1beta',
      apiKey: 'AIza-k',
    });
  });

  it('reads an OpenAI-compatible model holding colons, its key optional and never the OpenAI one', () => {
    const env = { OPENAI_API_KEY: 'sk-openai' };
    expect(parseStillSetting('openai-compatible:flux:schnell', { settingName, baseUrl: 'http://gpu-box:8000/v1', env })).toEqual({
      provider: 'openai-compatible',
      model: 'flux:schnell',
      baseUrl: 'http://gpu-box:8000/v1',
      apiKey: undefined,
    });
    expect(parseStillSetting('openai-compatible:flux', { settingName, baseUrl: 'http://gpu-box:8000/v1', env: { SERVICE_IMAGE_API_KEY: 'box-key' } }).apiKey).toBe('box-key');
  });

  it.each([
    ['gpt-image-1', 'provider one of openai, google, openai-compatible'],
    ['midjourney:v6', 'provider one of openai, google, openai-compatible'],
    ['openai:', 'names no model'],
    ['openai:  ', 'names no model'],
  ])('refuses "%s" with invalid_request naming the setting', (value, words) => {
    let caught: unknown;
    try {
      parseStillSetting(value, { settingName, env: { OPENAI_API_KEY: 'sk-a' } });
    } catch (error) {
      caught = error;
    }
    expect(caught).toMatchObject({ code: 'invalid_request' });
    expect((caught as Error).message).toContain(settingName);
    expect((caught as Error).message).toContain(words);
  });

  it('refuses a hosted provider without its key, naming the variable', () => {
    expect(() => parseStillSetting('openai:dall-e-3', { settingName, env: {} })).toThrow(/set OPENAI_API_KEY/);
    expect(() => parseStillSetting('google:imagen-3.0-generate-002', { settingName, env: { OPENAI_API_KEY: 'sk-a' } })).toThrow(/set GOOGLE_GENERATIVE_AI_API_KEY/);
  });

  it('refuses an OpenAI-compatible model without a base URL, and a base URL that is not http(s)', () => {
    expect(() => parseStillSetting('openai-compatible:flux', { settingName, env: {} })).toThrow(/needs the server's base URL/);
    expect(() => parseStillSetting('openai:gpt-image-1', { settingName, baseUrl: 'ftp://x/v1', env: { OPENAI_API_KEY: 'sk-a' } })).toThrow(/must be an http\(s\) URL/);
  });
});
