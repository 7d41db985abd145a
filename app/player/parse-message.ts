// Checks what the app posts before the frame plays it: a malformed message is refused with a reason
// (posted back as an `error`), never half-played.
import type { InfographicPreviewData, PreviewSceneData, ToFrameMessage, VideoPreviewData } from './preview-types.js';

type Parsed = { message: ToFrameMessage } | { error: string } | undefined;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isPositiveInteger = (value: unknown): value is number => Number.isInteger(value) && (value as number) > 0;
const isPositive = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value > 0;
const isStringMap = (value: unknown): value is Record<string, string> => isRecord(value) && Object.values(value).every((item) => typeof item === 'string');

function themeProblem(theme: unknown): string | undefined {
  if (!isRecord(theme) || !isStringMap(theme.palette) || !isRecord(theme.fonts)) return 'theme must be an object with palette and fonts';
  if (typeof theme.fonts.heading !== 'string' || typeof theme.fonts.body !== 'string') return 'theme.fonts must name heading and body fonts';
  return undefined;
}

/** Why the shape common to a scene of either kind (size, code, theme, settings, assets) is wrong. */
function sceneProblem(where: string, scene: Record<string, unknown>, needsCode: boolean): string | undefined {
  if (needsCode && (typeof scene.code !== 'string' || scene.code.length === 0)) return `${where}.code must be the compiled scene code`;
  const theme = themeProblem(scene.theme);
  if (theme) return `${where}.${theme}`;
  if (!isRecord(scene.settings)) return `${where}.settings must be an object`;
  if (!isStringMap(scene.assets)) return `${where}.assets must map names to links`;
  return undefined;
}

function parseVideo(preview: unknown): { preview: VideoPreviewData } | { error: string } {
  if (!isRecord(preview)) return { error: 'preview must be an object' };
  if (!isPositiveInteger(preview.width) || !isPositiveInteger(preview.height)) return { error: 'preview.width and preview.height must be whole numbers above 0' };
  if (!isPositive(preview.fps)) return { error: 'preview.fps must be above 0' };
  if (!Array.isArray(preview.scenes)) return { error: 'preview.scenes must be a list' };
  for (const [index, scene] of preview.scenes.entries()) {
    const where = `preview.scenes[${index}]`;
    if (!isRecord(scene) || typeof scene.id !== 'string' || typeof scene.title !== 'string') return { error: `${where} must have an id and a title` };
    if (!isPositiveInteger(scene.duration_in_frames)) return { error: `${where}.duration_in_frames must be a whole number above 0` };
    if (typeof scene.committed !== 'boolean') return { error: `${where}.committed must be true or false` };
    const problem = scene.committed ? sceneProblem(where, scene, true) : undefined;
    if (problem) return { error: problem };
  }
  for (const key of ['soundtrack_url', 'video_url'] as const) {
    if (preview[key] !== undefined && typeof preview[key] !== 'string') return { error: `preview.${key} must be a link` };
  }
  return { preview: preview as unknown as VideoPreviewData };
}

function parseInfographic(preview: unknown, settings: unknown): { preview: InfographicPreviewData; settings: Record<string, unknown> } | { error: string } {
  if (!isRecord(preview)) return { error: 'preview must be an object' };
  if (!isPositiveInteger(preview.width) || !isPositiveInteger(preview.height)) return { error: 'preview.width and preview.height must be whole numbers above 0' };
  if (!isPositive(preview.fps)) return { error: 'preview.fps must be above 0' };
  if (!isPositiveInteger(preview.durationInFrames)) return { error: 'preview.durationInFrames must be a whole number above 0' };
  const problem = sceneProblem('preview', preview, true);
  if (problem) return { error: problem };
  if (settings !== undefined && !isRecord(settings)) return { error: 'settings must be an object of values' };
  return { preview: preview as unknown as InfographicPreviewData, settings: settings ?? {} };
}

/**
 * A message from the app, checked: the message to play, the reason it is malformed, or undefined
 * for a message that is not for the preview (ignored, as other scripts may post to the window).
 */
export function parseToFrameMessage(data: unknown): Parsed {
  if (!isRecord(data)) return undefined;
  if (data.type === 'preview') {
    const parsed = parseVideo(data.preview);
    if ('error' in parsed) return parsed;
    return { message: { type: 'preview', preview: parsed.preview, ...(data.autoplay === true ? { autoplay: true } : {}) } };
  }
  if (data.type === 'infographic') {
    const parsed = parseInfographic(data.preview, data.settings);
    if ('error' in parsed) return parsed;
    return { message: { type: 'infographic', preview: parsed.preview, settings: parsed.settings } };
  }
  return undefined;
}

/** The scenes of a preview in play order. */
export function playOrder(scenes: readonly PreviewSceneData[]): PreviewSceneData[] {
  return [...scenes].sort((a, b) => a.position - b.position);
}
