import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SpeechProvider } from './speech-provider.js';

/** What `service doctor` shows of a speech provider. */
export type SpeechCheck = { ok: true; voice: string; latencyMs: number } | { ok: false; problem: string };

/** What {@link checkSpeechProvider} speaks with. */
export interface SpeechCheckOptions {
  /** @default the first voice the provider lists */
  voice?: string;
  /** @default "en" */
  language?: string;
  /** @default 30000 */
  timeoutMs?: number;
}

/**
 * Speaks "Hello." once, so a bad key, an unknown voice, a wrong base URL or a server that cannot
 * make audio shows before a job needs it. `latencyMs` is the speak call alone (request, audio, decode).
 */
export async function checkSpeechProvider(provider: SpeechProvider, options: SpeechCheckOptions = {}): Promise<SpeechCheck> {
  const signal = AbortSignal.timeout(options.timeoutMs ?? 30_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'speech-check-'));
  try {
    const voice = options.voice ?? (await provider.listVoices(signal))[0]?.id;
    if (!voice) return { ok: false, problem: `${provider.name} lists no voices` };
    const started = performance.now();
    await provider.speak({ text: 'Hello.', voice, language: options.language ?? 'en', outputPath: path.join(dir, 'hello.wav'), signal });
    return { ok: true, voice, latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, problem: signal.aborted ? `${provider.name} did not speak "Hello." within ${options.timeoutMs ?? 30_000} ms` : message };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
