import type { SceneKind } from '../providers/provider-types.js';
import type { EditScene } from './edit-source.js';
import type { NewSceneContent } from './edit-operations.js';

/** The settings key holding each kit kind's main on-screen text (what `title` mirrors). */
const MAIN_TEXT_KEY: Readonly<Record<SceneKind, string>> = {
  title: 'title',
  kinetic: 'text',
  bullets: 'heading',
  steps: 'heading',
  stat: 'label',
  chart: 'title',
  timeline: 'title',
  comparison: 'title',
  quote: 'quote',
  icons: 'title',
  image: 'heading',
  'image-split': 'heading',
  'image-grid': 'heading',
  'lower-third': 'name',
  logo: 'tagline',
  cta: 'message',
  infographic: 'headline',
  footage: 'caption',
  flow: 'title',
  hub: 'title',
  'stat-grid': 'title',
  pictogram: 'label',
  ranking: 'title',
  checklist: 'heading',
  'before-after': 'title',
  map: 'title',
  device: 'heading',
  sequence: 'title',
  'step-cards': 'heading',
  labelled: 'title',
  'big-number': 'label',
};
const FALLBACK_KEYS = ['title', 'heading', 'headline', 'text', 'message', 'label', 'quote', 'name'];

/** Settings that name assets or drive layout: never text to rewrite. */
const NOT_TEXT = new Set([
  'image', 'images', 'logo', 'icon', 'picture', 'pictures', 'chart', 'mode', 'narrationTiming', 'sourceRef', 'unit', 'visual', 'move', 'seed', 'description', 'shape', 'regions', 'route', 'device', 'motion', 'focus', 'style',
  // The theme overrides the scene host reads (compositions/kit/theme-settings.ts).
  'primaryColor', 'secondaryColor', 'accentColor', 'backgroundColor', 'textColor', 'headingFont', 'bodyFont', 'textScale',
]);

/** The settings key of a scene's main text: its kind's, or the first text-like key it has. */
export function mainTextKey(scene: Pick<EditScene, 'kind' | 'settings'>): string {
  const own = MAIN_TEXT_KEY[scene.kind as SceneKind];
  if (own && (typeof scene.settings[own] === 'string' || !FALLBACK_KEYS.some((key) => typeof scene.settings[key] === 'string'))) return own;
  return FALLBACK_KEYS.find((key) => typeof scene.settings[key] === 'string') ?? own ?? 'title';
}

const WORDS = new Intl.Segmenter(undefined, { granularity: 'word' });

/**
 * How many words a scene shows on screen: every text in its settings but asset names, layout keys,
 * theme overrides and burned-in captions (those are the narration), counted with the Unicode word
 * breaker so scripts without spaces (Chinese, Japanese, Thai) count by their words too.
 */
export function onScreenWords(settings: Record<string, unknown>): number {
  let words = 0;
  const walk = (value: unknown): void => {
    if (typeof value === 'string') {
      for (const segment of WORDS.segment(value)) if (segment.isWordLike) words += 1;
    } else if (Array.isArray(value)) {
      value.forEach(walk);
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, inner] of Object.entries(value)) if (!NOT_TEXT.has(key) && key !== 'captions' && key !== 'narrationCaptions' && key !== 'narrationTiming') walk(inner);
    }
  };
  walk(settings);
  return words;
}

/** The title a scene's main text gives it (the planner's rule: quotes are cut at 60 characters). */
export function titleFromText(kind: string, text: string): string {
  return kind === 'quote' ? text.slice(0, 60) : text;
}

/**
 * Settings with one text replaced at a key path (`title`, `items.1`, `left.points.0`). The value there
 * must be text already, or absent under an existing object; the problem otherwise, as a string.
 */
export function setTextAt(settings: Record<string, unknown>, path: string, text: string): Record<string, unknown> | string {
  const keys = path.split('.');
  const copy = structuredClone(settings);
  let parent: unknown = copy;
  for (const key of keys.slice(0, -1)) {
    const next: unknown = Array.isArray(parent) ? parent[Number(key)] : (parent as Record<string, unknown>)[key];
    if (typeof next !== 'object' || next === null) return `the scene has no "${path}"`;
    parent = next;
  }
  const last = keys[keys.length - 1]!;
  if (NOT_TEXT.has(keys[0]!)) return `"${path}" is not text`;
  if (Array.isArray(parent)) {
    const index = Number(last);
    if (!Number.isInteger(index) || index < 0 || index >= parent.length) return `the scene has no "${path}" (${parent.length} items)`;
    if (typeof parent[index] !== 'string') return `"${path}" is not text`;
    parent[index] = text;
    return copy;
  }
  const current = (parent as Record<string, unknown>)[last];
  if (current !== undefined && typeof current !== 'string') return `"${path}" is not text`;
  (parent as Record<string, unknown>)[last] = text;
  // A library picture was chosen for the old words; with new ones it may show something else.
  if (current !== text) delete (parent as Record<string, unknown>).picture;
  return copy;
}

