import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { saveJobTree } from '../../storage/job-files.js';
import { rescaleEstimate, type CreditPart } from '../create/estimate-credits.js';
import { onScreenWords } from '../edit/scene-text.js';
import { captionRequestOf, captionTrack, withBurnedCaptions } from '../speech/caption-chunks.js';
import { narrationTiming, withNarrationTiming } from '../speech/narration-timing.js';
import { fitTimeline, NARRATION_LEAD, NARRATION_TAIL, readingSeconds } from '../speech/fit-timeline.js';
import type { PlanDraft } from './plan.js';
import { addJobWarning, parseWarnings, withJobWarning, type JobWarning } from '../videos/job-warnings.js';
import { packVoice, speakScript, SpeechFallback, speechFallbackWarning } from './narration-voice.js';
import { decideSound } from './soundtrack.js';
import type { StageContext } from './stage-context.js';
import type { NarratedPlan, NarrationClip, StoredAudio } from './stored-plan.js';

/** The paces the embedded engine may speak a narration that overruns the target at, times the voice's own: a little faster, never more. */
const PACES = [1, 1.15, 1.3];

/** The warning code of a job whose narration, spoken whole, makes the video longer than its target. */
export const NARRATION_LONGER_THAN_TARGET = 'narration_longer_than_target';

/** Seconds a scene must last for its clip: the speech with its lead and tail. */
function clipSeconds(clip: NarrationClip | undefined): number {
  return clip ? clip.seconds + NARRATION_LEAD + NARRATION_TAIL : 0;
}

/**
 * Speaks each scene's script whole into `speech`: no sentence, clause or word is left out to fit
 * the target. When the narration overruns the target by more than 5%, the embedded engine speaks it
 * again a little faster (up to 1.3 times the voice's pace; a speech model speaks at its own). Returns
 * the pace spoken at; what still overruns makes the video longer (see {@link overrunWarning}).
 */
async function speakWhole(
  stage: StageContext,
  audio: StoredAudio,
  scripts: string[],
  speech: (NarrationClip | undefined)[],
  audioDir: string,
  target: number,
): Promise<number> {
  for (const [step, pace] of PACES.entries()) {
    for (const [index, script] of scripts.entries()) {
      if (!script.trim()) continue;
      stage.checkCancel();
      stage.progress({ phase_detail: `Narrating scene ${index + 1} of ${scripts.length}` });
      const file = path.posix.join(audioDir, `narration-${index}.wav`);
      const spoken = await speakScript(stage, audio, script, path.join(stage.ctx.filesDir, file), pace);
      speech[index] = { path: file, seconds: spoken.durationSeconds, words: spoken.words };
    }
    const needed = speech.reduce((sum, clip) => sum + (clip ? clipSeconds(clip) : 1), 0);
    if (needed <= target * 1.05 || audio.voiceProvider || step === PACES.length - 1) return pace;
  }
  return 1;
}

/** Seconds as a warning says them: to a tenth. */
const secondsText = (value: number) => `${Math.round(value * 10) / 10} s`;

/**
 * The warning of a video made longer than its target because its narration, spoken whole, needs
 * more: the length asked and made, the scenes that run longer than planned and why, and what that
 * does to the price. Undefined when the video keeps to the target (to a frame).
 */
function overrunWarning(planned: number[], durations: number[], speech: (NarrationClip | undefined)[], target: number, pace: number, fps: number): JobWarning | undefined {
  const made = durations.reduce((sum, duration) => sum + duration, 0);
  const spoken = speech.reduce((sum, clip) => sum + clipSeconds(clip), 0);
  // A cut moved onto a beat, or a scene held to read its text, is not the narration's overrun.
  if (made <= target + 1 / fps || spoken <= target) return undefined;
  const longer = durations.flatMap((duration, index) =>
    clipSeconds(speech[index]) > planned[index]! + 1e-6 && duration > planned[index]! + 1e-6 ? [`scene ${index + 1} (${secondsText(planned[index]!)} planned, ${secondsText(duration)} made)`] : [],
  );
  const scenes = longer.length === 0 ? '' : `: ${longer.join(', ')} ${longer.length === 1 ? 'runs' : 'run'} longer to fit ${longer.length === 1 ? 'its' : 'their'} narration`;
  return {
    code: NARRATION_LONGER_THAN_TARGET,
    message:
      `The narration takes ${secondsText(spoken)} with its pauses${pace > 1 ? ` at ${pace}× the voice's pace` : ''}, more than the ${secondsText(target)} asked for. ` +
      `It is spoken whole (no sentence is cut to fit), so the video is ${secondsText(made)} long${scenes}. ` +
      `The per-second parts of the price include the ${secondsText(made - target)} beyond the target.`,
  };
}

