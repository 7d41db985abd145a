import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { PACKAGE_ROOT } from '../../package-root.js';
import type { AudioTask, AudioWorkerMessage, MixPlan, SpeakResult } from './audio-protocol.js';
import type { EspeakSettings } from '../speech/espeak-voice.js';
import type { NarrationLanguage } from '../speech/languages.js';

/** The compiled worker script. */
export const AUDIO_WORKER_SCRIPT = path.join(PACKAGE_ROOT, 'dist', 'pipeline', 'audio', 'audio-worker.js');

/** A speech or mix failure. */
export class AudioError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AudioError';
  }
}

/**
 * One worker thread for speech, mixing and language detection, started on first use: eSpeak NG is
 * synchronous, a mix holds a core and the language detector's tables take 0.6 s to load, so none of
 * them runs on the server's event loop. Tasks run one at a time.
 */
export class AudioThread {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();

  /** Speaks text to a WAV file. */
  speak(text: string, settings: EspeakSettings, outputPath: string): Promise<SpeakResult> {
    return this.run({ type: 'speak', text, settings, outputPath }) as Promise<SpeakResult>;
  }

  /** Mixes a timeline to a WAV file. */
  mix(plan: MixPlan, outputPath: string): Promise<{ durationSeconds: number }> {
    return this.run({ type: 'mix', plan, outputPath }) as Promise<{ durationSeconds: number }>;
  }

  /** The narration language of a text (see detectLanguage), worked out on the thread. */
  detectLanguage(text: string): Promise<NarrationLanguage> {
    return this.run({ type: 'detect-language', text }) as Promise<NarrationLanguage>;
  }

  /** Stops the thread. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  private run(task: AudioTask): Promise<unknown> {
    const worker = this.ensureWorker();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, task });
    });
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(AUDIO_WORKER_SCRIPT);
    worker.unref();
    worker.on('message', (message: AudioWorkerMessage) => {
      const entry = this.pending.get(message.id);
      if (!entry) return;
      this.pending.delete(message.id);
      if (message.ok) entry.resolve(message.result);
      else entry.reject(new AudioError(message.error));
    });
    const fail = (error: Error) => {
      for (const entry of this.pending.values()) entry.reject(new AudioError(`audio worker stopped: ${error.message}`));
      this.pending.clear();
      if (this.worker === worker) this.worker = undefined;
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`exit code ${code}`)));
    this.worker = worker;
    return worker;
  }
}
