import { copyFileSync, createWriteStream } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Command, Option } from 'commander';
import { requireAccount } from '../../accounts/accounts.js';
import { invalidRequest, ServiceError } from '../../errors/service-error.js';
import type { NodeContext } from '../../node-context.js';
import { generateInfographic } from '../../pipeline/infographics/generate-infographic.js';
import { ownProject, requestInfographicRender } from '../../pipeline/infographics/infographic-renders.js';
import { generateInfographicBody, renderInfographicBody, type GenerateInfographicBody, type RenderInfographicBody } from '../../pipeline/infographics/infographic-schema.js';
import { toProjectListItem, toProjectView, toRenderView } from '../../pipeline/infographics/infographic-view.js';
import { baseUrlOf } from '../../pipeline/videos/video-view.js';
import { OUTPUT_FORMATS, RENDER_BACKGROUNDS, renderFileName } from '../../render/formats/output-format.js';
import { details, print, reportError, table } from '../output.js';
import { infographicRenderProgress } from '../job-progress.js';
import { ProgressBar } from '../progress-bar.js';
import { dataOptions, withNode } from '../with-node.js';
import { numberOption } from './accounts.js';
import { dimensionsOption, localAccount, remoteRequest } from './videos.js';

function parsed<T>(schema: { safeParse(raw: unknown): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } } }, raw: unknown): T {
  const result = schema.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw invalidRequest(`${issue.path.map(String).join('.') || 'request'}: ${issue.message}`);
  }
  return result.data;
}

function generateBody(prompt: string, options: Record<string, unknown>): GenerateInfographicBody {
  return parsed(generateInfographicBody, {
    prompt,
    ...(options.dimensions ? { dimensions: options.dimensions } : {}),
    ...(options.duration !== undefined ? { duration: options.duration } : {}),
    ...(options.style ? { animationStyle: options.style } : {}),
    ...(options.render || options.out ? { render: true } : {}),
  });
}

/** `--set key=value` pairs as settingsValues; a value that reads as a number is a number. */
function settingsValuesOf(pairs: string[] | undefined): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const pair of pairs ?? []) {
    const at = pair.indexOf('=');
    if (at <= 0) throw invalidRequest(`--set "${pair}": write key=value, e.g. headline="Q3 in numbers"`);
    const raw = pair.slice(at + 1);
    values[pair.slice(0, at)] = raw.trim() !== '' && Number.isFinite(Number(raw)) ? Number(raw) : raw;
  }
  return values;
}

function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

