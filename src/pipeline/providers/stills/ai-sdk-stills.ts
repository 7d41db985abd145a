import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateImage, type GeneratedFile, type ImageModel } from 'ai';
import sharp from 'sharp';
import { invalidRequest } from '../../../errors/service-error.js';
import { seedNumber } from '../footage/ai-sdk-footage.js';
import { stillModelOptions } from './still-model-options.js';
import { checkStillRequest, StillError, type MadeStill, type StillProvider, type StillRequest } from './still-provider.js';
import type { StillSetting } from './stills-config.js';
import { toStillError } from './stills-errors.js';

/** How an {@link createAiSdkStillProvider} provider calls its model. */
export interface AiSdkStillOptions {
  /** Retries of a rate limit, 5xx or network error, with exponential backoff honouring `retry-after`. @default 2 */
  maxRetries?: number;
  /** The whole still: the request, the model's work, the retries. @default 180000 */
  timeoutMs?: number;
  /** For tests and proxies. @default globalThis.fetch */
  fetch?: typeof fetch;
}

// The name an OpenAI-compatible provider is created with; its provider options go under this key.
const COMPATIBLE_NAME = 'stills';

/**
 * A {@link StillProvider} over the AI SDK's image generation (`generateImage`): OpenAI's image
 * models, Google's Imagen and Gemini image models, or any server speaking OpenAI's
 * `/images/generations`. The model is asked for its size or aspect ratio closest to the still's
 * shape; what comes back is decoded, cover-cropped (centred) to exactly the requested size and
 * written as a PNG. A seed and reference images go to the models that take them.
 */
export function createAiSdkStillProvider(setting: StillSetting, options: AiSdkStillOptions = {}): StillProvider {
  const name = `${setting.provider}:${setting.model}`;
  const timeoutMs = options.timeoutMs ?? 180_000;
  const model = imageModel(setting, options.fetch ?? globalThis.fetch);

  return {
    name,
    async makeStill(request: StillRequest, signal?: AbortSignal): Promise<MadeStill> {
      checkStillRequest(request);
      signal?.throwIfAborted();
      const asked = stillModelOptions(setting, request.width, request.height);
      const references = asked.references ? readReferences(request) : [];
      const seed = asked.seed && request.seed !== undefined ? seedNumber(request.seed) : undefined;
      const timeout = new AbortController();
      const timer = setTimeout(() => timeout.abort(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
      const abortSignal = signal ? AbortSignal.any([signal, timeout.signal]) : timeout.signal;
      let image: GeneratedFile;
      try {
        const result = await generateImage({
          model,
          prompt: references.length > 0 ? { images: references, text: request.description } : request.description,
          n: 1,
          ...(asked.size ? { size: asked.size } : {}),
          ...(asked.aspectRatio ? { aspectRatio: asked.aspectRatio } : {}),
          ...(seed !== undefined && setting.provider !== 'openai-compatible' ? { seed } : {}),
          ...(seed !== undefined && setting.provider === 'openai-compatible' ? { providerOptions: { [COMPATIBLE_NAME]: { seed } } } : {}),
          maxRetries: options.maxRetries ?? 2,
          abortSignal,
        });
        image = result.image;
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        throw toStillError(error, { setting, timedOutAfterMs: timeout.signal.aborted ? timeoutMs : undefined });
      } finally {
        clearTimeout(timer);
      }
      return { path: await writeStill(image, request, name), provider: name };
    },
  };
}

/** The setting's image model, its HTTP calls made with `fetchFunction`. */
function imageModel(setting: StillSetting, fetchFunction: typeof fetch): ImageModel {
  const { baseUrl: baseURL, apiKey } = setting;
  if (setting.provider === 'openai') return createOpenAI({ baseURL, apiKey, fetch: fetchFunction }).image(setting.model);
  if (setting.provider === 'google') return createGoogleGenerativeAI({ baseURL, apiKey, fetch: fetchFunction }).image(setting.model);
  return createOpenAICompatible({ name: COMPATIBLE_NAME, baseURL, apiKey, fetch: fetchFunction }).imageModel(setting.model);
}

/** The reference files' bytes; one that cannot be read is the request's fault. */
function readReferences(request: StillRequest): Uint8Array[] {
  return (request.references ?? []).map((reference) => {
    try {
      return new Uint8Array(readFileSync(reference.path));
    } catch (error) {
      throw invalidRequest(`still request: reference ${reference.path} cannot be read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, error);
    }
  });
}

/**
 * Decodes what the model made and writes it under the request's `dir` as a PNG of exactly the
 * requested size (scaled to cover, centre-cropped); written whole or not at all.
 */
async function writeStill(image: GeneratedFile, request: StillRequest, name: string): Promise<string> {
  let png: Buffer;
  try {
    // The base64 the model answered with is decoded here, on first access.
    const bytes = image.uint8Array;
    if (bytes.byteLength === 0) throw new Error('the image is empty');
    png = await sharp(bytes, { failOn: 'error' })
      .rotate()
      .resize(request.width, request.height, { fit: 'cover', position: 'centre' })
      .png()
      .toBuffer();
  } catch (error) {
    throw new StillError('invalid_output', `${name} answered with something that is not an image: ${(error as Error).message}`, { cause: error });
  }
  mkdirSync(request.dir, { recursive: true });
  const output = path.join(request.dir, `still-${randomUUID()}.png`);
  const partial = `${output}.partial`;
  try {
    writeFileSync(partial, png);
    renameSync(partial, output);
  } finally {
    rmSync(partial, { force: true });
  }
  return output;
}
