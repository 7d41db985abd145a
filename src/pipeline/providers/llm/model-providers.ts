import { plannerModelFor, writesSceneCode } from '../../../catalog/model-backing.js';
import { findModel, type ModelId } from '../../../catalog/models.js';
import type { ServiceConfig } from '../../../config/resolve-config.js';
import type { PipelineProviders } from '../../stages/pipeline-providers.js';
import { EmbeddedPlanner } from '../embedded/embedded-planner.js';
import type { PlanRequest, StoryPlan, StoryPlanner } from '../provider-types.js';
import { AccountKeyModels, AccountKeyRemovedError, type AccountKeyLookup, type JobModelKeys } from './account-key-model.js';
import { LanguageModelError, type LanguageModel } from './language-model.js';
import { lazyLanguageModel } from './lazy-language-model.js';
import type { LanguageModelSetting } from './model-config.js';
import { modelEditReader } from '../../edit/model-edit-reader.js';
import { modelEnhancer } from './model-enhancer.js';
import { ModelPlanner } from './model-planner.js';
import { PictureChoosingPlanner } from '../../materials/picture-choice.js';
import { ModelSceneWriter } from './model-scene-writer.js';

/**
 * A model planner that, when its model fails (unreachable, refused, malformed answer after the
 * retries), plans with the embedded planner instead and says so in the plan's warnings: the
 * operator's `--llm-fallback embedded`. Any other error is the job's.
 */
export class FallbackPlanner implements StoryPlanner {
  readonly name: string;

  constructor(
    private readonly primary: StoryPlanner,
    private readonly fallback: StoryPlanner = new EmbeddedPlanner(),
  ) {
    this.name = primary.name;
  }

  async plan(request: PlanRequest, signal?: AbortSignal, onProgress?: (detail: string) => void): Promise<StoryPlan> {
    try {
      return await this.primary.plan(request, signal, onProgress);
    } catch (error) {
      // A removed account key is the account's doing, not the model's: the job fails rather than falls back.
      if (!(error instanceof LanguageModelError) || error instanceof AccountKeyRemovedError || signal?.aborted) throw error;
      const plan = await this.fallback.plan(request, signal);
      return {
        ...plan,
        plannedBy: this.fallback.name,
        warnings: [
          ...(plan.warnings ?? []),
          {
            code: 'model_fallback',
            message: `The language model could not plan this video (${error.message}); it was planned from the prompt's own words instead.`,
          },
        ],
      };
    }
  }
}

/** The providers of a job of a model tier; with `keys`, the calls to those providers use the account's own key. */
export type ProvidersFor = (model: ModelId, keys?: JobModelKeys) => Partial<PipelineProviders>;

/**
 * The providers of each model tier on a node with language models: the tier's planner model
 * (`model-6` the premium one when configured) plans the story, `model-6` also writes free-form
 * scene code with it (the other tiers fill kit templates), and the node's model enhances prompts.
 * Models are made on first use. A job whose account's own keys cover its language-model parts
 * calls those providers with the account's key (read from `accountKey` at each call).
 * Undefined when the node has no language model.
 */
export function modelProviders(
  config: Pick<ServiceConfig, 'languageModel' | 'premiumLanguageModel' | 'llmFallback'>,
  make: (setting: LanguageModelSetting) => LanguageModel = lazyLanguageModel,
  accountKey?: AccountKeyLookup,
): ProvidersFor | undefined {
  if (!config.languageModel) return undefined;
  const made = new Map<LanguageModelSetting, LanguageModel>();
  const nodeModel = (setting: LanguageModelSetting): LanguageModel => {
    let existing = made.get(setting);
    if (!existing) made.set(setting, (existing = make(setting)));
    return existing;
  };
  const accountModels = accountKey ? new AccountKeyModels(accountKey, make) : undefined;
  const enhancer = modelEnhancer(nodeModel(config.languageModel));
  return (id, keys) => {
    const spec = findModel(id);
    const setting = spec ? plannerModelFor(spec, config) : undefined;
    if (!setting) return {};
    const model = (wanted: LanguageModelSetting): LanguageModel =>
      keys && accountModels && wanted.provider !== 'local' && keys.providers.includes(wanted.provider)
        ? accountModels.modelFor(wanted, keys.accountId)
        : nodeModel(wanted);
    // The model also picks each planned picture from the library search's candidates (src/pipeline/materials/picture-choice.ts).
    const planner = new PictureChoosingPlanner(new ModelPlanner(model(setting)), model(setting));
    const fallback = config.llmFallback === 'embedded';
    const enhancerModel = model(config.languageModel!);
    return {
      planner: fallback ? new FallbackPlanner(planner) : planner,
      enhancer: enhancerModel === nodeModel(config.languageModel!) ? enhancer : modelEnhancer(enhancerModel),
      editor: modelEditReader(enhancerModel),
      ...(writesSceneCode(spec!) ? { sceneWriter: new ModelSceneWriter(model(setting), { onModelError: fallback ? 'fallback' : 'fail' }) } : {}),
    };
  };
}
