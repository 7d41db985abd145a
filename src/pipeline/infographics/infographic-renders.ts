import path from 'node:path';
import type { Logger } from 'pino';
import { quotaMonth, summarizeAccount } from '../../accounts/accounts.js';
import type { Principal } from '../../accounts/api-keys.js';
import { toCredits, toMillicredits } from '../../accounts/credits.js';
import { notFound, ServiceError, invalidRequest } from '../../errors/service-error.js';
import type { NodeContext } from '../../node-context.js';
import { RenderError, type RenderPool } from '../../render/render-pool.js';
import { signFileUrl } from '../../security/signed-urls.js';
import { webhookUrlProblem } from '../../security/url-policy.js';
import { newId, nowIso } from '../../store/ids.js';
import type { InfographicProjectRow, InfographicRenderRow, InfographicVersionRow } from '../../store/infographics-store.js';
import { enqueueWebhook } from '../../webhooks/enqueue-webhook.js';
import { CREDIT_RATES } from '../create/estimate-credits.js';
import { describeFailure } from '../engine/describe-failure.js';
import { WorkQueue, type WorkTransport } from '../engine/work-queue.js';
import { rendersNeeded } from '../create/resolve-video-options.js';
import { sceneAssetUrls } from '../materials/prepare-materials.js';
import { renderScenesFile, type RenderShape } from '../videos/render-job.js';
import { resolveRenderOutput } from '../videos/render-records.js';
import { DEFAULT_RENDER_OUTPUT, renderFileName, type RenderOutput } from '../../render/formats/output-format.js';
import { baseUrlOf } from '../videos/video-view.js';
import { DEFAULT_INFOGRAPHIC_FPS, type RenderInfographicBody } from './infographic-schema.js';
import { resolveSettings, type InfographicSettings, type SettingsSchema } from './infographic-settings.js';
import { followsText, infographicSeconds } from './infographic-duration.js';

/** The 202 answer of a render request (DECISIONS.md). */
export interface QueuedInfographicRender {
  renderId: string;
  projectId: string;
  versionId: string;
  status: 'queued';
}

/** A project of the account, or 404. */
export function ownProject(ctx: NodeContext, id: string, accountId: string): InfographicProjectRow {
  const project = ctx.infographics.getProject(id);
  if (!project || project.account_id !== accountId) throw notFound(`infographic ${id}`);
  return project;
}

/** A version of the project, or 404 (a version of another project or account is not found). */
export function projectVersion(ctx: NodeContext, project: InfographicProjectRow, versionId: string): InfographicVersionRow {
  const version = ctx.infographics.getVersion(versionId);
  if (!version || version.project_id !== project.id) throw notFound(`version ${versionId} of infographic ${project.id}`);
  return version;
}

/**
 * Writes a queued render and its charge (one credit, DECISIONS.md). Synchronous, for the caller's
 * transaction; the caller enqueues it after the commit.
 */
export function createInfographicRender(
  ctx: NodeContext,
  input: {
    project: InfographicProjectRow;
    version: InfographicVersionRow;
    apiKeyId: string | null;
    shape: RenderShape;
    settingsValues: Record<string, unknown>;
    /** The version's settings with `settingsValues` merged (see {@link resolveSettings}). */
    settings: InfographicSettings;
    webhookUrl: string | null;
    /** @default an opaque MP4 */
    output?: RenderOutput;
  },
): InfographicRenderRow {
  const output = input.output ?? DEFAULT_RENDER_OUTPUT;
  const now = nowIso();
  const charge = toMillicredits(CREDIT_RATES.infographicRender);
  const row: InfographicRenderRow = {
    id: newId('rnd'),
    project_id: input.project.id,
    version_id: input.version.id,
    account_id: input.project.account_id,
    api_key_id: input.apiKeyId,
    status: 'queued',
    width: input.shape.width,
    height: input.shape.height,
    fps: input.shape.fps,
    // A project that asked for no duration renders for as long as this render's own text takes to read.
    duration_seconds: followsText(input.project.options) ? infographicSeconds(undefined, input.settings) : input.version.duration_seconds,
    settings_values: JSON.stringify(input.settingsValues),
    settings: JSON.stringify(input.settings),
    webhook_url: input.webhookUrl,
    charge_millicredits: charge,
    renders_needed: rendersNeeded(input.shape.width, input.shape.height),
    format: output.format,
    background: output.background,
    output_path: null,
    error_code: null,
    error_message: null,
    created_at: now,
    started_at: null,
    finished_at: null,
  };
  ctx.infographics.insertRender(row);
  ctx.ledger.append({ account_id: row.account_id, millicredits: -charge, kind: 'charge', reason: `infographic ${row.project_id} render`, reference: row.id, created_at: now });
  return row;
}

