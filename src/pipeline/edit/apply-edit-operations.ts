import { canonicalFontFamily, unknownFontProblem } from '../../catalog/fonts.js';
import { findVoice, unknownVoiceProblem } from '../../catalog/find-voice.js';
import { findModel } from '../../catalog/models.js';
import { MIN_DURATION_SECONDS } from '../create/create-video-schema.js';
import { VIDEO_FPS } from '../create/resolve-video-options.js';
import { EMBEDDED_VOICES } from '../speech/embedded-voices.js';
import { isNarrationLanguage } from '../speech/languages.js';
import { expandHex } from '../theme/resolve-theme.js';
import { EditError } from './edit-errors.js';
import { describeOperation, parseEditOperations, textName, type EditOperation, type Placement } from './edit-operations.js';
import type { EditOptions, EditScene, EditSource } from './edit-source.js';
import { sceneShowingImage } from './image-scenes.js';
import { libraryPictureFor, pictureName, picturesOf, pictureWords, settingAt, withPicture } from './scene-picture.js';
import { mainTextKey, narrationWithText, replaceInSettings, sceneFromContent, setTextAt, textAt, titleFromText } from './scene-text.js';

/** The shortest a scene may be, in seconds. */
export const MIN_SCENE_SECONDS = 2;
/** Lead plus tail a narrated scene keeps around its speech (docs/voices.md, "Sound"). */
const NARRATION_MARGIN_SECONDS = 0.8;
/** How much shorter or longer "shorter"/"longer" makes a scene. @default 1.5 */
export const DEFAULT_RETIME_FACTOR = 1.5;

/** How much bigger or smaller "bigger"/"smaller" makes a scene's text. @default 1.25 */
export const DEFAULT_TEXT_FACTOR = 1.25;
/** The range of a scene's `textScale` setting (the kit draws text at that multiple of its designed size, within its box). */
export const TEXT_SCALE_RANGE = { min: 0.5, max: 2 } as const;

/**
 * Scene durations rescaled to `target` seconds: each scene keeps its share of the video, a scene
 * never goes under its floor (the others share what it cannot give), and every duration is a whole
 * number of frames summing to the target's. When the floors alone exceed the target, the shortest
 * total they allow instead.
 */
export function fitDurations(durations: readonly number[], floors: readonly number[], target: number): number[] | { shortest: number } {
  const toFrames = (seconds: number) => Math.round(seconds * VIDEO_FPS);
  const goal = toFrames(target);
  const minimum = floors.map((floor) => Math.ceil(floor * VIDEO_FPS - 1e-6));
  const least = minimum.reduce((sum, frames) => sum + frames, 0);
  if (least > goal) return { shortest: least / VIDEO_FPS };
  // Scenes whose share would fall under their floor are held at it; the rest share what is left, in proportion.
  const held = new Set<number>();
  let shares: number[] = [];
  for (;;) {
    const free = durations.map((_, i) => i).filter((i) => !held.has(i));
    const room = goal - [...held].reduce((sum, i) => sum + minimum[i]!, 0);
    const weight = free.reduce((sum, i) => sum + durations[i]!, 0);
    shares = durations.map((seconds, i) => (held.has(i) ? minimum[i]! : weight > 0 ? (room * seconds) / weight : room / free.length));
    const under = free.filter((i) => shares[i]! < minimum[i]!);
    if (under.length === 0) break;
    for (const i of under) held.add(i);
  }
  // Whole frames by largest remainder, never under a floor.
  const frames = shares.map((share, i) => Math.max(minimum[i]!, Math.floor(share)));
  let left = goal - frames.reduce((sum, value) => sum + value, 0);
  const order = shares.map((share, i) => ({ i, rest: share - Math.floor(share) })).sort((a, b) => b.rest - a.rest);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left -= 1) frames[order[k]!.i]! += 1;
  return frames.map((value) => value / VIDEO_FPS);
}

/** What applying needs beyond the source. */
export interface EditContext {
  /** Voices `set_voice` may name, by id or name. @default the embedded voices */
  voices?: readonly { id: string; name: string }[];
}

