import type { AttachedEditImage, EditScene } from './edit-source.js';
import { mainTextKey } from './scene-text.js';

/** How long a scene added for an attached image lasts, in seconds. */
export const ADDED_IMAGE_SCENE_SECONDS = 4;

/** Settings of a film shot that is a clip, which a new still replaces. */
const CLIP_KEYS = new Set(['clip', 'clipSeconds', 'clipProvider', 'clipError']);

/**
 * A scene made to show an attached image in place of what it showed: an image scene (Ken Burns, the
 * scene's main text as its heading) or, in a video whose scenes are film shots, a shot whose still
 * is the image (its drawn camera moves; any clip it had is dropped). Title, role, length and
 * narration stay.
 */
export function sceneShowingImage(scene: EditScene, image: AttachedEditImage, footageStills: boolean): EditScene {
  const main = scene.settings[mainTextKey(scene)];
  const heading = typeof main === 'string' && main.trim() ? main.trim() : scene.title;
  if (scene.kind === 'footage' || footageStills) {
    const kept = Object.fromEntries(Object.entries(scene.settings).filter(([key]) => !CLIP_KEYS.has(key)));
    const description = typeof kept.description === 'string' && kept.description.trim() ? kept.description : [scene.title, image.context].filter(Boolean).join('. ');
    return { ...scene, kind: 'footage', settings: { ...kept, image: image.name, description, caption: typeof kept.caption === 'string' ? kept.caption : heading } };
  }
  return { ...scene, kind: 'image', settings: { image: image.name, mode: 'ken-burns', heading, ...(image.context ? { caption: image.context } : {}) } };
}

/** A new scene for an attached image the instruction did not place: the image with its context as heading. */
export function addedImageScene(image: AttachedEditImage, footageStills: boolean): EditScene {
  const title = image.context?.trim() || `Image ${image.index + 1}`;
  const settings: Record<string, unknown> = footageStills
    ? { image: image.name, description: title, ...(image.context ? { caption: image.context } : {}), move: 'push-in', seed: `${image.name}-${title}` }
    : { image: image.name, mode: 'ken-burns', ...(image.context ? { heading: image.context } : {}) };
  return { position: -1, role: 'body', kind: footageStills ? 'footage' : 'image', title, durationSeconds: ADDED_IMAGE_SCENE_SECONDS, settings, narration: '' };
}
