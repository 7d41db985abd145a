import { copyFileSync, createWriteStream } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Command, InvalidArgumentError, Option } from 'commander';
import { requireAccount } from '../../accounts/accounts.js';
import { ensureOwnerAccount } from '../../accounts/owner.js';
import { invalidRequest, ServiceError, type ErrorDetail } from '../../errors/service-error.js';
import type { NodeContext } from '../../node-context.js';
import { createVideoBody, type CreateVideoBody } from '../../pipeline/create/create-video-schema.js';
import { isTerminal } from '../../pipeline/engine/job-states.js';
import { createVideo } from '../../pipeline/videos/create-video.js';
import { baseUrlOf, toListItem, toPollResponse } from '../../pipeline/videos/video-view.js';
import { OUTPUT_FORMATS, RENDER_BACKGROUNDS, renderFileName } from '../../render/formats/output-format.js';
import type { AccountRow } from '../../store/accounts-store.js';
import { details, print, reportError, table } from '../output.js';
import { jobProgress, renderReading, snapshotOfPoll, snapshotOfRow } from '../job-progress.js';
import { ownerCreatedNotice } from '../owner-notice.js';
import { ProgressBar } from '../progress-bar.js';
import { dataOptions, withNode } from '../with-node.js';
import { numberOption } from './accounts.js';

/** Parses `WxH`. */
export function dimensionsOption(value: string): { width: number; height: number } {
  const match = /^(\d+)x(\d+)$/i.exec(value.trim());
  if (!match) throw new InvalidArgumentError(`"${value}" is not WIDTHxHEIGHT, e.g. 1280x720`);
  return { width: Number(match[1]), height: Number(match[2]) };
}

/**
 * The account local commands act for: `--account`, else the owner. On a data dir with no accounts
 * yet, a command that makes something first makes the owner account, as `serve` does there, and
 * says so on stderr with its key (shown this once); `make: false` (listing) does not.
 */
export async function localAccount(ctx: NodeContext, accountId: string | undefined, { make = true }: { make?: boolean } = {}): Promise<AccountRow> {
  if (accountId) return requireAccount(ctx, accountId);
  if (make) {
    const created = await ensureOwnerAccount(ctx);
    if (created) process.stderr.write(ownerCreatedNotice(created, ctx.config.dataDir));
  }
  const owner = ctx.accounts.list().find((account) => account.is_owner === 1);
  if (!owner) throw invalidRequest('no owner account in this data dir; pass --account ID (or start `service serve` once)');
  return owner;
}

/** The create body `service create` sends: its prompt and flags as the fields of `POST /v1/videos`. */
export function bodyFrom(prompt: string, options: Record<string, unknown>): CreateVideoBody {
  const raw: Record<string, unknown> = { prompt };
  if (options.model) raw.model = options.model;
  if (options.aspectRatio) raw.aspect_ratio = options.aspectRatio;
  if (options.dimensions) raw.dimensions = options.dimensions;
  if (options.duration !== undefined) raw.duration = options.duration;
  if (options.style) raw.animation_style = options.style;
  if (options.voice) raw.narration_voice = options.voice;
  if (options.render || options.out) raw.render = true;
  if (options.captions !== undefined || options.captionsPosition !== undefined) raw.captions = captionsOption(options);
  const parsed = createVideoBody.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw invalidRequest(`${issue.path.join('.') || 'request'}: ${issue.message}`);
  }
  return parsed.data;
}

/**
 * The `captions` field from `--captions` (a style, or off) and `--captions-position`: off is false,
 * a style or a place alone is that look with the other left to its default.
 */
export function captionsOption(options: Record<string, unknown>): unknown {
  if (options.captions === 'off') return false;
  return { ...(options.captions !== undefined ? { style: options.captions } : {}), ...(options.captionsPosition !== undefined ? { position: options.captionsPosition } : {}) };
}

