import { findModel } from '../../catalog/models.js';
import type { EditResult } from './apply-edit-operations.js';
import { EditError } from './edit-errors.js';
import type { EditScene, EditSource } from './edit-source.js';
import type { PreparedEditImages } from './edit-images.js';
import { addedImageScene } from './image-scenes.js';
import { namedAttachedImages } from './image-grammar-rules.js';

/** Asset names a value refers to, at any depth. */
function namesIn(value: unknown, names: Set<string>, out = new Set<string>()): Set<string> {
  if (typeof value === 'string') {
    if (names.has(value)) out.add(value);
  } else if (Array.isArray(value)) {
    for (const item of value) namesIn(item, names, out);
  } else if (value && typeof value === 'object') {
    for (const item of Object.values(value)) namesIn(item, names, out);
  }
  return out;
}

const shift = (index: number, at: number) => (index >= at ? index + 1 : index);

/** The result with `scene` inserted at new index `at`: every index-keyed record moves with its scene. */
function insertScene(result: EditResult, at: number, scene: EditScene): EditResult {
  const scenes = [...result.scenes];
  scenes.splice(at, 0, scene);
  const origins = [...result.origins];
  origins.splice(at, 0, undefined);
  return {
    ...result,
    scenes: scenes.map((item, position) => ({ ...item, position })),
    origins,
    regenerate: new Set([...[...result.regenerate].map((index) => shift(index, at)), at]),
    renarrate: new Set([...result.renarrate].map((index) => shift(index, at))),
    reused: new Map([...result.reused].map(([index, from]) => [shift(index, at), from])),
    instructions: new Map([...result.instructions].map(([index, text]) => [shift(index, at), text])),
    retimed: true,
    remixAudio: true,
  };
}

/**
 * Applies an edit's images to an edit (after its operations and links):
 * - `style`: the image's palette becomes the primary, secondary and accent colours, so every scene
 *   is redrawn (as any colour change); `changes` says "colours taken from images[i]: #…, #…, #…".
 * - `import`: an image no operation placed becomes a new 4 s image scene (a film shot's still in an
 *   ai_video "full" video) at the end, before a closing call-to-action scene.
 * - `reference`: used where an operation placed it; read by the grammar, one the instruction names
 *   and does not place is added as an import would be; otherwise it is kept as an asset only.
 * Throws {@link EditError} when the video would pass its model's length, or when the edit changes
 * nothing (a reference image that was not used says so, and how to place it).
 */
export function applyEditImages(source: EditSource, edited: EditResult, prepared: Pick<PreparedEditImages, 'attached' | 'palettes'>, reading: { instruction: string; byModel: boolean }): EditResult {
  const { attached, palettes } = prepared;
  let result: EditResult = { ...edited, options: { ...edited.options, colors: { ...edited.options.colors } }, changes: [...edited.changes] };
  const styles = attached.filter((image) => image.role === 'style');
  if (styles.length > 1) throw new EditError('images', `${styles.map((image) => `images[${image.index}]`).join(' and ')} both have role "style"; the colours come from one image, so send one`);
  for (const image of styles) {
    const palette = palettes.get(image.index)!;
    result.options.colors = { ...result.options.colors, primary: palette.primary, secondary: palette.secondary, accent: palette.accent };
    result = { ...result, regenerate: new Set(result.scenes.map((_scene, index) => index)), reused: new Map() };
    result.changes.push(`colours taken from images[${image.index}]: ${palette.primary}, ${palette.secondary}, ${palette.accent}`);
  }

  const names = new Set(attached.map((image) => image.name));
  const placed = namesIn(result.scenes.map((scene) => scene.settings), names);
  const named = reading.byModel ? new Set<string>() : namedAttachedImages(reading.instruction, attached);
  const unused: number[] = [];
  for (const image of attached) {
    if (image.role === 'style' || placed.has(image.name)) continue;
    if (image.role === 'reference' && !named.has(image.name)) {
      unused.push(image.index);
      continue;
    }
    const last = result.scenes[result.scenes.length - 1];
    const at = last && last.kind === 'cta' && result.scenes.length > 1 ? result.scenes.length - 1 : result.scenes.length;
    result = insertScene(result, at, addedImageScene(image, source.footageStills ?? false));
    result.changes.push(`a new scene ${at + 1} shows images[${image.index}]${image.context ? ` (${image.context})` : ''}`);
  }
  const total = result.scenes.reduce((sum, scene) => sum + scene.durationSeconds, 0);
  const maxTotal = findModel(source.options.model)?.maxDurationSeconds ?? 120;
  if (total > maxTotal + 1e-6) {
    throw new EditError('images', `with the images' new scenes the video would last ${total.toFixed(1)} s; ${source.options.model} allows at most ${maxTotal} s (place the images in existing scenes, "use image 1 in scene 2", or remove a scene)`);
  }
  if (result.changes.length === 0) {
    const which = unused.map((index) => `images[${index}]`).join(', ');
    throw new EditError(
      'prompt',
      unused.length > 0
        ? `the edit changes nothing: the reference image ${which} was not used (${reading.byModel ? 'the model did not place it' : 'without a language model, a reference image is used only where the instruction names it'}); say where it goes ("use image ${unused[0]! + 1} in scene 2"), or send it with role "import" to add it as a new scene`
        : 'the edit changes nothing: the video already is that way',
    );
  }
  return result;
}
