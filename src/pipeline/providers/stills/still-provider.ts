import { invalidRequest } from '../../../errors/service-error.js';

/** An image a still should follow: an attached image, a cast portrait the storyboard keeps to. */
export interface StillReference {
  /** Absolute path of the file on this node. */
  path: string;
  mimeType: 'image/png' | 'image/jpeg' | 'image/webp';
}

/** What a still provider is asked to make: one picture (a cast portrait, a storyboard frame). */
export interface StillRequest {
  /** The picture in words: subject, look, setting, light ("a red-haired pilot, three-quarter view"). */
  description: string;
  /** Pixel size of the still (whole numbers, 16 to 3840). */
  width: number;
  height: number;
  /** Images the still should look like (a character's portrait); used where the model takes them. */
  references?: StillReference[];
  /** Makes the still repeatable where the model takes a seed. */
  seed?: string;
  /** Directory the still is written into (created when missing). */
  dir: string;
}

/** A still a provider made. */
export interface MadeStill {
  /** Absolute path of the PNG under the request's `dir`, at exactly the requested width and height. */
  path: string;
  /** Who made it: `<provider>:<model>`. */
  provider: string;
}

/**
 * Makes stills for cast sheets and storyboards: an image model through the AI SDK
 * (`openai:gpt-image-1`, `google:imagen-…`, an OpenAI-compatible server). The pipeline depends on
 * this interface only.
 */
export interface StillProvider {
  /** `<provider>:<model>`. */
  readonly name: string;
  /**
   * One still, written under `request.dir`. Throws {@link StillError} when the provider cannot
   * make it, `invalid_request` for a request no provider could honour, and the signal's reason
   * when canceled.
   */
  makeStill(request: StillRequest, signal?: AbortSignal): Promise<MadeStill>;
}

/**
 * Why a still could not be made, so a job can fail with a clear code or fall back to a drawn
 * still: `unavailable` (unreachable, bad key, rate limited past the retries, timed out, refused)
 * or `invalid_output` (what came back is not an image that decodes).
 */
export class StillError extends Error {
  constructor(
    readonly kind: 'unavailable' | 'invalid_output',
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'StillError';
  }
}

const REFERENCE_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/webp'];

/** Throws `invalid_request` naming every field of `request` that no provider could honour. */
export function checkStillRequest(request: StillRequest): void {
  const problems: string[] = [];
  if (typeof request.description !== 'string' || request.description.trim() === '') problems.push('description must be a non-empty string');
  for (const side of ['width', 'height'] as const) {
    const value = request[side];
    if (!Number.isInteger(value) || value < 16 || value > 3840) problems.push(`${side} must be a whole number from 16 to 3840, got ${value}`);
  }
  if (request.references !== undefined && !Array.isArray(request.references)) problems.push('references must be a list');
  for (const reference of Array.isArray(request.references) ? request.references : []) {
    if (typeof reference?.path !== 'string' || reference.path === '') problems.push('each reference must name a file');
    else if (!REFERENCE_TYPES.includes(reference.mimeType)) problems.push(`reference ${reference.path} must be PNG, JPEG or WebP, got ${reference.mimeType}`);
  }
  if (request.seed !== undefined && typeof request.seed !== 'string') problems.push('seed must be a string');
  if (typeof request.dir !== 'string' || request.dir === '') problems.push('dir must name a directory');
  if (problems.length > 0) throw invalidRequest(`still request: ${problems.join('; ')}`);
}
