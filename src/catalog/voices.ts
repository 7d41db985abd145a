import { ServiceError } from '../errors/service-error.js';
import { embeddedVoiceCatalog, type VoiceCatalogItem } from '../pipeline/speech/embedded-voices.js';

/** A remote voice provider speaking the ElevenLabs voices API (`GET /v1/voices`). */
export interface RemoteVoiceProvider {
  apiKey: string;
  /** @default "https://api.elevenlabs.io" */
  baseUrl: string;
  /** @default 5000 */
  timeoutMs?: number;
}

interface ElevenLabsVoice {
  voice_id?: unknown;
  name?: unknown;
  description?: unknown;
  labels?: Record<string, unknown>;
  verified_languages?: { language?: unknown }[];
}

const asText = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Fetches a remote provider's premade voices; throws 503 `voices_unavailable` when it cannot. */
export async function fetchRemoteVoices(provider: RemoteVoiceProvider): Promise<VoiceCatalogItem[]> {
  let body: { voices?: ElevenLabsVoice[] };
  try {
    const response = await fetch(new URL('/v1/voices', provider.baseUrl), {
      headers: { 'xi-api-key': provider.apiKey, accept: 'application/json' },
      signal: AbortSignal.timeout(provider.timeoutMs ?? 5000),
    });
    if (!response.ok) throw new Error(`voice provider answered ${response.status}`);
    body = (await response.json()) as { voices?: ElevenLabsVoice[] };
    if (!Array.isArray(body.voices)) throw new Error('voice provider answered without a voices list');
  } catch (cause) {
    throw new ServiceError('voices_unavailable', 'the voice catalog is temporarily unreachable; retry shortly', {
      cause,
      headers: { 'Retry-After': '30' },
    });
  }
  return body.voices
    .filter((voice) => typeof voice.voice_id === 'string')
    .map((voice) => ({
      id: asText(voice.voice_id),
      name: asText(voice.name),
      description: asText(voice.description) || asText(voice.labels?.description),
      gender: asText(voice.labels?.gender),
      accent: asText(voice.labels?.accent),
      age: asText(voice.labels?.age),
      use_case: asText(voice.labels?.use_case),
      languages: [
        ...new Set(
          (voice.verified_languages ?? []).map((entry) => asText(entry.language).split('-')[0] ?? '').filter(Boolean),
        ),
      ],
    }));
}

/** The body of `GET /v1/voices`: the embedded engine's voices, then the remote provider's when one is set. */
export async function listVoices(remote?: RemoteVoiceProvider): Promise<{ voices: VoiceCatalogItem[] }> {
  const voices = embeddedVoiceCatalog();
  if (remote) voices.push(...(await fetchRemoteVoices(remote)));
  return { voices };
}
