import { toMillicredits } from '../../accounts/credits.js';
import { findModel } from '../../catalog/models.js';
import { CREDIT_RATES, type CreditPart } from '../create/estimate-credits.js';
import { VIDEO_FPS } from '../create/resolve-video-options.js';
import type { StoredPlan } from '../stages/stored-plan.js';
import { MIN_SCENE_SECONDS, type EditResult } from './apply-edit-operations.js';
import { EditError } from './edit-errors.js';
import type { EditLink } from './edit-links.js';
import type { EditSource } from './edit-source.js';
import type { ImportedLinks } from './import-edit-links.js';
import { mainTextKey } from './scene-text.js';

/** The longest a scene added for a footage link may be (the clip is cut to it). */
export const MAX_ADDED_CLIP_SECONDS = 10;

const roundToFrame = (seconds: number) => Math.round(seconds * VIDEO_FPS) / VIDEO_FPS;

/** An edit that changes nothing yet: every scene carried over (an instruction that is only links starts here). */
export function unchangedEdit(source: EditSource): EditResult {
  const sorted = [...source.scenes].sort((a, b) => a.position - b.position);
  return {
    scenes: sorted.map((scene, position) => ({ ...structuredClone(scene), position })),
    options: structuredClone(source.options),
    regenerate: new Set(),
    renarrate: new Set(),
    remixAudio: false,
    retimed: false,
    reused: new Map(sorted.map((scene, index) => [index, scene.position])),
    origins: sorted.map((scene) => scene.position),
    instructions: new Map(),
    changes: [],
  };
}

/**
 * Where each footage link goes in the edited video: the new index of the scene its clause names, or
 * undefined for a new scene at the end. Scene numbers mean the source's scenes, as in operations.
 * Throws {@link EditError} for a scene that does not exist or was removed, or two clips for one scene.
 */
export function footageTargets(source: EditSource, result: EditResult, links: readonly EditLink[]): Map<EditLink, number | undefined> {
  const sourceScenes = [...source.scenes].sort((a, b) => a.position - b.position);
  const targets = new Map<EditLink, number | undefined>();
  const taken = new Set<number>();
  for (const link of links) {
    if (link.role === 'music') continue;
    if (link.scene === undefined) {
      targets.set(link, undefined);
      continue;
    }
    const scene = sourceScenes[link.scene - 1];
    if (!scene) throw new EditError('prompt', `${link.url}: scene ${link.scene} does not exist; the video has ${sourceScenes.length} scenes`);
    const at = result.origins.indexOf(scene.position);
    if (at < 0) throw new EditError('prompt', `${link.url}: scene ${link.scene} is removed by this edit`);
    if (taken.has(at)) throw new EditError('prompt', `two clips are for scene ${link.scene}; a scene shows one clip`);
    taken.add(at);
    targets.set(link, at);
  }
  return targets;
}

/** The longest clip a footage link may bring: its scene's length, or the longest an added scene may be. */
export function clipSecondsFor(result: EditResult, targets: Map<EditLink, number | undefined>, link: EditLink): number {
  const at = targets.get(link);
  return at === undefined ? MAX_ADDED_CLIP_SECONDS : result.scenes[at]!.durationSeconds;
}

/** The plan asset name of an imported clip. */
const clipAsset = (index: number) => `link-clip-${index + 1}`;

/**
 * Applies imported links to an edit: a clip for a named scene makes it a footage scene showing the
 * clip (its main text the caption, its title the description), redrawn; a clip without a scene is a
 * new footage scene at the end, as long as the clip (2 to 10 s); music turns the score off and the
 * soundtrack is mixed again. Every change gets a line in `changes`. Throws {@link EditError} when an
 * added scene takes the video past its model's length.
 */
export function applyEditLinks(source: EditSource, result: EditResult, imported: ImportedLinks): EditResult {
  const targets = footageTargets(source, result, imported.clips.map((clip) => clip.link));
  const next: EditResult = {
    ...result,
    scenes: result.scenes.map((scene) => ({ ...scene, settings: { ...scene.settings } })),
    options: { ...result.options },
    regenerate: new Set(result.regenerate),
    reused: new Map(result.reused),
    origins: [...result.origins],
    changes: [...result.changes],
  };
  for (const [index, clip] of imported.clips.entries()) {
    const at = targets.get(clip.link);
    const clipSettings = { clip: clipAsset(index), clipSeconds: clip.seconds, clipProvider: 'import' };
    if (at !== undefined) {
      const scene = next.scenes[at]!;
      const main = scene.settings[mainTextKey(scene)];
      scene.settings = { ...clipSettings, caption: typeof main === 'string' && main.trim() ? main : scene.title, description: scene.title };
      scene.kind = 'footage';
      next.regenerate.add(at);
      next.reused.delete(at);
      next.changes.push(`scene ${at + 1} shows the clip from ${clip.link.url}`);
      continue;
    }
    let host = 'a link';
    try {
      host = new URL(clip.link.url).hostname;
    } catch {
      // the fetch already checked the URL
    }
    const position = next.scenes.length;
    next.scenes.push({
      position,
      role: 'body',
      kind: 'footage',
      title: `Clip from ${host}`,
      durationSeconds: roundToFrame(Math.min(MAX_ADDED_CLIP_SECONDS, Math.max(MIN_SCENE_SECONDS, clip.seconds))),
      settings: { ...clipSettings, description: `Clip from ${host}` },
      narration: '',
    });
    next.origins.push(undefined);
    next.regenerate.add(position);
    next.retimed = true;
    next.remixAudio = true;
    next.changes.push(`a new scene ${position + 1} shows the clip from ${clip.link.url}`);
  }
  const total = next.scenes.reduce((sum, scene) => sum + scene.durationSeconds, 0);
  const maxTotal = findModel(source.options.model)?.maxDurationSeconds ?? 120;
  if (total > maxTotal + 1e-6) throw new EditError('prompt', `with the clip the video would last ${total.toFixed(1)} s; ${source.options.model} allows at most ${maxTotal} s`);
  if (imported.music) {
    next.options.music = false;
    next.remixAudio = true;
    const song = imported.music.song;
    next.changes.push(song ? `the soundtrack is the song "${song.title}"${song.artist ? ` by ${song.artist}` : ''} (yt-dlp's first search result)` : `the soundtrack is the music from ${imported.music.url}`);
  }
  return next;
}

/** The edited plan with the links' files: clips as assets, a music track replacing the score. */
export function planWithLinks(plan: StoredPlan, imported: ImportedLinks): StoredPlan {
  const assets = { ...plan.assets, ...Object.fromEntries(imported.clips.map((clip, index) => [clipAsset(index), clip.path])) };
  const music = imported.music;
  return {
    ...plan,
    ...(imported.clips.length > 0 ? { assets } : {}),
    ...(music && plan.audio ? { audio: { ...plan.audio, music: false, clientMusic: { path: music.path, bpm: music.bpm, offset: music.offset } } } : {}),
  };
}

/** What importing links costs: the social-link import part (client music and imported clips cost nothing per second). */
export function linkCreditParts(imported: Pick<ImportedLinks, 'social'>): CreditPart[] {
  return imported.social.length > 0 ? [{ part: 'social_imports', millicredits: toMillicredits(CREDIT_RATES.socialImport * imported.social.length) }] : [];
}
