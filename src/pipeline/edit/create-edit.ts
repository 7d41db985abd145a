import { rmSync } from 'node:fs';
import path from 'node:path';
import { summarizeAccount } from '../../accounts/accounts.js';
import type { Principal } from '../../accounts/api-keys.js';
import { toCredits, toMillicredits } from '../../accounts/credits.js';
import { invalidRequest, ServiceError } from '../../errors/service-error.js';
import type { NodeContext } from '../../node-context.js';
import { saveJobTree } from '../../storage/job-files.js';
import { newId, nowIso } from '../../store/ids.js';
import type { SceneRow, VideoRow } from '../../store/videos-store.js';
import { MOOD_TEMPO } from '../audio/synthesize-music.js';
import { CREDIT_RATES, creditPartViews, type CreditPart } from '../create/estimate-credits.js';
import { rendersNeeded, type ResolvedVideoOptions } from '../create/resolve-video-options.js';
import { isTerminal } from '../engine/job-states.js';
import { findIdempotentAnswer, storeIdempotentAnswer, type StoredAnswer } from '../idempotency.js';
import type { StoredAudio, StoredPlan } from '../stages/stored-plan.js';
import { findEmbeddedVoice } from '../speech/espeak-voice.js';
import { captionRequestOf, captionTrack, withBurnedCaptions, type CaptionRequest, type CaptionsOption, type CaptionTrack } from '../speech/caption-chunks.js';
import { NARRATION_LEAD } from '../speech/fit-timeline.js';
import { MAX_IN_FLIGHT, type CreatedVideo } from '../videos/create-video.js';
import { applyEditOperations, type EditResult } from './apply-edit-operations.js';
import { EditError } from './edit-errors.js';
import { describeOperation, type EditOperation } from './edit-operations.js';
import type { EditSource } from './edit-source.js';
import { readCaptionClauses } from './caption-clauses.js';
import { applyEditLinks, clipSecondsFor, footageTargets, linkCreditParts, planWithLinks, unchangedEdit } from './apply-edit-links.js';
import { findEditLinks } from './edit-links.js';
import { importEditLinks, type ImportedLinks } from './import-edit-links.js';
import { LanguageModelError } from '../providers/llm/language-model.js';
import { parseEditInstruction } from './edit-grammar.js';
import type { EditReader } from './model-edit-reader.js';
import { editSourceOf } from './edit-source.js';
import { applyEditImages } from './apply-edit-images.js';
import { attachedEditImages, planWithImages, prepareEditImages, type PreparedEditImages } from './edit-images.js';

/** Text and layout changes: credits per regenerated scene (the credits table's "edit" row). */
export const EDIT_SCENE_CREDITS = 0.5;

/** The body of `POST /v1/videos/{id}/edit`. */
export interface EditVideoBody {
  /** The change in words; required unless `operations` says it. */
  prompt?: string;
  /** The change as edit operations (extension), applied after what the prompt is read into. */
  operations?: EditOperation[];
  images?: { url: string; context?: string; role?: 'import' | 'style' | 'reference' }[];
  render?: boolean;
  webhook_url?: string;
  /** Burned-in captions for the edited video; left out, the source's stay. */
  captions?: CaptionsOption;
}

/** What an edit job records of its edit (options `edit`, shown on the poll response). */
export interface EditRecord {
  instruction: string;
  /** Who read the instruction: `grammar`, or `model:<provider>:<model>`; `operations` when the client sent the operations alone. */
  read_by: string;
  changes: string[];
  /** New positions of the scenes redrawn (more may follow when new narration outgrows its scene). */
  regenerated: number[];
  /** New position → the source scene position whose code, narration and segment carry over. */
  reused: { position: number; from: number }[];
  remixed_audio: boolean;
  /** New positions of the scenes whose narration is spoken again. */
  respoken: number[];
}

/** A stored plan with an edit's colors, fonts and sound applied. */
export function planAfterEdit(plan: StoredPlan, result: Pick<EditResult, 'options'>): StoredPlan {
  return {
    ...plan,
    theme: {
      ...plan.theme,
      palette: { ...plan.theme.palette, ...result.options.colors },
      fonts: { ...plan.theme.fonts, ...result.options.fonts },
    },
    ...(plan.audio ? { audio: { ...withVoice(plan.audio, result.options.voice || plan.audio.voice), narration: result.options.narration, music: result.options.music, sfx: result.options.sfx, ...(result.options.musicMood && result.options.musicMood !== plan.audio.mood ? { mood: result.options.musicMood, bpm: MOOD_TEMPO[result.options.musicMood] } : {}) } } : {}),
  };
}

