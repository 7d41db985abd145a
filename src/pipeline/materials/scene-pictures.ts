import { visualSvg } from '../../catalog/visuals/index.js';
import { topicOf } from '../../catalog/visuals/topic-words.js';
import { resolveVisualLanguage } from '../../catalog/visuals/visual-text.js';
import { readSenses } from '../../catalog/visuals/word-senses.js';
import { heroPictureFor, iconFor, pictureFor } from './picture-search.js';

export { heroPictureFor, iconFor, ICON_MIN_SCORE, pictureFor, PICTURE_MIN_SCORE } from './picture-search.js';

/** A scene's kind and settings, as the plan holds them. */
interface PlannedScene {
  kind: string;
  settings: Record<string, unknown>;
}

type Settings = Record<string, unknown>;

const isRecord = (value: unknown): value is Settings => typeof value === 'object' && value !== null && !Array.isArray(value);
const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * What a part's or scene's `picture` holds when a language model was shown the search's candidates
 * for its phrase and chose none of them (src/pipeline/materials/picture-choice.ts): nothing is
 * shown there and nothing is searched for it; the element shows its own mark (a step number).
 */
export const NO_PICTURE = 'none';

const declined = (value: unknown): boolean => value === NO_PICTURE;

/**
 * A `picture` as a plan gives it: a library id the installed sets hold, or words saying what it
 * shows ("a snowflake", written by a model in English or the video's language) searched in both;
 * undefined when nothing fits, so a wrong guess never reaches the screen. `context` (the line the
 * picture stands beside) reads an ambiguous word of the phrase by its sense: "seal" beside "Seal
 * the jar with wax" is no animal, and has no picture.
 */
export function resolvePicture(value: unknown, language: string, context = ''): string | undefined {
  const words = textOf(value).trim();
  if (!words || declined(words)) return undefined;
  if (/^[a-z0-9-]+:[a-z0-9-]+$/.test(words)) return visualSvg(words) ? words : undefined;
  // A phrase the topic table knows whole is that topic ("piggy bank": savings, no bank), unless it
  // is one ambiguous word its line decides. An ambiguous word its phrase or line reads in one sense
  // shows that sense, or nothing when the sense has no picture; one that nothing decides names the
  // picture it says (a plan's "fan" cools).
  const several = words.split(/[^\p{L}\p{N}]+/u).filter(Boolean).length > 1;
  for (const tongue of new Set(['en', language])) {
    const topic = topicOf(words, resolveVisualLanguage(tongue));
    const sense = readSenses(words, tongue, `${words} ${context}`);
    const decided = sense.pictures.length > 0 || sense.pictureless === true;
    if (topic && (several || !decided)) return topic.pictures[0] ? `fluent-emoji-flat:${topic.pictures[0]}` : undefined;
    if (sense.pictures[0]) return sense.pictures[0];
    if (sense.pictureless) return undefined;
  }
  // A model often names an illustration by its own name ("speech balloon", "check mark").
  const named = `fluent-emoji-flat:${words.toLowerCase().replace(/^(?:an?|the)\s+/, '').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}`;
  if (visualSvg(named)) return named;
  for (const tongue of new Set(['en', language])) {
    // Words that name a picture name its sense too: a plan's "fan" is the thing that cools.
    const found = heroPictureFor(words, tongue, { senses: false }) ?? pictureFor(words, tongue, { senses: false });
    if (found) return found;
  }
  return undefined;
}

/** The words a record of settings says itself (a node's label, a side's title, a scene's heading). */
function ownWords(record: Settings): string {
  return ['label', 'title', 'heading', 'text', 'message', 'quote', 'subtitle'].map((key) => textOf(record[key])).filter(Boolean).join('. ');
}

/**
 * Settings with every `picture` resolved against the library (an ambiguous phrase read beside its
 * part's words and the scene's), those that found nothing removed, and a model's `none` kept.
 */
function resolvedPictures(value: unknown, language: string, around = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => resolvedPictures(item, language, around));
  if (!isRecord(value)) return value;
  const context = [ownWords(value), around].filter(Boolean).join('. ');
  const out: Settings = {};
  for (const [key, inner] of Object.entries(value)) {
    if (key !== 'picture') out[key] = resolvedPictures(inner, language, context);
    else if (declined(inner)) out.picture = NO_PICTURE;
    else {
      const picture = resolvePicture(inner, language, context);
      if (picture) out.picture = picture;
    }
  }
  return out;
}

