import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config/resolve-config.js';

function configError(make: () => unknown): Error & { code?: string } {
  try {
    make();
  } catch (error) {
    return error as Error & { code?: string };
  }
  throw new Error('expected an error');
}

describe('resolveConfig image model', () => {
  it('has none unless --image-model or SERVICE_IMAGE_MODEL names one', () => {
    expect(resolveConfig({}, {}).imageModel).toBeUndefined();
  });

  it('reads the flag over the environment, with its base URL and key', () => {
    expect(resolveConfig({ imageModel: 'openai:gpt-image-1' }, { SERVICE_IMAGE_MODEL: 'openai:dall-e-3', OPENAI_API_KEY: 'sk-x' }).imageModel).toMatchObject({ provider: 'openai', model: 'gpt-image-1', apiKey: 'sk-x' });
    expect(resolveConfig({}, { SERVICE_IMAGE_MODEL: 'openai-compatible:flux', SERVICE_IMAGE_MODEL_BASE_URL: 'http://gpu-box:7860/v1' }).imageModel).toMatchObject({ provider: 'openai-compatible', model: 'flux', baseUrl: 'http://gpu-box:7860/v1' });
  });

  it('refuses a bad value, a missing key and a base URL without a model with invalid_request naming the setting', () => {
    expect(configError(() => resolveConfig({ imageModel: 'paint:brush' }, {})).message).toMatch(/--image-model \(SERVICE_IMAGE_MODEL\)/);
    expect(configError(() => resolveConfig({ imageModel: 'openai:gpt-image-1' }, {})).message).toMatch(/OPENAI_API_KEY/);
    expect(configError(() => resolveConfig({ imageModelBaseUrl: 'http://x/v1' }, {})).message).toMatch(/--image-model-base-url .* is set but --image-model/);
  });
});
