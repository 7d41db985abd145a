import { describe, expect, it } from 'vitest';
import { stillModelOptions } from '../../../../src/pipeline/providers/stills/still-model-options.js';
import type { StillSetting } from '../../../../src/pipeline/providers/stills/stills-config.js';

const setting = (provider: StillSetting['provider'], model: string): StillSetting => ({ provider, model, baseUrl: 'http://127.0.0.1/v1', apiKey: 'k' });

describe('stillModelOptions', () => {
  it.each([
    ['gpt-image-1', 1920, 1080, '1536x1024'],
    ['gpt-image-1', 1080, 1920, '1024x1536'],
    ['gpt-image-1', 1000, 1100, '1024x1024'],
    ['dall-e-3', 1920, 1080, '1792x1024'],
    ['dall-e-3', 720, 1280, '1024x1792'],
    ['dall-e-3', 512, 512, '1024x1024'],
    ['dall-e-2', 300, 200, '512x512'],
    ['dall-e-2', 1920, 1080, '1024x1024'],
  ])('asks openai:%s for a %ix%i still at %s', (model, width, height, size) => {
    expect(stillModelOptions(setting('openai', model), width, height).size).toBe(size);
  });

  it('sends references only to gpt-image models and a seed to no OpenAI model', () => {
    expect(stillModelOptions(setting('openai', 'gpt-image-1'), 512, 512)).toMatchObject({ seed: false, references: true });
    expect(stillModelOptions(setting('openai', 'dall-e-3'), 512, 512)).toMatchObject({ seed: false, references: false });
  });

  it.each([
    ['imagen-4.0-generate-001', 1920, 1080, '16:9'],
    ['imagen-4.0-generate-001', 1080, 1920, '9:16'],
    ['imagen-4.0-generate-001', 1080, 1350, '3:4'],
    ['imagen-4.0-generate-001', 2560, 1080, '16:9'],
    ['gemini-2.5-flash-image', 1080, 1350, '4:5'],
    ['gemini-2.5-flash-image', 2560, 1080, '21:9'],
  ])('asks google:%s for a %ix%i still at %s', (model, width, height, ratio) => {
    const options = stillModelOptions(setting('google', model), width, height);
    expect(options.aspectRatio).toBe(ratio);
    expect(options.size).toBeUndefined();
  });

  it('gives Gemini image models the seed and references, and Imagen neither', () => {
    expect(stillModelOptions(setting('google', 'gemini-2.5-flash-image'), 512, 512)).toMatchObject({ seed: true, references: true });
    expect(stillModelOptions(setting('google', 'imagen-3.0-generate-002'), 512, 512)).toMatchObject({ seed: false, references: false });
  });

  it('asks an OpenAI-compatible server for the size rounded up to multiples of 64, with the seed', () => {
    expect(stillModelOptions(setting('openai-compatible', 'flux'), 1920, 1080)).toEqual({ size: '1920x1088', seed: true, references: false });
    expect(stillModelOptions(setting('openai-compatible', 'flux'), 16, 100)).toMatchObject({ size: '64x128' });
  });
});
