import type { Plan } from '../../accounts/plans.js';
import { planAtLeast } from '../../accounts/plans.js';
import { canonicalFontFamily, unknownFontProblem } from '../../catalog/fonts.js';
import { findVoice, unknownVoiceProblem, type NamedVoice } from '../../catalog/find-voice.js';
import { findModel, MODELS, type ModelId, type ModelSpec } from '../../catalog/models.js';
import { isKnownAnimationStyle, unknownStyleMessage } from '../../catalog/style-packs.js';
import { invalidRequest, ServiceError } from '../../errors/service-error.js';
import type { CaptionsOption } from '../speech/caption-chunks.js';
import { webhookUrlProblem } from '../../security/url-policy.js';
import { isNarrationLanguage, type NarrationLanguage } from '../speech/languages.js';
import { expandHex } from '../theme/resolve-theme.js';
import { inferDuration, lengthInWords } from './prompt-duration.js';
import {
  MAX_DIMENSION,
  MIN_DURATION_SECONDS,
  type AiVideoMode,
  type AspectRatio,
  type AudioRole,
  type CreateVideoBody,
  type DocumentMimeType,
} from './create-video-schema.js';

/** Canvas size of each named aspect ratio. */
export const ASPECT_RATIO_SIZES: Readonly<Record<AspectRatio, { width: number; height: number }>> = {
  '16:9': { width: 1920, height: 1080 },
  '9:16': { width: 1080, height: 1920 },
  '1:1': { width: 1080, height: 1080 },
  '4:5': { width: 1080, height: 1350 },
};

/** Frame rate of every generated video. @default 30 */
export const VIDEO_FPS = 30;

/**
 * Where a defaulted setting came from: the request's field, the node's default, or (after planning)
 * the language model's reading of the prompt. A later step that reads the prompt (for "no music",
 * "without voiceover" and the like) may only overturn `'default'` ones.
 */
export type OptionSource = 'request' | 'default' | 'model';

/** A `POST /v1/videos` body with every default and cross-field rule applied, in camelCase. */
export interface ResolvedVideoOptions {
  /** The prompt, trimmed. */
  prompt: string;
  model: ModelId;
  multiScene: boolean;
  width: number;
  height: number;
  /** The named ratio the size came from, or null when `dimensions` gave an exact size. */
  aspectRatio: AspectRatio | null;
  /** How the shape was chosen: exact dimensions, the request's aspect_ratio, the prompt's words, or 16:9. */
  aspectSource: 'dimensions' | 'request' | 'prompt' | 'default' | 'model';
  fps: number;
  durationSeconds: number;
  /**
   * Where the length came from: the `duration` field, the prompt's words as the node's patterns
   * read them, the model's default, or the language model's reading of the prompt. Only a length
   * the field did not set follows what a language model reads. Absent on jobs made before: `request`.
   */
  durationSource?: 'request' | 'prompt' | 'default' | 'model';
  narration: boolean;
  /** Seam for reading the prompt: only a `'default'` narration may be changed by what the prompt says. */
  narrationSource: OptionSource;
  /** The voice's id (a request may name it by name). Absent: auto-picked. */
  narrationVoice?: string;
  /** Absent: detected from the prompt. */
  narrationLanguage?: NarrationLanguage;
  music: boolean;
  /** Seam for reading the prompt: only a `'default'` music may be changed by what the prompt says. */
  musicSource: OptionSource;
  sfx: boolean;
  aiVideo: AiVideoMode;
  storyboard: boolean;
  /** The request's burned-in captions (absent: as the prompt asks, see captionRequestOf). */
  captions?: CaptionsOption;
  /** The request's `plan` flag: plan the story arc before the scenes. */
  planStory: boolean;
  enhancePrompt: boolean;
  /** Absent: a fitting pack is chosen from the topic. */
  animationStyle?: string;
  /** `#RRGGBB`, upper case (a `#RGB` request is expanded). */
  backgroundColor?: string;
  brandKitId?: string;
  brandSettings?: ResolvedBrandSettings;
  images: { url: string; context?: string }[];
  documents: { url: string; mimeType: DocumentMimeType; fileName?: string }[];
  audio: { url: string; role: AudioRole }[];
  webhookUrl?: string;
  render: boolean;
}

