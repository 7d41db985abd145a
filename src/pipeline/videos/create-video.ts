import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { summarizeAccount } from '../../accounts/accounts.js';
import type { Principal } from '../../accounts/api-keys.js';
import { toCredits } from '../../accounts/credits.js';
import { accountKeyProviders, languageModelPricing } from '../../accounts/provider-keys.js';
import { fetchAttachments, findYtDlp, isSocialLink, type AttachmentRequest } from '../../attachments/fetch-attachment.js';
import { SOCIAL_IMPORTS_PER_DAY, ytDlpImporter } from '../../attachments/import-social.js';
import { modelAvailability } from '../../catalog/model-backing.js';
import { findModel } from '../../catalog/models.js';
import { listVoices } from '../../catalog/voices.js';
import { embeddedNodeVoices, speaksLanguage, type NodeVoice } from '../speech/node-voices.js';
import { readDocuments } from '../../documents/read-document.js';
import { invalidRequest, ServiceError } from '../../errors/service-error.js';
import type { NodeContext } from '../../node-context.js';
import { requireFfmpeg, runBinary } from '../../render/ffmpeg/run-ffmpeg.js';
import { saveJobTree } from '../../storage/job-files.js';
import { newId, nowIso } from '../../store/ids.js';
import { IN_FLIGHT_STATUSES } from '../../store/videos-store.js';
import type { CreateVideoBody } from '../create/create-video-schema.js';
import { creditPartViews, estimateCredits, type CreditPartView } from '../create/estimate-credits.js';
import { rendersNeeded, resolveVideoOptions } from '../create/resolve-video-options.js';
import { DOCUMENTS_FILE } from '../materials/prepare-materials.js';
import { findIdempotentAnswer, storeIdempotentAnswer, type StoredAnswer } from '../idempotency.js';
import { readAudioIntent } from '../speech/read-audio-intent.js';
import { warningsAtCreate } from './job-warnings.js';
import { topicOnly, topicOnlyError } from '../create/topic-only.js';
import { enhanceNeedsModelError } from '../create/enhance-needs-model.js';

/** Audio whose bytes look right but that FFmpeg cannot decode fails the create with a 400 naming it. */
async function checkAudioDecodes(ctx: NodeContext, items: { field: string; path: string }[]): Promise<void> {
  if (items.length === 0) return;
  const ffmpeg = requireFfmpeg(ctx.config.ffmpegPath);
  for (const item of items) {
    let seconds = 0;
    try {
      const output = await runBinary(ffmpeg.ffprobe, ['-v', 'error', '-select_streams', 'a:0', '-show_entries', 'format=duration:stream=codec_type', '-of', 'json', item.path]);
      const parsed = JSON.parse(output) as { streams?: unknown[]; format?: { duration?: string } };
      seconds = parsed.streams && parsed.streams.length > 0 ? Number(parsed.format?.duration ?? 0) : 0;
    } catch {
      seconds = 0;
    }
    if (!(seconds > 0)) throw invalidRequest(`${item.field}: the file could not be decoded as audio`);
  }
}

/** Jobs an account may have in flight at once. */
export const MAX_IN_FLIGHT = 5;
/** Balance a multi-scene job needs to start. */
export const MIN_CREDITS_MULTI_SCENE = 7;

/** The 202 body of a create. */
export interface CreatedVideo {
  id: string;
  status: 'queued';
  model: string;
  estimated_credits: number;
  /** The estimate by part (extension); parts the account's own keys cover at 0 with `covered_by`. */
  estimate_breakdown: CreditPartView[];
}

/**
 * The voices a create may name: the embedded ones, and the speech model's when the request names
 * another (its list is read then, 503 `voices_unavailable` when it cannot be).
 */
async function voicesFor(ctx: NodeContext, requested: string | undefined): Promise<NodeVoice[]> {
  const embedded = embeddedNodeVoices();
  // An embedded id is that voice; a name ("Noah") could be the speech model's too, which is listed first.
  if (!requested || embedded.some((voice) => voice.id.toLowerCase() === requested.trim().toLowerCase()) || !ctx.config.speech) return embedded;
  return (await listVoices(ctx.config)).voices;
}

