import type { StageContext } from './stage-context.js';

/**
 * The enhance stage (`enhance_prompt: true`): rewrites the prompt as a production brief with the
 * enhancer. Checkpoint: `enhanced_prompt`; done once, and never after the plan is stored.
 */
export async function enhanceStage(stage: StageContext): Promise<void> {
  const row = stage.job();
  if (row.plan || row.enhanced_prompt || !stage.options().enhancePrompt) return;
  const enhanced = await stage.providers.enhancer.enhance(row.prompt, stage.signal);
  stage.progress({ enhanced_prompt: enhanced, phase_detail: 'Enhancing the prompt' });
}