/** Inline brand context in camelCase, colors as `#RRGGBB`. */
export interface ResolvedBrandSettings {
  primaryColor?: string;
  secondaryColor?: string;
  accentColor?: string;
  headingFont?: string;
  bodyFont?: string;
  visualStyle?: string;
  brandName?: string;
  brandDescription?: string;
}

/** What resolving needs to know beyond the body. */
export interface ResolveVideoContext {
  /** The calling account's plan. */
  plan: Plan;
  /** The voices `narration_voice` may name, by id or name (the voice catalog, in its order). */
  voices: readonly NamedVoice[];
  /** Whether the node lets webhooks use loopback and private addresses. */
  allowPrivateUrls: boolean;
}

// Literal ratios first, then words. Some words are too common in prompts to count alone: "story"
// ("the story of Rome"), "portrait" ("a portrait of Ada Lovelace"), "reel" ("highlight reel") and
// "1:1" ("1:1 coaching"), so they count only next to a social network or a format word.
const LITERAL_RATIO = /(?<![\d.:])(16\s*:\s*9|9\s*:\s*16|4\s*:\s*5)(?![\d.:])/;
const FOUR_FIVE_WORDS = /\bfeed[\s-]+portrait\b|\bportrait[\s-]+feed\b/i;
const VERTICAL_WORDS =
  /\bvertical\b|\bverticale\b|\bvertikal(?:e|es|en)?\b|\bhochformat\b|\bhochkant\b|\bportrait[\s-]+(?:video|format|mode|orientation|clip)s?\b|\btik\s?toks?\b|\breels\b|\b(?:instagram|insta|ig|facebook|fb)\s+reel\b|\bshorts\b|\b(?:instagram|insta|ig|facebook|fb|snapchat|snap|whatsapp|social|phone)\s+stor(?:y|ies)\b|\bstor(?:y|ies)[\s-]+(?:format|size|post|ad)s?\b/i;
const SQUARE_WORDS =
  /\bsquare\b|\bquadratisch(?:e|es|en)?\s+(?:video|format|clip)s?\b|\bformat\s+carré|\bvidéo\s+carrée|\bformato\s+cuadrado\b|\bv[ií]deo\s+cuadrado\b|\b(?:instagram|insta|ig)\s+(?:feed\s+)?posts?\b|(?<![\d.:])1\s*:\s*1\s+(?:video|format|aspect|ratio|size|clip|post)s?\b|\b(?:aspect\s+ratio|ratio|format)\s+(?:of\s+)?1\s*:\s*1(?![\d.:])/i;

/**
 * The aspect ratio a prompt asks for in words, or undefined (the caller uses 16:9): a written
 * 16:9, 9:16 or 4:5 wins; then feed portrait gives 4:5; vertical (de "Hochformat", fr "verticale"),
 * portrait video, TikTok, Reels, Shorts or an Instagram/social story give 9:16; square (de
 * "quadratisches Video", fr "format carré", es "formato cuadrado"), Instagram post or "1:1 video" give 1:1.
 */
export function inferAspectRatio(prompt: string): AspectRatio | undefined {
  const literal = LITERAL_RATIO.exec(prompt)?.[1]?.replace(/\s+/g, '');
  if (literal) return literal as AspectRatio;
  if (FOUR_FIVE_WORDS.test(prompt)) return '4:5';
  if (VERTICAL_WORDS.test(prompt)) return '9:16';
  if (SQUARE_WORDS.test(prompt)) return '1:1';
  return undefined;
}

/** Whether a canvas counts as 4K: its longer side is 3840. */
export function isFourK(width: number, height: number): boolean {
  return Math.max(width, height) >= MAX_DIMENSION;
}

/** Plan renders one MP4 of this size uses: 2 for 4K, else 1. */
export function rendersNeeded(width: number, height: number): number {
  return isFourK(width, height) ? 2 : 1;
}

function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

/**
 * The 400 for a length a model cannot make, stated in the prompt or in `duration`: it names the
 * model's range, and the way on (a model that makes it, several shorter videos, or 5 s at least).
 */
