import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { NodeContext } from '../../node-context.js';
import { requireFfmpeg, runBinary } from '../../render/ffmpeg/run-ffmpeg.js';
import { detectBeats, type BeatGrid } from './detect-beats.js';
import { readWav } from './wav.js';

/** Client audio of a job, decoded and measured at planning. */
export interface ClientAudio {
  music?: { path: string; grid: BeatGrid; seconds: number };
  voiceover?: { path: string; seconds: number };
  sfx: { path: string; seconds: number }[];
}

/** Rate client audio is decoded at for analysis and mixing. */
const DECODE_RATE = 22_050;

/**
 * Decodes a job's client audio (fetched at create time) to mono WAV under files/, finds the music
 * track's tempo and beats, and measures the voiceover. Paths are relative to files/.
 */
export async function prepareClientAudio(
  ctx: NodeContext,
  videoId: string,
  items: { role: 'music' | 'voiceover' | 'sfx'; path: string }[],
  signal?: AbortSignal,
): Promise<ClientAudio> {
  const ffmpeg = requireFfmpeg(ctx.config.ffmpegPath);
  const result: ClientAudio = { sfx: [] };
  mkdirSync(path.join(ctx.filesDir, 'videos', videoId, 'audio'), { recursive: true });
  for (const [index, item] of items.entries()) {
    const relative = path.posix.join('videos', videoId, 'audio', `client-${index}-${item.role}.wav`);
    await runBinary(
      ffmpeg.ffmpeg,
      ['-y', '-v', 'error', '-i', path.join(ctx.filesDir, item.path), '-vn', '-ac', '1', '-ar', String(DECODE_RATE), '-c:a', 'pcm_s16le', '-f', 'wav', path.join(ctx.filesDir, relative)],
      signal,
    );
    const wav = readWav(path.join(ctx.filesDir, relative));
    const seconds = wav.samples.length / wav.sampleRate;
    if (item.role === 'music') result.music = { path: relative, grid: detectBeats(wav.samples, wav.sampleRate), seconds };
    else if (item.role === 'voiceover') result.voiceover = { path: relative, seconds };
    else result.sfx.push({ path: relative, seconds });
  }
  return result;
}
