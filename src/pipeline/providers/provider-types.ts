/** Where a scene sits in the story arc. */
export type SceneRole = 'hook' | 'body' | 'close';

import type { SourceDocument } from '../../documents/read-document.js';
import type { PreparedImage } from '../materials/prepare-materials.js';

/** Kit templates the embedded writer can fill (an LLM writer may write free-form code instead). */
export type SceneKind =
  | 'title'
  | 'kinetic'
  | 'bullets'
  | 'steps'
  | 'stat'
  | 'chart'
  | 'timeline'
  | 'comparison'
  | 'quote'
  | 'icons'
  | 'image'
  | 'image-split'
  | 'image-grid'
  | 'lower-third'
  | 'logo'
  | 'cta'
  | 'infographic'
  | 'footage'
  | 'flow'
  | 'hub'
  | 'stat-grid'
  | 'pictogram'
  | 'ranking'
  | 'checklist'
  | 'before-after'
  | 'map'
  | 'device'
  | 'sequence'
  | 'step-cards'
  | 'labelled'
  | 'big-number';

/** One scene of a plan: what it says, not yet how it is drawn. */
export interface PlannedScene {
  role: SceneRole;
  kind: SceneKind;
  title: string;
  durationSeconds: number;
  /** The values the scene shows (texts, numbers); user-overridable later. */
  settings: Record<string, unknown>;
  /** What the narrator says over the scene, in the plan's language; empty for a silent scene. */
  narration: string;
  /** The planner marked this moment as a film shot (`ai_video: "auto"`): it becomes footage. */
  film?: boolean;
  /** The figures and dates the scene states, each with where it comes from, for a person to check before publishing. */
  facts?: SceneFact[];
}

/**
 * A figure or date a scene states: from the request, one of its documents, computed from their
 * figures (with the sum the node checked), or general knowledge (the model's, to be checked).
 */
export interface SceneFact {
  text: string;
  basis: 'request' | 'document' | 'computed' | 'general';
  /** For `computed`: the sum from the stated figures to the result ("48000 / 1200 = 40"). */
  arithmetic?: string;
}

/** A story plan: the arc and the scene list, durations summing to the target. */
export interface StoryPlan {
  title: string;
  scenes: PlannedScene[];
  /** Who planned it, when not the planner asked (a fallback). */
  plannedBy?: string;
  /** What the job's client should know about how it was planned (a fallback, say). */
  warnings?: { code: string; message: string }[];
  /** What the request asks for as a language model read it, for the job to follow where the caller set no field; absent without a model. */
  reading?: PlanReading;
}

/** The request's wishes as a language model read them, in the node's terms; each absent when the request states none. */
export interface PlanReading {
  /** The length the plan was timed to, when the model read one from the request (within the model's range). */
  durationSeconds?: number;
  shape?: 'landscape' | 'portrait' | 'square' | 'feed';
  narration?: boolean;
  music?: boolean;
  captions?: boolean;
  /** The language the request asks for, as a language code. */
  language?: string;
}

/** What a planner is given. */
export interface PlanRequest {
  prompt: string;
  durationSeconds: number;
  multiScene: boolean;
  fps: number;
  /** The narration language (BCP-47): on-screen words and the script are in it. */
  language: string;
  /** What the request brought besides the prompt. */
  materials?: PlanMaterials;
  /** The planner may mark scenes as film shots (`film`), where film shows the subject better (`ai_video: "auto"`). */
  filmShots?: boolean;
  /**
   * Where `durationSeconds` came from: the caller's `duration` field (kept whatever the prompt
   * says), the prompt's words as the node's patterns read them, or the default; a model may follow
   * the length it reads in the request unless it is `request`. @default 'request'
   */
  durationFrom?: 'request' | 'prompt' | 'default';
  /** The lengths this video model makes, seconds. */
  lengthRange?: { min: number; max: number };
  /** Whether the job speaks its narration (false: a silent video, whose scripts need not fit the length). @default true */
  narrated?: boolean;
}

