import type { StoryPlan } from '../../src/pipeline/providers/provider-types.js';

/** Settings that are not words on screen: asset names, kinds, figures, layout switches, data citations. */
const NOT_TEXT = new Set(['image', 'images', 'logo', 'mode', 'chart', 'icon', 'source', 'sourceRef', 'unit', 'valueLabel', 'value', 'prefix', 'suffix', 'decimals', 'values', 'shape', 'regions']);

/** The texts a planned scene shows: every string of its settings that is words on screen. */
export function sceneTexts(scene: Pick<StoryPlan['scenes'][number], 'settings'>): string[] {
  const texts: string[] = [];
  const walk = (value: unknown, key?: string) => {
    if (key && NOT_TEXT.has(key)) return;
    if (typeof value === 'string') texts.push(value);
    else if (Array.isArray(value)) value.forEach((item) => walk(item));
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, k);
  };
  walk(scene.settings);
  return texts;
}
