import { createHash } from 'node:crypto';
import { LanguageModelError, type LanguageModel, type ModelAnswer, type ObjectRequest, type TextRequest, type ToolRequest } from './language-model.js';
import type { LanguageModelSetting, RemoteLanguageModelSetting } from './model-config.js';

/** An account's stored key for a provider, unsealed; undefined when it has none (any more). */
export type AccountKeyLookup = (accountId: string, provider: string) => string | undefined;

/** A job's model calls that go out with the account's own key rather than the node's. */
export interface JobModelKeys {
  accountId: string;
  /** The providers whose calls use the account's key, as decided (and priced) at create. */
  providers: readonly string[];
}

/** A job priced to use the account's own key finds it removed: the job fails `model_unavailable`, its models are not called. */
export class AccountKeyRemovedError extends LanguageModelError {
  constructor(provider: string) {
    super(
      'unavailable',
      `the account's ${provider} key was removed after this job was priced to use it, so its ${provider} model was not called; store the key again (PUT /v1/account/provider-keys/${provider}) and create the video again`,
    );
    this.name = 'AccountKeyRemovedError';
  }
}

/**
 * Language models that call their provider with accounts' own keys. The key is read at each call,
 * so a removed key stops the next call; each account's model is made once per key and setting and
 * never shared with another account (a changed key replaces that account's model).
 */
export class AccountKeyModels {
  private readonly made = new Map<string, { keyHash: string; model: LanguageModel }>();

  constructor(
    private readonly lookup: AccountKeyLookup,
    private readonly make: (setting: LanguageModelSetting) => LanguageModel,
  ) {}

  /** The model of `setting` calling with `accountId`'s key for its provider. */
  modelFor(setting: RemoteLanguageModelSetting, accountId: string): LanguageModel {
    const current = (): LanguageModel => {
      const apiKey = this.lookup(accountId, setting.provider);
      if (apiKey === undefined) throw new AccountKeyRemovedError(setting.provider);
      const slot = `${accountId}\n${setting.provider}\n${setting.model}\n${setting.baseUrl}`;
      const keyHash = createHash('sha256').update(apiKey).digest('hex');
      const existing = this.made.get(slot);
      if (existing?.keyHash === keyHash) return existing.model;
      if (existing) void existing.model.close?.().catch(() => undefined);
      const model = this.make({ ...setting, apiKey });
      this.made.set(slot, { keyHash, model });
      return model;
    };
    const cached = () => this.made.get(`${accountId}\n${setting.provider}\n${setting.model}\n${setting.baseUrl}`)?.model;
    return {
      id: `${setting.provider}:${setting.model}`,
      get acceptsImages() {
        return cached()?.acceptsImages ?? false;
      },
      generateObject: async <T>(request: ObjectRequest<T>): Promise<ModelAnswer<{ object: T }>> => current().generateObject(request),
      generateText: async (request: TextRequest): Promise<ModelAnswer<{ text: string }>> => current().generateText(request),
      callTool: async (request: ToolRequest): Promise<ModelAnswer<{ tool: string; input: unknown }>> => {
        const model = current();
        if (!model.callTool) throw new LanguageModelError('unavailable', `${model.id} does not call tools`);
        return model.callTool(request);
      },
    };
  }

  /** Frees every account's models. */
  async close(): Promise<void> {
    const models = [...this.made.values()];
    this.made.clear();
    await Promise.all(models.map(({ model }) => model.close?.().catch(() => undefined)));
  }
}