/** The price of an edit: what it remakes, at the credits table's rates. */
function editEstimate(result: EditResult, seconds: number, narrated: boolean): CreditPart[] {
  const parts: CreditPart[] = [];
  if (result.regenerate.size > 0) parts.push({ part: 'edit_scenes', millicredits: toMillicredits(EDIT_SCENE_CREDITS * result.regenerate.size) });
  const spoken = narrated ? [...result.renarrate].reduce((sum, index) => sum + (result.scenes[index]?.narration.trim() ? result.scenes[index]!.durationSeconds : 0), 0) : 0;
  if (spoken > 0) parts.push({ part: 'narration', millicredits: Math.round(toMillicredits(CREDIT_RATES.narrationPerSecond) * spoken) });
  if (result.remixAudio && result.options.music) parts.push({ part: 'music', millicredits: Math.round(toMillicredits(CREDIT_RATES.musicPerSecond) * seconds) });
  if (result.remixAudio && result.options.sfx) parts.push({ part: 'sfx', millicredits: Math.round(toMillicredits(CREDIT_RATES.sfxPerSecond) * seconds) });
  return parts;
}

/**
 * `POST /v1/videos/{id}/edit` (and MCP `edit_video`): reads the change with the rule grammar,
 * applies it to the source's scenes and writes a new job (`parent_id` the source) whose untouched
 * scenes are committed from the start with the source's code and narration (their rendered
 * segments are reused by hash) and whose changed scenes are written again by the job's stages.
 * Narration the change touches is spoken again by the job (the respeak stage). Links in the prompt
 * are imported into the new job (see findEditLinks, importEditLinks): music (or a song named in
 * quotes, found by yt-dlp) becomes the soundtrack, a clip becomes a footage scene. The request's
 * images are fetched into the new job as assets `edit-image-<i>` (prepareEditImages) and applied by
 * role (applyEditImages): placed where the instruction says, else a new scene; a style image's
 * colours; a reference image where it is named. The source never changes. A change the grammar
 * cannot read, a link or image that cannot be imported, or a change this node cannot make yet, is a
 * 400 that writes nothing.
 */
