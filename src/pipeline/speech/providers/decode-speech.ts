import { rmSync, writeFileSync } from 'node:fs';
import type { FfmpegInfo } from '../../../render/ffmpeg/find-ffmpeg.js';
import { runBinary } from '../../../render/ffmpeg/run-ffmpeg.js';
import { firstLine } from '../../providers/provider-failure.js';
import { readWav } from '../../audio/wav.js';
import { measureSpeech, type DecodedSpeech } from '../measure-speech.js';
import type { SpeechSetting } from './speech-config.js';
import { SpeechProviderError } from './speech-provider.js';

/**
 * Writes a provider's audio (MP3, WAV, whatever FFmpeg reads: it sniffs the content, so a server
 * that ignores `response_format` still works) to `outputPath` as mono 16-bit PCM WAV at its own
 * rate, and measures it. Audio that does not decode or holds no speech is `invalid_output`.
 */
export async function decodeSpeech(audio: Uint8Array, outputPath: string, context: { ffmpeg: FfmpegInfo; setting: SpeechSetting; text: string; signal?: AbortSignal }): Promise<DecodedSpeech> {
  const { setting } = context;
  const name = `${setting.provider}:${setting.model}`;
  const invalid = (message: string, cause?: unknown) => new SpeechProviderError({ provider: setting.provider, reason: 'invalid_output' }, message, { cause });
  if (audio.length === 0) throw invalid(`${name} answered with no audio for "${context.text.slice(0, 60)}"`);
  const source = `${outputPath}.download`;
  writeFileSync(source, audio);
  try {
    // Bit-exact with no metadata: a plain 44-byte header, as wav.ts writes.
    await runBinary(
      context.ffmpeg.ffmpeg,
      ['-hide_banner', '-v', 'error', '-y', '-i', source, '-map', '0:a:0', '-ac', '1', '-c:a', 'pcm_s16le', '-map_metadata', '-1', '-fflags', '+bitexact', '-flags:a', '+bitexact', '-f', 'wav', outputPath],
      context.signal,
    );
  } catch (error) {
    if (context.signal?.aborted) throw error;
    throw invalid(`${name} answered with audio FFmpeg cannot decode: ${firstLine(error)}`, error);
  } finally {
    rmSync(source, { force: true });
  }
  const { samples, sampleRate } = readWav(outputPath);
  const measured = measureSpeech(samples, sampleRate);
  if (samples.length === 0 || measured.voicedShare === 0) throw invalid(`${name} answered with silence for "${context.text.slice(0, 60)}"`);
  return measured;
}