/** Waits for a render in this data dir to end, drawing progress. */
async function waitForRender(ctx: NodeContext, renderId: string, options: { json?: boolean }): Promise<void> {
  const bar = new ProgressBar({ json: options.json });
  try {
    for (;;) {
      const render = ctx.infographics.getRender(renderId)!;
      bar.update(infographicRenderProgress(render.status, render.error_message));
      if (render.status === 'completed' || render.status === 'failed') return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    bar.done();
  }
}

/** Reports a finished render: the file written, or why it failed (exit code 1). */
function reportRender(ctx: NodeContext, renderId: string, options: { json?: boolean; out?: string }): void {
  const render = ctx.infographics.getRender(renderId)!;
  if (options.out && render.output_path) copyFileSync(path.join(ctx.filesDir, render.output_path), options.out);
  const view = toRenderView(ctx, render, baseUrlOf(ctx));
  print(view, options, () =>
    details({ render: view.renderId, status: view.status, size: `${view.dimensions.width}x${view.dimensions.height}`, fps: view.fps, seconds: view.duration, file: options.out && view.status === 'completed' ? options.out : undefined, error: view.error?.message }),
  );
  if (render.status !== 'completed') process.exitCode = 1;
}

function generateCommand(): Command {
  return dataOptions(
    new Command('generate')
      .description('generate an infographic from a prompt (synchronous); --render also renders it to MP4')
      .argument('<prompt>', 'what the infographic shows; figures such as "62% of teams" become charts and counters')
      .option('--dimensions <WxH>', 'size, default 1280x720', dimensionsOption)
      .option('--duration <seconds>', 'length; default 15, or as long as the text takes to read', numberOption)
      .option('--style <id>', 'animation style pack id')
      .option('--render', 'start a render right after generating (implied by --out)')
      .option('--wait', 'wait for the render to finish')
      .option('--out <file>', 'write the MP4 here (implies --render and --wait)')
      .option('--account <id>', 'account to generate for (default: the owner)')
      .option('--url <url>', 'a running node to generate on, instead of the data dir')
      .option('--key <key>', 'API key for --url (env SERVICE_API_KEY)'),
  ).action(async (prompt: string, options) => {
    const wait = Boolean(options.wait || options.out);
    if (options.url) {
      try {
        const key = options.key ?? process.env.SERVICE_API_KEY;
        if (!key) throw invalidRequest('--url needs --key or SERVICE_API_KEY');
        const generated = await remoteRequest(options.url, key, 'POST', '/v1/infographics/generate', generateBody(prompt, options));
        let render: Record<string, unknown> | undefined;
        const bar = new ProgressBar({ json: options.json });
        while (wait && generated.renderId && !(render && ['completed', 'failed'].includes(String(render.status)))) {
          await new Promise((resolve) => setTimeout(resolve, 1000));
          render = await remoteRequest(options.url, key, 'GET', `/v1/infographics/${String(generated.projectId)}/renders/${String(generated.renderId)}`);
          bar.update(infographicRenderProgress(String(render.status), (render.error as { message?: string } | undefined)?.message));
        }
        bar.done();
        if (options.out && render?.url) {
          const response = await fetch(String(render.url));
          await pipeline(Readable.fromWeb(response.body as never), createWriteStream(options.out));
        }
        print({ ...generated, ...(render ? { render } : {}) }, options, () =>
          details({ project: generated.projectId, version: generated.versionId, status: generated.status, render: render?.status ?? generated.renderId, file: render?.url && options.out ? options.out : undefined }),
        );
        if (generated.status !== 'ready' || (render && render.status !== 'completed')) process.exitCode = 1;
      } catch (error) {
        reportError(error, options);
      }
      return;
    }
    await withNode(options, 'create', async (ctx) => {
      const account = await localAccount(ctx, options.account);
      const { startRuntime } = await import('../../node-runtime.js');
      const runtime = startRuntime(ctx, { resume: false });
      try {
        const answer = await generateInfographic(ctx, { account, key: null }, generateBody(prompt, options), { pool: runtime.pool, cacheDir: runtime.cacheDir, renders: runtime.infographics });
        const generated = answer.body;
        if (wait && generated.renderId) {
          await waitForRender(ctx, generated.renderId, options);
          reportRender(ctx, generated.renderId, options);
          return;
        }
        print(generated, options, () =>
          [
            details({ project: generated.projectId, version: generated.versionId, status: generated.status, render: generated.renderId, error: generated.version.error?.message }),
            '',
            'settings (override with `service infographics render <project> --set key=value`):',
            details(generated.version.settings),
          ].join('\n'),
        );
        if (generated.status !== 'ready') process.exitCode = 1;
        // A render started without --wait goes on in `service serve`.
        if (generated.renderId && !wait) process.stderr.write(`render ${generated.renderId} is queued; start service serve to run it, or pass --wait\n`);
      } finally {
        await runtime.stop();
      }
    });
  });
}

function renderInfographicCommand(): Command {
  return dataOptions(
    new Command('render')
      .description('render a version of an infographic to MP4, WebM, MOV or GIF, optionally overriding settings')
      .argument('<project>', 'infographic project id')
      .option('--version <id>', 'version id (default: the latest)')
      .option('--set <key=value>', 'override a setting (repeatable), e.g. --set headline="Q3" --set primaryColor=#E11D48', collect)
      .option('--dimensions <WxH>', 'size (default: the version\'s)', dimensionsOption)
      .option('--fps <n>', 'frames per second (default 30)', numberOption)
      .addOption(new Option('--format <format>', 'mp4, webm (VP9), mov (ProRes 4444) or gif (at most 480 px, 12 fps)').choices(OUTPUT_FORMATS))
      .addOption(new Option('--background <background>', 'transparent: no background, an alpha channel (webm and mov only)').choices(RENDER_BACKGROUNDS))
      .option('--out <file>', 'where to write the file (default: ./<render>.<format>)'),
  ).action(async (projectId: string, options) => {
    await withNode(options, { change: 'no infographic to render' }, async (ctx) => {
      const project = ctx.infographics.getProject(projectId);
      if (!project) throw new ServiceError('not_found', `infographic ${projectId} not found`);
      const account = requireAccount(ctx, project.account_id);
      const body: RenderInfographicBody = parsed(renderInfographicBody, {
        versionId: options.version ?? ctx.infographics.latestVersionId(projectId),
        ...(options.dimensions ? { dimensions: options.dimensions } : {}),
        ...(options.fps !== undefined ? { fps: options.fps } : {}),
        ...(options.format ? { format: options.format } : {}),
        ...(options.background ? { background: options.background } : {}),
        settingsValues: settingsValuesOf(options.set),
      });
      const { startRuntime } = await import('../../node-runtime.js');
      const runtime = startRuntime(ctx, { resume: false });
      try {
        const row = requestInfographicRender(ctx, { account, key: null }, projectId, body);
        runtime.infographics.enqueue(row.id);
        await waitForRender(ctx, row.id, options);
        reportRender(ctx, row.id, { ...options, out: path.resolve(options.out ?? renderFileName(row.id, row.format)) });
      } finally {
        await runtime.stop();
      }
    });
  });
}

/** `service infographics generate|render|list|show`. */
export function infographicsCommand(): Command {
  const command = new Command('infographics').description('generate, render, list and show infographics in the data dir');
  command.addCommand(generateCommand());
  command.addCommand(renderInfographicCommand());
  dataOptions(
    command
      .command('list')
      .description('projects, newest first')
      .option('--account <id>', 'account (default: the owner)')
      .option('--limit <n>', 'how many', numberOption, 20),
  ).action(async (options) => {
    await withNode(options, { read: 'nothing to list' }, async (ctx) => {
      const account = await localAccount(ctx, options.account, { make: false });
      const items = ctx.infographics.listProjects(account.id, options.limit).map((row) => toProjectListItem(ctx, row));
      print(items, options, () => table(items.map((item) => ({ ...item, prompt: item.prompt.slice(0, 50) })), ['projectId', 'createdAt', 'latestVersionId', 'prompt']));
    });
  });
  dataOptions(command.command('show').description('a project with its versions and renders').argument('<project>', 'infographic project id')).action(async (projectId: string, options) => {
    await withNode(options, { read: 'nothing to show' }, (ctx) => {
      const project = ctx.infographics.getProject(projectId);
      if (!project) throw new ServiceError('not_found', `infographic ${projectId} not found`);
      const view = toProjectView(ctx, ownProject(ctx, projectId, project.account_id), baseUrlOf(ctx));
      const versions = view.versions as { versionId: string; number: number; status: string; settings: Record<string, unknown> }[];
      const renders = view.renders as { renderId: string; status: string; dimensions: { width: number; height: number }; fps: number }[];
      print(view, options, () =>
        [
          details({ project: view.projectId, prompt: view.prompt, created: view.createdAt }),
          '',
          table(versions.map((v) => ({ version: v.versionId, number: v.number, status: v.status, headline: v.settings.headline, visual: v.settings.visual })), ['version', 'number', 'status', 'visual', 'headline']),
          '',
          table(renders.map((r) => ({ render: r.renderId, status: r.status, size: `${r.dimensions.width}x${r.dimensions.height}`, fps: r.fps })), ['render', 'status', 'size', 'fps']),
        ].join('\n'),
      );
    });
  });
  return command;
}