/** Images, documents and brand a plan may draw on. */
export interface PlanMaterials {
  /** Prepared images; scenes refer to them by `name` in their settings. */
  images: PreparedImage[];
  documents: SourceDocument[];
  /** Asset name of the brand's logo. */
  logo?: string;
  brandName?: string;
  /** What the brand does, in its words: the hook's subtitle when the prompt gives none. */
  brandDescription?: string;
  /** Where each prepared image's file is (absolute), by asset name: a model that takes images is shown them. */
  imageFiles?: Record<string, string>;
}

/** Writes the story plan. */
export interface StoryPlanner {
  readonly name: string;
  /** `onProgress` hears how planning goes ("Planning with openai-compatible:qwen: 600 tokens so far"), when the planner can tell. */
  plan(request: PlanRequest, signal?: AbortSignal, onProgress?: (detail: string) => void): Promise<StoryPlan>;
}

/** What a scene writer is given; `previousError` (and `previousSource`, the code that failed) when its last attempt failed the checks. */
export interface WriteSceneRequest {
  scene: PlannedScene;
  position: number;
  sceneCount: number;
  previousError?: string;
  previousSource?: string;
  /** Which of several first drafts this is, when the writer is asked for {@link SceneWriter.candidates}. */
  candidate?: { index: number; of: number };
}

/** What a visual critique is shown: the scene as planned, its code, its test frames and what the audit measured. */
export interface CritiqueRequest {
  scene: PlannedScene;
  position: number;
  sceneCount: number;
  source: string;
  /** The test render's stills (first, middle, last frame), in frame order. */
  stills: { frame: number; data: Uint8Array; mimeType: 'image/jpeg' | 'image/png' }[];
  /** The layout audit in words: texts, lowest contrast, findings. */
  audit: string;
}

/** A critique's verdict: the scene looks right, or here is the code that fixes what looks wrong. */
export type SceneCritique =
  | { verdict: 'approved'; notes: string }
  | { verdict: 'revised'; problems: string[]; source: string };

/** Writes a scene's TSX code against the scene contract (default export, allowlisted imports). */
export interface SceneWriter {
  readonly name: string;
  /** Tries per scene before the scene falls back. @default 2 */
  readonly attempts?: number;
  /** When its language model cannot answer: fail the job, or fall back to the kit template. @default 'fail' */
  readonly onModelError?: 'fail' | 'fallback';
  /** First drafts asked for per scene, the best by its checks kept. @default 1 */
  readonly candidates?: number;
  writeScene(request: WriteSceneRequest, signal?: AbortSignal): Promise<string>;
  /** Looks at a scene that passed its checks, as a viewer would, and fixes what looks wrong (writers whose model sees images). */
  critique?(request: CritiqueRequest, signal?: AbortSignal): Promise<SceneCritique>;
}

/** How an infographic shows its items (the kit's `Infographic` visuals). */
export type InfographicVisual = 'bar' | 'line' | 'pie' | 'donut' | 'figures' | 'points';

/** One item of an infographic: a chart point, a labeled figure or an icon point. */
export interface InfographicItem {
  label: string;
  /** The number (charts and figures; 0 for points). */
  value: number;
  prefix?: string;
  suffix?: string;
  decimals?: number;
  /** Points: an icon name, or `auto` to pick one by keyword. */
  icon?: string;
}

/** What an infographic shows, before its palette and fonts are added to its settings. */
export interface InfographicContent {
  headline: string;
  subheadline?: string;
  kicker?: string;
  visual: InfographicVisual;
  items: InfographicItem[];
  /** Charts: '%', '$', '€', '£' or ''. */
  unit?: string;
  /** Charts: what the values measure. */
  valueLabel?: string;
  /** The source caption shown on screen. */
  source?: string;
  /** Where the numbers came from (cells, pages); stored, not shown. */
  sourceRef?: unknown;
}

/** What an infographic planner is given. */
export interface InfographicRequest {
  prompt: string;
  documents: SourceDocument[];
  brandName?: string;
}
