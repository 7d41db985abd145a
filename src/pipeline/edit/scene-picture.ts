import { visualSvg } from '../../catalog/visuals/index.js';
import { heroPictureFor, iconFor, pictureFor, resolvePicture } from '../materials/scene-pictures.js';
import type { EditScene } from './edit-source.js';

/** Kinds whose scene shows one library picture of its own (`settings.picture`) beside its words. */
const MAIN_PICTURE_KINDS = new Set(['title', 'kinetic', 'bullets', 'steps', 'checklist', 'stat', 'pictogram', 'cta', 'timeline', 'quote', 'comparison']);
/** Kinds whose picture is one of the job's own images or a filmed clip: a library picture cannot take its place. */
const OWN_IMAGE_KINDS = new Set(['image', 'image-split', 'image-grid', 'lower-third', 'logo']);

// Words around the thing a picture shows ("a picture of a lighthouse", "einen Leuchtturm", "une image de phare").
const ARTICLE = /^(?:a|an|the|some|one|another|ein|eine|einen|einem|einer|eines|das|die|der|den|dem|un|une|des|le|la|les|l['’]|du|de|d['’]|una|unos|unas|el|los|las)\s*/iu;
const NOUN = '(?:picture|image|photo|photograph|pic|illustration|icon|drawing|graphic|emoji|bild|foto|abbildung|grafik|symbol|zeichnung|dessin|ic[oô]ne|pictogramme|imagen|fotograf[ií]a|ilustraci[oó]n|[ií]cono|dibujo)';
const NOUN_OF = new RegExp(`^${NOUN}\\s+(?:of|showing|with|von|eines|einer|mit|de|d['’]|du|des|del|con)\\s*`, 'iu');
const NOUN_AFTER = new RegExp(`(?:[\\s-]+${NOUN}|[\\s-]+one)$`, 'iu');

/**
 * The words of what a picture shows, without articles and picture nouns: "a picture of a
 * lighthouse" → "lighthouse", "a honey jar" → "honey jar", "the seal picture" → "seal",
 * "eine Abbildung eines Leuchtturms" → "Leuchtturms", "une image de phare" → "phare".
 */