/** The parts of a scene that each show a picture of their own: grid cards, diagram nodes, figures, ranked places, the two sides of a change or a comparison. */
function pictureGroup(kind: string, settings: Settings): Settings[] | undefined {
  const records = (value: unknown) => (Array.isArray(value) ? value.filter(isRecord) : []);
  switch (kind) {
    case 'icons':
    case 'ranking':
      return records(settings.items);
    case 'flow':
      return records(settings.nodes);
    case 'hub':
      return [...(isRecord(settings.hub) ? [settings.hub] : []), ...records(settings.spokes)];
    case 'stat-grid':
      return records(settings.stats);
    case 'before-after':
      return [settings.before, settings.after].filter(isRecord);
    case 'comparison':
      return [settings.left, settings.right].filter(isRecord);
    case 'sequence':
      return records(settings.actors);
    case 'step-cards':
      return records(settings.steps);
    default:
      return undefined;
  }
}

/**
 * Pictures for each part of a group, from the words the plan gave it (resolved already) or its
 * label: colour illustrations when every part has one, else the library's line icons when every
 * part has one (of its picture words or its label), never a mix of the two. When neither covers
 * every part, the parts that found an illustration keep it and the others show the component's own
 * mark (a number, a disc), never a stand-in icon. Whether every part got a picture.
 */
function pictureParts(parts: Settings[], language: string, pictureWords: (string | undefined)[], around: string): boolean {
  // Icon grid cards with a named kit icon keep it.
  if (parts.length === 0 || parts.some((part) => part.icon !== undefined && part.icon !== 'auto')) return false;
  // A part's words: its label, or its title (a comparison's side).
  const labelOf = (part: Settings) => textOf(part.label) || textOf(part.title) || textOf(part.text);
  // An ambiguous label's sense is read from the other parts' labels and the video's title too.
  const context = [around, ...parts.map(labelOf)].join('. ');
  // A part whose picture a model declined gets none, of either kind.
  const illustrations = parts.map((part) => (declined(part.picture) ? undefined : textOf(part.picture) || pictureFor(labelOf(part), language, { context }) || heroPictureFor(labelOf(part), language, { context })));
  const icons = parts.map((part, index) => {
    if (declined(part.picture)) return undefined;
    const words = pictureWords[index];
    return (words ? iconFor(words, 'en', { senses: false }) : undefined) ?? iconFor(labelOf(part), language, { context });
  });
  const chosen = illustrations.every(Boolean) ? illustrations : icons.every(Boolean) ? icons : illustrations;
  for (const [index, part] of parts.entries()) {
    if (chosen[index]) part.picture = chosen[index];
    else delete part.picture;
  }
  return chosen.every(Boolean);
}

/** The picture words a plan gave each part of a group, before they were resolved (a model's "compressor"). */
function groupWords(kind: string, settings: Settings): (string | undefined)[] {
  return (pictureGroup(kind, settings) ?? []).map((part) => (typeof part.picture === 'string' && !part.picture.includes(':') ? part.picture : undefined));
}

/** The scene's own words its single picture is searched by, in order of preference. */
function sceneWords(kind: string, settings: Settings): { text: string; headsOnly?: boolean }[] {
  const list = (value: unknown) => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);
  switch (kind) {
    case 'title':
      return [{ text: textOf(settings.title) }, { text: textOf(settings.subtitle), headsOnly: true }];
    case 'kinetic':
      return [{ text: textOf(settings.text) }];
    case 'bullets':
    case 'steps':
    case 'checklist':
      // A list's picture stands for its topic: the heading's words first, else its points' heads.
      return [{ text: textOf(settings.heading) }, { text: [...list(settings.items), ...list(settings.steps)].join('. '), headsOnly: true }];
    case 'stat':
    case 'pictogram':
    case 'big-number':
      return [{ text: textOf(settings.label), headsOnly: true }];
    case 'labelled':
      return [{ text: textOf(settings.title) }];
    case 'cta':
      return [{ text: textOf(settings.message), headsOnly: true }];
    case 'timeline':
      return [{ text: textOf(settings.title) }];
    case 'quote':
      return [{ text: textOf(settings.quote), headsOnly: true }];
    default:
      return [];
  }
}

/** Kinds whose scene shows one picture beside its words when it has one. */
const PICTURED_KINDS = new Set(['title', 'kinetic', 'bullets', 'steps', 'checklist', 'stat', 'pictogram', 'cta', 'timeline', 'quote', 'labelled', 'big-number']);

/** Kinds whose words alone would fill the screen without a picture: they take the video's own picture when their words find none. */
const TOPIC_FALLBACK_KINDS = new Set(['title', 'kinetic', 'bullets', 'steps', 'checklist', 'stat', 'cta', 'quote']);

/**
 * The plan's scenes with pictures from the visual library (library ids in `picture` settings): the
 * plan's own picture words resolved (an unknown name is searched by meaning, then dropped); a
 * headline, list, figure or close without one gets the picture its own words find in the request's
 * language, else the picture of the video's subject (`title`), so a scene of words still shows what
 * the video is about; grids, diagrams, figure grids, rankings and before-and-after get a picture on
 * every part or on none. Nothing that fits means no picture: never a placeholder.
 */
