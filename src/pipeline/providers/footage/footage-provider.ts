import { invalidRequest } from '../../../errors/service-error.js';

/** A still (or clip) a shot should follow: an attached image, a cast sheet, a storyboard frame. */
export interface FootageReference {
  /** Absolute path of the file on this node. */
  path: string;
  mimeType: 'image/png' | 'image/jpeg' | 'image/webp';
}

/** What a footage provider is asked to make: one clip of one shot. */
export interface FootageRequest {
  /** The shot in words: subject, setting, light, camera ("a lake at dusk, slow push-in"). */
  description: string;
  /** Wanted length, in seconds (0.5 to 60). */
  seconds: number;
  /** Pixel size of the clip (even numbers, 16 to 3840). */
  width: number;
  height: number;
  /** Frames a second (1 to 60). */
  fps: number;
  /** Stills the shot should start from or look like; the first is the shot's own still. */
  references?: FootageReference[];
  /** Makes the shot repeatable: the same seed, the same clip where the provider allows it. */
  seed?: string;
  /** Directory the clip is written into (created when missing). */
  dir: string;
}

/** A clip a provider made. */
export interface FootageClip {
  /** Absolute path of the MP4 (H.264, yuv420p, no audio) at the requested size and rate. */
  path: string;
  /** Length actually made, in seconds (what footage is charged by). */
  seconds: number;
  /** Who made it: `embedded`, or `<provider>:<model>`. */
  provider: string;
}

/**
 * Makes footage clips: a video model through the AI SDK (`google:veo-…`), or the embedded provider
 * that animates the shot's still offline. The pipeline depends on this interface only.
 */
export interface FootageProvider {
  /** `embedded` or `<provider>:<model>`. */
  readonly name: string;
  /**
   * One clip of the shot, written under `request.dir`. Throws {@link FootageError} when the
   * provider cannot make it, `invalid_request` for a request no provider could honour, and the
   * signal's reason when canceled.
   */
  makeClip(request: FootageRequest, signal?: AbortSignal): Promise<FootageClip>;
}

/**
 * Why a clip could not be made, so a job can fail with a clear code or fall back to the embedded
 * provider: `unavailable` (unreachable, bad key, rate limited past the retries, timed out, refused)
 * or `invalid_output` (what came back is not a video that decodes).
 */
export class FootageError extends Error {
  constructor(
    readonly kind: 'unavailable' | 'invalid_output',
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'FootageError';
  }
}

const REFERENCE_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/webp'];

/** Throws `invalid_request` naming the first field of `request` that no provider could honour. */
export function checkFootageRequest(request: FootageRequest): void {
  const problems: string[] = [];
  if (typeof request.description !== 'string' || request.description.trim() === '') problems.push('description must be a non-empty string');
  if (!Number.isFinite(request.seconds) || request.seconds < 0.5 || request.seconds > 60) problems.push(`seconds must be from 0.5 to 60, got ${request.seconds}`);
  for (const side of ['width', 'height'] as const) {
    const value = request[side];
    if (!Number.isInteger(value) || value < 16 || value > 3840 || value % 2 !== 0) problems.push(`${side} must be an even whole number from 16 to 3840, got ${value}`);
  }
  if (!Number.isInteger(request.fps) || request.fps < 1 || request.fps > 60) problems.push(`fps must be a whole number from 1 to 60, got ${request.fps}`);
  for (const reference of request.references ?? []) {
    if (!REFERENCE_TYPES.includes(reference.mimeType)) problems.push(`reference ${reference.path} must be PNG, JPEG or WebP, got ${reference.mimeType}`);
  }
  if (typeof request.dir !== 'string' || request.dir === '') problems.push('dir must name a directory');
  if (problems.length > 0) throw invalidRequest(`footage request: ${problems.join('; ')}`);
}