/** An edited video: its scenes and options, and what must be remade for them. */
export interface EditResult {
  /** The new scene list; `position` is the new 0-based position. */
  scenes: EditScene[];
  options: EditOptions;
  /** New indexes of scenes whose code or pixels must be redone (added, retexted, restyled, retimed, …). */
  regenerate: Set<number>;
  /** New indexes of scenes whose narration must be spoken again. */
  renarrate: Set<number>;
  /** Whether the soundtrack must be mixed again (timing, narration, music or effects changed). */
  remixAudio: boolean;
  /** Whether scene durations, order or count changed. */
  retimed: boolean;
  /** New index → source position, for scenes whose code and rendered segment carry over. */
  reused: Map<number, number>;
  /** New index → source position of every scene (undefined for an added one). */
  origins: (number | undefined)[];
  /** New index → what the user asked of a regenerated scene (`regenerate_scene.instruction`). */
  instructions: Map<number, string>;
  /** What changed, one line per operation that changed something. */
  changes: string[];
}

interface Entry {
  origin: number | undefined;
  scene: EditScene;
  regenerate: boolean;
  renarrate: boolean;
  instruction?: string;
}

const roundToFrame = (seconds: number) => Math.round(seconds * VIDEO_FPS) / VIDEO_FPS;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Applies edit operations, in order, to a copy of a finished video's scenes and options. Scene
 * numbers in operations always mean the source's scenes. Throws {@link EditError} (nothing changed)
 * when an operation cannot apply, a scene would be shorter than 2 s (or than its narration), the
 * total would leave the model's range, or the whole edit changes nothing.
 */
