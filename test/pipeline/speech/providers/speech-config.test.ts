import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../../../src/errors/service-error.js';
import { describeSpeechSetting, parseSpeechSetting } from '../../../../src/pipeline/speech/providers/speech-config.js';

const settingName = '--speech (SERVICE_SPEECH)';
const env = { OPENAI_API_KEY: ' sk-openai ', ELEVENLABS_API_KEY: 'xi-key', SERVICE_SPEECH_API_KEY: 'local-key' };

describe('parseSpeechSetting', () => {
  it('reads each provider with its default base URL and its own key variable', () => {
    expect(parseSpeechSetting('openai:gpt-4o-mini-tts', { settingName, env })).toEqual({ provider: 'openai', model: 'gpt-4o-mini-tts', baseUrl: 'https://api.openai.com/v1', apiKey: 'sk-openai' });
    expect(parseSpeechSetting('elevenlabs:eleven_multilingual_v2', { settingName, env })).toEqual({ provider: 'elevenlabs', model: 'eleven_multilingual_v2', baseUrl: 'https://api.elevenlabs.io', apiKey: 'xi-key' });
    expect(parseSpeechSetting('openai-compatible:kokoro', { settingName, baseUrl: 'http://gpu-box:8880/v1/', voices: ' af_bella, am_adam,,af_bella ', env })).toEqual({
      provider: 'openai-compatible',
      model: 'kokoro',
      baseUrl: 'http://gpu-box:8880/v1',
      apiKey: 'local-key',
      voices: ['af_bella', 'am_adam'],
    });
  });

  it('keeps colons in the model, takes a base URL override, and needs no key for a compatible server', () => {
    expect(parseSpeechSetting('openai-compatible:hexgrad/Kokoro-82M:v1', { settingName, baseUrl: 'http://localhost:8880/v1', env: {} })).toEqual({
      provider: 'openai-compatible',
      model: 'hexgrad/Kokoro-82M:v1',
      baseUrl: 'http://localhost:8880/v1',
      apiKey: undefined,
    });
    expect(parseSpeechSetting('openai:tts-1', { settingName, baseUrl: 'http://proxy:9000/v1', env }).baseUrl).toBe('http://proxy:9000/v1');
  });

  it.each([
    ['tts-1', 'expected <provider>:<model> with provider one of openai, elevenlabs, openai-compatible'],
    ['azure:tts', 'expected <provider>:<model>'],
    ['openai:', '"openai:" names no model'],
    ['openai-compatible:kokoro', 'openai-compatible needs the server\'s base URL (the part before /audio/speech)'],
  ])('refuses %s, saying what to write', (value, message) => {
    let caught: unknown;
    try {
      parseSpeechSetting(value, { settingName, env });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ServiceError);
    expect((caught as ServiceError).code).toBe('invalid_request');
    expect((caught as ServiceError).message).toContain(`${settingName}: `);
    expect((caught as ServiceError).message).toContain(message);
  });

  it('names the missing key variable, refuses a non-http base URL and --speech-voices for hosted providers', () => {
    expect(() => parseSpeechSetting('openai:tts-1', { settingName, env: {} })).toThrow(`${settingName}: openai needs an API key; set OPENAI_API_KEY`);
    expect(() => parseSpeechSetting('elevenlabs:eleven_flash_v2_5', { settingName, env: { ELEVENLABS_API_KEY: ' ' } })).toThrow('set ELEVENLABS_API_KEY');
    expect(() => parseSpeechSetting('openai-compatible:kokoro', { settingName, baseUrl: 'gpu-box:8880', env })).toThrow('the base URL must be an http(s) URL, got gpu-box:8880');
    expect(() => parseSpeechSetting('openai:tts-1', { settingName, voices: 'alloy', env })).toThrow('--speech-voices is for openai-compatible servers');
  });

  it('describes a setting without its key', () => {
    const setting = parseSpeechSetting('openai:gpt-4o-mini-tts', { settingName, env });
    expect(describeSpeechSetting(setting)).toBe('openai:gpt-4o-mini-tts at https://api.openai.com/v1');
    expect(describeSpeechSetting(setting)).not.toContain('sk-openai');
  });
});
