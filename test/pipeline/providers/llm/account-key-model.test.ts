import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeFailure } from '../../../../src/pipeline/engine/describe-failure.js';
import { AccountKeyRemovedError } from '../../../../src/pipeline/providers/llm/account-key-model.js';
import { lazyLanguageModel } from '../../../../src/pipeline/providers/llm/lazy-language-model.js';
import type { LanguageModelSetting } from '../../../../src/pipeline/providers/llm/model-config.js';
import { modelProviders } from '../../../../src/pipeline/providers/llm/model-providers.js';
import { startFakeAnthropicServer, type FakeModelServer } from '../../../helpers/fake-model-servers.js';

let fake: FakeModelServer;
let claude: LanguageModelSetting;
beforeAll(async () => {
  fake = await startFakeAnthropicServer();
  claude = { provider: 'anthropic', model: 'claude-test', baseUrl: fake.url, apiKey: 'node-key-0000' };
});
afterAll(() => fake.close());

const keyOf = (index: number) => fake.requests[index]!.headers['x-api-key'];

describe('modelProviders with accounts\' own keys', () => {
  it('calls with the account\'s key only for jobs priced to use it, never another account\'s, and follows a replaced key', async () => {
    const keys = new Map([['acc_a\nanthropic', 'key-of-account-a'], ['acc_b\nanthropic', 'key-of-account-b']]);
    const providersFor = modelProviders({ languageModel: claude, premiumLanguageModel: undefined, llmFallback: 'fail' }, lazyLanguageModel, (account, provider) => keys.get(`${account}\n${provider}`))!;
    const start = fake.requests.length;
    fake.enqueue({ text: 'a' }, { text: 'b' }, { text: 'node' }, { text: 'a2' });
    await providersFor('model-5', { accountId: 'acc_a', providers: ['anthropic'] }).enhancer!.enhance('bees');
    await providersFor('model-5', { accountId: 'acc_b', providers: ['anthropic'] }).enhancer!.enhance('bees');
    await providersFor('model-5').enhancer!.enhance('bees');
    keys.set('acc_a\nanthropic', 'rotated-key-of-a');
    await providersFor('model-5', { accountId: 'acc_a', providers: ['anthropic'] }).enhancer!.enhance('bees');
    expect([keyOf(start), keyOf(start + 1), keyOf(start + 2), keyOf(start + 3)]).toEqual(['key-of-account-a', 'key-of-account-b', 'node-key-0000', 'rotated-key-of-a']);
  });

  it('fails model_unavailable, without calling the provider, when the account\'s key was removed; no fallback to the embedded planner', async () => {
    const providersFor = modelProviders({ languageModel: claude, premiumLanguageModel: undefined, llmFallback: 'embedded' }, lazyLanguageModel, () => undefined)!;
    const before = fake.requests.length;
    const planner = providersFor('model-5', { accountId: 'acc_gone', providers: ['anthropic'] }).planner!;
    const error = await planner
      .plan({ prompt: 'How bees make honey', durationSeconds: 6, multiScene: true, fps: 30, language: 'en' })
      .then(() => undefined, (caught: unknown) => caught);
    expect(error).toBeInstanceOf(AccountKeyRemovedError);
    expect(describeFailure(error)).toEqual({ code: 'model_unavailable', message: expect.stringMatching(/account's anthropic key was removed/) });
    expect(fake.requests.length).toBe(before);
  });

  it('leaves the node\'s key on calls to providers the job\'s account keys do not cover', async () => {
    const providersFor = modelProviders({ languageModel: claude, premiumLanguageModel: undefined, llmFallback: 'fail' }, lazyLanguageModel, () => 'someone-elses-key')!;
    fake.enqueue({ text: 'brief' });
    const start = fake.requests.length;
    await providersFor('model-5', { accountId: 'acc_c', providers: ['openai'] }).enhancer!.enhance('bees');
    expect(keyOf(start)).toBe('node-key-0000');
  });
});