export function applyEditOperations(source: EditSource, operations: unknown, context: EditContext = {}): EditResult {
  const ops = parseEditOperations(operations);
  const sourceScenes = [...source.scenes].sort((a, b) => a.position - b.position);
  const model = findModel(source.options.model);
  const maxTotal = model?.maxDurationSeconds ?? 120;
  const voices = context.voices ?? EMBEDDED_VOICES;
  let entries: Entry[] = sourceScenes.map((scene) => ({ origin: scene.position, scene: structuredClone(scene), regenerate: false, renarrate: false }));
  const options: EditOptions = structuredClone(source.options);
  const changes: string[] = [];
  // Pictures this edit chose, by scene: a later retext keeps them (new words otherwise drop a scene's picture).
  const chosen = new Map<Entry, { path: (string | number)[]; id: string }[]>();
  const numberOf = (entry: Entry) => sourceScenes.findIndex((scene) => scene.position === entry.origin) + 1;

  const total = () => entries.reduce((sum, entry) => sum + entry.scene.durationSeconds, 0);
  const narrated = (entry: Entry) => options.narration && entry.scene.narration.trim() !== '';
  const minSeconds = (entry: Entry) =>
    Math.max(MIN_SCENE_SECONDS, options.narration && entry.scene.narrationSeconds !== undefined ? roundToFrame(entry.scene.narrationSeconds + NARRATION_MARGIN_SECONDS) : 0);

  ops.forEach((op, index) => {
    const field = `operations[${index}]`;
    const find = (number: number, key = 'scene'): number => {
      const scene = sourceScenes[number - 1];
      if (!scene) throw new EditError(`${field}.${key}`, `scene ${number} does not exist; the video has ${sourceScenes.length} scene${sourceScenes.length === 1 ? '' : 's'}`);
      const at = entries.findIndex((entry) => entry.origin === scene.position);
      if (at < 0) throw new EditError(`${field}.${key}`, `scene ${number} is removed earlier in this edit, so it cannot change too`);
      return at;
    };
    const placeAt = (placement: Placement, key: string): number => {
      if ('position' in placement) return placement.position === 'start' ? 0 : entries.length;
      return 'before' in placement ? find(placement.before, `${key}.before`) : find(placement.after, `${key}.after`) + 1;
    };
    const checkTotal = () => {
      const sum = total();
      if (sum > maxTotal + 1e-6) throw new EditError(field, `the video would last ${sum.toFixed(1)} s; ${source.options.model} allows at most ${maxTotal} s`);
      if (sum < MIN_DURATION_SECONDS - 1e-6) throw new EditError(field, `the video would last ${sum.toFixed(1)} s; a video lasts at least ${MIN_DURATION_SECONDS} s`);
    };
    const before = JSON.stringify({ entries: entries.map((entry) => [entry.origin, entry.scene]), options });
    // What the change line adds to the operation's own description.
    let note = '';

    switch (op.op) {
      case 'retext': {
        const entry = entries[find(op.scene)]!;
        const key = op.key ?? mainTextKey(entry.scene);
        const old = textAt(entry.scene.settings, key);
        const settings = setTextAt(entry.scene.settings, key, op.text);
        if (typeof settings === 'string') {
          throw new EditError(`${field}.key`, `scene ${op.scene} has no ${textName(key)} text to change; say "change the text of scene ${op.scene} to …" for its main text`);
        }
        entry.scene.settings = (chosen.get(entry) ?? []).reduce((kept, slot) => settingAt(kept, slot.path, slot.id), settings);
        if (key === mainTextKey(entry.scene)) entry.scene.title = titleFromText(entry.scene.kind, op.text);
        // Narration that said the old words says the new ones, and is spoken again.
        const narration = old === undefined ? undefined : narrationWithText(entry.scene.narration, old, op.text);
        if (narration !== undefined) {
          entry.scene.narration = narration;
          delete entry.scene.narrationSeconds;
          if (options.narration) entry.renarrate = true;
          note = `; the narration says it too: "${narration}"`;
        }
        break;
      }
      case 'replace_text': {
        const targets = op.scene !== undefined ? [entries[find(op.scene)]!] : entries;
        // Exact first; a user typing "acme" for "Acme" means it, so case is ignored only when exact finds nothing.
        const replaceIn = (flags: string) => {
          const pattern = new RegExp(escapeRegExp(op.find), flags);
          return targets.map((entry) => {
            const settings = replaceInSettings(entry.scene.settings, pattern, op.replace);
            const narration = entry.scene.narration.replace(pattern, () => op.replace);
            return { entry, settings, narration, title: entry.scene.title.replace(pattern, () => op.replace) };
          });
        };
        let results = replaceIn('g');
        const found = (list: typeof results) => list.some((r) => r.settings.count > 0 || r.narration !== r.entry.scene.narration);
        if (!found(results)) results = replaceIn('gi');
        if (!found(results)) {
          const where = op.scene !== undefined ? `scene ${op.scene}` : 'any scene';
          // Words about a picture ("the seal picture") mean a picture, which has its own phrasing.
          const picture = /\b(?:picture|image|photo|icon|illustration|drawing|emoji)s?\b/i.test(op.find);
          const instead = picture
            ? `to change a picture, say "replace the picture in ${op.scene !== undefined ? `scene ${op.scene}` : 'scene 2'} with ${op.replace || 'a honey jar'}"`
            : `replace words exactly as the video shows or says them, in quotes: "replace 'Acme' with 'Globex'"`;
          throw new EditError(`${field}.find`, `"${op.find}" is not in the text or narration of ${where}; ${instead}`);
        }
        for (const { entry, settings, narration, title } of results) {
          if (settings.count > 0) {
            entry.scene.settings = settings.settings;
            entry.scene.title = title;
          }
          if (narration !== entry.scene.narration) {
            entry.scene.narration = narration;
            delete entry.scene.narrationSeconds;
            if (options.narration) entry.renarrate = true;
          }
        }
        break;
      }
      case 'restyle': {
        if (!op.colors && !op.fonts) throw new EditError(field, 'the change names no color or font; say "change the color to teal" or "use the font Lora"');
        for (const [key, value] of Object.entries(op.colors ?? {})) {
          if (value) options.colors[key as keyof EditOptions['colors']] = expandHex(value);
        }
        for (const [key, value] of Object.entries(op.fonts ?? {})) {
          if (!value) continue;
          const family = canonicalFontFamily(value);
          if (!family) throw new EditError(`${field}.fonts.${key}`, unknownFontProblem(value)!);
          options.fonts[key as keyof EditOptions['fonts']] = family;
        }
        break;
      }
      case 'retime': {
        if ((op.seconds === undefined) === (op.change === undefined)) throw new EditError(field, `say how long scene ${op.scene} should last ("make scene ${op.scene} 5 seconds") or whether shorter or longer ("make scene ${op.scene} shorter")`);
        const entry = entries[find(op.scene)]!;
        const current = entry.scene.durationSeconds;
        const floor = minSeconds(entry);
        let seconds: number;
        if (op.seconds !== undefined) {
          seconds = roundToFrame(op.seconds);
          if (seconds < floor) {
            const why = floor > MIN_SCENE_SECONDS ? `its narration needs ${floor.toFixed(1)} s` : `a scene lasts at least ${MIN_SCENE_SECONDS} s`;
            throw new EditError(`${field}.seconds`, `scene ${op.scene} cannot last ${op.seconds} s: ${why}`);
          }
        } else {
          const factor = op.factor ?? DEFAULT_RETIME_FACTOR;
          const room = maxTotal - (total() - current);
          seconds = roundToFrame(op.change === 'shorter' ? Math.max(floor, current / factor) : Math.min(room, current * factor));
          if (op.change === 'shorter' ? seconds >= current : seconds <= current) {
            throw new EditError(
              `${field}.change`,
              op.change === 'shorter'
                ? `scene ${op.scene} is already as short as it can be (${current.toFixed(1)} s)`
                : `scene ${op.scene} cannot get longer: the video is at ${source.options.model}'s limit of ${maxTotal} s`,
            );
          }
        }
        if (seconds !== current) {
          entry.scene.durationSeconds = seconds;
          entry.regenerate = true;
        }
        checkTotal();
        break;
      }
      case 'recolor_text': {
        const targets = op.scene !== undefined ? [entries[find(op.scene)]!] : entries;
        // The kit's scene host lays `textColor` over the theme's text color (kept readable on the background).
        for (const entry of targets) entry.scene.settings = { ...entry.scene.settings, textColor: expandHex(op.color) };
        break;
      }
      case 'resize_text': {
        const targets = op.scene !== undefined ? [entries[find(op.scene)]!] : entries;
        const factor = op.factor ?? DEFAULT_TEXT_FACTOR;
        let changed = 0;
        for (const entry of targets) {
          const current = typeof entry.scene.settings.textScale === 'number' ? entry.scene.settings.textScale : 1;
          const next = Math.round(Math.min(TEXT_SCALE_RANGE.max, Math.max(TEXT_SCALE_RANGE.min, op.change === 'bigger' ? current * factor : current / factor)) * 100) / 100;
          if (next === current) continue;
          changed += 1;
          const { textScale: _old, ...rest } = entry.scene.settings;
          entry.scene.settings = next === 1 ? rest : { ...rest, textScale: next };
        }
        if (changed === 0) {
          const which = op.scene !== undefined ? `scene ${op.scene}'s text is` : 'the text of every scene is';
          throw new EditError(`${field}.change`, `${which} already as ${op.change === 'bigger' ? 'big' : 'small'} as it goes (${op.change === 'bigger' ? TEXT_SCALE_RANGE.max : TEXT_SCALE_RANGE.min}× its designed size)`);
        }
        break;
      }
      case 'set_length': {
        const target = roundToFrame(op.seconds);
        if (target < MIN_DURATION_SECONDS) throw new EditError(`${field}.seconds`, `a video lasts at least ${MIN_DURATION_SECONDS} s; ${op.seconds} s is too short`);
        if (target > maxTotal) throw new EditError(`${field}.seconds`, `${source.options.model} makes videos of at most ${maxTotal} s; ${op.seconds} s is too long`);
        const fitted = fitDurations(
          entries.map((entry) => entry.scene.durationSeconds),
          entries.map(minSeconds),
          target,
        );
        if (!Array.isArray(fitted)) {
          throw new EditError(
            `${field}.seconds`,
            `the video cannot be as short as ${op.seconds} s: its ${entries.length} scenes need at least ${fitted.shortest.toFixed(1)} s (${MIN_SCENE_SECONDS} s each, or their narration)`,
          );
        }
        entries.forEach((entry, i) => {
          if (fitted[i] === entry.scene.durationSeconds) return;
          entry.scene.durationSeconds = fitted[i]!;
          entry.regenerate = true;
        });
        checkTotal();
        break;
      }
      case 'reorder': {
        if (('before' in op.to && op.to.before === op.scene) || ('after' in op.to && op.to.after === op.scene)) {
          throw new EditError(`${field}.to`, `scene ${op.scene} cannot move next to itself`);
        }
        const from = find(op.scene);
        const target = placeAt(op.to, 'to');
        const [entry] = entries.splice(from, 1);
        entries.splice(target > from ? target - 1 : target, 0, entry!);
        break;
      }
      case 'swap': {
        const [a, b] = [find(op.scenes[0], 'scenes[0]'), find(op.scenes[1], 'scenes[1]')];
        if (a === b) throw new EditError(`${field}.scenes`, 'name two different scenes');
        [entries[a], entries[b]] = [entries[b]!, entries[a]!];
        break;
      }
      case 'remove_scene': {
        const at = find(op.scene);
        if (entries.length === 1) throw new EditError(`${field}.scene`, 'the last remaining scene cannot be removed');
        entries.splice(at, 1);
        checkTotal();
        break;
      }
      case 'add_scene': {
        const at = placeAt(op.at, 'at');
        const made = sceneFromContent(op.content);
        const narration = (op.narration ?? '').trim();
        const words = narration ? narration.split(/\s+/).length : 0;
        const seconds = roundToFrame(op.seconds ?? Math.max(4, words / 2.5 + NARRATION_MARGIN_SECONDS));
        if (seconds < MIN_SCENE_SECONDS) throw new EditError(`${field}.seconds`, `a scene lasts at least ${MIN_SCENE_SECONDS} s`);
        const entry: Entry = {
          origin: undefined,
          scene: { position: -1, role: 'body', ...made, durationSeconds: seconds, narration },
          regenerate: true,
          renarrate: false,
        };
        entry.renarrate = narrated(entry);
        entries.splice(at, 0, entry);
        checkTotal();
        break;
      }
      case 'swap_image': {
        const entry = entries[find(op.scene)]!;
        const attached = typeof op.image === 'string' ? source.attached?.find((image) => image.name === op.image && image.role !== 'style') : undefined;
        const name = typeof op.image === 'number' ? options.images[op.image] : options.images.includes(op.image) || attached ? op.image : undefined;
        if (!name) {
          const known = [...options.images.filter(Boolean), ...(source.attached ?? []).filter((image) => image.role !== 'style').map((image) => image.name)];
          throw new EditError(`${field}.image`, `the job has no image ${typeof op.image === 'number' ? `images[${op.image}]` : `"${op.image}"`}; ${known.length ? `its images are ${known.join(', ')}` : 'it has no attached images'}`);
        }
        const slot = op.slot ?? 0;
        const settings = entry.scene.settings;
        if (attached && slot === 0 && (entry.scene.kind === 'footage' || (typeof settings.image !== 'string' && !Array.isArray(settings.images)))) entry.scene = sceneShowingImage(entry.scene, attached, source.footageStills ?? false);
        else if (typeof settings.image === 'string' && slot === 0) settings.image = name;
        else if (Array.isArray(settings.images) && slot < settings.images.length) settings.images = settings.images.map((item, i) => (i === slot ? name : item));
        else throw new EditError(`${field}.scene`, `scene ${op.scene} (${entry.scene.kind}) shows no image${slot > 0 ? ` at slot ${slot}` : ''}`);
        break;
      }
      case 'set_picture': {
        const entry = entries[find(op.scene)]!;
        const asked = pictureWords(op.picture) || op.picture;
        const id = libraryPictureFor(op.picture, options.language);
        if (!id) {
          throw new EditError(
            `${field}.picture`,
            `the picture library has no picture of "${asked}"; name the thing in other words (a single common noun finds the most: "jar", "bee", "tower"), or send your own image in the edit's images[] and say "use the new image in scene ${op.scene}"`,
          );
        }
        const others = entries.filter((other) => other !== entry && other.origin !== undefined).map((other) => ({ number: numberOf(other), settings: other.scene.settings }));
        const settings = withPicture(entry.scene, op.scene, id, { asked, ...(op.replaces ? { replaces: op.replaces } : {}), language: options.language, otherScenes: others });
        if (typeof settings === 'string') throw new EditError(`${field}.${op.replaces ? 'replaces' : 'scene'}`, settings);
        const was = new Map(picturesOf(entry.scene.settings).map((slot) => [slot.path.join('.'), slot.id]));
        const set = picturesOf(settings).filter((slot) => slot.id === id && was.get(slot.path.join('.')) !== id);
        chosen.set(entry, [...(chosen.get(entry) ?? []).filter((slot) => !set.some((other) => other.path.join('.') === slot.path.join('.'))), ...set]);
        entry.scene.settings = settings;
        note = ` (the library's ${pictureName(id)}${id.startsWith('lucide:') ? ', a line icon' : ''})`;
        break;
      }
      case 'set_voice': {
        const voice = findVoice(op.voice, voices);
        if (!voice) throw new EditError(`${field}.voice`, unknownVoiceProblem(op.voice, voices));
        options.voice = voice.id;
        break;
      }
      case 'set_language': {
        const code = op.language.trim().toLowerCase();
        if (!isNarrationLanguage(code)) throw new EditError(`${field}.language`, `unknown language "${op.language}"; use a supported code without a region tag (for example "de")`);
        options.language = code;
        break;
      }
      case 'set_music':
        if (!op.music && op.mood) throw new EditError(`${field}.mood`, 'a mood needs music on');
        options.music = op.music;
        if (op.mood) options.musicMood = op.mood;
        break;
      case 'set_sfx':
        options.sfx = op.sfx;
        break;
      case 'set_narration': {
        if (op.text !== undefined) {
          if (op.scene === undefined) throw new EditError(`${field}.scene`, `say which scene the new narration is for: "change the narration of scene 2 to \"${op.text}\""`);
          const entry = entries[find(op.scene)]!;
          entry.scene.narration = op.text.trim();
          delete entry.scene.narrationSeconds;
          if (op.narration !== undefined) options.narration = op.narration;
        } else if (op.narration !== undefined) {
          options.narration = op.narration;
        } else {
          throw new EditError(field, 'say "no narration", "add narration", or "change the narration of scene 2 to …"');
        }
        break;
      }
      case 'regenerate_scene': {
        const entry = entries[find(op.scene)]!;
        entry.regenerate = true;
        if (op.instruction) entry.instruction = op.instruction;
        changes.push(describeOperation(op));
        return;
      }
    }

    const after = JSON.stringify({ entries: entries.map((entry) => [entry.origin, entry.scene]), options });
    if (after === before) return;
    changes.push(`${describeOperation(op)}${note}`);
    markConsequences(op, entries, before, options, narrated);
  });

  if (changes.length === 0) throw new EditError('operations', `the edit changes nothing: the video already is that way (${ops.map(describeOperation).join('; ')})`);
  const retimed =
    entries.length !== sourceScenes.length ||
    entries.some((entry, i) => entry.origin !== sourceScenes[i]!.position || entry.scene.durationSeconds !== sourceScenes[i]!.durationSeconds);
  const was = source.options;
  const remixAudio =
    retimed ||
    entries.some((entry) => entry.renarrate && narrated(entry)) ||
    options.narration !== was.narration ||
    options.music !== was.music ||
    options.sfx !== was.sfx ||
    (options.music && options.musicMood !== was.musicMood);
  const scenes = entries.map((entry, position) => ({ ...entry.scene, position }));
  const set = (test: (entry: Entry) => boolean) => new Set(entries.flatMap((entry, i) => (test(entry) ? [i] : [])));
  return {
    scenes,
    options,
    regenerate: set((entry) => entry.regenerate),
    renarrate: set((entry) => entry.renarrate && narrated(entry)),
    remixAudio,
    retimed,
    reused: new Map(entries.flatMap((entry, i) => (entry.origin !== undefined && !entry.regenerate ? [[i, entry.origin] as [number, number]] : []))),
    origins: entries.map((entry) => entry.origin),
    instructions: new Map(entries.flatMap((entry, i) => (entry.regenerate && entry.instruction ? [[i, entry.instruction] as [number, string]] : []))),
    changes,
  };
}

