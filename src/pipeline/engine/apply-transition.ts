import { quotaMonth } from '../../accounts/accounts.js';
import { toCredits } from '../../accounts/credits.js';
import type { NodeContext } from '../../node-context.js';
import { signFileUrl } from '../../security/signed-urls.js';
import { nowIso } from '../../store/ids.js';
import type { VideoRow, VideoUpdate } from '../../store/videos-store.js';
import { enqueueWebhook, type WebhookEvent } from '../../webhooks/enqueue-webhook.js';
import { creditPartViews, footageMillicredits, type CreditPart } from '../create/estimate-credits.js';
import { rendersNeeded, type ResolvedVideoOptions } from '../create/resolve-video-options.js';
import { footageSecondsMade } from '../stages/footage-scenes.js';
import { chargeReason, jobCharge } from './charge-parts.js';
import { isTerminal, nextStatus, type JobTrigger } from './job-states.js';

/** Moves a job by `trigger` through the transition table, with `changes`, in one transaction; throws when the table has no such row. */
export function applyTransition(ctx: NodeContext, id: string, trigger: JobTrigger, changes: VideoUpdate): void {
  ctx.db.transaction(() => {
    const row = ctx.videos.get(id)!;
    const to = nextStatus(row.status, trigger);
    if (!to) throw new Error(`video ${id}: no transition from ${row.status} on ${trigger}`);
    const now = nowIso();
    ctx.videos.update(id, { ...changes, status: to, updated_at: now, last_activity_at: now });
  })();
}

/**
 * What a job owes for its committed work, before footage is priced by the seconds made (see
 * {@link finishJob}): multi-scene jobs pay the estimate in proportion to the seconds of scenes
 * committed; single-scene jobs pay their flat price once their scene is committed.
 */
export function committedCost(ctx: NodeContext, row: VideoRow): number {
  return Math.round(row.estimated_millicredits * committedShare(ctx, row));
}

/**
 * The share (0 to 1) of a job's planned seconds whose scenes are committed. An edit's scenes carried
 * over from its source are not its work: only the scenes it remade count, and an edit that remade
 * none (only its sound) has done its work once it completes.
 */
function committedShare(ctx: NodeContext, row: VideoRow, completing = false): number {
  const all = ctx.videos.scenes(row.id);
  const scenes = all.filter((scene) => !scene.reused_from);
  if (scenes.length === 0 && all.length > 0) return completing ? 1 : 0;
  const total = scenes.reduce((sum, scene) => sum + scene.duration_seconds, 0);
  const committed = scenes.filter((scene) => scene.committed_at).reduce((sum, scene) => sum + scene.duration_seconds, 0);
  return total <= 0 || committed <= 0 ? 0 : committed / total;
}

/**
 * A terminal transition: status, the charge for committed work, render usage and the webhook
 * event, all in one transaction (so a crash never charges without finishing, or twice). A job
 * already terminal is left as it is. True when a webhook was written (the dispatcher is then woken).
 */
export function finishJob(ctx: NodeContext, id: string, trigger: 'succeed' | 'fail' | 'cancel', changes: VideoUpdate, baseUrl: () => string): boolean {
  let wroteWebhook = false;
  ctx.db.transaction(() => {
    const row = ctx.videos.get(id)!;
    if (isTerminal(row.status)) return;
    const to = nextStatus(row.status, trigger);
    if (!to) throw new Error(`video ${id}: no transition from ${row.status} on ${trigger}`);
    const now = nowIso();
    const share = committedShare(ctx, row, to === 'completed');
    const options = JSON.parse(row.options) as ResolvedVideoOptions & { estimate?: CreditPart[] };
    const { cost, parts } = jobCharge({
      estimate: options.estimate ?? [],
      estimatedMillicredits: row.estimated_millicredits,
      committedShare: share,
      // Footage is charged by the seconds of it made: the committed shots this job filmed or drew.
      footageMillicredits: footageMillicredits(options, footageSecondsMade(ctx.videos.scenes(id).filter((scene) => !scene.reused_from))),
    });
    ctx.videos.update(id, { ...changes, status: to, updated_at: now, last_activity_at: now, finished_at: now, credits_cost_millicredits: cost });
    // Work the account's own keys covered is written even when it costs nothing, so the ledger shows it.
    if (cost > 0 || (share > 0 && parts.some((part) => part.covered_by))) {
      ctx.ledger.append({
        account_id: row.account_id,
        millicredits: cost === 0 ? 0 : -cost,
        kind: 'charge',
        reason: chargeReason(id, row.model, parts),
        reference: id,
        created_at: now,
        parts: parts.length > 0 ? JSON.stringify(creditPartViews(parts)) : null,
      });
    }
    const done = ctx.videos.get(id)!;
    if (to === 'completed' && done.output_path) {
      ctx.ledger.recordRenders({ account_id: row.account_id, renders: rendersNeeded(row.width, row.height), reference: id, month: quotaMonth(), created_at: now });
    }
    const event: WebhookEvent = to === 'completed' ? 'video.completed' : to === 'failed' ? 'video.failed' : 'video.canceled';
    const data: Record<string, unknown> = { videoId: id, projectId: row.project_id, creditsCost: toCredits(cost) };
    if (to === 'completed' && done.output_path) data.downloadUrl = signFileUrl(ctx.keys.downloads, baseUrl(), done.output_path);
    if (to === 'failed') data.error = { code: done.error_code, message: done.error_message };
    const key = row.api_key_id ? ctx.apiKeys.get(row.api_key_id) : undefined;
    const url = row.webhook_url ?? key?.webhook_url ?? null;
    wroteWebhook = enqueueWebhook(ctx, { accountId: row.account_id, apiKeyId: row.api_key_id, event, data, url }) !== undefined;
  })();
  return wroteWebhook;
}