/**
 * Writes what the video's length decided: the overrun warning (or none), and the estimate's
 * per-second parts priced for the seconds asked plus the `extra` seconds the narration added, so the
 * charge (the committed share of the estimate) is for what is made. `duration_seconds` holds the
 * seconds the estimate is priced for, so a narrate stage run again after a crash prices from there
 * and never scales twice.
 */
function priceLength(stage: StageContext, extra: number, warning: JobWarning | undefined): void {
  const row = stage.job();
  const options = JSON.parse(row.options) as { durationSeconds: number; estimate?: CreditPart[] };
  const wanted = options.durationSeconds + extra;
  const scale = row.duration_seconds > 0 ? wanted / row.duration_seconds : 1;
  const estimate = options.estimate && Math.abs(scale - 1) > 1e-9 ? rescaleEstimate(options.estimate, scale) : undefined;
  const warnings = withJobWarning(row.warnings, NARRATION_LONGER_THAN_TARGET, warning);
  if (!estimate && warnings === JSON.stringify(parseWarnings(row.warnings))) return;
  stage.ctx.db
    .prepare('UPDATE videos SET options = ?, estimated_millicredits = ?, duration_seconds = ?, warnings = ? WHERE id = ?')
    .run(
      estimate ? JSON.stringify({ ...options, estimate }) : row.options,
      estimate ? estimate.reduce((sum, part) => sum + part.millicredits, 0) : row.estimated_millicredits,
      estimate ? wanted : row.duration_seconds,
      warnings,
      stage.jobId,
    );
}

/**
 * The narrate stage, the second half of planning: decides the sound, speaks each scene's script
 * whole (a little faster when it overruns the target, the embedded engine only), fits the scene
 * durations to the speech and the beat grid, and adds captions when the prompt asks for them. A
 * narration longer than the target makes the video longer, with the warning
 * `narration_longer_than_target` and the estimate priced for the seconds made. Changes
 * `draft.plan`'s scenes in place; {@link storePlan} writes the checkpoint.
 */
export async function narrateStage(stage: StageContext, draft: PlanDraft): Promise<NarratedPlan> {
  const row = stage.job();
  const options = stage.options();
  const { plan, language } = draft;
  const { audio, targetSeconds: target, beats } = await decideSound(stage, draft.theme.id, language);

  // Narration first, so scene durations follow the speech.
  const speech: (NarrationClip | undefined)[] = plan.scenes.map(() => undefined);
  let pace = 1;
  if (audio.narration) {
    const audioDir = path.posix.join('videos', row.id, 'audio');
    mkdirSync(path.join(stage.ctx.filesDir, audioDir), { recursive: true });
    const scripts = plan.scenes.map((scene) => scene.narration);
    try {
      pace = await speakWhole(stage, audio, scripts, speech, audioDir, target);
    } catch (error) {
      if (!(error instanceof SpeechFallback)) throw error;
      // The model failed under --speech-fallback embedded: the whole job is spoken again by the
      // embedded engine, so the video has one voice.
      addJobWarning(stage, speechFallbackWarning(error.reason));
      audio.voice = packVoice(draft.theme.id);
      delete audio.voiceProvider;
      speech.fill(undefined);
      pace = await speakWhole(stage, audio, scripts, speech, audioDir, target);
    }
  }
  const planned = plan.scenes.map((scene) => scene.durationSeconds);
  const durations = fitTimeline({
    planned,
    needed: speech.map(clipSeconds),
    // A scene stays up long enough to read what it shows, whatever its narration.
    reading: plan.scenes.map((scene) => readingSeconds(onScreenWords(scene.settings))),
    target,
    fps: options.fps,
    beats,
  });
  plan.scenes.forEach((scene, index) => (scene.durationSeconds = durations[index]!));
  // Every narrated scene is built with its narration: its items enter as the narrator names them.
  plan.scenes.forEach((scene, index) => {
    const clip = speech[index];
    scene.settings = withNarrationTiming(scene.settings, clip ? narrationTiming(scene.narration, clip.words, NARRATION_LEAD, clip.seconds) : undefined);
  });
  // Burned-in captions: the request's look and place, or the prompt's "with captions".
  const captions = audio.narration ? captionRequestOf(options.captions, row.prompt) : undefined;
  if (captions) {
    plan.scenes.forEach((scene, index) => {
      const clip = speech[index];
      if (clip) scene.settings = withBurnedCaptions(scene.settings, captionTrack(captions, scene, scene.narration, clip.words, NARRATION_LEAD, clip.seconds));
    });
  }
  // The clips (and client audio decoded for the mix) go to the bucket before storePlan checkpoints them.
  await saveJobTree(stage.ctx, path.posix.join('videos', row.id, 'audio'));
  // After the last wait, so nothing comes between this write and the plan checkpoint.
  const warning = overrunWarning(planned, durations, speech, target, pace, options.fps);
  priceLength(stage, warning ? durations.reduce((sum, duration) => sum + duration, 0) - target : 0, warning);
  return { audio, speech };
}