/** A named voice must speak the requested narration language: a 400 that says which voices do. */
function requireVoiceSpeaks(voices: NodeVoice[], id: string | undefined, language: string | undefined): void {
  const voice = id ? voices.find((entry) => entry.id === id) : undefined;
  if (!voice || !language || speaksLanguage(voice, language, true)) return;
  const speaking = voices.filter((entry) => speaksLanguage(entry, language, true));
  const names = speaking.slice(0, 8).map((entry) => `${entry.id} (${entry.name}, ${entry.provider})`);
  throw invalidRequest(
    `narration_voice: ${voice.name} ("${voice.id}", ${voice.provider}) does not speak narration_language "${language}"; voices that do: ${names.join(', ')}${speaking.length > names.length ? ` and ${speaking.length - names.length} more` : ''} (GET /v1/voices lists each voice's languages)`,
  );
}

/** What a create body costs, once validated: the resolved options and their estimate. */
export interface PricedVideo {
  resolved: ReturnType<typeof resolveVideoOptions>;
  estimate: ReturnType<typeof estimateCredits>;
  /** Audio items that are social-media links (imported with yt-dlp). */
  socialLinks: number;
}

/** The estimate answer (`POST /v1/videos/estimate`): what the 202 of the same create would say. */
export interface VideoEstimate {
  estimated_credits: number;
  estimate_breakdown: CreditPartView[];
}

function requireWebhookSigner(principal: { key: Principal['key'] | null }, body: CreateVideoBody): void {
  if (body.webhook_url !== undefined && !principal.key) {
    throw invalidRequest(
      'webhook_url: events are signed with an API key\'s webhook secret and this connection (OAuth, local or the web app) has none; use an API key for webhooks, or poll the job',
    );
  }
}

/**
 * Validates a create body by every rule of {@link createVideo} that does not depend on the
 * account's balance, quota or jobs in flight, and prices it. Writes nothing and fetches no
 * attachment (their URLs are checked for form only).
 */
export async function priceVideo(
  ctx: NodeContext,
  principal: { account: Principal['account']; key: Principal['key'] | null },
  body: CreateVideoBody,
): Promise<PricedVideo> {
  const account = principal.account;
  requireWebhookSigner(principal, body);
  const voices = await voicesFor(ctx, body.narration_voice);
  const resolved = resolveVideoOptions(body, {
    plan: account.plan,
    voices,
    allowPrivateUrls: ctx.config.allowPrivateUrls,
  });
  requireVoiceSpeaks(voices, resolved.narrationVoice, resolved.narrationLanguage);
  // A tier this node cannot run as sold (model-6 without a language model) is refused, not sold.
  const availability = modelAvailability(findModel(resolved.model)!, ctx.config);
  if (!availability.available) throw invalidRequest(`model: ${availability.unavailable_reason}`);
  // The prompt is enhanced by the node's language model or not at all: never a template, never a charge.
  if (resolved.enhancePrompt && ctx.config.languageModel === undefined) throw enhanceNeedsModelError('create');
  // "Unless the request reads otherwise": the prompt's words decide what the request left unset,
  // before the estimate, so a job is not priced for narration or music it will not have.
  const intent = readAudioIntent(resolved.prompt);
  if (resolved.narrationSource === 'default' && intent.narration === false) resolved.narration = false;
  if (resolved.musicSource === 'default' && intent.music === false) resolved.music = false;
  // A client music track replaces the score and a client voiceover the narration: neither is priced.
  if (resolved.audio.some((item) => item.role === 'music')) resolved.music = false;
  if (resolved.audio.some((item) => item.role === 'voiceover')) resolved.narration = false;
  const kit = resolved.brandKitId ? ctx.brandKits.get(resolved.brandKitId) : undefined;
  if (resolved.brandKitId && (!kit || kit.account_id !== account.id)) {
    throw invalidRequest(`brand_kit_id: unknown brand kit "${resolved.brandKitId}"; see GET /v1/brand-kits`);
  }
  // With no language model a video shows only what the request gives: a multi-scene video of one
  // held line (a prompt naming only a topic) is refused, not sold.
  if (resolved.multiScene && availability.backed_by.planner === 'embedded') {
    const topic = await topicOnly({
      prompt: resolved.prompt,
      images: resolved.images.length,
      documents: resolved.documents.length,
      voiceover: resolved.audio.some((item) => item.role === 'voiceover'),
      ...(kit ? { brand: { name: kit.name, description: kit.description, logo: kit.logo_path !== null } } : {}),
    });
    if (topic !== undefined) throw topicOnlyError(topic);
  }
  const socialLinks = resolved.audio.filter((item) => isSocialLink(item.url)).length;
  // Which parts the account's own provider keys cover is decided now and kept with the job, so the
  // charge matches this estimate and the job calls its models with the keys priced here.
  const languageModels = languageModelPricing(ctx.config, resolved.model, accountKeyProviders(ctx, account.id));
  const estimate = estimateCredits(resolved, { socialImports: socialLinks, languageModels: { ...languageModels, videoModel: ctx.config.footage !== undefined } });
  return { resolved, estimate, socialLinks };
}