/** The text at a key path of the settings (`title`, `items.1`), or undefined when there is none. */
export function textAt(settings: Record<string, unknown>, path: string): string | undefined {
  let value: unknown = settings;
  for (const key of path.split('.')) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = Array.isArray(value) ? value[Number(key)] : (value as Record<string, unknown>)[key];
  }
  return typeof value === 'string' ? value : undefined;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const END_MARK = /[.!?…]+$/u;

/**
 * A scene's narration after its on-screen text `old` became `text`: where the narration says the old
 * words (case and spacing aside, whole words, a trailing stop of the screen text aside) it says the
 * new ones instead ("Our coffee subscription." with the title changed to "Fresh beans" says "Fresh
 * beans."; a point shown cut keeps the rest of its spoken sentence). The first letter follows the
 * narration's (a capital at a sentence's start, lower case where the screen capitalised a word the
 * narration says mid-sentence), and an end mark of the new text takes the place of the old one.
 * Undefined when the narration never says the old words: it is kept as it is.
 */
export function narrationWithText(narration: string, old: string, text: string): string | undefined {
  const said = old.trim().replace(/[.!?…,;:]+$/u, '').trim();
  const next = text.trim();
  if (!said || !next || !narration.trim()) return undefined;
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${said.split(/\s+/u).map(escapeRegExp).join('\\s+')}(?![\\p{L}\\p{N}])([.!?…]*)`, 'giu');
  if (!narration.match(pattern)) return undefined;
  const result = narration.replace(pattern, (match: string, end: string, offset: number, whole: string) => {
    let words = next;
    const first = match.charAt(0);
    const startsSentence = offset === 0 || /[.!?…]["'”’»)]*\s+$/u.test(whole.slice(0, offset));
    if (startsSentence && /^\p{Ll}+(?![\p{L}\p{N}])/u.test(words)) words = words.charAt(0).toUpperCase() + words.slice(1);
    else if (first !== first.toUpperCase() && /^\p{Lu}/u.test(said) && /^\p{Lu}\p{Ll}/u.test(words)) words = words.charAt(0).toLowerCase() + words.slice(1);
    return END_MARK.test(words) ? words : `${words}${end}`;
  });
  return result === narration ? undefined : result;
}

/** Replaces `find` with `replace` in every on-screen text of the settings; the new settings and how many were replaced. */
export function replaceInSettings(settings: Record<string, unknown>, find: RegExp, replace: string): { settings: Record<string, unknown>; count: number } {
  let count = 0;
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') {
      return value.replace(find, () => {
        count += 1;
        return replace;
      });
    }
    if (Array.isArray(value)) return value.map(walk);
    if (typeof value === 'object' && value !== null) {
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, NOT_TEXT.has(key) ? inner : walk(inner)]));
    }
    return value;
  };
  const next = walk(settings) as Record<string, unknown>;
  return { settings: next, count };
}

/** The kind, title and settings of an added scene, built the way the planner builds its scenes. */
export function sceneFromContent(content: NewSceneContent): { kind: SceneKind; title: string; settings: Record<string, unknown> } {
  switch (content.kind) {
    case 'title':
      return { kind: 'title', title: content.title, settings: { title: content.title, ...(content.subtitle ? { subtitle: content.subtitle } : {}) } };
    case 'kinetic':
      return { kind: 'kinetic', title: content.text, settings: { text: content.text, ...(content.emphasis ? { emphasis: content.emphasis } : {}) } };
    case 'bullets':
      return { kind: 'bullets', title: content.heading, settings: { heading: content.heading, items: content.items } };
    case 'steps':
      return { kind: 'steps', title: content.heading, settings: { heading: content.heading, steps: content.steps } };
    case 'quote':
      return { kind: 'quote', title: content.quote.slice(0, 60), settings: { quote: content.quote, ...(content.author ? { author: content.author } : {}) } };
    case 'icons':
      return { kind: 'icons', title: content.title, settings: { title: content.title, items: content.items.map((label) => ({ icon: 'auto', label })) } };
    case 'cta':
      return { kind: 'cta', title: content.message, settings: { message: content.message, ...(content.action ? { action: content.action } : {}) } };
  }
}