export async function createEdit(
  ctx: NodeContext,
  principal: { account: Principal['account']; key: Principal['key'] | null },
  sourceId: string,
  body: EditVideoBody,
  options: { idempotencyKey?: string; enqueue?: (id: string) => void; reader?: EditReader } = {},
): Promise<StoredAnswer & { body: CreatedVideo }> {
  ctx.disk.assertWritable(); // A full disk refuses new work (503 storage_full) before anything is written.
  const account = principal.account;
  const scope = options.idempotencyKey ? { accountId: account.id, route: `POST /v1/videos/${sourceId}/edit`, key: options.idempotencyKey } : undefined;
  if (scope) {
    const replay = findIdempotentAnswer(ctx, scope, body);
    if (replay) return replay as StoredAnswer & { body: CreatedVideo };
  }
  const source = ctx.videos.get(sourceId);
  if (!source || source.account_id !== account.id) throw new ServiceError('not_found', `no video ${sourceId}`);
  if (!isTerminal(source.status)) throw new ServiceError('not_editable', `video ${sourceId} is ${source.status}; only a finished (completed, failed or canceled) video can be edited`);
  const sourceOptions = JSON.parse(source.options) as ResolvedVideoOptions;
  if (!sourceOptions.multiScene) throw invalidRequest(`id: ${source.model} videos are single-scene; only multi-scene videos (model-5, model-6) can be edited`);
  if (!source.plan) throw new ServiceError('not_editable', `video ${sourceId} failed before its story was planned, so there is nothing to edit; create it again`);
  const given = body.operations ?? [];
  if (body.prompt === undefined && given.length === 0) throw invalidRequest('prompt: say what to change, in words (prompt) or as edit operations (operations)');
  if (body.webhook_url !== undefined && !principal.key) throw invalidRequest('webhook_url: events are signed with an API key\'s webhook secret and this connection has none; use an API key for webhooks, or poll the job');

  const plan = JSON.parse(source.plan) as StoredPlan;
  const sourceScenes = ctx.videos.scenes(sourceId);
  // The edit's images are named (edit-image-<i>) before they are fetched, so the instruction can place them.
  const attached = attachedEditImages(body.images);
  const editSource = { ...editSourceOf({ scenes: sourceScenes, plan, options: sourceOptions }), ...(attached.length > 0 ? { attached, footageStills: sourceOptions.aiVideo === 'full' } : {}) };
  // Links in the prompt are imported (music, footage); the rest of it is read as the change.
  const prompt = body.prompt ?? '';
  const links = findEditLinks(prompt, sourceScenes.length);
  if (links.links.some((link) => link.role === 'music') && !plan.audio) throw invalidRequest(`prompt: video ${sourceId} has no sound plan to put music in; create it again with the music in audio[]`);
  // Clauses about captions ("add karaoke captions") set them as the `captions` field does (the field wins); the rest is the change.
  const captionClauses = readCaptionClauses(links.links.length > 0 ? links.instruction : prompt);
  const captionsAsked = body.captions ?? captionClauses.captions;
  const instruction = captionClauses.rest;
  // A language model reads the change when the node has one; the rule grammar reads it otherwise, or when the model cannot answer.
  let read: { operations: unknown; by: string } | undefined;
  if (options.reader && instruction.trim()) {
    try {
      read = { operations: (await options.reader.read(instruction, editSource)).operations, by: options.reader.name };
    } catch (error) {
      if (!(error instanceof LanguageModelError)) throw error;
    }
  }
  if (instruction.trim() || (links.links.length === 0 && captionsAsked === undefined && given.length === 0)) read ??= { operations: parseEditInstruction(instruction, editSource).operations, by: 'grammar' };
  // An instruction only about the edit's images ("add the new image") reads as no operation: the images' roles make the change.
  const imagesOnly = attached.length > 0 && given.length === 0 && Array.isArray(read?.operations) && read.operations.length === 0;
  let result = given.length > 0 ? applyWithGiven(editSource, read?.operations, given) : read && !imagesOnly ? applyEditOperations(editSource, read.operations) : unchangedEdit(editSource);
  const readBy = read?.by ?? (given.length > 0 ? 'operations' : 'grammar');
  // The scripts are in the source's language: without translating them, a new language would read them in the wrong voice.
  const narrated = result.options.narration && (plan.audio?.narration ?? false);
  if (narrated && result.options.language !== editSource.options.language) {
    throw invalidRequest(
      `prompt: narrating in another language needs the scripts translated, which edits on this node cannot do yet; create the video again with language "${result.options.language}"; nothing was changed or charged`,
    );
  }
  if (captionsAsked !== undefined && captionsAsked !== false && !narrated) {
    throw invalidRequest('captions: captions are cut from the narration\'s words, and this edit has no narration; nothing was changed or charged');
  }

  const id = newId('vid');
  // Scenes the links name are checked before anything is fetched.
  const targets = footageTargets(editSource, result, links.links);
  let imported: ImportedLinks | undefined;
  let images: PreparedEditImages | undefined;
  try {
    if (attached.length > 0) images = await prepareEditImages(ctx, id, body.images!);
    if (links.links.length > 0) {
      imported = await importEditLinks(ctx, {
        accountId: account.id,
        videoId: id,
        links: links.links,
        shape: { width: source.width, height: source.height, fps: source.fps },
        clipSeconds: (link) => clipSecondsFor(result, targets, link),
      });
      result = applyEditLinks(editSource, result, imported);
    }
    if (images) result = applyEditImages(editSource, result, images, { instruction, byModel: read !== undefined && read.by !== 'grammar' });
    const seconds = result.scenes.reduce((sum, scene) => sum + scene.durationSeconds, 0);
    const estimate = [...editEstimate(result, seconds, narrated), ...(imported ? linkCreditParts(imported) : [])];
    const millicredits = estimate.reduce((sum, part) => sum + part.millicredits, 0);
    const summary = summarizeAccount(ctx, account.id);
    if (summary.balance < toCredits(millicredits)) {
      throw new ServiceError('insufficient_credits', `this edit costs ${toCredits(millicredits)} credits; the balance is ${summary.balance}`);
    }
    const render = body.render ?? false;
    if (render && summary.renders_remaining < rendersNeeded(source.width, source.height)) {
      throw new ServiceError('insufficient_credits', `the render quota is spent: ${summary.renders_used} of ${summary.monthly_renders} renders used this month`);
    }

    // With a bucket the edit's own files (attached images, imported clips) go there before the job exists.
    await saveJobTree(ctx, path.posix.join('videos', id));
    const now = nowIso();
    // Operations sent alone are recorded in words, as the job's prompt and instruction.
    const instructionText = body.prompt ?? result.changes.join('; ');
    const record: EditRecord = {
      instruction: instructionText,
      read_by: readBy,
      changes: result.changes,
      regenerated: [...result.regenerate].sort((a, b) => a - b),
      reused: [...result.reused].map(([position, from]) => ({ position, from })).sort((a, b) => a.position - b.position),
      remixed_audio: result.remixAudio,
      respoken: [],
    };
    const edited = planWithImages(planAfterEdit(plan, result), images ?? { assets: {} });
    const newPlan = imported ? planWithLinks(edited, imported) : edited;
    const byPosition = new Map(sourceScenes.map((scene) => [scene.position, scene]));
    const scenes: SceneRow[] = result.scenes.map((scene, index) => {
      const origin = result.origins[index];
      const from = origin === undefined ? undefined : byPosition.get(origin);
      const reused = result.reused.has(index) && from?.committed_at ? from : undefined;
      // Narration to speak again (a new voice, new words, a new scene) starts without a clip; the respeak stage makes it.
      const speech = result.renarrate.has(index) || !from ? undefined : from;
      return {
        id: newId('scn'),
        video_id: id,
        position: index,
        title: scene.title,
        role: scene.role,
        kind: scene.kind,
        duration_seconds: scene.durationSeconds,
        settings: JSON.stringify(scene.settings),
        source: reused?.source ?? null,
        compiled: reused?.compiled ?? null,
        writer: reused?.writer ?? null,
        committed_at: reused ? now : null,
        narration: scene.narration || null,
        narration_audio: speech?.narration_audio ?? null,
        narration_seconds: speech?.narration_seconds ?? null,
        narration_words: speech?.narration_words ?? null,
        audit: reused?.audit ?? null,
        authoring: reused?.authoring ?? null,
        reused_from: reused ? reused.id : null,
      };
    });
    if (captionsAsked !== undefined) recaption(scenes, captionRequestOf(captionsAsked, ''));
    // What the respeak stage will speak: every narrated scene with words and no clip (new words, a new voice, a new scene).
    record.respoken = narrated ? scenes.filter((scene) => scene.narration?.trim() && !scene.narration_audio).map((scene) => scene.position) : [];
    const committed = scenes.filter((scene) => scene.committed_at).length;
    const answer: StoredAnswer & { body: CreatedVideo } = {
      statusCode: 202,
      body: { id, status: 'queued', model: source.model, estimated_credits: toCredits(millicredits), estimate_breakdown: creditPartViews(estimate) },
    };
    let replay: StoredAnswer | undefined;
    ctx.db.transaction(() => {
      replay = scope ? findIdempotentAnswer(ctx, scope, body) : undefined;
      if (replay) return;
      if (ctx.videos.countInFlight(account.id) >= MAX_IN_FLIGHT) throw new ServiceError('too_many_in_flight', `already ${MAX_IN_FLIGHT} video jobs in progress; wait for one to finish`);
      const row: VideoRow = {
        ...source,
        id,
        api_key_id: principal.key?.id ?? null,
        parent_id: sourceId,
        review: null,
        status: 'queued',
        phase: null,
        phase_detail: 'Waiting for a worker',
        prompt: instructionText,
        enhanced_prompt: null,
        options: JSON.stringify({ ...sourceOptions, enhancePrompt: false, durationSeconds: seconds, render, webhookUrl: body.webhook_url, estimate, edit: record, ...(captionsAsked !== undefined ? { captions: captionsAsked } : {}) }),
        render: render ? 1 : 0,
        webhook_url: body.webhook_url ?? null,
        duration_seconds: seconds,
        estimated_millicredits: millicredits,
        credits_cost_millicredits: null,
        plan: JSON.stringify(newPlan),
        scenes_planned: scenes.length,
        scenes_committed: committed,
        cancel_requested: 0,
        error_code: null,
        error_message: null,
        output_path: null,
        // The source's mix serves as it is unless timing or sound changed.
        soundtrack_path: result.remixAudio ? null : source.soundtrack_path,
        frames_done: 0,
        frames_total: 0,
        created_at: now,
        updated_at: now,
        last_activity_at: now,
        started_at: null,
        finished_at: null,
      };
      ctx.videos.insert(row);
      for (const scene of scenes) ctx.videos.insertScene(scene);
      for (const url of imported?.social ?? []) {
        ctx.db.prepare('INSERT INTO social_imports (account_id, video_id, url, created_at) VALUES (?, ?, ?, ?)').run(account.id, id, url, now);
      }
      if (scope) storeIdempotentAnswer(ctx, scope, body, answer);
    })();
    if (replay) {
      rmSync(path.join(ctx.filesDir, 'videos', id), { recursive: true, force: true });
      return replay as StoredAnswer & { body: CreatedVideo };
    }
    options.enqueue?.(id);
    return answer;
  } catch (error) {
    // A refused edit leaves no file behind: the links' imports go with it.
    rmSync(path.join(ctx.filesDir, 'videos', id), { recursive: true, force: true });
    throw error;
  }
}

