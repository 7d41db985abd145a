import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../../../src/config/resolve-config.js';
import { ServiceError } from '../../../../src/errors/service-error.js';
import { parseLanguageModelSetting } from '../../../../src/pipeline/providers/llm/model-config.js';

const cwd = '/srv/node';
const parse = (value: string, env: NodeJS.ProcessEnv = {}, baseUrl?: string) =>
  parseLanguageModelSetting(value, { settingName: '--llm (SERVICE_LLM)', env, cwd, baseUrl });

function configError(run: () => unknown): ServiceError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).code).toBe('invalid_request');
    return error as ServiceError;
  }
  throw new Error('expected a config error');
}

describe('parseLanguageModelSetting', () => {
  it('reads a hosted provider with its default base URL and key variable', () => {
    expect(parse('openai:gpt-4.1', { OPENAI_API_KEY: 'sk-1' })).toEqual({ provider: 'openai', model: 'gpt-4.1', baseUrl: 'https://api.openai.com/v1', apiKey: 'sk-1' });
    expect(parse('anthropic:claude-sonnet-4-5', { ANTHROPIC_API_KEY: 'a' })).toMatchObject({ baseUrl: 'https://api.anthropic.com/v1', apiKey: 'a' });
    expect(parse('google:gemini-2.5-flash', { GOOGLE_GENERATIVE_AI_API_KEY: 'g' })).toMatchObject({ provider: 'google', apiKey: 'g' });
  });

  it('keeps colons inside the model name and trims the base URL', () => {
    expect(parse('openai-compatible:qwen2.5-coder:32b', {}, 'http://gpu-box:11434/v1/')).toEqual({
      provider: 'openai-compatible',
      model: 'qwen2.5-coder:32b',
      baseUrl: 'http://gpu-box:11434/v1',
      apiKey: undefined,
    });
  });

  it('takes the OpenAI-compatible key from SERVICE_LLM_API_KEY only, never OPENAI_API_KEY', () => {
    expect(parse('openai-compatible:m', { OPENAI_API_KEY: 'sk-openai' }, 'http://box/v1')).toMatchObject({ apiKey: undefined });
    expect(parse('openai-compatible:m', { SERVICE_LLM_API_KEY: 'box-key' }, 'http://box/v1')).toMatchObject({ apiKey: 'box-key' });
  });

  it('resolves a local GGUF path against the working directory', () => {
    expect(parse('local:./models/tiny.gguf')).toEqual({ provider: 'local', model: path.resolve(cwd, 'models/tiny.gguf') });
  });

  it('rejects an unknown provider, naming the known ones', () => {
    const error = configError(() => parse('mistral:large', {}));
    expect(error.message).toContain('unknown provider "mistral"');
    expect(error.message).toContain('openai-compatible');
  });

  it('rejects a value without provider or model', () => {
    expect(configError(() => parse('gpt-4.1')).message).toContain('<provider>:<model>');
    expect(configError(() => parse('openai:')).message).toContain('<provider>:<model>');
  });

  it('rejects openai-compatible without a base URL, saying which flag to set', () => {
    expect(configError(() => parse('openai-compatible:llama3')).message).toContain('--llm-base-url');
  });

  it('rejects a hosted provider without its key, naming the variable', () => {
    expect(configError(() => parse('anthropic:claude-sonnet-4-5')).message).toContain('ANTHROPIC_API_KEY');
    expect(configError(() => parse('google:gemini-2.5-flash', { GOOGLE_GENERATIVE_AI_API_KEY: ' ' })).message).toContain('GOOGLE_GENERATIVE_AI_API_KEY');
  });

  it('rejects a malformed base URL and a local file that is not GGUF', () => {
    expect(configError(() => parse('openai-compatible:m', {}, 'gpu-box:8000')).message).toContain('http(s) URL');
    expect(configError(() => parse('local:./models/model.bin')).message).toContain('.gguf');
  });
});

describe('resolveConfig language models', () => {
  it('has no model unless one is configured', () => {
    const config = resolveConfig({}, {}, cwd);
    expect(config.languageModel).toBeUndefined();
    expect(config.premiumLanguageModel).toBeUndefined();
  });

  it('reads SERVICE_LLM, SERVICE_LLM_BASE_URL and SERVICE_LLM_PREMIUM, flags winning', () => {
    const env = {
      SERVICE_LLM: 'openai-compatible:qwen2.5-coder-32b',
      SERVICE_LLM_BASE_URL: 'http://gpu-box:8000/v1',
      SERVICE_LLM_PREMIUM: 'anthropic:claude-sonnet-4-5',
      ANTHROPIC_API_KEY: 'ak',
    };
    const config = resolveConfig({}, env, cwd);
    expect(config.languageModel).toMatchObject({ provider: 'openai-compatible', model: 'qwen2.5-coder-32b', baseUrl: 'http://gpu-box:8000/v1' });
    expect(config.premiumLanguageModel).toMatchObject({ provider: 'anthropic', baseUrl: 'https://api.anthropic.com/v1', apiKey: 'ak' });
    const flagged = resolveConfig({ llm: 'openai-compatible:llama3.1:8b', llmBaseUrl: 'http://localhost:11434/v1' }, env, cwd);
    expect(flagged.languageModel).toMatchObject({ model: 'llama3.1:8b', baseUrl: 'http://localhost:11434/v1' });
  });

  it('fails at startup on a bad setting, naming the flag and variable', () => {
    expect(configError(() => resolveConfig({ llm: 'openai:gpt-4.1' }, {}, cwd)).message).toMatch(/--llm \(SERVICE_LLM\).*OPENAI_API_KEY/);
    expect(configError(() => resolveConfig({}, { SERVICE_LLM_PREMIUM: 'foo:bar', SERVICE_LLM: 'local:a.gguf' }, cwd)).message).toContain('--llm-premium (SERVICE_LLM_PREMIUM)');
    expect(configError(() => resolveConfig({ llmBaseUrl: 'http://box/v1' }, {}, cwd)).message).toContain('--llm (SERVICE_LLM) is not');
  });

  it('refuses a premium model without a default one', () => {
    expect(configError(() => resolveConfig({ llmPremium: 'openai:gpt-4.1' }, { OPENAI_API_KEY: 'k' }, cwd)).message).toContain('needs a default model');
  });
});