export function pictureWords(text: string): string {
  let words = text.trim().replace(/^["'“‘«„]+|["'”’»“]+$/gu, '').trim();
  for (let previous = ''; previous !== words; ) {
    previous = words;
    // A German compound names its picture last: "Leuchtturmbild", "Robbenfoto".
    words = words.replace(ARTICLE, '').replace(NOUN_OF, '').replace(NOUN_AFTER, '').replace(/(?<=\p{L}{3})(?:bild|foto)$/iu, '').trim();
  }
  return words;
}

/** Languages the words of an edit may be in, most likely first: the video's, English, then the grammar's others. */
const languagesFor = (language: string) => [...new Set([language, 'en', 'de', 'fr', 'es'])];

/**
 * The library picture words name (`fluent-emoji-flat:honey-pot`, `lucide:lighthouse`), searched as
 * scenes find theirs: a library id as it is; else a colour illustration, in the video's language,
 * English, then German, French and Spanish; else a line icon. Undefined when nothing fits well.
 */
export function libraryPictureFor(text: string, language: string): string | undefined {
  const words = pictureWords(text);
  if (!words) return undefined;
  if (/^[a-z0-9-]+:[a-z0-9-]+$/.test(words)) return visualSvg(words) ? words : undefined;
  const [first, ...others] = languagesFor(language);
  const found = resolvePicture(words, first!) ?? others.map((tongue) => pictureFor(words, tongue) ?? heroPictureFor(words, tongue)).find(Boolean);
  return found ?? languagesFor(language).map((tongue) => iconFor(words, tongue)).find(Boolean);
}

/** What a library picture shows, in words: `fluent-emoji-flat:honey-pot` → "honey pot". */
export function pictureName(id: string): string {
  return (id.split(':')[1] ?? id).replace(/-/g, ' ');
}

/** One picture a scene shows: where in its settings, and which. */
interface PictureSlot {
  path: (string | number)[];
  id: string;
}

/** Every library picture a scene's settings name: `picture` keys anywhere, and a film shot's `pictures`. */
export function picturesOf(settings: Record<string, unknown>): PictureSlot[] {
  const slots: PictureSlot[] = [];
  const walk = (value: unknown, path: (string | number)[]): void => {
    if (Array.isArray(value)) value.forEach((item, index) => walk(item, [...path, index]));
    else if (typeof value === 'object' && value !== null) {
      for (const [key, inner] of Object.entries(value)) {
        if (key === 'picture' && typeof inner === 'string' && inner.includes(':')) slots.push({ path: [...path, key], id: inner });
        else if (key === 'pictures' && Array.isArray(inner)) inner.forEach((id, index) => typeof id === 'string' && slots.push({ path: [...path, key, index], id }));
        else walk(inner, [...path, key]);
      }
    }
  };
  walk(settings, []);
  return slots;
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Whether a picture is the one words describe ("seal", "the bee" for a honeybee): the same library picture, or its name holds the words. */
function describes(slot: PictureSlot, words: string, language: string): boolean {
  const name = fold(pictureName(slot.id));
  const wanted = fold(pictureWords(words));
  if (wanted && (name.includes(wanted) || wanted.split(/\s+/u).every((word) => word.length >= 3 && name.includes(word.replace(/s$/u, ''))))) return true;
  return libraryPictureFor(words, language) === slot.id;
}

/** A copy of settings with the value at a key path set (the objects on the way exist). */
export function settingAt(settings: Record<string, unknown>, path: readonly (string | number)[], value: unknown): Record<string, unknown> {
  const copy = structuredClone(settings);
  let parent: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  parent[path[path.length - 1]!] = value;
  return copy;
}

/** The pictures a scene shows, in words: "a seal, a honeybee". */
const listing = (slots: PictureSlot[]) => slots.map((slot) => `a ${pictureName(slot.id)}`).join(', ');

/**
 * A scene's settings with one library picture set: the one `replaces` describes ("the seal"), else
 * the scene's own picture (added where its kind shows one), else a drawn film shot's pictures. A
 * problem in the user's terms when the scene shows no such picture, shows several and the words
 * do not say which, or shows one of the job's own images. `asked` is the user's words for the new
 * picture, for the phrasing a problem suggests.
 */
export function withPicture(
  scene: Pick<EditScene, 'kind' | 'settings'>,
  number: number,
  id: string,
  options: { asked: string; replaces?: string; language: string; otherScenes: { number: number; settings: Record<string, unknown> }[] },
): Record<string, unknown> | string {
  const slots = picturesOf(scene.settings);
  const { replaces, language, asked } = options;
  if (replaces !== undefined) {
    const named = slots.filter((slot) => describes(slot, replaces, language));
    if (named.length > 0) return named.reduce((settings, slot) => settingAt(settings, slot.path, id), scene.settings);
    const old = pictureWords(replaces);
    const elsewhere = options.otherScenes.filter((other) => picturesOf(other.settings).some((slot) => describes(slot, replaces, language))).map((other) => other.number);
    // Words the library does not know may still mean the one picture the scene shows ("the Robben picture").
    if (slots.length === 1 && elsewhere.length === 0 && libraryPictureFor(replaces, language) === undefined) return settingAt(scene.settings, slots[0]!.path, id);
    const shows = slots.length > 0 ? `it shows ${listing(slots)}` : 'it shows no library picture';
    const instead = elsewhere.length > 0 ? `the ${old} is in scene ${elsewhere.join(' and scene ')}: say "replace the ${old} picture in scene ${elsewhere[0]} with ${asked}"` : `say "replace the picture in scene ${number} with ${asked}"`;
    return `scene ${number} shows no ${old} picture (${shows}); ${instead}`;
  }
  if (OWN_IMAGE_KINDS.has(scene.kind) || (scene.kind === 'footage' && (typeof scene.settings.image === 'string' || typeof scene.settings.clip === 'string'))) {
    return `scene ${number} shows one of the video's own images or clips, not a library picture; to show another image there, send it in the edit's images[] and say "use the new image in scene ${number}"`;
  }
  if (typeof scene.settings.picture === 'string' || MAIN_PICTURE_KINDS.has(scene.kind)) return { ...structuredClone(scene.settings), picture: id };
  if (scene.kind === 'footage') return { ...structuredClone(scene.settings), pictures: [id] };
  if (slots.length === 1) return settingAt(scene.settings, slots[0]!.path, id);
  if (slots.length > 1) return `scene ${number} shows ${slots.length} pictures (${listing(slots)}); say which to change: "replace the ${pictureName(slots[0]!.id)} picture in scene ${number} with ${asked}"`;
  return `scene ${number} has no place for a picture; pictures go on title, headline, list, figure, timeline, comparison, quote and closing scenes, on drawn film shots, and on the parts of grids and diagrams that show one`;
}
