import type { BasePlan } from '../accounts/plans.js';
import { modelAvailability, type LanguageModelSettings, type ModelBacking } from './model-backing.js';

/** Model ids the node serves. */
export const MODEL_IDS = ['model-5', 'model-6', 'model-4', 'model-3'] as const;
/** One of {@link MODEL_IDS}. */
export type ModelId = (typeof MODEL_IDS)[number];

/** A model's rules: the catalog item plus what the node needs to validate and price a job. */
export interface ModelSpec {
  id: ModelId;
  label: string;
  description: string;
  multiScene: boolean;
  supports: { narration: boolean; music: boolean; sfx: boolean; ai_video: boolean };
  durationOptions: number[];
  maxDurationSeconds: number;
  defaultDurationSeconds: number;
  /** Multi-scene: the balance needed to start. */
  minCreditsToStart?: number;
  /** Single-scene: the flat price. */
  flatCredits?: number;
  /** Multi-scene: multiplier over the model-5 rates. */
  creditMultiplier?: number;
  minPlan?: BasePlan;
  isDefault: boolean;
}

const MULTI_SCENE_SUPPORT = { narration: true, music: true, sfx: true, ai_video: true };
const CODE_ONLY_SUPPORT = { narration: false, music: false, sfx: false, ai_video: false };

/** The model catalog, per the spec and DECISIONS.md. */
export const MODELS: readonly ModelSpec[] = [
  {
    id: 'model-5',
    label: 'Model 5',
    description:
      'Default multi-scene model with the full feature set: story planning, narration, music, sound effects, AI footage and brand styling.',
    multiScene: true,
    supports: MULTI_SCENE_SUPPORT,
    durationOptions: [15, 30, 60, 120],
    maxDurationSeconds: 120,
    defaultDurationSeconds: 30,
    minCreditsToStart: 7,
    creditMultiplier: 1,
    isDefault: true,
  },
  {
    id: 'model-6',
    label: 'Model 6',
    description:
      'Premium multi-scene build: the most capable model on every scene. About 3x the credits of model-5 and slower. Pro plan and above.',
    multiScene: true,
    supports: MULTI_SCENE_SUPPORT,
    durationOptions: [15, 30, 60, 120],
    maxDurationSeconds: 120,
    defaultDurationSeconds: 30,
    minCreditsToStart: 7,
    creditMultiplier: 3,
    minPlan: 'pro',
    isDefault: false,
  },
  {
    id: 'model-4',
    label: 'Model 4',
    description: 'Code-only single scene: motion graphics with no people and no audio. Flat price.',
    multiScene: false,
    supports: CODE_ONLY_SUPPORT,
    durationOptions: [15, 30, 60],
    maxDurationSeconds: 60,
    defaultDurationSeconds: 15,
    flatCredits: 5,
    isDefault: false,
  },
  {
    id: 'model-3',
    label: 'Model 3',
    description: 'Lightweight code-only single scene: motion graphics with no people and no audio. Lowest flat price.',
    multiScene: false,
    supports: CODE_ONLY_SUPPORT,
    durationOptions: [15, 30],
    maxDurationSeconds: 30,
    defaultDurationSeconds: 15,
    flatCredits: 3,
    isDefault: false,
  },
];

/** The model with this id, or undefined. */
export function findModel(id: string): ModelSpec | undefined {
  return MODELS.find((model) => model.id === id);
}

/** A `GET /v1/models` item: exactly the spec's fields, optional ones only where they apply. */
export interface ModelCatalogItem {
  id: string;
  label: string;
  description: string;
  multi_scene: boolean;
  supports: { narration: boolean; music: boolean; sfx: boolean; ai_video: boolean };
  duration_options: number[];
  max_duration_seconds: number;
  min_credits_to_start?: number;
  flat_credit_estimate?: number;
  min_plan?: string;
  default: boolean;
  /** Extension: what runs each part of a job of this model on this node. */
  backed_by: ModelBacking;
  /** Extension: whether this node can take jobs of this model (false: refused at create with 400). */
  available: boolean;
  /** Extension: why not, when it is not available. */
  unavailable_reason?: string;
}

/** The body of `GET /v1/models`, with what backs each model on this node. */
export function listModels(config: LanguageModelSettings): { models: ModelCatalogItem[] } {
  return {
    models: MODELS.map((model) => ({
      id: model.id,
      label: model.label,
      description: model.description,
      multi_scene: model.multiScene,
      supports: { ...model.supports },
      duration_options: [...model.durationOptions],
      max_duration_seconds: model.maxDurationSeconds,
      ...(model.minCreditsToStart === undefined ? {} : { min_credits_to_start: model.minCreditsToStart }),
      ...(model.flatCredits === undefined ? {} : { flat_credit_estimate: model.flatCredits }),
      ...(model.minPlan === undefined ? {} : { min_plan: model.minPlan }),
      default: model.isDefault,
      ...modelAvailability(model, config),
    })),
  };
}
