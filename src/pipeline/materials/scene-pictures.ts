import { visualSvg } from '../../catalog/visuals/index.js';
import { heroPictureFor, pictureFor } from './picture-search.js';

export { heroPictureFor, pictureFor, PICTURE_MIN_SCORE } from './picture-search.js';

/** A scene's kind and settings, as the plan holds them. */
interface PlannedScene {
  kind: string;
  settings: Record<string, unknown>;
}

/**
 * The plan's title cards and kinetic headlines with a hero picture of their headline, its lists with a picture of their topic (shown where the canvas gives a list a visual), and its icon grids with a picture from the visual library on each card (`items[i].picture`,
 * a library id), searched by the card's label in the request's language. A grid gets pictures only
 * when every card finds one that fits: one set of colour illustrations, or the kit's line icons
 * throughout, never a mix and never a placeholder. Cards with a named icon keep it.
 */
export function withScenePictures<T extends PlannedScene>(scenes: T[], language: string): T[] {
  return scenes.map((scene) => {
    const headline = scene.kind === 'title' ? scene.settings.title : scene.kind === 'kinetic' ? scene.settings.text : undefined;
    if (typeof headline === 'string' && scene.settings.picture === undefined) {
      const picture = heroPictureFor(headline, language);
      return picture ? { ...scene, settings: { ...scene.settings, picture } } : scene;
    }
    if ((scene.kind === 'bullets' || scene.kind === 'steps') && scene.settings.picture === undefined) {
      // The list's visual stands for its topic: the heading's words first, else its points'.
      const points = [...(Array.isArray(scene.settings.items) ? scene.settings.items : []), ...(Array.isArray(scene.settings.steps) ? scene.settings.steps : [])].filter((item): item is string => typeof item === 'string');
      const heading = typeof scene.settings.heading === 'string' ? scene.settings.heading : '';
      const picture = heroPictureFor(heading, language) ?? heroPictureFor(points.join('. '), language, { headsOnly: true });
      return picture ? { ...scene, settings: { ...scene.settings, picture } } : scene;
    }
    if (scene.kind !== 'icons' || !Array.isArray(scene.settings.items)) return scene;
    const items = scene.settings.items as Record<string, unknown>[];
    if (items.length === 0 || items.some((item) => typeof item?.label !== 'string' || (item.icon !== undefined && item.icon !== 'auto'))) return scene;
    const pictures = items.map((item) => pictureFor(String(item.label), language));
    if (pictures.some((picture) => picture === undefined)) return scene;
    return { ...scene, settings: { ...scene.settings, items: items.map((item, i) => ({ ...item, picture: pictures[i] })) } };
  });
}

/** The library pictures a scene's settings name (`picture` values), as SVG data URLs by id. */
export function scenePictureUrls(settings: unknown, out: Record<string, string> = {}): Record<string, string> {
  if (Array.isArray(settings)) {
    for (const item of settings) scenePictureUrls(item, out);
  } else if (settings && typeof settings === 'object') {
    for (const [key, value] of Object.entries(settings)) {
      if (key === 'picture' && typeof value === 'string' && !(value in out)) {
        const svg = visualSvg(value);
        if (svg) out[value] = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
      } else {
        scenePictureUrls(value, out);
      }
    }
  }
  return out;
}