/**
 * `POST /v1/infographics/{id}/render`: checks the project, the version (ready, of this project),
 * the shape, the format and background (see {@link resolveRenderOutput}), the webhook URL, the settings values against the version's schema, the balance and
 * the render quota, then writes the queued render and its charge. Anything refused writes nothing.
 */
export function requestInfographicRender(
  ctx: NodeContext,
  principal: { account: Principal['account']; key: Principal['key'] | null },
  projectId: string,
  body: RenderInfographicBody,
): InfographicRenderRow {
  ctx.disk.assertWritable(); // A full disk refuses new work (503 storage_full) before anything is written.
  const project = ownProject(ctx, projectId, principal.account.id);
  const version = projectVersion(ctx, project, body.versionId);
  if (version.status !== 'ready') {
    throw new ServiceError('not_renderable', `version ${version.id} is ${version.status}; only a ready version can be rendered`);
  }
  if (body.webhookUrl !== undefined) {
    const problem = webhookUrlProblem(body.webhookUrl, ctx.config.allowPrivateUrls);
    if (problem) throw invalidRequest(`webhookUrl: ${problem}`);
  }
  const shape = { width: body.dimensions?.width ?? version.width, height: body.dimensions?.height ?? version.height, fps: body.fps ?? DEFAULT_INFOGRAPHIC_FPS };
  const output = resolveRenderOutput(body);
  // Settings first: a bad value is a 400 whatever the balance.
  const settings = resolveSettings(JSON.parse(version.settings_schema) as SettingsSchema, JSON.parse(version.settings) as InfographicSettings, body.settingsValues);
  const cost = toCredits(toMillicredits(CREDIT_RATES.infographicRender));
  let row: InfographicRenderRow | undefined;
  ctx.db.transaction(() => {
    const summary = summarizeAccount(ctx, principal.account.id);
    if (summary.balance < cost) throw new ServiceError('insufficient_credits', `a render costs ${cost} credit; the balance is ${summary.balance}`);
    if (summary.renders_remaining < rendersNeeded(shape.width, shape.height)) {
      throw new ServiceError('insufficient_credits', `the render quota is spent: ${summary.renders_used} of ${summary.monthly_renders} renders used this month`);
    }
    row = createInfographicRender(ctx, {
      project,
      version,
      apiKeyId: principal.key?.id ?? null,
      shape,
      settingsValues: body.settingsValues ?? {},
      settings,
      webhookUrl: body.webhookUrl ?? project.webhook_url,
      output,
    });
  })();
  return row!;
}

/** The 202 body for a queued render. */
export function queuedAnswer(row: InfographicRenderRow): QueuedInfographicRender {
  return { renderId: row.id, projectId: row.project_id, versionId: row.version_id, status: 'queued' };
}

/** Marks a version failed and refunds its generate charge, once, in one transaction. */
export function failVersion(ctx: NodeContext, versionId: string, error: { code: string; message: string }): void {
  ctx.db.transaction(() => {
    const version = ctx.infographics.getVersion(versionId);
    if (!version || version.status !== 'generating') return;
    const project = ctx.infographics.getProject(version.project_id)!;
    const now = nowIso();
    ctx.infographics.updateVersion(versionId, { status: 'failed', error_code: error.code, error_message: error.message, finished_at: now });
    ctx.ledger.append({ account_id: project.account_id, millicredits: version.charge_millicredits, kind: 'refund', reason: `infographic ${project.id} version ${version.number} failed`, reference: versionId, created_at: now });
  })();
}

/** Options of {@link InfographicRenders}. */
export interface InfographicRendersOptions {
  ctx: NodeContext;
  pool: RenderPool;
  cacheDir: string;
  webhooks?: { notify(): void };
  logger?: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** Base of download links in webhooks; set by `serve` once the port is known. */
  baseUrl?: () => string;
  /** What runs the renders: BullMQ on a node started with `--queue`. @default in this process, one at a time */
  transport?: WorkTransport;
}

/**
 * Runs infographic renders in order on the render pool. Each ends in one transaction that sets the
 * status, records plan render usage (completed) or refunds the charge (failed), and writes the
 * `render.completed` / `render.failed` webhook; a render a stopped process left unfinished is run
 * again on the next start, so a crash neither loses a render nor refunds it twice.
 */
export class InfographicRenders {
  private readonly ctx: NodeContext;
  private readonly queue: WorkQueue;
  private readonly running = new Map<string, AbortController>();

  constructor(private readonly options: InfographicRendersOptions) {
    this.ctx = options.ctx;
    this.queue = new WorkQueue(options.transport ?? 1);
  }

