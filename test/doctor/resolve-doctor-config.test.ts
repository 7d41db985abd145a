import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config/resolve-config.js';
import { resolveDoctorConfig } from '../../src/doctor/resolve-doctor-config.js';
import { ServiceError } from '../../src/errors/service-error.js';

const CWD = '/tmp';

describe('resolveDoctorConfig', () => {
  it('resolves what serve resolves from the same flags and environment', () => {
    const options = { dataDir: '/tmp/doctor-config', llm: 'openai-compatible:qwen', llmBaseUrl: 'http://127.0.0.1:1/v1', llmTimeout: 30 };
    const env = { SERVICE_SPEECH: 'openai-compatible:kokoro', SERVICE_SPEECH_BASE_URL: 'http://127.0.0.1:2/v1', SERVICE_IMAGE_MODEL: 'openai:gpt-image-1', OPENAI_API_KEY: 'sk-test' };
    const { config, refused } = resolveDoctorConfig(options, env, CWD);
    expect(refused).toEqual([]);
    expect(config).toEqual(resolveConfig(options, env, CWD));
    expect(config.languageModel).toMatchObject({ provider: 'openai-compatible', model: 'qwen', timeoutMs: 30_000 });
  });

  it('reports a setting serve would refuse as that provider\'s failed line, and keeps the other providers', () => {
    const { config, refused } = resolveDoctorConfig(
      { speech: 'bogus', llm: 'openai-compatible:qwen', llmBaseUrl: 'http://127.0.0.1:1/v1' },
      { SERVICE_IMAGE_MODEL: 'openai:gpt-image-1' },
      CWD,
    );
    expect(refused).toEqual([
      { name: 'speech model', status: 'fail', detail: expect.stringMatching(/^--speech \(SERVICE_SPEECH\): expected <provider>:<model>.*got "bogus"$/), fix: expect.stringContaining('leave --speech unset for the embedded engine') },
      { name: 'image model', status: 'fail', detail: expect.stringContaining('--image-model (SERVICE_IMAGE_MODEL): openai needs an API key; set OPENAI_API_KEY'), fix: expect.stringContaining('--image-model') },
    ]);
    expect(config.speech).toBeUndefined();
    expect(config.imageModel).toBeUndefined();
    expect(config.languageModel).toMatchObject({ provider: 'openai-compatible', baseUrl: 'http://127.0.0.1:1/v1' });
  });

  it('names the premium model alone when only it is wrong, and the default model alone when that is', () => {
    expect(resolveDoctorConfig({ llmPremium: 'openai:gpt-4.1' }, {}, CWD).refused).toEqual([
      expect.objectContaining({ name: 'premium model', detail: expect.stringContaining('--llm-premium (SERVICE_LLM_PREMIUM)') }),
    ]);
    const both = resolveDoctorConfig({ llm: 'openai-compatible:qwen', llmPremium: 'openai-compatible:big' }, { SERVICE_LLM_PREMIUM_BASE_URL: 'http://127.0.0.1:1/v1' }, CWD);
    expect(both.refused).toEqual([expect.objectContaining({ name: 'language model', detail: expect.stringContaining('openai-compatible needs the server\'s base URL') })]);
    expect(both.config.premiumLanguageModel).toBeUndefined();
  });

  it('reads the environment variable of a flag as serve does (SERVICE_LLM_FALLBACK)', () => {
    expect(resolveDoctorConfig({}, { SERVICE_LLM_FALLBACK: 'sometimes' }, CWD).refused).toEqual([
      expect.objectContaining({ name: 'language model', detail: expect.stringContaining('--llm-fallback (SERVICE_LLM_FALLBACK) must be "fail" or "embedded"') }),
    ]);
  });

  it('throws invalid_request, as serve does, for a malformed setting outside the providers', () => {
    const error = (() => {
      try {
        resolveDoctorConfig({ speech: 'bogus' }, { SERVICE_PORT: 'eighty' }, CWD);
      } catch (thrown) {
        return thrown;
      }
    })();
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ code: 'invalid_request', message: expect.stringContaining('port') });
  });
});