/** `POST /v1/videos/estimate` (extension): the price a create of this body would quote, nothing written. */
export async function estimateVideo(
  ctx: NodeContext,
  principal: { account: Principal['account']; key: Principal['key'] | null },
  body: CreateVideoBody,
): Promise<VideoEstimate> {
  const { estimate } = await priceVideo(ctx, principal, body);
  return { estimated_credits: toCredits(estimate.millicredits), estimate_breakdown: creditPartViews(estimate.breakdown) };
}

/**
 * `POST /v1/videos` (and `service create`, and the MCP tool): validates every rule, checks plan,
 * balance, render quota and jobs in flight, fetches and checks attachments, writes the job as
 * `queued` and returns the 202 answer. A failure writes nothing: no row, no ledger entry, no file.
 */
export async function createVideo(
  ctx: NodeContext,
  principal: { account: Principal['account']; key: Principal['key'] | null },
  body: CreateVideoBody,
  options: { idempotencyKey?: string; enqueue?: (id: string) => void } = {},
): Promise<StoredAnswer & { body: CreatedVideo }> {
  ctx.disk.assertWritable(); // A full disk refuses new work (503 storage_full) before anything is written.
  const account = principal.account;
  requireWebhookSigner(principal, body);
  const scope = options.idempotencyKey ? { accountId: account.id, route: 'POST /v1/videos', key: options.idempotencyKey } : undefined;
  if (scope) {
    const replay = findIdempotentAnswer(ctx, scope, body);
    if (replay) return replay as StoredAnswer & { body: CreatedVideo };
  }

  const { resolved, estimate, socialLinks } = await priceVideo(ctx, principal, body);
  const summary = summarizeAccount(ctx, account.id);
  const needed = resolved.multiScene ? MIN_CREDITS_MULTI_SCENE : toCredits(estimate.millicredits);
  if (summary.balance < needed) {
    throw new ServiceError(
      'insufficient_credits',
      `a ${resolved.multiScene ? 'multi-scene' : 'single-scene'} video needs at least ${needed} credits to start; the balance is ${summary.balance}`,
    );
  }
  if (resolved.render && summary.renders_remaining < rendersNeeded(resolved.width, resolved.height)) {
    throw new ServiceError('insufficient_credits', `the render quota is spent: ${summary.renders_used} of ${summary.monthly_renders} renders used this month`);
  }
  if (ctx.videos.countInFlight(account.id) >= MAX_IN_FLIGHT) {
    throw new ServiceError('too_many_in_flight', `already ${MAX_IN_FLIGHT} video jobs in progress (${IN_FLIGHT_STATUSES.join(', ')}); wait for one to finish`);
  }

  const ytDlp = socialLinks > 0 ? await findYtDlp() : undefined;
  if (ytDlp) {
    const since = `${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`;
    const today = ctx.db.prepare('SELECT COUNT(*) FROM social_imports WHERE account_id = ? AND created_at >= ?').pluck().get(account.id, since) as number;
    if (today + socialLinks > SOCIAL_IMPORTS_PER_DAY) {
      throw new ServiceError('rate_limited', `social-link imports are limited to ${SOCIAL_IMPORTS_PER_DAY} per day; ${today} used today`, {
        headers: { 'retry-after': String(Math.ceil((Date.parse(since) + 86_400_000 - Date.now()) / 1000)) },
      });
    }
  }

  const id = newId('vid');
  const inputsRelative = path.posix.join('videos', id, 'inputs');
  const inputsDir = path.join(ctx.filesDir, inputsRelative);
  const requests: AttachmentRequest[] = [
    ...resolved.images.map((image, index) => ({ url: image.url, kind: 'image' as const, field: `images[${index}]` })),
    ...resolved.documents.map((doc, index) => ({ url: doc.url, kind: 'document' as const, field: `documents[${index}]`, declaredMimeType: doc.mimeType })),
    ...resolved.audio.map((audio, index) => ({ url: audio.url, kind: 'audio' as const, field: `audio[${index}]` })),
  ];
  try {
    const attachments =
      requests.length > 0
        ? await fetchAttachments(requests, { allowPrivateUrls: ctx.config.allowPrivateUrls, destDir: inputsDir, ...(ytDlp ? { importSocial: ytDlpImporter(ytDlp) } : {}) })
        : [];
    await checkAudioDecodes(ctx, attachments.filter((attachment) => attachment.field.startsWith('audio[')));
    // Documents are read now, so a bad one is a 400 naming it; the planner reads what was extracted.
    const documents = await readDocuments(
      attachments.flatMap((attachment) => {
        const index = /^documents\[(\d+)\]$/.exec(attachment.field)?.[1];
        if (index === undefined) return [];
        const fileName = resolved.documents[Number(index)]?.fileName;
        return [{ field: attachment.field, path: attachment.path, mimeType: attachment.mimeType, ...(fileName ? { fileName } : {}) }];
      }),
    );
    if (documents.length > 0) writeFileSync(path.join(inputsDir, DOCUMENTS_FILE), JSON.stringify(documents));
    // With a bucket the inputs go there before the job exists: a create the bucket refuses is a 503 to retry, not a job with files on one disk.
    await saveJobTree(ctx, path.posix.join('videos', id));
    const now = nowIso();
    const answer: StoredAnswer & { body: CreatedVideo } = {
      statusCode: 202,
      body: {
        id,
        status: 'queued',
        model: resolved.model,
        estimated_credits: toCredits(estimate.millicredits),
        estimate_breakdown: creditPartViews(estimate.breakdown),
      },
    };
    let replay: StoredAnswer | undefined;
    ctx.db.transaction(() => {
      // A request with the same Idempotency-Key that finished first wins; this one writes nothing.
      replay = scope ? findIdempotentAnswer(ctx, scope, body) : undefined;
      if (replay) return;
      // Checked again inside the write, so two creates at once cannot pass the limit together.
      if (ctx.videos.countInFlight(account.id) >= MAX_IN_FLIGHT) {
        throw new ServiceError('too_many_in_flight', `already ${MAX_IN_FLIGHT} video jobs in progress; wait for one to finish`);
      }
      ctx.videos.insert({
        id,
        account_id: account.id,
        api_key_id: principal.key?.id ?? null,
        project_id: newId('prj'),
        parent_id: null,
        status: 'queued',
        phase: null,
        phase_detail: 'Waiting for a worker',
        model: resolved.model,
        prompt: resolved.prompt,
        enhanced_prompt: null,
        options: JSON.stringify({
          ...resolved,
          attachments: attachments.map((a) => ({ field: a.field, mimeType: a.mimeType, bytes: a.bytes, sha256: a.sha256, path: path.posix.join(inputsRelative, path.basename(a.path)) })),
          estimate: estimate.breakdown,
          covered_by: Object.fromEntries(estimate.breakdown.flatMap((part) => (part.covered_by ? [[part.part, part.covered_by]] : []))),
        }),
        width: resolved.width,
        height: resolved.height,
        fps: resolved.fps,
        duration_seconds: resolved.durationSeconds,
        render: resolved.render ? 1 : 0,
        webhook_url: resolved.webhookUrl ?? null,
        estimated_millicredits: estimate.millicredits,
        credits_cost_millicredits: null,
        plan: null,
        scenes_planned: 0,
        scenes_committed: 0,
        cancel_requested: 0,
        error_code: null,
        error_message: null,
        output_path: null,
        soundtrack_path: null,
        frames_done: 0,
        frames_total: 0,
        warnings: JSON.stringify(warningsAtCreate(ctx.config, resolved)),
        created_at: now,
        updated_at: now,
        last_activity_at: now,
        started_at: null,
        finished_at: null,
      });
      for (const item of resolved.audio.filter((audio) => isSocialLink(audio.url))) {
        ctx.db.prepare('INSERT INTO social_imports (account_id, video_id, url, created_at) VALUES (?, ?, ?, ?)').run(account.id, id, item.url, now);
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
    rmSync(path.join(ctx.filesDir, 'videos', id), { recursive: true, force: true });
    throw error;
  }
}
