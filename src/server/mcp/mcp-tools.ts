import { z } from 'zod';
import { summarizeAccount } from '../../accounts/accounts.js';
import { listBrandKits } from '../../catalog/brand-kits.js';
import { listModels } from '../../catalog/models.js';
import { listAnimationStyles } from '../../catalog/style-packs.js';
import { listVoices } from '../../catalog/voices.js';
import type { NodeContext } from '../../node-context.js';
import { createVideoBody } from '../../pipeline/create/create-video-schema.js';
import { createVideo } from '../../pipeline/videos/create-video.js';
import { createEdit } from '../../pipeline/edit/create-edit.js';
import { enhancePrompt } from '../../pipeline/videos/enhance-prompt.js';
import { videoCaptions } from '../../pipeline/captions/video-captions.js';
import { videoFrames } from '../../pipeline/videos/video-frames.js';
import { approveVideo, cancelVideo, listVideos, ownVideo, queueRerender } from '../../pipeline/videos/video-operations.js';
import { toPollResponse } from '../../pipeline/videos/video-view.js';
import type { RequestLimits } from '../rate-limit/request-limits.js';
import { captionsQuery, captionsResponse } from '../schemas/output-schemas.js';
import { animationStylesResponse, brandKitsResponse, modelsResponse, voicesResponse } from '../schemas/catalog-schemas.js';
import {
  approveVideoFields,
  createdVideoResponse,
  editVideoFields,
  framesQuery,
  framesResponse,
  listVideosQuery,
  listVideosResponse,
  pollResponse,
  renderFields,
  videoIdParams,
} from '../schemas/video-schemas.js';
import type { AppServices } from '../services.js';
import type { McpPrincipal } from './mcp-principal.js';

/** What a tool call runs with: the node, its workers, who calls, and the limits of the caller. */
export interface ToolSession {
  ctx: NodeContext;
  services: AppServices;
  principal: McpPrincipal;
  /** The base URL links are made with. */
  baseUrl: string;
  /** The rate limits the caller's requests count against (shared with REST). */
  limits: RequestLimits;
}

/** What a tool answers: the REST response as structured content, a one-paragraph summary, images. */
export interface ToolAnswer {
  structured: Record<string, unknown>;
  summary: string;
  images?: { data: string; mimeType: string }[];
}

/**
 * Hints clients use to ask before a call (MCP tool annotations). Every tool sets all four on purpose;
 * `readOnlyHint: false` also means the call needs the `write` scope.
 */
export interface ToolHints {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

/** One MCP tool: a thin adapter over the pipeline function its REST route calls. */
export interface ToolDefinition<Input extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  description: string;
  input: Input;
  output: z.ZodObject;
  annotations: ToolHints;
  run(session: ToolSession, args: z.output<Input>): Promise<ToolAnswer>;
}

function defineTool<Input extends z.ZodObject>(tool: ToolDefinition<Input>): ToolDefinition {
  return tool as unknown as ToolDefinition;
}

const READ_ONLY: ToolHints = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

function statusSentence(video: Record<string, unknown>): string {
  const id = String(video.id);
  const progress = video.progress as { scenes_committed: number; scenes_planned: number };
  const detail = typeof video.phase_detail === 'string' ? ` (${video.phase_detail})` : '';
  const scenes = progress.scenes_planned > 0 ? ` ${progress.scenes_committed} of ${progress.scenes_planned} scenes are committed.` : '';
  const head = `Video ${id} is ${String(video.status)}${detail}.${scenes}`;
  if (video.status === 'completed') {
    const main = video.download_url
      ? `${head} Download the MP4 from download_url (valid about 15 minutes; poll again for a fresh link), or look at it with preview_video.`
      : `${head} It has no MP4 yet: render_video makes one; preview_video shows its scenes as stills.`;
    return `${main}${rendersSentence(video)}`;
  }
  if (video.status === 'failed') {
    const error = video.error as { code?: string; message?: string } | undefined;
    return `${head} ${error?.message ? `Error: ${error.message}` : ''}`.trim();
  }
  if (video.status === 'canceled') return head;
  return `${head} Poll get_video_status again in ${String(video.poll_after_seconds)} s.`;
}

