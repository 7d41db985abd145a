import type { StillSetting } from './stills-config.js';

/** What is asked of the image model for one still: a size or an aspect ratio, and the extras it takes. */
export interface StillModelOptions {
  size?: `${number}x${number}`;
  aspectRatio?: `${number}:${number}`;
  /** Whether the model takes the request's seed. */
  seed: boolean;
  /** Whether the model takes reference images (an edit or a multimodal prompt). */
  references: boolean;
}

// What each model makes (OpenAI's image API reference); any other size is refused by the API.
const DALL_E_3_SIZES = [[1024, 1024], [1792, 1024], [1024, 1792]] as const;
const GPT_IMAGE_SIZES = [[1024, 1024], [1536, 1024], [1024, 1536]] as const;
const DALL_E_2_SIDES = [256, 512, 1024] as const;
// Imagen through the Gemini API, and Gemini image models ("nano banana").
const IMAGEN_RATIOS = ['1:1', '3:4', '4:3', '9:16', '16:9'] as const;
const GEMINI_RATIOS = ['1:1', '2:3', '3:2', '3:4', '4:3', '4:5', '5:4', '9:16', '16:9', '21:9'] as const;

/**
 * How a still of `width` x `height` is asked of the setting's model: the size or aspect ratio of
 * the model's own closest to the wanted shape (the answer is cover-cropped to the exact size
 * afterwards), and whether the model takes a seed and reference images.
 * - `openai`: gpt-image-* (1024², 1536x1024, 1024x1536; takes references through the edits
 *   endpoint), dall-e-3 (1024², 1792x1024, 1024x1792), dall-e-2 (the smallest square covering the
 *   still); no seed.
 * - `google`: Imagen (aspect ratio, no seed, no references), Gemini image models (aspect ratio,
 *   seed, references).
 * - `openai-compatible`: the wanted size rounded up to multiples of 64 (what diffusion servers
 *   take), the seed as a body field; no references (not every server has `/images/edits`).
 */
export function stillModelOptions(setting: StillSetting, width: number, height: number): StillModelOptions {
  const { provider, model } = setting;
  if (provider === 'openai') {
    if (model === 'dall-e-2') {
      const side = DALL_E_2_SIDES.find((candidate) => candidate >= Math.max(width, height)) ?? 1024;
      return { size: `${side}x${side}`, seed: false, references: false };
    }
    const sizes = model === 'dall-e-3' ? DALL_E_3_SIZES : GPT_IMAGE_SIZES;
    const [w, h] = closestShape(sizes.map(([w, h]) => [w, h] as const), width / height);
    return { size: `${w}x${h}`, seed: false, references: model.startsWith('gpt-image-') || model.startsWith('chatgpt-image-') };
  }
  if (provider === 'google') {
    const gemini = model.startsWith('gemini-');
    const ratios = gemini ? GEMINI_RATIOS : IMAGEN_RATIOS;
    const [w, h] = closestShape(ratios.map((ratio) => ratio.split(':').map(Number) as [number, number]), width / height);
    return { aspectRatio: `${w}:${h}`, seed: gemini, references: gemini };
  }
  return { size: `${roundUp(width, 64)}x${roundUp(height, 64)}`, seed: true, references: false };
}

/** The shape whose aspect ratio is closest to `ratio` (compared on a log scale, so 2:1 and 1:2 are as far from 1:1). */
function closestShape(shapes: readonly (readonly [number, number])[], ratio: number): readonly [number, number] {
  let best = shapes[0]!;
  for (const shape of shapes) {
    if (Math.abs(Math.log(shape[0] / shape[1] / ratio)) < Math.abs(Math.log(best[0] / best[1] / ratio))) best = shape;
  }
  return best;
}

function roundUp(value: number, step: number): number {
  return Math.ceil(value / step) * step;
}
