// The scene editor's unsent changes to a finished video, the edit operations they make (the same
// vocabulary POST /v1/videos/{id}/edit reads a prompt into) and the live preview they give.
import type { VideoPreviewData } from '../../player/preview-types.js';

/** The video colours the editor changes (the `restyle` operation's). */
export const COLOR_ROLES = ['primary', 'secondary', 'accent', 'background'] as const;
/** One of {@link COLOR_ROLES}. */
export type ColorRole = (typeof COLOR_ROLES)[number];

/**
 * What the person changed, not yet sent. Scene numbers are the source video's (1 = its first
 * scene), as edit operations always name them, whatever the new order.
 */
export interface SceneDraft {
  /** The source's scene numbers in their new order; removed scenes are left out. */
  order: number[];
  /** New on-screen texts by scene number, then by settings key path (`title`, `items.1`). */
  texts: Record<number, Record<string, string>>;
  /** New lengths in seconds, by scene number. */
  seconds: Record<number, number>;
  /** New text colours (#rrggbb), by scene number. */
  textColors: Record<number, string>;
  /** New library pictures, by scene number. */
  pictures: Record<number, { id: string; name: string }>;
  /** New video colours (#rrggbb); every scene takes them. */
  colors: Partial<Record<ColorRole, string>>;
}

/** An edit operation the editor sends, as `POST /edit`'s `operations` takes it. */
export type EditorOperation =
  | { op: 'retext'; scene: number; key: string; text: string }
  | { op: 'retime'; scene: number; seconds: number }
  | { op: 'recolor_text'; scene: number; color: string }
  | { op: 'set_picture'; scene: number; picture: string }
  | { op: 'restyle'; colors: Partial<Record<ColorRole, string>> }
  | { op: 'remove_scene'; scene: number }
  | { op: 'reorder'; scene: number; to: { position: 'start' } | { after: number } };

/** A draft that changes nothing, for a video of `count` scenes. */
export function emptyDraft(count: number): SceneDraft {
  return { order: Array.from({ length: count }, (_, i) => i + 1), texts: {}, seconds: {}, textColors: {}, pictures: {}, colors: {} };
}

/**
 * The edit operations a draft makes, in the order they apply: each kept scene's texts, length,
 * text colour and picture, the video's colours, then the removals and the moves. Moves go place by
 * place from the start: where a place holds another scene than the draft's, a `reorder` puts the
 * draft's scene there (at the start, or after the scene before it); scenes already in place stay.
 */
export function draftOperations(draft: SceneDraft, count: number): EditorOperation[] {
  const kept = new Set(draft.order);
  const ops: EditorOperation[] = [];
  for (const scene of draft.order.slice().sort((a, b) => a - b)) {
    for (const [key, text] of Object.entries(draft.texts[scene] ?? {})) ops.push({ op: 'retext', scene, key, text: text.trim() });
    const seconds = draft.seconds[scene];
    if (seconds !== undefined) ops.push({ op: 'retime', scene, seconds });
    const color = draft.textColors[scene];
    if (color !== undefined) ops.push({ op: 'recolor_text', scene, color });
    const picture = draft.pictures[scene];
    if (picture !== undefined) ops.push({ op: 'set_picture', scene, picture: picture.id });
  }
  if (Object.keys(draft.colors).length > 0) ops.push({ op: 'restyle', colors: { ...draft.colors } });
  for (let scene = 1; scene <= count; scene += 1) if (!kept.has(scene)) ops.push({ op: 'remove_scene', scene });
  const current = Array.from({ length: count }, (_, i) => i + 1).filter((scene) => kept.has(scene));
  draft.order.forEach((scene, i) => {
    if (current[i] === scene) return;
    current.splice(current.indexOf(scene), 1);
    current.splice(i, 0, scene);
    ops.push({ op: 'reorder', scene, to: i === 0 ? { position: 'start' } : { after: draft.order[i - 1]! } });
  });
  return ops;
}

/** The preview with the draft applied: scenes in its order with its texts, lengths, colours and pictures, so the change shows before it is made. */
export function previewWithDraft(preview: VideoPreviewData, draft: SceneDraft): VideoPreviewData {
  const scenes = draft.order.flatMap((number, position) => {
    const scene = preview.scenes[number - 1];
    if (!scene) return [];
    let settings = structuredClone(scene.settings);
    for (const [key, text] of Object.entries(draft.texts[number] ?? {})) settings = withTextAt(settings, key, text);
    if (draft.textColors[number] !== undefined) settings.textColor = draft.textColors[number];
    if (draft.pictures[number] !== undefined) settings.picture = draft.pictures[number].id;
    const seconds = draft.seconds[number];
    const theme = { ...scene.theme, palette: { ...scene.theme.palette, ...draft.colors } };
    return [{ ...scene, position, settings, theme, ...(seconds === undefined ? {} : { duration_in_frames: Math.max(1, Math.round(seconds * preview.fps)) }) }];
  });
  // The MP4 and the mix are the old video's: the preview plays the scenes themselves.
  const { video_url: _video, soundtrack_url: _sound, ...rest } = preview;
  return { ...rest, scenes };
}

/** A copy of settings with the text at a key path (`items.1`) replaced. */
function withTextAt(settings: Record<string, unknown>, key: string, text: string): Record<string, unknown> {
  const parts = key.split('.');
  let parent: unknown = settings;
  for (const part of parts.slice(0, -1)) {
    parent = Array.isArray(parent) ? parent[Number(part)] : (parent as Record<string, unknown> | undefined)?.[part];
    if (typeof parent !== 'object' || parent === null) return settings;
  }
  const last = parts[parts.length - 1]!;
  if (Array.isArray(parent)) parent[Number(last)] = text;
  else (parent as Record<string, unknown>)[last] = text;
  return settings;
}

/** Whether the draft changes anything. */
export function draftChanges(draft: SceneDraft, count: number): boolean {
  return draftOperations(draft, count).length > 0;
}