/** The job's re-renders in a sentence (the original is the top-level download_url). */
function rendersSentence(video: Record<string, unknown>): string {
  const renders = ((video.renders ?? []) as { id: string; original: boolean; status: string; dimensions: { width: number; height: number }; fps: number; format?: string }[]).filter(
    (render) => !render.original,
  );
  if (renders.length === 0) return '';
  const items = renders.map((render) => `${render.id} ${(render.format ?? 'mp4').toUpperCase()} ${render.dimensions.width}x${render.dimensions.height} at ${render.fps} fps, ${render.status}`);
  const waiting = renders.some((render) => render.status === 'queued' || render.status === 'rendering');
  return ` Re-renders: ${items.join('; ')}${waiting ? '; poll again until each is completed' : ''}. A completed one has its own download_url in renders.`;
}

function names(items: { id: string }[], limit = 12): string {
  const shown = items.slice(0, limit).map((item) => item.id);
  return items.length > limit ? `${shown.join(', ')} and ${items.length - limit} more` : shown.join(', ');
}

/** The 15 tools of the spec and the node's own (get_captions), in the order `tools/list` shows them. */
export const MCP_TOOLS: readonly ToolDefinition[] = [
  defineTool({
    name: 'create_video',
    title: 'Create a video',
    description:
      'Start a video job from a prompt (same body and rules as POST /v1/videos). Answers at once with the job id; poll get_video_status until it is completed. Spends credits: a multi-scene video needs a balance of at least 7 to start.',
    input: createVideoBody,
    output: createdVideoResponse,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    run: async (session, args) => {
      const answer = await session.limits.withBucket(session.principal.limitSubject, 'videos.create', () =>
        createVideo(session.ctx, session.principal, args, { enqueue: (id) => session.services.engine?.enqueue(id) }),
      );
      const body = answer.body;
      return {
        structured: { ...body },
        summary: `Video ${body.id} is queued on ${body.model}, estimated at ${body.estimated_credits} credits. Poll get_video_status with id "${body.id}" until its status is completed (or failed); preview_video then shows one frame per scene.`,
      };
    },
  }),
  defineTool({
    name: 'get_video_status',
    title: 'Get a video\'s status',
    description:
      "Poll a video job (GET /v1/videos/{id}): status, phase, scenes, credits and, once completed with an MP4, its download_url (the original, at the job's own dimensions and fps). renders lists every MP4 render of the job (the original marked original: true, and each re-render with its own dimensions, fps, status and, once completed, download_url).",
    input: videoIdParams,
    output: pollResponse,
    annotations: READ_ONLY,
    run: async (session, args) => {
      const video = toPollResponse(session.ctx, ownVideo(session.ctx, args.id, session.principal.account.id), session.baseUrl);
      return { structured: video, summary: statusSentence(video) };
    },
  }),
  defineTool({
    name: 'edit_video',
    title: 'Edit a video',
    description: 'Change a finished multi-scene video by describing the change in prompt, or by giving it as edit operations in operations, or both (POST /v1/videos/{id}/edit); answers with a new job id to poll.',
    input: videoIdParams.extend(editVideoFields.shape),
    output: createdVideoResponse,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    run: async (session, args) => {
      const { id, ...body } = args;
      const answer = await session.limits.withBucket(session.principal.limitSubject, 'videos.edit', async () =>
        createEdit(session.ctx, session.principal, id, body, { enqueue: (jobId) => session.services.engine?.enqueue(jobId), ...(session.services.editor ? { reader: session.services.editor } : {}) }),
      );
      return { structured: { ...answer.body }, summary: `Edit job ${answer.body.id} queued from ${id} (estimated ${answer.body.estimated_credits} credits); poll get_video_status.` };
    },
  }),
  defineTool({
    name: 'preview_video',
    title: 'Preview a video\'s frames',
    description:
      'One JPEG per scene (GET /v1/videos/{id}/frames), from the rendered MP4, or rendered as stills from the scene code when there is no MP4 yet; on a storyboard build paused for review, the cast sheets or storyboard stills under review. The frames come back as images to look at.',
    input: videoIdParams.extend(framesQuery.shape),
    output: framesResponse,
    annotations: READ_ONLY,
    run: async (session, args) => {
      const row = ownVideo(session.ctx, args.id, session.principal.account.id);
      const answer = await videoFrames(session.ctx, row, args.max_frames, session.services);
      const count = `${answer.frames.length} frame${answer.frames.length === 1 ? '' : 's'} of video ${answer.video_id}`;
      const summary =
        answer.source === 'cast'
          ? `${count}: the cast sheets waiting for approval (${answer.frames.map((frame) => frame.name).join(', ')}). Answer with approve_video: no changes to go on, or changes such as "${answer.frames[0]?.name ?? 'Name'}: a new look".`
          : answer.source === 'storyboard'
            ? `${count}: the storyboard waiting for approval, one still per scene (${answer.frames.map((frame) => `scene ${frame.scene_id} at ${frame.time_seconds} s`).join('; ')}). Answer with approve_video: no changes to go on, or changes such as "redo scene 2: …".`
            : `${count}, one per scene, from ${answer.source === 'video' ? 'the rendered MP4' : 'the committed scene code, rendered as stills'}: ${answer.frames
                .map((frame) => `scene ${frame.scene_id} at ${frame.time_seconds} s`)
                .join('; ')}.`;
      return {
        structured: answer,
        summary,
        images: answer.frames.map((frame) => ({ data: frame.data, mimeType: frame.mime_type })),
      };
    },
  }),
  defineTool({
    name: 'get_captions',
    title: 'Get a video\'s captions',
    description:
      'The narration as a caption file (GET /v1/videos/{id}/captions), in the narration\'s language: format "srt" (SubRip, the default) or "vtt" (WebVTT). Cues of at most two lines, each shown 1 to 7 s, timed to the spoken words. A job without narration answers not_found; one whose narration is not spoken yet answers not_ready.',
    input: videoIdParams.extend(captionsQuery.shape),
    output: captionsResponse,
    annotations: READ_ONLY,
    run: async (session, args) => {
      const { content_type: _type, file_name: fileName, ...answer } = videoCaptions(session.ctx, ownVideo(session.ctx, args.id, session.principal.account.id), args.format);
      const name = answer.format === 'vtt' ? 'WebVTT' : 'SubRip';
      return {
        structured: answer,
        summary: `Captions of video ${answer.video_id} in ${answer.language}: ${answer.cues} cue${answer.cues === 1 ? '' : 's'} as ${name}, in captions (save it as ${fileName}; the other format is "${answer.format === 'vtt' ? 'srt' : 'vtt'}").`,
      };
    },
  }),
  defineTool({
    name: 'approve_video',
    title: 'Approve a review gate',
    description:
      'Answer a storyboard build paused at a review gate (POST /v1/videos/{id}/approve): no changes goes on; changes (e.g. "Mara: short grey hair" at the cast, "redo scene 2: a harbour at dawn" at the storyboard) redo that board and pause again. Look at the board first with preview_video.',
    input: videoIdParams.extend(approveVideoFields.shape),
    output: pollResponse,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    run: async (session, { id, ...body }) => {
      const video = await approveVideo(session.ctx, session.services.engine, session.principal.account.id, id, body, session.baseUrl, session.services.editor);
      const review = video.review as { gate: string; round: number } | undefined;
      const summary = body.changes
        ? `Video ${id} is redoing its ${review?.gate ?? 'board'} with your changes; poll get_video_status until review.round is ${(review?.round ?? 0) + 1}, then look with preview_video.`
        : `Video ${id} goes on past its review gate; poll get_video_status.`;
      return { structured: video, summary };
    },
  }),
  defineTool({
    name: 'render_video',
    title: 'Render a video again',
    description:
      "Re-render a completed video (POST /v1/videos/{id}/render), optionally at other dimensions or fps, in a format: mp4 (default), webm (VP9), mov (ProRes 4444) or gif (no sound, at most 480 px and 12 fps). background transparent (webm or mov only) leaves the scenes' background out and gives a video with an alpha channel, to lay over footage. Uses one plan render (4K: two) once completed, whatever the format. The re-render is its own record: the answer is the job with the new render in renders (status queued); the job stays completed and keeps its own dimensions, fps and download_url, and edits start from those. Poll get_video_status until that render is completed, then download it from the render's own download_url.",
    input: videoIdParams.extend(renderFields.shape),
    output: pollResponse,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    run: async (session, args) => {
      const { id, ...shape } = args;
      const { video, renderId } = queueRerender(session.ctx, session.services.engine, session.principal.account.id, id, shape, session.baseUrl);
      const render = ((video.renders ?? []) as { id: string; dimensions: { width: number; height: number }; fps: number; format: string; background?: string }[]).find((item) => item.id === renderId)!;
      return {
        structured: video,
        summary: `Render ${render.id} of video ${id} is queued as ${render.background === 'transparent' ? 'a transparent ' : ''}${render.format.toUpperCase()} at ${render.dimensions.width}x${render.dimensions.height}, ${render.fps} fps. Poll get_video_status until that render is completed in renders, then download its own download_url; the job's download_url stays the original.`,
      };
    },
  }),
  defineTool({
    name: 'cancel_video',
    title: 'Cancel a video',
    description:
      'Cancel a video job (POST /v1/videos/{id}/cancel): at once when queued or paused, at the next safe point while it works. Work done so far is kept and charged; a finished job cannot be canceled.',
    input: videoIdParams,
    output: pollResponse,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    run: async (session, args) => {
      const video = cancelVideo(session.ctx, session.services.engine, session.principal.account.id, args.id, session.baseUrl);
      const summary = video.status === 'canceled' ? `Video ${args.id} is canceled.` : `Video ${args.id} will stop at the next safe point; poll get_video_status to see it canceled.`;
      return { structured: video, summary };
    },
  }),
  defineTool({
    name: 'list_videos',
    title: 'List videos',
    description: 'The account\'s video jobs, newest first (GET /v1/videos); pass next_cursor back as cursor for the next page, and parent_id to list only the edits made from one video.',
    input: listVideosQuery,
    output: listVideosResponse,
    annotations: READ_ONLY,
    run: async (session, args) => {
      const page = listVideos(session.ctx, session.principal.account.id, args, session.baseUrl);
      const items = page.videos.map((video) => `${String(video.id)} (${String(video.status)})`);
      const more = page.next_cursor ? ` More with cursor "${page.next_cursor}".` : '';
      return { structured: page, summary: page.videos.length === 0 ? 'No videos yet.' : `${items.length} videos, newest first: ${items.join(', ')}.${more}` };
    },
  }),
  defineTool({
    name: 'list_models',
    title: 'List models',
    description: 'The generation models (GET /v1/models): scenes, durations, credits and what each supports.',
    input: z.strictObject({}),
    output: modelsResponse,
    annotations: READ_ONLY,
    run: async (session) => {
      const catalog = listModels(session.ctx.config);
      const items = catalog.models.map(
        (model) =>
          `${model.id}${model.default ? ' (default)' : ''}: ${model.multi_scene ? 'multi-scene' : 'single-scene'}, up to ${model.max_duration_seconds} s, planned by ${model.backed_by.planner}${model.available ? '' : ' (not available on this node)'}`,
      );
      return { structured: catalog, summary: `${catalog.models.length} models: ${items.join('; ')}.` };
    },
  }),
  defineTool({
    name: 'list_animation_styles',
    title: 'List animation styles',
    description: 'The style packs accepted as animation_style (GET /v1/animation-styles), with their palettes.',
    input: z.strictObject({}),
    output: animationStylesResponse,
    annotations: READ_ONLY,
    run: async () => {
      const catalog = listAnimationStyles();
      return {
        structured: catalog,
        summary: `${catalog.styles.length} animation styles (default ${catalog.default_style}, none: ${catalog.no_style}): ${names(catalog.styles)}.`,
      };
    },
  }),
  defineTool({
    name: 'list_voices',
    title: 'List narration voices',
    description: 'Narration voices accepted as narration_voice (GET /v1/voices): the speech model\'s (--speech) and the embedded engine\'s, each with provider and the languages it speaks.',
    input: z.strictObject({}),
    output: voicesResponse,
    annotations: READ_ONLY,
    run: async (session) => {
      const catalog = await listVoices(session.ctx.config);
      return { structured: catalog, summary: `${catalog.voices.length} voices: ${names(catalog.voices)}.` };
    },
  }),
  defineTool({
    name: 'list_brand_kits',
    title: 'List brand kits',
    description: 'The account\'s saved brand kits (GET /v1/brand-kits), usable as brand_kit_id in create_video.',
    input: z.strictObject({}),
    output: brandKitsResponse,
    annotations: READ_ONLY,
    run: async (session) => {
      const kits = listBrandKits(session.ctx, session.principal.account.id);
      const items = kits.brand_kits.map((kit) => `${kit.name} (${kit.id})`);
      return { structured: kits, summary: kits.brand_kits.length === 0 ? 'No brand kits saved.' : `${items.length} brand kits: ${items.join(', ')}.` };
    },
  }),
  defineTool({
    name: 'enhance_prompt',
    title: 'Enhance a prompt',
    description:
      'Rewrite a video prompt as a production brief (its key points in order, the angle, audience and tone; at most 120 words) with the node\'s language model, keeping the prompt\'s facts and inventing none. Costs the credits table\'s enhance_prompt rate (0.5 credits). Needs a language model: on a node without one (list_models backed_by.planner "embedded") it is refused with invalid_request (400) and charges nothing.',
    input: createVideoBody.pick({ prompt: true }),
    output: z.object({ prompt: z.string(), enhanced_prompt: z.string(), credits_cost: z.number() }),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    run: async (session, args) => {
      const answer = await enhancePrompt(session.ctx, session.principal.account.id, args.prompt, session.services.enhancer);
      return { structured: answer, summary: `Enhanced prompt (${answer.credits_cost} credits): ${answer.enhanced_prompt}` };
    },
  }),
  defineTool({
    name: 'get_credit_balance',
    title: 'Get the credit balance',
    description: 'The account\'s credit balance, plan and plan renders left this month.',
    input: z.strictObject({}),
    output: z.object({ balance: z.number(), plan: z.string(), renders_remaining: z.number() }),
    annotations: READ_ONLY,
    run: async (session) => {
      const summary = summarizeAccount(session.ctx, session.principal.account.id);
      return {
        structured: { balance: summary.balance, plan: summary.plan, renders_remaining: summary.renders_remaining },
        summary: `The balance is ${summary.balance} credits on the ${summary.plan} plan, with ${summary.renders_remaining} renders left this month.`,
      };
    },
  }),
  defineTool({
    name: 'whoami',
    title: 'Who am I',
    description: 'The account this connection acts for, how it signed in (api_key or oauth) and the scopes it holds.',
    input: z.strictObject({}),
    output: z.object({ account_id: z.string(), name: z.string(), plan: z.string(), auth: z.string(), scopes: z.array(z.string()) }),
    annotations: READ_ONLY,
    run: async (session) => {
      const { account, auth, scopes } = session.principal;
      return {
        structured: { account_id: account.id, name: account.name, plan: account.plan, auth, scopes },
        summary: `Acting for ${account.name} (${account.id}) on the ${account.plan} plan, signed in with ${auth === 'api_key' ? 'an API key' : auth === 'oauth' ? 'OAuth' : 'a local stdio session'}; scopes: ${scopes.join(', ')}.`,
      };
    },
  }),
];