export function withScenePictures<T extends PlannedScene>(scenes: T[], language: string, title = ''): T[] {
  const topicPicture = heroPictureFor(title, language);
  return scenes.map((scene) => {
    const words = groupWords(scene.kind, scene.settings);
    const settings = resolvedPictures(scene.settings, language, title) as Settings;
    const parts = pictureGroup(scene.kind, settings);
    const pictured = parts ? pictureParts(parts, language, words, [title, textOf(settings.title)].join('. ')) : false;
    // An icon grid whose cards do not all find a picture would show stand-in icons: its labels are a list.
    if (scene.kind === 'icons' && parts && parts.length > 0 && !pictured && parts.every((part) => part.icon === undefined || part.icon === 'auto')) {
      const heading = textOf(settings.title);
      return withScenePictures([{ ...scene, kind: 'bullets', settings: { heading, items: parts.map((part) => textOf(part.label)), ...(settings.kicker ? { kicker: settings.kicker } : {}) } }], language, title)[0]!;
    }
    if (declined(settings.picture)) delete settings.picture;
    else if (PICTURED_KINDS.has(scene.kind) && settings.picture === undefined) {
      const words = sceneWords(scene.kind, settings).filter((entry) => entry.text);
      // An ambiguous word's sense is read from the whole scene and the video's title: "Glass" in a
      // video on recycling is the material.
      const context = [title, ...words.map((entry) => entry.text)].join('. ');
      let picture: string | undefined;
      // The scene's own words: an illustration, else a line icon; else the video's subject.
      for (const entry of words) picture ??= heroPictureFor(entry.text, language, { headsOnly: entry.headsOnly, context });
      for (const entry of words.slice(0, 1)) picture ??= iconFor(entry.text, language, { context });
      picture ??= TOPIC_FALLBACK_KINDS.has(scene.kind) ? topicPicture : undefined;
      if (picture) settings.picture = picture;
    }
    if (scene.kind === 'footage' && settings.pictures === undefined && settings.image === undefined) {
      const pictures = shotPictures(settings, language, topicPicture, title);
      if (pictures.length > 0) settings.pictures = pictures;
    }
    return { ...scene, settings };
  });
}

/**
 * The pictures a drawn film shot is layered from (no video model filmed it and it has no still):
 * its caption's subject first, then what its description's sentences name, three at most, distinct;
 * the video's subject when they name nothing. Each subject gets its own scene, never one stock landscape.
 */
function shotPictures(settings: Settings, language: string, topicPicture: string | undefined, title: string): string[] {
  const found = new Set<string>();
  const context = [title, textOf(settings.caption), textOf(settings.description)].join('. ');
  const caption = heroPictureFor(textOf(settings.caption), language, { context });
  if (caption) found.add(caption);
  for (const sentence of textOf(settings.description).split(/(?<=[.!?])\s+/u)) {
    const picture = heroPictureFor(sentence, language, { context });
    if (picture) found.add(picture);
  }
  if (found.size === 0 && topicPicture) found.add(topicPicture);
  return [...found].slice(0, 3);
}

/** The library pictures a scene's settings name (`picture` values), as SVG data URLs by id, line icons drawn in `lineColor` (the theme's text colour). */
export function scenePictureUrls(settings: unknown, out: Record<string, string> = {}, lineColor?: string): Record<string, string> {
  if (Array.isArray(settings)) {
    for (const item of settings) scenePictureUrls(item, out, lineColor);
  } else if (settings && typeof settings === 'object') {
    for (const [key, value] of Object.entries(settings)) {
      const ids = key === 'picture' && typeof value === 'string' ? [value] : key === 'pictures' && Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : undefined;
      if (ids) {
        for (const id of ids) {
          const url = id in out ? undefined : pictureUrl(id, lineColor);
          if (url) out[id] = url;
        }
      } else {
        scenePictureUrls(value, out, lineColor);
      }
    }
  }
  return out;
}

/** The SVG data URL of a library picture; a line icon is drawn in `lineColor`. */
function pictureUrl(id: string, lineColor?: string): string | undefined {
  const svg = visualSvg(id, lineColor ? { color: lineColor } : {});
  return svg ? `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` : undefined;
}

/**
 * The pictures a scene's code names by words (`assets['picture:snowflake']`, how a scene-writing
 * model asks for an illustration the plan did not give), found in the library by meaning in English
 * or the video's language, as SVG data URLs by the name written. Names that find nothing are left
 * out, so the code's guard draws without them.
 */
export function codePictureUrls(code: string, language = 'en', lineColor?: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const match of code.matchAll(/["'`](picture:[^"'`\n]{1,60})["'`]/g)) {
    const name = match[1]!;
    if (name in out) continue;
    const id = resolvePicture(name.slice('picture:'.length), language);
    const url = id ? pictureUrl(id, lineColor) : undefined;
    if (url) out[name] = url;
  }
  return out;
}
