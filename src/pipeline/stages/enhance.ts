import type { CreditPart } from '../create/estimate-credits.js';
import type { ResolvedVideoOptions } from '../create/resolve-video-options.js';
import { addJobWarning, type JobWarning } from '../videos/job-warnings.js';
import type { StageContext } from './stage-context.js';

/**
 * The warning of a job stored with `enhance_prompt: true` that runs on a node with no language
 * model (one that lost its `--llm` since the create): the prompt is not enhanced and not charged.
 */
export const ENHANCE_SKIPPED: JobWarning = {
  code: 'enhance_skipped',
  message:
    'enhance_prompt was asked, but this node has no language model now to enhance the prompt with: the video is made from the prompt as written, and enhance_prompt is not charged. Its operator gives the node one by starting serve with --llm <provider>:<model>.',
};

/**
 * The enhance stage (`enhance_prompt: true`): rewrites the prompt as a production brief with the
 * node's language model. Checkpoint: `enhanced_prompt`; done once, and never after the plan is stored.
 * Creates are refused without a model, so a job that gets here without an enhancer was stored
 * before its node lost the model: it goes on without enhancing, since the planner works from the
 * user's own words either way, its `enhance_prompt` part leaves the estimate (it is not charged),
 * and it carries {@link ENHANCE_SKIPPED}. Never a template in the model's place.
 */
export async function enhanceStage(stage: StageContext): Promise<void> {
  const row = stage.job();
  if (row.plan || row.enhanced_prompt || !stage.options().enhancePrompt) return;
  const enhancer = stage.providers.enhancer;
  if (!enhancer) {
    skipEnhance(stage);
    return;
  }
  const enhanced = await enhancer.enhance(row.prompt, stage.signal);
  stage.progress({ enhanced_prompt: enhanced, phase_detail: 'Enhancing the prompt' });
}

/** Turns `enhance_prompt` off on the stored job, takes its part out of the estimate and adds the warning, at once. */
function skipEnhance(stage: StageContext): void {
  const { ctx, jobId } = stage;
  ctx.db.transaction(() => {
    const row = stage.job();
    const options = JSON.parse(row.options) as ResolvedVideoOptions & { estimate?: CreditPart[] };
    const dropped = (options.estimate ?? []).filter((part) => part.part === 'enhance_prompt').reduce((sum, part) => sum + part.millicredits, 0);
    const estimate = options.estimate?.filter((part) => part.part !== 'enhance_prompt');
    const stored = { ...options, enhancePrompt: false, ...(estimate ? { estimate } : {}) };
    ctx.db.prepare('UPDATE videos SET options = ?, estimated_millicredits = ? WHERE id = ?').run(JSON.stringify(stored), Math.max(0, row.estimated_millicredits - dropped), jobId);
    addJobWarning(stage, ENHANCE_SKIPPED);
  })();
}
