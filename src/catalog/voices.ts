import { ServiceError } from '../errors/service-error.js';
import type { ServiceConfig } from '../config/resolve-config.js';
import { nodeVoices, type NodeVoice } from '../pipeline/speech/node-voices.js';

/**
 * The body of `GET /v1/voices`: every voice this node speaks, the speech model's (`--speech`) and
 * the embedded engine's. 503 `voices_unavailable` when the model's voice list cannot be read.
 */
export async function listVoices(config: Pick<ServiceConfig, 'speech' | 'ffmpegPath'>): Promise<{ voices: NodeVoice[] }> {
  try {
    return { voices: await nodeVoices(config) };
  } catch (cause) {
    throw new ServiceError('voices_unavailable', `the voice catalog is temporarily unreachable (${cause instanceof Error ? cause.message : String(cause)}); retry shortly`, {
      cause,
      headers: { 'Retry-After': '30' },
    });
  }
}