function lengthRefusal(model: ModelSpec, seconds: number, inPrompt: boolean): ServiceError {
  const max = model.maxDurationSeconds;
  const range = `${model.id} makes ${MIN_DURATION_SECONDS} to ${max} seconds${max >= 120 ? ` (${lengthInWords(max)})` : ''}`;
  const longer = MODELS.filter((item) => item.maxDurationSeconds >= seconds).map((item) => item.id);
  const forward =
    seconds < MIN_DURATION_SECONDS
      ? `a video lasts at least ${MIN_DURATION_SECONDS} seconds`
      : longer.length > 0
        ? `${longer.length === 1 ? longer[0] : `${longer.slice(0, -1).join(', ')} or ${longer.at(-1)}`} makes it: set model (GET /v1/models lists each one's max_duration_seconds)`
        : `no model makes a longer video; for a longer film, make it as several videos`;
  if (inPrompt) {
    return invalidRequest(
      `duration: the prompt asks for ${lengthInWords(seconds)}${seconds >= 120 ? ` (${seconds} seconds)` : ''}; ${range}; ask for ${seconds < MIN_DURATION_SECONDS ? `${MIN_DURATION_SECONDS} seconds or more` : `${lengthInWords(max)} or less`} in the prompt, or set duration (${MIN_DURATION_SECONDS} to ${max}), which wins over the prompt; ${forward}`,
    );
  }
  return invalidRequest(`duration: ${range}, got ${seconds}; ${forward}`);
}

/**
 * Applies every default and cross-field rule to a parsed create body (DECISIONS.md "Models"),
 * giving the complete internal form. Throws `invalid_request` (message starting with the field) or
 * `forbidden` (a model above the caller's plan).
 */
