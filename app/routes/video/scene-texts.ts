// What of a scene's settings the editor shows as its texts, picture and colour.
import { textName } from '../../../src/pipeline/edit/text-name.js';

/**
 * Settings that name assets, drive layout or override the theme: never on-screen text. The node's
 * own list (src/pipeline/edit/scene-text.ts, NOT_TEXT) refuses a `retext` of these; the editor
 * leaves them out, and captions, which are the narration's words.
 */
const NOT_TEXT = new Set([
  'image', 'images', 'logo', 'icon', 'picture', 'pictures', 'chart', 'mode', 'narrationTiming', 'sourceRef', 'unit', 'visual', 'move', 'seed', 'description', 'shape', 'regions', 'route', 'device', 'motion', 'focus', 'style',
  'primaryColor', 'secondaryColor', 'accentColor', 'backgroundColor', 'textColor', 'headingFont', 'bodyFont', 'textScale', 'captions', 'narrationCaptions',
]);

/** The most texts the editor lists for one scene (a long table would bury the rest). */
const MAX_TEXTS = 16;

/** One on-screen text of a scene: its settings key path and words. */
export interface SceneText {
  key: string;
  text: string;
}

/** Every on-screen text of a scene's settings with its key path (`title`, `items.1`, `left.points.0`), in settings order. */
export function sceneTexts(settings: Record<string, unknown>): SceneText[] {
  const texts: SceneText[] = [];
  const walk = (value: unknown, path: string[]): void => {
    if (texts.length >= MAX_TEXTS) return;
    if (typeof value === 'string') {
      // Library ids ("lucide:star") and colours are not words.
      if (path.length > 0 && value.trim() !== '' && !/^[a-z0-9-]+:[a-z0-9-]+$/.test(value) && !/^#[0-9a-f]{3,8}$/i.test(value)) texts.push({ key: path.join('.'), text: value });
    } else if (Array.isArray(value)) value.forEach((item, index) => walk(item, [...path, String(index)]));
    else if (typeof value === 'object' && value !== null) {
      for (const [key, inner] of Object.entries(value)) if (!NOT_TEXT.has(key)) walk(inner, [...path, key]);
    }
  };
  walk(settings, []);
  return texts;
}

/** A key path in words, as the node's edit lines say it: "title" → "Title", "items.1" → "Item 2", "left.points.0" → "Left point 1". */
export function textLabel(key: string): string {
  const label = textName(key);
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/** The library pictures a scene shows, by id (`fluent-emoji-flat:honeybee`): `picture` keys anywhere, and a film shot's `pictures`. */
export function scenePictures(settings: Record<string, unknown>): string[] {
  const found: string[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (typeof value === 'object' && value !== null) {
      for (const [key, inner] of Object.entries(value)) {
        if (key === 'picture' && typeof inner === 'string' && inner.includes(':')) found.push(inner);
        else if (key === 'pictures' && Array.isArray(inner)) found.push(...inner.filter((id): id is string => typeof id === 'string'));
        else walk(inner);
      }
    }
  };
  walk(settings);
  return found;
}

/** What a library picture shows, in words: `fluent-emoji-flat:honey-pot` → "honey pot". */
export function pictureLabel(id: string): string {
  return (id.split(':')[1] ?? id).replace(/-/g, ' ');
}

/** A colour as the colour input takes it (#rrggbb, lower case), or undefined when it is no hex colour. */
export function inputColor(color: unknown): string | undefined {
  if (typeof color !== 'string') return undefined;
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(color);
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`.toLowerCase();
  return /^#[0-9a-f]{6}$/i.test(color) ? color.toLowerCase() : undefined;
}
