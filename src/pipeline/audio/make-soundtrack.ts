import { mkdirSync, renameSync, rmSync } from 'node:fs';
import { sceneTimeline } from '../videos/scene-timeline.js';
import path from 'node:path';
import type { NodeContext } from '../../node-context.js';
import { requireFfmpeg, runBinary } from '../../render/ffmpeg/run-ffmpeg.js';
import type { SceneRow, VideoRow } from '../../store/videos-store.js';
import type { StoredAudio } from '../stages/stored-plan.js';
import { NARRATION_LEAD } from '../speech/fit-timeline.js';
import { AudioError, type AudioThread } from './audio-thread.js';
import type { MixPlan } from './audio-protocol.js';

/** Integrated loudness of every soundtrack, LUFS. */
export const TARGET_LUFS = -16;
/** True-peak ceiling, dBTP (kept under -1 with margin for the AAC encoder). */
export const TRUE_PEAK = -1.5;
/** Rate the timeline is mixed and encoded at. */
export const MIX_SAMPLE_RATE = 48_000;

/** Where sound effects go: a whoosh on every cut, pops on reveals, a riser into the close. */
export function placeEffects(scenes: SceneRow[], fps: number): MixPlan['effects'] {
  const effects: MixPlan['effects'] = [];
  for (const [index, { scene, start }] of sceneTimeline(scenes, fps).scenes.entries()) {
    if (index > 0) effects.push({ kind: 'whoosh', at: start });
    if (scene.role === 'close' && index > 0) effects.push({ kind: 'riser', at: start });
    if (scene.kind === 'bullets') {
      const items = (JSON.parse(scene.settings) as { items?: unknown[] }).items ?? [];
      // BulletList reveals item i at durationFrames/2 + i * stagger * 2 frames (kit defaults: 18 and 6).
      items.slice(0, 5).forEach((_, i) => effects.push({ kind: 'pop', at: start + (9 + i * 12) / fps }));
    } else if (scene.kind === 'stat' || scene.kind === 'cta') {
      effects.push({ kind: 'pop', at: start + 6 / fps });
    }
  }
  return effects;
}

/** The times of a job's cuts (scene starts after the first), seconds. */
function cutTimes(scenes: SceneRow[], fps: number): number[] {
  return sceneTimeline(scenes, fps).scenes.slice(1).map((timed) => timed.start);
}

/**
 * Mixes a job's soundtrack once for the whole timeline (narration on each scene after a short
 * lead, procedural music on the job's beat grid ducked under it and faded out, effects), then
 * normalizes it with FFmpeg's two-pass loudnorm to -16 LUFS integrated and a -1.5 dBTP ceiling,
 * encoded as AAC. Returns the m4a's path relative to files/.
 */
export async function makeSoundtrack(
  ctx: NodeContext,
  audio: AudioThread,
  row: VideoRow,
  scenes: SceneRow[],
  settings: StoredAudio,
  signal?: AbortSignal,
): Promise<string> {
  const dir = path.posix.join('videos', row.id, 'audio');
  mkdirSync(path.join(ctx.filesDir, dir), { recursive: true });
  const timeline = sceneTimeline(scenes, row.fps);
  const cuts = cutTimes(scenes, row.fps);
  const narration: MixPlan['narration'] = timeline.scenes.flatMap(({ scene, start }) => (settings.narration && scene.narration_audio ? [{ path: path.join(ctx.filesDir, scene.narration_audio), start: start + NARRATION_LEAD }] : []));
  const plan: MixPlan = {
    durationSeconds: timeline.seconds,
    sampleRate: MIX_SAMPLE_RATE,
    narration,
    music: settings.music && !settings.clientMusic ? { seed: settings.seed, bpm: settings.bpm, mood: settings.mood, beatOffset: 0 } : undefined,
    ...(settings.clientMusic ? { clientMusic: { path: path.join(ctx.filesDir, settings.clientMusic.path), offset: 0 } } : {}),
    clips: [
      ...(settings.voiceover ? [{ path: path.join(ctx.filesDir, settings.voiceover), start: 0, gain: 1 }] : []),
      // Client effects go on the cuts, one per cut, in order.
      ...(settings.clientSfx ?? []).map((clip, index) => ({ path: path.join(ctx.filesDir, clip), start: cuts[index] ?? 0, gain: 0.8 })),
    ],
    effects: settings.sfx ? placeEffects(scenes, row.fps) : [],
  };
  const raw = path.join(ctx.filesDir, dir, 'mix.wav');
  const relative = path.posix.join(dir, 'soundtrack.m4a');
  const output = path.join(ctx.filesDir, relative);
  try {
    await mixAndNormalize();
    return relative;
  } catch (error) {
    throw error instanceof AudioError ? error : new AudioError(`mixing the soundtrack failed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    rmSync(raw, { force: true });
    rmSync(`${output}.partial.m4a`, { force: true });
  }

  async function mixAndNormalize(): Promise<void> {
    await audio.mix(plan, raw);
    const ffmpeg = requireFfmpeg(ctx.config.ffmpegPath);
    const target = `I=${TARGET_LUFS}:TP=${TRUE_PEAK}:LRA=11`;
    // Pass 1 measures; pass 2 applies a linear gain from the measurement, so speech is not pumped.
    const measureOutput = await runBinaryStderr(ffmpeg.ffmpeg, ['-hide_banner', '-nostats', '-i', raw, '-af', `loudnorm=${target}:print_format=json`, '-f', 'null', '-'], signal);
    const measured = JSON.parse(measureOutput.slice(measureOutput.lastIndexOf('{'), measureOutput.lastIndexOf('}') + 1)) as Record<string, string>;
    const second = `loudnorm=${target}:measured_I=${measured.input_i}:measured_TP=${measured.input_tp}:measured_LRA=${measured.input_lra}:measured_thresh=${measured.input_thresh}:offset=${measured.target_offset}:linear=true`;
    await runBinary(ffmpeg.ffmpeg, ['-y', '-v', 'error', '-i', raw, '-af', second, '-ar', String(MIX_SAMPLE_RATE), '-ac', '2', '-c:a', 'aac', '-b:a', '192k', '-f', 'mp4', `${output}.partial.m4a`], signal);
    renameSync(`${output}.partial.m4a`, output);
  }
}

/** Runs FFmpeg and returns its stderr (where loudnorm prints its measurement). */
async function runBinaryStderr(file: string, args: string[], signal?: AbortSignal): Promise<string> {
  const { execFile } = await import('node:child_process');
  return new Promise((resolve, reject) => {
    execFile(file, args, { maxBuffer: 16 * 1024 * 1024, signal }, (error, _stdout, stderr) => {
      if (error) return reject(error);
      resolve(String(stderr));
    });
  });
}
