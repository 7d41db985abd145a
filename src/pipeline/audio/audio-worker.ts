// The audio worker thread: speech synthesis (eSpeak NG, synchronous), the timeline mix and language
// detection (eld's n-gram tables: 0.6 s to load, 45 MB of heap) run here, off the server's event loop.
import { parentPort } from 'node:worker_threads';
import { detectLanguage } from '../speech/detect-language.js';
import { measureSpeech } from '../speech/measure-speech.js';
import type { AudioTask, AudioWorkerMessage, SpeakResult, SpokenWord } from './audio-protocol.js';
import { mixTimeline } from './mix-timeline.js';
import { toInt16, writeWav } from './wav.js';

interface EspeakEvent {
  type: string;
  audio_position: number;
  text_position: number;
  word_length: number;
}
interface EspeakWorker {
  samplerate: number;
  rate: number;
  pitch: number;
  volume: number;
  set_voice(name: string): number;
  synthesize(text: string, callback: (pcm: Int16Array | null, events: EspeakEvent[]) => unknown): void;
}

let engine: Promise<EspeakWorker> | undefined;

function loadEngine(): Promise<EspeakWorker> {
  engine ??= import('@echogarden/espeak-ng-emscripten').then(async (module) => {
    const instance = await (module.default as () => Promise<{ eSpeakNGWorker: new () => EspeakWorker }>)();
    return new instance.eSpeakNGWorker();
  });
  return engine;
}

/** eSpeak NG reads its input as SSML: plain text must escape markup characters. */
function escapeSsml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

async function speak(task: Extract<AudioTask, { type: 'speak' }>): Promise<SpeakResult> {
  const tts = await loadEngine();
  if (tts.set_voice(task.settings.voice) !== 0) throw new Error(`the speech engine has no voice "${task.settings.voice}"`);
  tts.rate = task.settings.wordsPerMinute;
  tts.pitch = task.settings.pitch;
  tts.volume = task.settings.volume;
  const chunks: Int16Array[] = [];
  const words: SpokenWord[] = [];
  // Event positions count code points from 1; map them to string indexes.
  const codePointIndex: number[] = [];
  for (let i = 0; i < task.text.length; i += 1) {
    codePointIndex.push(i);
    if (task.text.codePointAt(i)! > 0xffff) i += 1;
  }
  tts.synthesize(escapeSsml(task.text), (pcm, events) => {
    if (pcm && pcm.length > 0) chunks.push(pcm.slice());
    for (const event of events) {
      if (event.type === 'word') {
        words.push({ start: event.audio_position / 1000, index: codePointIndex[event.text_position - 1] ?? 0, length: event.word_length });
      }
    }
    return false;
  });
  const length = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  const samples = new Int16Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    samples.set(chunk, offset);
    offset += chunk.length;
  }
  const measured = measureSpeech(samples, tts.samplerate, 32768);
  if (length === 0 || measured.voicedShare === 0) throw new Error(`the speech engine produced no audio for "${task.text.slice(0, 60)}"`);
  writeWav(task.outputPath, samples, tts.samplerate);
  return { durationSeconds: measured.durationSeconds, sampleRate: tts.samplerate, words, voicedShare: measured.voicedShare };
}

parentPort?.on('message', (message: { id: number; task: AudioTask }) => {
  const run = async (): Promise<unknown> => {
    if (message.task.type === 'speak') return speak(message.task);
    if (message.task.type === 'detect-language') return detectLanguage(message.task.text);
    const mixed = mixTimeline(message.task.plan);
    writeWav(message.task.outputPath, toInt16(mixed), message.task.plan.sampleRate);
    return { durationSeconds: mixed.length / message.task.plan.sampleRate };
  };
  run().then(
    (result) => parentPort!.postMessage({ id: message.id, ok: true, result } satisfies AudioWorkerMessage),
    (error: unknown) => parentPort!.postMessage({ id: message.id, ok: false, error: error instanceof Error ? error.message : String(error) } satisfies AudioWorkerMessage),
  );
});
