import type { AiVideoMode } from '../create/create-video-schema.js';
import type { PlannedScene } from '../providers/provider-types.js';

/** Camera moves, taken in turn so consecutive shots do not move alike. */
const MOVES = ['push-in', 'pan-right', 'tilt-up', 'pull-out', 'pan-left', 'orbit', 'tilt-down'] as const;

/** Kinds whose words a shot can carry as its caption; charts and images keep their own scene unless every scene is footage. */
const CAPTIONABLE = new Set(['title', 'kinetic', 'bullets', 'steps', 'stat', 'quote', 'icons', 'cta', 'timeline', 'comparison']);

/** The words a scene shows, main text first. */
function wordsOf(settings: Record<string, unknown>): string[] {
  const words: string[] = [];
  const walk = (value: unknown, key?: string) => {
    if (key && ['image', 'images', 'logo', 'mode', 'icon', 'source', 'sourceRef', 'unit', 'chart', 'captions', 'narrationCaptions', 'narrationTiming'].includes(key)) return;
    if (typeof value === 'string' && value.trim()) words.push(value.trim());
    else if (typeof value === 'number' && key === 'value') words.push(String(value));
    else if (Array.isArray(value)) value.forEach((item) => walk(item));
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, k);
  };
  walk(settings);
  return words;
}

/** Kinds whose main text is a list's label ("What to know"): a shot is captioned with what it says instead. */
const LIST_KINDS = new Set(['bullets', 'steps', 'icons', 'timeline', 'comparison']);

/** A scene's main line, for the shot's caption: a list's first spoken sentence (else its first item), any other scene's main text. */
function captionOf(scene: PlannedScene): string {
  const s = scene.settings;
  if (LIST_KINDS.has(scene.kind)) {
    const said = scene.narration.split(/(?<=[.!?])\s+/u)[0]?.replace(/[.!?]+$/u, '').trim();
    const items = [s.items, s.steps, s.events].find(Array.isArray) as unknown[] | undefined;
    const first = items?.[0];
    const item = typeof first === 'string' ? first : first && typeof first === 'object' ? String((first as Record<string, unknown>).text ?? (first as Record<string, unknown>).label ?? '') : '';
    const line = said && said.length <= 120 ? said : item;
    if (line) return line;
  }
  const figure = s.value !== undefined ? `${String(s.prefix ?? '')}${String(s.value)}${String(s.suffix ?? '')} ` : '';
  const main = [s.title, s.text, s.heading, s.message, s.label, s.quote].find((value) => typeof value === 'string' && value.trim()) as string | undefined;
  // Whole, never cut to a length: the kit's caption fits its type to the text.
  return `${figure}${main ?? scene.title}`.trim();
}

/**
 * What a shot shows, in words: the scene's title, its texts and the gist of its narration (its first
 * sentence), each once: a text already said by an earlier one (a kinetic headline's emphasis, a
 * caption repeating the title) is left out.
 */
export function shotDescription(scene: PlannedScene): string {
  const said = scene.narration.split(/(?<=[.!?])\s+/u)[0] ?? '';
  const kept: string[] = [];
  for (const part of [scene.title, ...wordsOf(scene.settings), said]) {
    const text = part.replace(/\s+/gu, ' ').replace(/[.!?\s]+$/u, '').trim();
    const key = text.toLowerCase();
    if (key && !kept.some((earlier) => earlier.toLowerCase().includes(key))) kept.push(text);
  }
  const description = kept.join('. ');
  return description.length <= 400 ? description : description.slice(0, 400).replace(/\s+\S*$/u, '');
}

/** The shot that replaces a scene: its still (the scene's image, when it has one), its words as description and caption. */
function toShot(scene: PlannedScene, position: number): PlannedScene {
  const image = typeof scene.settings.image === 'string' ? scene.settings.image : Array.isArray(scene.settings.images) ? String(scene.settings.images[0]) : undefined;
  return {
    ...scene,
    kind: 'footage',
    settings: {
      description: shotDescription(scene),
      caption: captionOf(scene),
      move: MOVES[position % MOVES.length],
      seed: `${position}-${scene.title}`,
      ...(image ? { image } : {}),
    },
  };
}

/**
 * Which planned scenes become film shots, by `ai_video`: `full` every scene; `on` every other body
 * scene that carries words; `auto` the scenes the planner marked `film` (a language model may; the
 * embedded planner marks none); `off` none.
 * A shot keeps its scene's narration and timing; its words become the caption.
 */
export function footageScenes(scenes: PlannedScene[], mode: AiVideoMode): PlannedScene[] {
  if (mode === 'full') return scenes.map((scene, position) => toShot(scene, position));
  if (mode === 'auto') return scenes.map((scene, position) => (scene.film ? toShot(scene, position) : scene));
  if (mode !== 'on') return scenes;
  let body = 0;
  return scenes.map((scene, position) => {
    if (scene.role !== 'body' || !CAPTIONABLE.has(scene.kind)) return scene;
    body += 1;
    return body % 2 === 1 ? toShot(scene, position) : scene;
  });
}

/** Seconds of footage in a scene list. */
export function footageSeconds(scenes: { kind: string; durationSeconds: number }[]): number {
  return scenes.filter((scene) => scene.kind === 'footage').reduce((sum, scene) => sum + scene.durationSeconds, 0);
}

/**
 * Seconds of film a video model made in a job's scenes: each committed footage scene's clip length
 * (`clipSeconds`). A shot the kit drew (no video model on the node, or a clip the model could not
 * make: `clipError`) is a motion-graphics scene for pricing and adds nothing. What the `ai_video`
 * part is charged by.
 */
export function footageSecondsMade(scenes: { kind: string; duration_seconds: number; settings: string; committed_at: string | null }[]): number {
  return scenes
    .filter((scene) => scene.kind === 'footage' && scene.committed_at)
    .reduce((sum, scene) => {
      const clipSeconds = (JSON.parse(scene.settings) as { clipSeconds?: unknown }).clipSeconds;
      return sum + (typeof clipSeconds === 'number' && clipSeconds > 0 ? clipSeconds : 0);
    }, 0);
}
