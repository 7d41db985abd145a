import path from 'node:path';
import type { ServiceConfig } from '../config/resolve-config.js';
import type { LanguageModelSetting } from '../pipeline/providers/llm/model-config.js';
import type { ModelSpec } from './models.js';

/** What runs each part of a job of a model on this node (`GET /v1/models` extension `backed_by`). */
export interface ModelBacking {
  /** The story planner: `embedded` (the prompt's own words) or `<provider>:<model>`. */
  planner: string;
  /** Who writes the scene code: `embedded` (kit templates filled with the plan's settings) or `<provider>:<model>` (free-form code, kit templates as the fallback). */
  scene_writer: string;
  /** Narration: the embedded speech engine. */
  speech: string;
  /** Film shots (`ai_video`): `<provider>:<model>` of the node's video model, `embedded` (drawn and animated offline by the kit), or `none` (a model without `ai_video`). */
  footage: string;
}

/** A model's backing on this node, and whether it can take jobs here. */
export interface ModelAvailability {
  backed_by: ModelBacking;
  available: boolean;
  /** Why not, when it is not available: also the 400 a create gets. */
  unavailable_reason?: string;
}

/** The configured models the node plans with. */
export type LanguageModelSettings = Pick<ServiceConfig, 'languageModel' | 'premiumLanguageModel'> & Partial<Pick<ServiceConfig, 'footage'>>;

/** How a configured model is named to clients: `<provider>:<model>`, a local file by its name only. */
export function languageModelName(setting: LanguageModelSetting): string {
  return setting.provider === 'local' ? `local:${path.basename(setting.model)}` : `${setting.provider}:${setting.model}`;
}

/**
 * The language model a model tier plans with: `model-6` the premium model when one is configured,
 * else the node's model; the others the node's model. Undefined when the node has none.
 */
export function plannerModelFor(model: ModelSpec, config: LanguageModelSettings): LanguageModelSetting | undefined {
  if (model.id === 'model-6') return config.premiumLanguageModel ?? config.languageModel;
  return config.languageModel;
}

/** Whether a tier's jobs have their language model write free-form scene code (`model-6`), rather than fill kit templates. */
export function writesSceneCode(model: ModelSpec): boolean {
  return model.id === 'model-6';
}

/**
 * What backs a model here. `model-6` is the premium tier: it is only sold when a language model
 * plans its jobs (the premium one when configured); without one it would render what `model-5`
 * renders at three times the price, so it is unavailable.
 */
export function modelAvailability(model: ModelSpec, config: LanguageModelSettings): ModelAvailability {
  const planner = plannerModelFor(model, config);
  const backed_by: ModelBacking = {
    planner: planner ? languageModelName(planner) : 'embedded',
    scene_writer: planner && writesSceneCode(model) ? languageModelName(planner) : 'embedded',
    speech: model.supports.narration ? 'embedded' : 'none',
    footage: !model.supports.ai_video ? 'none' : config.footage ? `${config.footage.provider}:${config.footage.model}` : 'embedded',
  };
  if (model.id === 'model-6' && !planner) {
    return {
      backed_by,
      available: false,
      unavailable_reason: 'model-6 is the premium tier and needs a language model, which this node does not have (its operator sets one with --llm); use model-5',
    };
  }
  return { backed_by, available: true };
}