/** Polls a job in this data dir until it ends, drawing progress. */
async function waitLocally(ctx: NodeContext, id: string, bar: ProgressBar): Promise<void> {
  for (;;) {
    const row = ctx.videos.get(id)!;
    bar.update(jobProgress(snapshotOfRow(row), { render: row.render === 1 }));
    if (isTerminal(row.status)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Waits with a progress bar until a job this process builds ends, copies its MP4 to `--out`, and reports it. */
export async function finishLocally(ctx: NodeContext, id: string, options: { json?: boolean; out?: string }): Promise<void> {
  const bar = new ProgressBar({ json: options.json });
  await waitLocally(ctx, id, bar);
  bar.done();
  const row = ctx.videos.get(id)!;
  if (options.out && row.output_path) copyFileSync(path.join(ctx.filesDir, row.output_path), options.out);
  finishReport(toPollResponse(ctx, row, baseUrlOf(ctx)), options);
}

/** Polls a job on a running node with a progress bar until it ends, downloads its MP4 to `--out`, and reports it. */
export async function finishRemotely(url: string, key: string, created: Record<string, unknown>, options: { json?: boolean; out?: string }, render: boolean): Promise<void> {
  const bar = new ProgressBar({ json: options.json });
  let job = created;
  while (!isTerminal(job.status as never)) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    job = await remoteRequest(url, key, 'GET', `/v1/videos/${String(created.id)}`);
    bar.update(jobProgress(snapshotOfPoll(job), { render }));
  }
  bar.done();
  if (options.out && job.download_url) {
    const response = await fetch(String(job.download_url));
    await pipeline(Readable.fromWeb(response.body as never), createWriteStream(options.out));
  }
  finishReport(job, options);
}

/** A request to a running node's REST API with a key; a refusal is thrown as its error. */
export async function remoteRequest(url: string, key: string, method: string, route: string, body?: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(new URL(route, url), {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await response.json()) as Record<string, unknown> & { error?: { code: string; message: string; details?: ErrorDetail[] } };
  if (!response.ok) {
    const error = json.error;
    throw new ServiceError((error?.code as never) ?? 'internal_error', error?.message ?? `node answered ${response.status}`, { details: error?.details });
  }
  return json;
}

/** `service create`: makes a video from a prompt, here (data dir) or on a running node (`--url`). */
export function createCommand(): Command {
  return dataOptions(
    new Command('create')
      .description('create a video from a prompt; with --wait, build it now and show progress')
      .argument('<prompt>', 'what the video is about')
      .option('--model <id>', 'model-5 (default), model-6, model-4 or model-3')
      .option('--aspect-ratio <ratio>', '16:9, 9:16, 1:1 or 4:5')
      .option('--dimensions <WxH>', 'exact size, e.g. 1280x720', dimensionsOption)
      .option('--duration <seconds>', 'target length in seconds', numberOption)
      .option('--style <id>', 'animation style pack id')
      .option('--voice <voice>', 'narration voice by id or name, in any case (e.g. Noah or embedded-noah; see GET /v1/voices)')
      .option('--captions <style>', 'burn in captions of the narration: clean, bold, karaoke, or off')
      .option('--captions-position <where>', 'where burned-in captions sit: bottom (default), top or middle')
      .option('--render', 'render an MP4 when generation ends (implied by --out)')
      .option('--wait', 'wait until the job ends, with a progress bar')
      .option('--out <file>', 'write the MP4 here when done (implies --render and --wait)')
      .option('--account <id>', 'account to create for (default: the owner)')
      .option('--url <url>', 'a running node to create on, instead of the data dir')
      .option('--key <key>', 'API key for --url (env SERVICE_API_KEY)'),
  ).action(async (prompt: string, options) => {
    const wait = Boolean(options.wait || options.out);
    if (options.url) {
      try {
        const key = options.key ?? process.env.SERVICE_API_KEY;
        if (!key) throw invalidRequest('--url needs --key or SERVICE_API_KEY');
        const created = await remoteRequest(options.url, key, 'POST', '/v1/videos', bodyFrom(prompt, options));
        if (!wait) {
          print(created, options, () => `queued ${String(created.id)} (${String(created.estimated_credits)} credits estimated); poll it with GET /v1/videos/${String(created.id)}`);
          return;
        }
        await finishRemotely(options.url, key, created, options, Boolean(options.render || options.out));
      } catch (error) {
        reportError(error, options);
      }
      return;
    }
    await withNode(options, 'create', async (ctx) => {
      const account = await localAccount(ctx, options.account);
      const { startRuntime } = await import('../../node-runtime.js');
      const runtime = wait ? startRuntime(ctx, { resume: false }) : undefined;
      try {
        const answer = await createVideo(ctx, { account, key: null }, bodyFrom(prompt, options), { enqueue: (id) => runtime?.engine.enqueue(id) });
        if (!runtime) {
          print(answer.body, options, () => `queued ${answer.body.id} (${answer.body.estimated_credits} credits estimated); run with --wait to build it now, or start service serve`);
          return;
        }
        await finishLocally(ctx, answer.body.id, options);
      } finally {
        await runtime?.stop();
      }
    });
  });
}

/** Prints a job that has ended and sets exit code 1 unless it completed. */
function finishReport(job: Record<string, unknown>, options: { json?: boolean; out?: string }): void {
  print(job, options, () =>
    details({
      id: job.id,
      status: job.status,
      scenes: Array.isArray(job.scenes) ? job.scenes.length : 0,
      credits: job.credits_cost,
      error: (job.error as { message?: string } | undefined)?.message,
      file: options.out && job.status === 'completed' ? options.out : undefined,
    }),
  );
  if (job.status !== 'completed') process.exitCode = 1;
}

/**
 * `service render <job>`: renders a job's committed scenes to a file (MP4, WebM, MOV or GIF,
 * `--format`; `--background transparent` for WebM and MOV) in the foreground and writes it to
 * `--out`; the render is recorded among the job's renders (and uses a plan render) like
 * `POST /v1/videos/{id}/render`, and never changes the job.
 */
export function renderCommand(): Command {
  return dataOptions(
    new Command('render')
      .description('render a job\'s scenes to an MP4, WebM, MOV or GIF here, with a progress bar')
      .argument('<job>', 'video job id')
      .option('--dimensions <WxH>', 'size (default: the job\'s)', dimensionsOption)
      .option('--fps <n>', 'frame rate (default: the job\'s)', numberOption)
      .addOption(new Option('--format <format>', 'mp4, webm (VP9), mov (ProRes 4444) or gif (at most 480 px, 12 fps, no sound)').choices(OUTPUT_FORMATS).default('mp4'))
      .addOption(new Option('--background <background>', 'transparent: no background, an alpha channel (webm and mov only)').choices(RENDER_BACKGROUNDS).default('opaque'))
      .option('--out <file>', 'where to write the file (default: ./<job>.<format>)'),
  ).action(async (jobId: string, options) => {
    await withNode(options, { change: 'no video to render' }, async (ctx) => {
      const { checkRenderQuota, completeRerender, failRender, newRenderRecord, resolveRenderOutput } = await import('../../pipeline/videos/render-records.js');
      const output = resolveRenderOutput(options);
      const row = ctx.videos.get(jobId);
      if (!row) throw new ServiceError('not_found', `video ${jobId} not found`);
      const { RenderPool } = await import('../../render/render-pool.js');
      const { renderJobFile } = await import('../../pipeline/videos/render-job.js');
      const { describeFailure } = await import('../../pipeline/engine/describe-failure.js');
      const { describeRenderDetail } = await import('../../render/render-video.js');
      const { renderAcceleration } = await import('../../render/acceleration.js');
      const shape = { width: options.dimensions?.width ?? row.width, height: options.dimensions?.height ?? row.height, fps: options.fps ?? row.fps };
      // A render here is a render of the job like POST /render: a record in the job's renders, on its account's plan renders.
      checkRenderQuota(ctx, row.account_id, shape);
      const render = newRenderRecord(row.id, shape, { status: 'rendering', output });
      ctx.videos.insertRender(render);
      const pool = new RenderPool({ size: 1, browserExecutable: ctx.config.browserExecutable, acceleration: renderAcceleration(ctx.config) });
      const bar = new ProgressBar({ json: options.json });
      const started = Date.now();
      try {
        const result = await renderJobFile(ctx, pool, row, shape, {
          cacheDir: ctx.config.cacheDir,
          fileName: renderFileName(render.id, output.format),
          output,
          onProgress: (progress, _renderedFrames, totalFrames, detail) => bar.update(renderReading(Math.round(progress * totalFrames), totalFrames, undefined, describeRenderDetail(detail))),
        }).catch((error: unknown) => {
          failRender(ctx, render.id, describeFailure(error).message);
          throw error;
        });
        completeRerender(ctx, render, result.relativePath);
        bar.update({ fraction: 1, stage: 'done' });
        bar.done();
        const out = path.resolve(options.out ?? renderFileName(jobId, output.format));
        copyFileSync(path.join(ctx.filesDir, result.relativePath), out);
        const seconds = (Date.now() - started) / 1000;
        print({ id: jobId, render_id: render.id, file: out, format: output.format, background: output.background, ...result.probe, seconds, rendered_frames: result.renderedFrames, held_frames: result.heldFrames, reused_segments: result.reusedSegments }, options, () =>
          `wrote ${out}: ${result.probe.codec} ${result.probe.width}x${result.probe.height} ${result.probe.fps} fps ${result.probe.durationSeconds.toFixed(2)} s in ${seconds.toFixed(1)} s (render ${render.id})`,
        );
      } finally {
        bar.done();
        await pool.close();
      }
    });
  });
}

/** `service jobs list|show|cancel`. */
export function jobsCommand(): Command {
  const jobs = new Command('jobs').description('list, show and cancel video jobs in the data dir');
  dataOptions(jobs.command('list').description('jobs, newest first').option('--account <id>', 'one account (default: all)').option('--limit <n>', 'how many', numberOption, 20)).action(
    async (options) => {
      await withNode(options, { read: 'nothing to list' }, (ctx) => {
        const accounts = options.account ? [requireAccount(ctx, options.account)] : ctx.accounts.list();
        const rows = accounts
          .flatMap((account) => ctx.videos.listForAccount(account.id, options.limit))
          .sort((a, b) => b.created_at.localeCompare(a.created_at))
          .slice(0, options.limit);
        const items = rows.map((row) => toListItem(row, baseUrlOf(ctx)));
        print(items, options, () => table(items.map((item) => ({ ...item, prompt: String(item.prompt).slice(0, 40) })), ['id', 'status', 'model', 'created_at', 'prompt']));
      });
    },
  );
  dataOptions(jobs.command('show').description('one job, as the API shows it').argument('<id>', 'video job id')).action(async (id: string, options) => {
    await withNode(options, { read: 'nothing to show' }, (ctx) => {
      const row = ctx.videos.get(id);
      if (!row) throw new ServiceError('not_found', `video ${id} not found`);
      const job = toPollResponse(ctx, row, baseUrlOf(ctx));
      print(job, options, () => details({ ...job, scenes: (job.scenes as unknown[]).length, progress: job.progress }));
    });
  });
  dataOptions(jobs.command('cancel').description('cancel a job').argument('<id>', 'video job id')).action(async (id: string, options) => {
    await withNode(options, { change: 'no job to cancel' }, async (ctx) => {
      const { VideoEngine } = await import('../../pipeline/engine/video-engine.js');
      const { RenderPool } = await import('../../render/render-pool.js');
      // Queued jobs end here at once; a job a server is working on sees the flag at its next check.
      const engine = new VideoEngine({ ctx, pool: new RenderPool() });
      const row = engine.cancel(id);
      print(toPollResponse(ctx, row, baseUrlOf(ctx)), options, () => `${id}: ${row.status}${row.cancel_requested && row.status !== 'canceled' ? ' (cancel requested)' : ''}`);
    });
  });
  return jobs;
}
