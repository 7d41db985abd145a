import { ServiceError } from '../../errors/service-error.js';
import { isOutOfSpace } from '../../storage/disk-space.js';
import { RenderError } from '../../render/render-pool.js';
import { SceneCodeError } from '../../render/scene-code/compile-scene.js';
import { AudioError } from '../audio/audio-thread.js';
import { LanguageModelError } from '../providers/llm/language-model.js';

/** The code and message a failed job or render reports for an error (never a stack). */
export function describeFailure(error: unknown): { code: string; message: string } {
  // First: a render or audio fault that was a full disk (by its code) is storage_full.
  if (isOutOfSpace(error) && !(error instanceof ServiceError)) return { code: 'storage_full', message: 'the disk of the data dir is full; free space there and try again' };
  if (error instanceof RenderError) return { code: 'render_failed', message: error.message };
  if (error instanceof AudioError) return { code: 'audio_failed', message: error.message };
  if (error instanceof SceneCodeError) return { code: 'scene_failed', message: error.message };
  if (error instanceof LanguageModelError) return { code: error.kind === 'invalid_output' ? 'model_output_invalid' : 'model_unavailable', message: error.message };
  if (error instanceof ServiceError) return { code: error.code, message: error.message };
  const message = error instanceof Error ? error.message : String(error);
  return { code: 'internal_error', message };
}
