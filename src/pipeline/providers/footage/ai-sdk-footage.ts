import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createDownload, experimental_generateVideo as generateVideo, type GenerateVideoPrompt } from 'ai';
import { findFfmpeg } from '../../../render/ffmpeg/find-ffmpeg.js';
import { conformClip } from './conform-clip.js';
import type { FootageSetting } from './footage-config.js';
import { toFootageError } from './footage-errors.js';
import { checkFootageRequest, FootageError, type FootageClip, type FootageProvider, type FootageRequest } from './footage-provider.js';

/** How an {@link createAiSdkFootageProvider} provider calls its model. */
export interface AiSdkFootageOptions {
  /** Retries of a rate limit, 5xx or network error, with exponential backoff honouring `retry-after`. @default 2 */
  maxRetries?: number;
  /** The whole clip: the request, the model's work, the download. @default 600000 */
  timeoutMs?: number;
  /** How often a long-running generation is polled. @default 10000 */
  pollIntervalMs?: number;
  /** Largest clip accepted, in bytes. @default 512 MiB */
  maxBytes?: number;
  /** FFmpeg binary (ffprobe beside it). @default Remotion's compositor FFmpeg */
  ffmpegPath?: string;
  /** For tests and proxies. @default globalThis.fetch */
  fetch?: typeof fetch;
}

/**
 * A {@link FootageProvider} over the AI SDK's video generation (`experimental_generateVideo`):
 * Google's Veo through the Gemini API. The shot's first reference still is the clip's start
 * frame. What comes back is decoded end to end and conformed to the requested size and rate,
 * cut to the requested length (a model makes only some lengths: Veo 3 4, 6 or 8 s, Veo 2 5 to
 * 8 s, so the next longer one is asked for); `seconds` is what the clip holds.
 */
export function createAiSdkFootageProvider(setting: FootageSetting, options: AiSdkFootageOptions = {}): FootageProvider {
  const name = `${setting.provider}:${setting.model}`;
  const timeoutMs = options.timeoutMs ?? 600_000;
  const pollIntervalMs = options.pollIntervalMs ?? 10_000;
  const maxBytes = options.maxBytes ?? 512 * 1024 * 1024;
  const fetchFunction = options.fetch ?? globalThis.fetch;
  const model = createGoogleGenerativeAI({ baseURL: setting.baseUrl, apiKey: setting.apiKey, fetch: fetchFunction }).video(setting.model);
  const ownOrigin = new URL(setting.baseUrl).origin;
  const downloadElsewhere = createDownload({ maxBytes });

  /**
   * Veo answers with a file URI on the API's own origin (the SDK adds the key to it); that one is
   * fetched like the API itself (the SDK's default download refuses private hosts, which a proxy
   * or a test server is). Any other URL goes through the SDK's validated download.
   */
  async function download({ url, abortSignal }: { url: URL; abortSignal?: AbortSignal }) {
    if (url.origin !== ownOrigin) return downloadElsewhere({ url, abortSignal });
    const response = await fetchFunction(url, { signal: abortSignal, redirect: 'follow' });
    if (!response.ok) {
      await response.body?.cancel();
      throw new FootageError('unavailable', `the clip ${name} made could not be downloaded (HTTP ${response.status})`);
    }
    const length = Number(response.headers.get('content-length') ?? 0);
    if (length > maxBytes) throw new FootageError('invalid_output', `the clip ${name} made is ${length} bytes, more than the ${maxBytes} allowed`);
    const data = new Uint8Array(await response.arrayBuffer());
    if (data.byteLength > maxBytes) throw new FootageError('invalid_output', `the clip ${name} made is more than the ${maxBytes} bytes allowed`);
    return { data, mediaType: response.headers.get('content-type') ?? undefined };
  }

  return {
    name,
    async makeClip(request: FootageRequest, signal?: AbortSignal): Promise<FootageClip> {
      checkFootageRequest(request);
      const ffmpeg = findFfmpeg(options.ffmpegPath);
      if (!ffmpeg) throw new FootageError('unavailable', "FFmpeg not found to check the clip: run npm install (Remotion's compositor ships it) or set SERVICE_FFMPEG_PATH");
      signal?.throwIfAborted();
      const timeout = new AbortController();
      const timer = setTimeout(() => timeout.abort(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
      const abortSignal = signal ? AbortSignal.any([signal, timeout.signal]) : timeout.signal;
      mkdirSync(request.dir, { recursive: true });
      const base = path.join(request.dir, `footage-${randomUUID()}`);
      const source = `${base}.source`;
      try {
        let video: Uint8Array;
        try {
          const result = await generateVideo({
            model,
            prompt: videoPrompt(request),
            aspectRatio: request.width >= request.height ? '16:9' : '9:16',
            duration: veoDuration(setting.model, request.seconds),
            ...(request.seed !== undefined ? { seed: seedNumber(request.seed) } : {}),
            providerOptions: { google: { pollIntervalMs, pollTimeoutMs: timeoutMs, ...veoResolution(setting.model, request) } },
            maxRetries: options.maxRetries ?? 2,
            abortSignal,
            download,
          });
          video = result.video.uint8Array;
        } catch (error) {
          if (signal?.aborted) throw signal.reason;
          throw toFootageError(error, { setting, timedOutAfterMs: timeout.signal.aborted ? timeoutMs : undefined });
        }
        if (video.byteLength === 0) throw new FootageError('invalid_output', `${name} answered with an empty video`);
        writeFileSync(source, video);
        const probe = await conformClip(ffmpeg, source, `${base}.mp4`, request, `the clip ${name} made`, signal);
        return { path: `${base}.mp4`, seconds: probe.durationSeconds, provider: name };
      } finally {
        clearTimeout(timer);
        rmSync(source, { force: true });
      }
    },
  };
}

/** The description alone, or with the first reference still as the start frame. */
function videoPrompt(request: FootageRequest): GenerateVideoPrompt {
  const still = request.references?.[0];
  if (!still) return request.description;
  return { image: readFileSync(still.path), text: request.description };
}

/** The shortest length the model makes that covers `seconds` (its longest when none does). */
export function veoDuration(model: string, seconds: number): number {
  const lengths = /^veo-2/.test(model) ? [5, 6, 7, 8] : [4, 6, 8];
  return lengths.find((length) => length >= seconds) ?? lengths[lengths.length - 1]!;
}

/** Veo 3 makes 1080p when asked for it; below that, and for Veo 2, its default 720p is left alone. */
function veoResolution(model: string, request: FootageRequest): { resolution?: string } {
  return /^veo-3/.test(model) && Math.max(request.width, request.height) > 1280 ? { resolution: '1080p' } : {};
}

/** A seed string as the 32-bit whole number video models take (FNV-1a). */
export function seedNumber(seed: string): number {
  let hash = 0x811c9dc5;
  for (const char of seed) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  // Zero reads as "no seed" to the Google model.
  return hash === 0 ? 1 : hash;
}
