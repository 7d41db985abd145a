import { saveJobFiles } from '../../storage/job-files.js';
import { makeSoundtrack } from '../audio/make-soundtrack.js';
import { prepareClientAudio } from '../audio/client-audio.js';
import { pickMusicStyle } from '../audio/synthesize-music.js';
import type { NarrationLanguage } from '../speech/languages.js';
import { readAudioIntent } from '../speech/read-audio-intent.js';
import { attachmentPaths } from './job-attachments.js';
import { addJobWarning } from '../videos/job-warnings.js';
import { chooseVoice, packVoice } from './narration-voice.js';
import type { StageContext } from './stage-context.js';
import { storedPlanOf, type StoredAudio } from './stored-plan.js';

/** A job's music seed: stable for the job, different between jobs. */
function seedOf(id: string): number {
  let hash = 2166136261;
  for (const char of id) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return hash >>> 0;
}

/** The sound of a job as decided at planning, with the length the timeline should fill. */
export interface SoundDecision {
  audio: StoredAudio;
  /** Seconds the scenes should fill (longer than asked when a client voiceover needs it). */
  targetSeconds: number;
  /** The beat grid cuts snap to: the client track's, else the score's; none without music. */
  beats?: { bpm: number; offset: number };
}

/**
 * Decides a job's sound at planning: client audio first (a music track replaces the score and sets
 * the beat grid; a voiceover replaces the narration and the scenes fit around it), then what the
 * request says, then what the prompt says where the request left it unset.
 */
export async function decideSound(stage: StageContext, themeId: string, language: NarrationLanguage): Promise<SoundDecision> {
  const row = stage.job();
  const options = stage.options();
  const attachments = attachmentPaths(row);
  const clientItems = options.audio.map((item, index) => ({ role: item.role, path: attachments.get(`audio[${index}]`) ?? '' })).filter((item) => item.path);
  const client = clientItems.length > 0 ? await prepareClientAudio(stage.ctx, row.id, clientItems, stage.signal) : { sfx: [] };
  let targetSeconds = options.durationSeconds;
  if (client.voiceover) targetSeconds = Math.min(options.durationSeconds * 2, Math.max(targetSeconds, client.voiceover.seconds + 0.5));

  const intent = readAudioIntent(row.prompt);
  const narrationOn = options.narration && !client.voiceover && !(options.narrationSource === 'default' && intent.narration === false);
  const musicOn = options.music && !client.music && !(options.musicSource === 'default' && intent.music === false);
  // The voice is chosen only for a narrated job: a silent one asks no speech model anything.
  const voice = narrationOn ? await chooseVoice(stage, options.narrationVoice, themeId, language) : { voice: options.narrationVoice ?? packVoice(themeId) };
  if (voice.warning) addJobWarning(stage, voice.warning);
  const style = pickMusicStyle(row.prompt, themeId);
  const audio: StoredAudio = {
    narration: narrationOn,
    music: musicOn,
    sfx: options.sfx,
    language,
    voice: voice.voice,
    ...(voice.provider ? { voiceProvider: voice.provider } : {}),
    bpm: style.bpm,
    mood: style.mood,
    seed: seedOf(row.id),
    ...(client.music ? { clientMusic: { path: client.music.path, bpm: client.music.grid.bpm, offset: client.music.grid.offset } } : {}),
    ...(client.voiceover ? { voiceover: client.voiceover.path } : {}),
    ...(client.sfx.length > 0 ? { clientSfx: client.sfx.map((clip) => clip.path) } : {}),
  };
  const beats = client.music ? { bpm: client.music.grid.bpm, offset: client.music.grid.offset } : musicOn ? { bpm: audio.bpm, offset: 0 } : undefined;
  return { audio, targetSeconds, ...(beats ? { beats } : {}) };
}

/**
 * The soundtrack stage: mixes narration, music, effects and client audio over the committed
 * scenes. Checkpoint: `soundtrack_path`; a job with no sound at all has none.
 */
export async function soundtrackStage(stage: StageContext): Promise<void> {
  const row = stage.job();
  if (row.soundtrack_path) return;
  const sound = storedPlanOf(row).audio;
  if (!sound || !(sound.narration || sound.music || sound.sfx || sound.clientMusic || sound.voiceover || sound.clientSfx)) return;
  stage.progress({ phase_detail: 'Mixing the soundtrack' });
  const soundtrack = await makeSoundtrack(stage.ctx, stage.audio(), row, stage.ctx.videos.scenes(row.id), sound, stage.signal);
  await saveJobFiles(stage.ctx, [soundtrack]);
  stage.progress({ soundtrack_path: soundtrack, phase_detail: 'Final checks' });
}