export function resolveVideoOptions(body: CreateVideoBody, context: ResolveVideoContext): ResolvedVideoOptions {
  const modelId = body.model ?? 'model-5';
  const model = findModel(modelId);
  if (!model) throw invalidRequest(`model: unknown model "${modelId}"; see GET /v1/models`);
  if (model.minPlan && !planAtLeast(context.plan, model.minPlan)) {
    throw new ServiceError(
      'forbidden',
      `model: ${model.id} needs the ${model.minPlan} plan or above; this account is on ${context.plan}`,
    );
  }

  const aiVideo = body.ai_video ?? 'auto';
  const audio = (body.audio ?? []).map((item) => ({ url: item.url, role: item.role ?? 'music' }));
  if (!model.multiScene) {
    const refuse = (field: string, what: string) =>
      invalidRequest(`${field}: ${model.id} is a single-scene, code-only model without ${what}; use model-5 or model-6`);
    if (body.narration === true) throw refuse('narration', 'narration');
    if (body.music === true) throw refuse('music', 'music');
    if (body.sfx === true) throw refuse('sfx', 'sound effects');
    if (audio.length > 0) throw refuse('audio', 'audio');
    if (body.brand_kit_id !== undefined) throw refuse('brand_kit_id', 'brand kits');
    if (aiVideo !== 'auto') throw refuse('ai_video', `AI footage (only "auto" is accepted)`);
    if (body.captions !== undefined && body.captions !== false) throw refuse('captions', 'narration to caption');
  }
  if (body.captions !== undefined && body.captions !== false && body.narration === false) {
    throw invalidRequest('captions: captions are cut from the narration\'s words, and narration is false; turn narration on or leave captions out');
  }
  const storyboard = body.storyboard ?? false;
  if (storyboard && aiVideo !== 'full') {
    throw invalidRequest(`storyboard: review needs ai_video "full"; ai_video is "${aiVideo}"`);
  }

  // A length the prompt states ("a 20 second video", "in 15 Sekunden") is the target when `duration` is left out, as its shape is.
  const stated = body.duration === undefined ? inferDuration(body.prompt) : undefined;
  const durationSeconds = body.duration ?? stated ?? model.defaultDurationSeconds;
  if (durationSeconds < MIN_DURATION_SECONDS || durationSeconds > model.maxDurationSeconds) throw lengthRefusal(model, durationSeconds, stated !== undefined);

  if (body.animation_style !== undefined && !isKnownAnimationStyle(body.animation_style)) {
    throw invalidRequest(unknownStyleMessage('animation_style', body.animation_style));
  }
  // A voice is named by its id or its name in any case ("Noah", "embedded-noah"); the job keeps its id.
  const narrationVoice = body.narration_voice === undefined ? undefined : findVoice(body.narration_voice, context.voices)?.id;
  if (body.narration_voice !== undefined && narrationVoice === undefined) {
    throw invalidRequest(`narration_voice: ${unknownVoiceProblem(body.narration_voice, context.voices)}`);
  }
  // BCP-47 tags are case-insensitive, so "EN" is "en"; a region tag ("en-US") is not accepted.
  const narrationLanguage = body.narration_language?.toLowerCase();
  if (narrationLanguage !== undefined && !isNarrationLanguage(narrationLanguage)) {
    throw invalidRequest(
      `narration_language: unknown language "${body.narration_language}"; use one of the 74 supported codes without a region tag (for example "en")`,
    );
  }

  const musicTracks = audio.flatMap((item, index) => (item.role === 'music' ? [index] : []));
  if (musicTracks.length > 1) {
    throw invalidRequest(
      `audio: at most one music track; items ${musicTracks.join(', ')} are all music (role defaults to music)`,
    );
  }

  if (body.webhook_url !== undefined) {
    const problem = webhookUrlProblem(body.webhook_url, context.allowPrivateUrls);
    if (problem) throw invalidRequest(`webhook_url: ${problem}`);
  }

  let width: number;
  let height: number;
  let aspectRatio: AspectRatio | null;
  let aspectSource: ResolvedVideoOptions['aspectSource'];
  if (body.dimensions) {
    ({ width, height } = body.dimensions);
    aspectRatio = null;
    aspectSource = 'dimensions';
  } else {
    const inferred = body.aspect_ratio ? undefined : inferAspectRatio(body.prompt);
    aspectRatio = body.aspect_ratio ?? inferred ?? '16:9';
    aspectSource = body.aspect_ratio ? 'request' : inferred ? 'prompt' : 'default';
    ({ width, height } = ASPECT_RATIO_SIZES[aspectRatio]);
  }

  const settings = body.brand_settings;
  for (const field of ['heading_font', 'body_font'] as const) {
    const problem = settings?.[field] !== undefined ? unknownFontProblem(settings[field]) : undefined;
    if (problem) throw invalidRequest(`brand_settings.${field}: ${problem}`);
  }
  const brandSettings: ResolvedBrandSettings | undefined = settings && {
    ...optional('primaryColor', settings.primary_color && expandHex(settings.primary_color)),
    ...optional('secondaryColor', settings.secondary_color && expandHex(settings.secondary_color)),
    ...optional('accentColor', settings.accent_color && expandHex(settings.accent_color)),
    ...optional('headingFont', settings.heading_font && canonicalFontFamily(settings.heading_font)),
    ...optional('bodyFont', settings.body_font && canonicalFontFamily(settings.body_font)),
    ...optional('visualStyle', settings.visual_style),
    ...optional('brandName', settings.brand_name),
    ...optional('brandDescription', settings.brand_description),
  };

  return {
    prompt: body.prompt.trim(),
    model: model.id,
    multiScene: model.multiScene,
    width,
    height,
    aspectRatio,
    aspectSource,
    fps: VIDEO_FPS,
    durationSeconds,
    durationSource: body.duration !== undefined ? 'request' : stated !== undefined ? 'prompt' : 'default',
    narration: body.narration ?? model.multiScene,
    narrationSource: body.narration === undefined ? 'default' : 'request',
    ...optional('narrationVoice', narrationVoice),
    ...optional('narrationLanguage', narrationLanguage as NarrationLanguage | undefined),
    music: body.music ?? model.multiScene,
    musicSource: body.music === undefined ? 'default' : 'request',
    sfx: body.sfx ?? false,
    aiVideo,
    storyboard,
    ...optional('captions', body.captions),
    planStory: body.plan ?? true,
    enhancePrompt: body.enhance_prompt ?? false,
    ...optional('animationStyle', body.animation_style),
    ...optional('backgroundColor', body.background_color && expandHex(body.background_color)),
    ...optional('brandKitId', body.brand_kit_id),
    ...optional('brandSettings', brandSettings),
    images: (body.images ?? []).map((item) => ({ url: item.url, ...optional('context', item.context) })),
    documents: (body.documents ?? []).map((item) => ({
      url: item.url,
      mimeType: item.mime_type,
      ...optional('fileName', item.file_name),
    })),
    audio,
    ...optional('webhookUrl', body.webhook_url),
    render: body.render ?? false,
  };
}
