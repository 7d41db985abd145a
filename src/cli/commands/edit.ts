import { Command } from 'commander';
import { requireAccount } from '../../accounts/accounts.js';
import { invalidRequest, ServiceError } from '../../errors/service-error.js';
import type { EditVideoBody } from '../../pipeline/edit/create-edit.js';
import { editVideoFields } from '../../server/schemas/video-schemas.js';
import { print, reportError } from '../output.js';
import { dataOptions, withNode } from '../with-node.js';
import { captionsOption, finishLocally, finishRemotely, remoteRequest } from './videos.js';

function editBody(change: string, options: { render?: boolean; out?: string; captions?: string; captionsPosition?: string }): EditVideoBody {
  const captions = options.captions !== undefined || options.captionsPosition !== undefined ? { captions: captionsOption(options) } : {};
  const parsed = editVideoFields.safeParse({ prompt: change, ...(options.render || options.out ? { render: true } : {}), ...captions });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw invalidRequest(`${issue.path.join('.') || 'request'}: ${issue.message}`);
  }
  return parsed.data as EditVideoBody;
}

/**
 * `service edit <job> "<change>"`: the change in plain words becomes a new edit job (as
 * `POST /v1/videos/{id}/edit`), here in the data dir, acting as the job's account, or on a running
 * node (`--url`). With `--wait` (or `--out`) it is built now with a progress bar.
 */
export function editCommand(): Command {
  return dataOptions(
    new Command('edit')
      .description('change a finished video by describing the change; makes a new job (the source stays as it is)')
      .argument('<job>', 'the video job to edit')
      .argument('<change>', 'the change in plain words, e.g. "make the title say \'Hello\'"')
      .option('--captions <style>', 'burned-in captions for the edited video: clean, bold, karaoke, or off (removes them)')
      .option('--captions-position <where>', 'where burned-in captions sit: bottom (default), top or middle')
      .option('--render', 'render an MP4 when the edit lands (implied by --out)')
      .option('--wait', 'wait until the edit job ends, with a progress bar')
      .option('--out <file>', 'write the edited MP4 here when done (implies --render and --wait)')
      .option('--account <id>', 'account to act as (default: the job\'s own)')
      .option('--url <url>', 'a running node to edit on, instead of the data dir')
      .option('--key <key>', 'API key for --url (env SERVICE_API_KEY)'),
  ).action(async (jobId: string, change: string, options) => {
    const wait = Boolean(options.wait || options.out);
    const render = Boolean(options.render || options.out);
    if (options.url) {
      try {
        const key = options.key ?? process.env.SERVICE_API_KEY;
        if (!key) throw invalidRequest('--url needs --key or SERVICE_API_KEY');
        const created = await remoteRequest(options.url, key, 'POST', `/v1/videos/${encodeURIComponent(jobId)}/edit`, editBody(change, options));
        if (!wait) {
          print(created, options, () => `queued edit ${String(created.id)} of ${jobId} (${String(created.estimated_credits)} credits estimated); poll it with service jobs show or GET /v1/videos/${String(created.id)}`);
          return;
        }
        await finishRemotely(options.url, key, created, options, render);
      } catch (error) {
        reportError(error, options);
      }
      return;
    }
    await withNode(options, { change: 'no video to edit' }, async (ctx) => {
      const source = ctx.videos.get(jobId);
      if (!source) throw new ServiceError('not_found', `video ${jobId} not found`);
      const account = options.account ? requireAccount(ctx, options.account) : requireAccount(ctx, source.account_id);
      const body = editBody(change, options);
      const [{ createEdit }, { startRuntime }] = await Promise.all([import('../../pipeline/edit/create-edit.js'), import('../../node-runtime.js')]);
      // The runtime brings the node's language model to read the change (when one is configured); its engine runs only with --wait.
      const runtime = startRuntime(ctx, { resume: false });
      try {
        const answer = await createEdit(ctx, { account, key: null }, jobId, body, {
          enqueue: (id) => (wait ? runtime.engine.enqueue(id) : undefined),
          ...(runtime.editor ? { reader: runtime.editor } : {}),
        });
        if (!wait) {
          print(answer.body, options, () => `queued edit ${answer.body.id} of ${jobId} (${answer.body.estimated_credits} credits estimated); run with --wait to build it now, or start service serve`);
          return;
        }
        await finishLocally(ctx, answer.body.id, options);
      } finally {
        await runtime.stop();
      }
    });
  });
}
