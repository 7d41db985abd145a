import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { saveJobTree } from '../../storage/job-files.js';
import { onScreenWords } from '../edit/scene-text.js';
import { captionRequestOf, captionTrack, withBurnedCaptions } from '../speech/caption-chunks.js';
import { fitTimeline, NARRATION_LEAD, NARRATION_TAIL, readingSeconds } from '../speech/fit-timeline.js';
import type { PlanDraft } from './plan.js';
import { addJobWarning } from '../videos/job-warnings.js';
import { packVoice, speakScript, SpeechFallback, speechFallbackWarning } from './narration-voice.js';
import { decideSound } from './soundtrack.js';
import type { StageContext } from './stage-context.js';
import type { NarratedPlan, NarrationClip, StoredAudio } from './stored-plan.js';

/** Settings that list a scene's points on screen, in the order a script walks them. */
const LIST_KEYS = ['items', 'steps', 'nodes', 'spokes', 'events', 'stats'] as const;

/** The list a scene shows its points in (its settings' own array, changed in place when a point goes), if it has one. */
export function screenList(settings: Record<string, unknown>): unknown[] | undefined {
  for (const key of LIST_KEYS) if (Array.isArray(settings[key])) return settings[key] as unknown[];
  return undefined;
}

/**
 * Shortens the scripts one step, the longest first. A scene that lists points on screen is
 * shortened last and only by whole points: its last sentence and its last point go together (never
 * under two points), so no point stays on screen unspoken. Other scripts drop their last sentence,
 * else cut their sentence to the first clause, else to two thirds of its words (at least four).
 * False when nothing is left to cut.
 */
export function shortenScripts(scripts: string[], lists: (unknown[] | undefined)[] = []): boolean {
  const order = scripts
    .map((script, index) => ({ script, index, listed: lists[index] !== undefined }))
    .sort((a, b) => Number(a.listed) - Number(b.listed) || b.script.length - a.script.length);
  for (const { script, index } of order) {
    const sentences = script.split(/(?<=[.!?。！？])\s+/).filter(Boolean);
    const list = lists[index];
    if (list) {
      if (sentences.length >= 2 && list.length > 2) {
        scripts[index] = sentences.slice(0, -1).join(' ');
        list.pop();
        return true;
      }
      continue;
    }
    if (sentences.length >= 2) {
      scripts[index] = sentences.slice(0, -1).join(' ');
      return true;
    }
    const clauses = script.split(/[,;:，、]\s*/).filter(Boolean);
    if (clauses.length >= 2) {
      scripts[index] = `${clauses[0]!.replace(/[.!?。！？]+$/, '')}.`;
      return true;
    }
    const words = script.replace(/[.!?。！？]+$/, '').split(/\s+/);
    if (words.length > 5) {
      scripts[index] = `${words.slice(0, Math.max(4, Math.floor((words.length * 2) / 3))).join(' ')}.`;
      return true;
    }
  }
  return false;
}

/**
 * Speaks each scene's script into `speech` until the narration fits the target (5% over at most):
 * shortens the longest scripts (a sentence, then a clause, then words), then speaks a little faster
 * (the embedded engine only: a speech model speaks at its own pace), and as a last resort lets a
 * scene go without narration. A script already spoken as it is, at the same pace, is not spoken
 * again, so a speech model is asked only for what changed. Returns the scripts and each scene's
 * list of points on screen as they were shortened (copies of `settings`' lists).
 */
