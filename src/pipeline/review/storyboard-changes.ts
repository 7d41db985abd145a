import { invalidRequest } from '../../errors/service-error.js';
import { newId } from '../../store/ids.js';
import type { SceneRow, VideoRow } from '../../store/videos-store.js';
import type { ResolvedVideoOptions } from '../create/resolve-video-options.js';
import { applyEditOperations, type EditResult } from '../edit/apply-edit-operations.js';
import { planAfterEdit } from '../edit/create-edit.js';
import { parseEditInstruction } from '../edit/edit-grammar.js';
import type { EditOperation } from '../edit/edit-operations.js';
import { editSourceOf } from '../edit/edit-source.js';
import type { EditReader } from '../edit/model-edit-reader.js';
import { LanguageModelError } from '../providers/llm/language-model.js';
import { rescaleEstimate, type CreditPart } from '../create/estimate-credits.js';
import { footageScenes } from '../stages/footage-scenes.js';
import type { SceneKind } from '../providers/provider-types.js';
import { storedPlanOf, type StoredPlan } from '../stages/stored-plan.js';
import { mentions } from './cast.js';
import type { CastMember } from './review-state.js';

/** Settings of a shot with the cast it shows: each member it names gets its look in the description, and its attached picture when the shot has none. */
export function withCast(settings: Record<string, unknown>, narration: string, cast: readonly CastMember[]): Record<string, unknown> {
  const base = String(settings.description ?? '').replace(/\s*Cast: .*$/su, '');
  const said = `${base} ${String(settings.caption ?? '')} ${narration}`;
  const shown = cast.filter((member) => mentions(said, member.name));
  if (shown.length === 0) return { ...settings, description: base };
  // An attached picture of a member is the shot's picture; a made portrait is only a reference for the shot's own still.
  const image = typeof settings.image === 'string' ? settings.image : shown.map((member) => member.image).find(Boolean);
  return {
    ...settings,
    description: `${base} Cast: ${shown.map((member) => `${member.name}, ${member.look}`).join('; ')}`.slice(0, 800),
    cast: shown.map((member) => member.name),
    ...(image ? { image } : {}),
  };
}

/** The job's planned scenes and plan as an edit source. */
function sourceOf(row: VideoRow, scenes: SceneRow[]) {
  return editSourceOf({ scenes, plan: storedPlanOf(row), options: JSON.parse(row.options) as ResolvedVideoOptions });
}

/**
 * Reads the changes asked for at the storyboard gate into edit operations on the planned scenes
 * (the model when the node has one, else the rule grammar) and checks that they apply. Throws the
 * edit's 400s (what was understood and what can be said) and changes nothing.
 */
export async function readStoryboardChanges(row: VideoRow, scenes: SceneRow[], changes: string, reader?: EditReader): Promise<{ operations: EditOperation[]; read_by: string }> {
  const source = sourceOf(row, scenes);
  let read: { operations: EditOperation[]; read_by: string } | undefined;
  if (reader) {
    try {
      read = { operations: (await reader.read(changes, source)).operations, read_by: reader.name };
    } catch (error) {
      if (!(error instanceof LanguageModelError)) throw error;
    }
  }
  read ??= { operations: parseEditInstruction(changes, source).operations, read_by: 'grammar' };
  if (read.operations.some((op) => op.op === 'set_language')) {
    throw invalidRequest('changes: the narration language cannot change at the storyboard (the scripts would need translating); cancel and create the video again in the other language');
  }
  applyEditOperations(source, read.operations);
  return read;
}

/** The planned scenes, plan and estimate after a storyboard's changes; `redraw` holds the new scene ids whose stills must be drawn again. */
export interface StoryboardUpdate {
  scenes: SceneRow[];
  plan: StoredPlan;
  /** The estimate's parts, per-second parts rescaled to the new length. */
  estimate: CreditPart[] | undefined;
  redraw: Set<string>;
  changed: string[];
  seconds: number;
}

/**
 * Applies read storyboard changes to the planned scenes. A regenerated shot takes the words it was
 * given as its new description (with its cast) and a new seed, so it is drawn anew; a shot with
 * new narration loses its clip, and the respeak stage speaks it again. Nothing is written here.
 */
export function storyboardUpdate(row: VideoRow, scenes: SceneRow[], operations: EditOperation[], cast: readonly CastMember[], round: number): StoryboardUpdate {
  const plan = storedPlanOf(row);
  const source = sourceOf(row, scenes);
  const result: EditResult = applyEditOperations(source, operations);
  const byPosition = new Map(scenes.map((scene) => [scene.position, scene]));
  // Shots the changes asked to redo are drawn anew (a new seed); a restyle or retime keeps the drawing.
  const sorted = [...scenes].sort((a, b) => a.position - b.position);
  const redone = new Set(operations.flatMap((op) => (op.op === 'regenerate_scene' ? [sorted[op.scene - 1]?.position] : [])));
  const redraw = new Set<string>();
  const options = JSON.parse(row.options) as ResolvedVideoOptions;
  const rows = result.scenes.map((edited, index): SceneRow => {
    const origin = result.origins[index];
    const from = origin === undefined ? undefined : byPosition.get(origin);
    // A scene added to a build where every scene is film becomes a shot too.
    const scene = !from && edited.kind !== 'footage' && options.aiVideo === 'full' ? { ...edited, ...footageScenes([{ ...edited, kind: edited.kind as SceneKind }], 'full')[0]! } : edited;
    const regenerate = result.regenerate.has(index) || !from;
    let settings = scene.settings;
    if (scene.kind === 'footage' && (!from || (origin !== undefined && redone.has(origin)))) {
      const instruction = result.instructions.get(index);
      // A picture the image model made for the old shot goes with it; an attached one stays.
      const { stillProvider, stillError: _stillError, ...kept } = settings;
      if (stillProvider) delete kept.image;
      settings = withCast({ ...kept, seed: `${String(settings.seed ?? index)}-r${round}`, ...(instruction ? { description: instruction } : {}) }, scene.narration, cast);
    }
    const speech = result.renarrate.has(index) || !from ? undefined : from;
    const id = regenerate ? newId('scn') : from!.id;
    if (regenerate) redraw.add(id);
    return {
      id,
      video_id: row.id,
      position: index,
      title: scene.title,
      role: scene.role,
      kind: scene.kind,
      duration_seconds: scene.durationSeconds,
      settings: JSON.stringify(settings),
      source: null,
      compiled: null,
      writer: null,
      committed_at: null,
      narration: scene.narration || null,
      narration_audio: speech?.narration_audio ?? null,
      narration_seconds: speech?.narration_seconds ?? null,
      narration_words: speech?.narration_words ?? null,
      audit: null,
      authoring: null,
    };
  });
  const before = scenes.reduce((sum, scene) => sum + scene.duration_seconds, 0);
  const seconds = rows.reduce((sum, scene) => sum + scene.duration_seconds, 0);
  const parts = (JSON.parse(row.options) as { estimate?: CreditPart[] }).estimate;
  const scale = before > 0 ? seconds / before : 1;
  const estimate = parts ? rescaleEstimate(parts, scale) : undefined;
  return { scenes: rows, plan: planAfterEdit(plan, result), estimate, redraw, changed: result.changes, seconds };
}
