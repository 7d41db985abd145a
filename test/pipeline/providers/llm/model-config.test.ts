import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
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
    expect(parse('openai:gpt-4.1', { OPENAI_API_KEY: 'sk-1' })).toEqual({ provider: 'openai', model: 'gpt-4.1', baseUrl: 'https://api.openai.com/v1', apiKey: 'sk-1', timeoutMs: 120_000 });
    expect(parse('anthropic:claude-sonnet-4-5', { ANTHROPIC_API_KEY: 'a' })).toMatchObject({ baseUrl: 'https://api.anthropic.com/v1', apiKey: 'a' });
    expect(parse('google:gemini-2.5-flash', { GOOGLE_GENERATIVE_AI_API_KEY: 'g' })).toMatchObject({ provider: 'google', apiKey: 'g' });
  });

  it('keeps colons inside the model name and trims the base URL', () => {
    expect(parse('openai-compatible:qwen2.5-coder:32b', {}, 'http://gpu-box:11434/v1/')).toEqual({
      provider: 'openai-compatible',
      model: 'qwen2.5-coder:32b',
      baseUrl: 'http://gpu-box:11434/v1',
      apiKey: undefined,
      timeoutMs: 600_000,
    });
  });

  it('takes the OpenAI-compatible key from SERVICE_LLM_API_KEY only, never OPENAI_API_KEY', () => {
    expect(parse('openai-compatible:m', { OPENAI_API_KEY: 'sk-openai' }, 'http://box/v1')).toMatchObject({ apiKey: undefined });
    expect(parse('openai-compatible:m', { SERVICE_LLM_API_KEY: 'box-key' }, 'http://box/v1')).toMatchObject({ apiKey: 'box-key' });
  });

  it('resolves a local GGUF path against the working directory', () => {
    expect(parse('local:./models/tiny.gguf')).toEqual({ provider: 'local', model: path.resolve(cwd, 'models/tiny.gguf'), timeoutMs: 900_000 });
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

  it('gives each provider a call timeout that suits it, and takes --llm-timeout (SERVICE_LLM_TIMEOUT) and the premium one', () => {
    expect(parse('openai:gpt-4.1', { OPENAI_API_KEY: 'k' }).timeoutMs).toBe(120_000);
    expect(parse('openai-compatible:qwen', {}, 'http://box/v1').timeoutMs).toBe(600_000);
    expect(parse('local:m.gguf').timeoutMs).toBe(900_000);
    const env = { SERVICE_LLM: 'openai-compatible:qwen', SERVICE_LLM_BASE_URL: 'http://box/v1', SERVICE_LLM_TIMEOUT: '1800', SERVICE_LLM_PREMIUM: 'local:big.gguf' };
    const config = resolveConfig({ llmPremiumTimeout: 2400 }, env, cwd);
    expect(config.languageModel?.timeoutMs).toBe(1_800_000);
    expect(config.premiumLanguageModel?.timeoutMs).toBe(2_400_000);
    expect(configError(() => resolveConfig({ llmTimeout: 0 }, env, cwd)).message).toMatch(/timeout must be 1 to 3600 seconds, got 0/);
    expect(configError(() => resolveConfig({}, { ...env, SERVICE_LLM_TIMEOUT: 'soon' }, cwd)).message).toMatch(/--llm-timeout \(SERVICE_LLM_TIMEOUT\) must be a number/);
  });

  it('uses the one model in <data-dir>/models when no --llm is given, and none when there are two or none', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'llm-data-'));
    try {
      expect(resolveConfig({ dataDir }, {}, cwd)).toMatchObject({ languageModel: undefined, languageModelFromDataDir: false });
      mkdirSync(path.join(dataDir, 'models'));
      writeFileSync(path.join(dataDir, 'models', 'qwen2.5-3b-instruct-q4_k_m.gguf'), 'GGUF');
      writeFileSync(path.join(dataDir, 'models', 'next.gguf.partial'), 'GG');
      const config = resolveConfig({ dataDir }, {}, cwd);
      expect(config.languageModel).toEqual({ provider: 'local', model: path.join(dataDir, 'models', 'qwen2.5-3b-instruct-q4_k_m.gguf'), timeoutMs: 900_000 });
      expect(config.languageModelFromDataDir).toBe(true);
      // --llm wins; two models are a choice the node does not make.
      expect(resolveConfig({ dataDir, llm: 'local:other.gguf' }, {}, cwd)).toMatchObject({ languageModel: { model: '/srv/node/other.gguf' }, languageModelFromDataDir: false });
      writeFileSync(path.join(dataDir, 'models', 'second.gguf'), 'GGUF');
      expect(resolveConfig({ dataDir }, {}, cwd).languageModel).toBeUndefined();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