async function speakToFit(
  stage: StageContext,
  audio: StoredAudio,
  originals: string[],
  settings: Record<string, unknown>[],
  speech: (NarrationClip | undefined)[],
  audioDir: string,
  target: number,
): Promise<{ scripts: string[]; lists: (unknown[] | undefined)[] }> {
  const scripts = [...originals];
  // Each narrated scene's points on screen, shortened with its script.
  const lists = settings.map((entry, index) => {
    const list = originals[index]!.trim() ? screenList(entry) : undefined;
    return list ? [...list] : undefined;
  });
  const spokenAs: (string | undefined)[] = scripts.map(() => undefined);
  let rate = 1;
  for (let round = 0; round < 10; round += 1) {
    for (const [index, script] of scripts.entries()) {
      if (!script.trim() || spokenAs[index] === `${rate} ${script}`) continue;
      stage.checkCancel();
      stage.progress({ phase_detail: `Narrating scene ${index + 1} of ${scripts.length}` });
      const file = path.posix.join(audioDir, `narration-${index}.wav`);
      const spoken = await speakScript(stage, audio, script, path.join(stage.ctx.filesDir, file), rate);
      speech[index] = { path: file, seconds: spoken.durationSeconds, words: spoken.words };
      spokenAs[index] = `${rate} ${script}`;
    }
    const needed = speech.reduce((sum, clip) => sum + (clip ? clip.seconds + NARRATION_LEAD + NARRATION_TAIL : 1), 0);
    if (needed <= target * 1.05) break;
    if (shortenScripts(scripts, lists)) continue;
    if (rate < 1.3 && !audio.voiceProvider) {
      rate += 0.15;
      continue;
    }
    const longest = scripts.reduce((best, script, index) => (index > 0 && script.length > (scripts[best]?.length ?? 0) ? index : best), scripts.length > 1 ? 1 : 0);
    scripts[longest] = '';
    speech[longest] = undefined;
  }
  return { scripts, lists };
}

/**
 * The narrate stage, the second half of planning: decides the sound, speaks each scene's script
 * (shortening the scripts, then speaking faster, until they fit the target), fits the scene
 * durations to the speech and the beat grid, and adds captions when the prompt asks for them.
 * Changes `draft.plan`'s scenes in place; {@link storePlan} writes the checkpoint.
 */
export async function narrateStage(stage: StageContext, draft: PlanDraft): Promise<NarratedPlan> {
  const row = stage.job();
  const options = stage.options();
  const { plan, language } = draft;
  const { audio, targetSeconds: target, beats } = await decideSound(stage, draft.theme.id, language);

  // Narration first, so scene durations follow the speech.
  const speech: (NarrationClip | undefined)[] = plan.scenes.map(() => undefined);
  if (audio.narration) {
    const audioDir = path.posix.join('videos', row.id, 'audio');
    mkdirSync(path.join(stage.ctx.filesDir, audioDir), { recursive: true });
    const originals = plan.scenes.map((scene) => scene.narration);
    const settings = plan.scenes.map((scene) => scene.settings);
    let spoken: { scripts: string[]; lists: (unknown[] | undefined)[] };
    try {
      spoken = await speakToFit(stage, audio, originals, settings, speech, audioDir, target);
    } catch (error) {
      if (!(error instanceof SpeechFallback)) throw error;
      // The model failed under --speech-fallback embedded: the whole job is spoken again by the
      // embedded engine, so the video has one voice.
      addJobWarning(stage, speechFallbackWarning(error.reason));
      audio.voice = packVoice(draft.theme.id);
      delete audio.voiceProvider;
      speech.fill(undefined);
      spoken = await speakToFit(stage, audio, originals, settings, speech, audioDir, target);
    }
    const { scripts, lists } = spoken;
    plan.scenes.forEach((scene, index) => {
      scene.narration = scripts[index]!;
      const list = lists[index];
      const key = LIST_KEYS.find((name) => Array.isArray(scene.settings[name]));
      if (list && key && list.length < (scene.settings[key] as unknown[]).length) scene.settings = { ...scene.settings, [key]: list };
    });
  }
  const durations = fitTimeline({
    planned: plan.scenes.map((scene) => scene.durationSeconds),
    needed: speech.map((clip) => (clip ? clip.seconds + NARRATION_LEAD + NARRATION_TAIL : 0)),
    // A scene stays up long enough to read what it shows, whatever its narration.
    reading: plan.scenes.map((scene) => readingSeconds(onScreenWords(scene.settings))),
    target,
    fps: options.fps,
    beats,
  });
  plan.scenes.forEach((scene, index) => (scene.durationSeconds = durations[index]!));
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
  return { audio, speech };
}