/**
 * The operations the prompt was read into (none without a prompt), then the client's own, applied
 * as one edit. A refusal of one of the client's is told as `operations: change <n>: …`, numbered in
 * the list the client sent, not as a problem of the prompt.
 */
function applyWithGiven(source: EditSource, read: unknown, given: EditOperation[]): EditResult {
  const before = read === undefined ? [] : Array.isArray(read) ? read : undefined;
  // A model's answer that is no list is refused as the prompt's (parseEditOperations says why).
  if (before === undefined) return applyEditOperations(source, read);
  try {
    return applyEditOperations(source, [...before, ...given]);
  } catch (error) {
    if (!(error instanceof EditError)) throw error;
    // A refusal of the whole edit ("changes nothing") is the client's when it sent every operation.
    if (error.field === 'operations' && before.length === 0) throw new EditError('operations', error.problem, 'operations');
    const at = /^operations\[(\d+)\](.*)$/.exec(error.field);
    if (!at || Number(at[1]) < before.length) throw error;
    const index = Number(at[1]) - before.length;
    throw new EditError(`operations[${index}]${at[2]}`, `change ${index + 1} (${describeOperation(given[index]!)}): ${error.problem}`, 'operations');
  }
}

/**
 * The source's sound with the edit's voice: an embedded voice is spoken by the embedded engine, so
 * a video the speech model narrated loses its `voiceProvider` when an edit picks one.
 */
function withVoice(audio: StoredAudio, voice: string): StoredAudio {
  if (voice === audio.voice) return audio;
  const { voiceProvider: _provider, ...rest } = audio;
  return findEmbeddedVoice(voice) ? { ...rest, voice } : { ...audio, voice };
}

/**
 * An edit's `captions`: every narrated scene's captions in the new look and place (`request`), or
 * none. A scene whose narration is spoken again gets its lines when it is (respeak keeps the look);
 * the others are cut from the words they carry. Their pixels change, so their segments render again.
 */
function recaption(scenes: SceneRow[], request: CaptionRequest | undefined): void {
  for (const scene of scenes) {
    const settings = JSON.parse(scene.settings) as Record<string, unknown>;
    let track: CaptionTrack | undefined;
    if (request && scene.narration?.trim()) {
      const words = scene.narration_words ? (JSON.parse(scene.narration_words) as Parameters<typeof captionTrack>[3]) : undefined;
      track = words && scene.narration_seconds !== null ? captionTrack(request, { kind: scene.kind, settings }, scene.narration, words, NARRATION_LEAD, scene.narration_seconds) : { ...request, chunks: [] };
    }
    scene.settings = JSON.stringify(withBurnedCaptions(settings, track));
  }
}