  /** Fails versions a stopped process left generating (refunded) and takes up unfinished renders. */
  start(): void {
    for (const version of this.ctx.infographics.listGenerating()) {
      failVersion(this.ctx, version.id, { code: 'interrupted', message: 'the node stopped while this version was generating; generate it again' });
    }
    for (const render of this.ctx.infographics.listUnfinishedRenders()) this.enqueue(render.id);
  }

  /** Queues a render (once). */
  enqueue(id: string): void {
    this.queue.add(id, () => this.run(id));
  }

  /** Resolves when no render is queued or running. */
  async idle(): Promise<void> {
    await this.queue.idle();
  }

  /** Stops taking renders; a running one keeps its status and runs again on the next start. */
  async stop(): Promise<void> {
    this.queue.stop();
    for (const controller of this.running.values()) controller.abort(new Error('node stopping'));
    await this.queue.close();
  }

  private async run(id: string): Promise<void> {
    const render = this.ctx.infographics.getRender(id);
    if (!render || render.status === 'completed' || render.status === 'failed') return;
    const controller = new AbortController();
    this.running.set(id, controller);
    try {
      this.ctx.infographics.updateRender(id, { status: 'rendering', started_at: render.started_at ?? nowIso() });
      const version = this.ctx.infographics.getVersion(render.version_id)!;
      if (!version.compiled) throw new RenderError(`version ${version.id} has no scene code`);
      const settings = JSON.parse(render.settings) as InfographicSettings;
      const shape = { width: render.width, height: render.height, fps: render.fps };
      const { relativePath } = await renderScenesFile(this.ctx, this.options.pool, {
        scenes: [
          {
            sceneId: version.id,
            inputProps: {
              code: version.compiled,
              theme: JSON.parse(version.theme) as unknown,
              settings,
              assets: sceneAssetUrls(this.ctx.filesDir, JSON.parse(version.assets) as Record<string, string>, settings),
              ...shape,
              durationInFrames: Math.max(1, Math.round(render.duration_seconds * render.fps)),
            },
          },
        ],
        shape,
        relativePath: path.posix.join('infographics', render.project_id, 'renders', renderFileName(id, render.format)),
        output: { format: render.format, background: render.background },
        cacheDir: this.options.cacheDir,
        signal: controller.signal,
      });
      this.finish(id, { status: 'completed', output_path: relativePath });
    } catch (error) {
      if (this.queue.stopped) {
        this.options.logger?.info({ renderId: id }, 'infographic render interrupted by shutdown; it runs again on the next start');
        return;
      }
      this.options.logger?.error({ renderId: id, err: error }, 'infographic render failed');
      const { code, message } = describeFailure(error);
      this.finish(id, { status: 'failed', error_code: code, error_message: message });
    } finally {
      this.running.delete(id);
    }
  }

  /**
   * The terminal transition of a render, once: status, render usage or refund, and the webhook,
   * in one transaction. A render already terminal is left as it is.
   */
  private finish(id: string, outcome: { status: 'completed'; output_path: string } | { status: 'failed'; error_code: string; error_message: string }): void {
    let wrote = false;
    this.ctx.db.transaction(() => {
      const render = this.ctx.infographics.getRender(id);
      if (!render || render.status === 'completed' || render.status === 'failed') return;
      const now = nowIso();
      this.ctx.infographics.updateRender(id, { ...outcome, finished_at: now });
      const context = {
        projectId: render.project_id,
        versionId: render.version_id,
        renderId: render.id,
        dimensions: { width: render.width, height: render.height },
        fps: render.fps,
        duration: render.duration_seconds,
        format: render.format,
        ...(render.background === 'transparent' ? { background: render.background } : {}),
      };
      let data: Record<string, unknown>;
      if (outcome.status === 'completed') {
        this.ctx.ledger.recordRenders({ account_id: render.account_id, renders: render.renders_needed, reference: id, month: quotaMonth(), created_at: now });
        data = { ...context, url: signFileUrl(this.ctx.keys.downloads, this.baseUrl(), outcome.output_path) };
      } else {
        this.ctx.ledger.append({ account_id: render.account_id, millicredits: render.charge_millicredits, kind: 'refund', reason: `infographic ${render.project_id} render failed`, reference: id, created_at: now });
        data = { ...context, error: { code: outcome.error_code, message: outcome.error_message } };
      }
      const key = render.api_key_id ? this.ctx.apiKeys.get(render.api_key_id) : undefined;
      wrote =
        enqueueWebhook(this.ctx, {
          accountId: render.account_id,
          apiKeyId: render.api_key_id,
          event: outcome.status === 'completed' ? 'render.completed' : 'render.failed',
          data,
          url: render.webhook_url ?? key?.webhook_url ?? null,
        }) !== undefined;
    })();
    if (wrote) this.options.webhooks?.notify();
  }

  private baseUrl(): string {
    return this.options.baseUrl?.() ?? baseUrlOf(this.ctx);
  }
}