/** Marks what an operation that changed something makes stale: pixels, narration. */
function markConsequences(op: EditOperation, entries: Entry[], before: string, options: EditOptions, narrated: (entry: Entry) => boolean): void {
  const previous = (JSON.parse(before) as { entries: [number | undefined, EditScene][] }).entries;
  const was = new Map(previous.flatMap(([origin, scene]) => (origin === undefined ? [] : [[origin, scene] as const])));
  switch (op.op) {
    case 'retext':
    case 'replace_text':
    case 'swap_image':
    case 'set_picture':
    case 'recolor_text':
    case 'resize_text':
      // Only scenes whose on-screen settings changed are redrawn; narration was marked where it changed.
      for (const entry of entries) {
        const old = entry.origin !== undefined ? was.get(entry.origin) : undefined;
        if (old && (JSON.stringify(old.settings) !== JSON.stringify(entry.scene.settings) || old.title !== entry.scene.title)) entry.regenerate = true;
      }
      break;
    case 'restyle':
      for (const entry of entries) entry.regenerate = true;
      break;
    case 'set_voice':
    case 'set_language':
      for (const entry of entries) if (narrated(entry)) entry.renarrate = true;
      break;
    case 'set_narration':
      for (const entry of entries) {
        const old = entry.origin !== undefined ? was.get(entry.origin) : undefined;
        // Turning narration on speaks every script; new text for one scene speaks that scene.
        if (op.text === undefined ? options.narration : old?.narration !== entry.scene.narration) {
          if (narrated(entry)) entry.renarrate = true;
        }
      }
      break;
    default:
      break;
  }
}
