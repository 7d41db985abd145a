import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { saveJobFiles } from '../../storage/job-files.js';
import { NARRATION_TIMING_KEY, narrationTiming, withNarrationTiming } from '../speech/narration-timing.js';
import { burnedCaptionsIn, captionRequestOfSettings, captionTrack, withBurnedCaptions } from '../speech/caption-chunks.js';
import { NARRATION_LEAD, NARRATION_TAIL } from '../speech/fit-timeline.js';
import { AudioError } from '../audio/audio-thread.js';
import { speakScript, SpeechFallback } from './narration-voice.js';
import type { StageContext } from './stage-context.js';
import { storedPlanOf } from './stored-plan.js';


/**
 * Speaks the scripts of scenes that have words to say and no clip yet: the scenes an edit changed
 * the narration of (a new voice, new words, a new scene). A clip longer than its scene lengthens the
 * scene, which is then drawn again; captions follow the new words. A job planned in full has a clip
 * for every narrated scene, so this does nothing there. Checkpoint: each scene's `narration_audio`.
 */
export async function respeakStage(stage: StageContext): Promise<void> {
  const { ctx, jobId } = stage;
  const row = stage.job();
  const plan = storedPlanOf(row);
  const audio = plan.audio;
  if (!audio?.narration) return;
  const pending = ctx.videos.scenes(jobId).filter((scene) => scene.narration?.trim() && !scene.narration_audio);
  if (pending.length === 0) return;
  const audioDir = path.posix.join('videos', jobId, 'audio');
  mkdirSync(path.join(ctx.filesDir, audioDir), { recursive: true });
  for (const scene of pending) {
    stage.checkCancel();
    stage.progress({ phase: 'planning', phase_detail: `Narrating scene ${scene.position + 1} again` });
    const file = path.posix.join(audioDir, `narration-${scene.position}.wav`);
    // The edit speaks with the source's voice and speaker; a failing speech model fails the edit
    // rather than mixing in another voice, even under --speech-fallback embedded.
    const spoken = await speakScript(stage, audio, scene.narration!, path.join(ctx.filesDir, file)).catch((error: unknown) => {
      throw error instanceof SpeechFallback ? new AudioError(`${error.reason}; the edit keeps the video's voice (${audio.voice}), so it is not spoken by another`) : error;
    });
    await saveJobFiles(ctx, [file]);
    const needed = Math.ceil((spoken.durationSeconds + NARRATION_LEAD + NARRATION_TAIL) * row.fps) / row.fps;
    const stored = JSON.parse(scene.settings) as Record<string, unknown>;
    // Captions follow the new words, in the look and place the scene's captions had.
    const burned = burnedCaptionsIn(stored);
    const captioned = burned !== undefined;
    const captionedSettings = captioned ? withBurnedCaptions(stored, captionTrack(captionRequestOfSettings(burned), { kind: scene.kind, settings: stored }, scene.narration!, spoken.words, NARRATION_LEAD, spoken.durationSeconds)) : stored;
    // The scene is built with its new words: its items enter as the narrator now names them.
    const settings = withNarrationTiming(captionedSettings, narrationTiming(scene.narration!, spoken.words, NARRATION_LEAD, spoken.durationSeconds));
    const timed = JSON.stringify(settings[NARRATION_TIMING_KEY]) !== JSON.stringify(stored[NARRATION_TIMING_KEY]);
    const longer = needed > scene.duration_seconds + 1e-6;
    // A scene whose pixels change (longer, new captions, or items timed to new words) is drawn again, and then it is this job's work.
    const redraw = longer || captioned || timed;
    ctx.db
      .prepare(
        `UPDATE scenes SET narration_audio = ?, narration_seconds = ?, narration_words = ?, settings = ?, duration_seconds = ?${redraw ? ', committed_at = NULL, source = NULL, compiled = NULL, reused_from = NULL' : ''} WHERE id = ?`,
      )
      .run(file, spoken.durationSeconds, JSON.stringify(spoken.words), JSON.stringify(settings), longer ? needed : scene.duration_seconds, scene.id);
  }
  const scenes = ctx.videos.scenes(jobId);
  ctx.db.prepare('UPDATE videos SET duration_seconds = ? WHERE id = ?').run(scenes.reduce((sum, scene) => sum + scene.duration_seconds, 0), jobId);
  stage.progress({ soundtrack_path: null, scenes_committed: scenes.filter((scene) => scene.committed_at).length });
}
