import { nearestField } from '../errors/nearest-field.js';

/** A voice as a request may name it: by its id or by its name. */
export interface NamedVoice {
  id: string;
  name: string;
}

/** How many voices a refusal lists before it counts the rest. */
const LISTED = 8;

/**
 * The voice a request names, by its id or its name, in any case: the exact id first, then an id
 * without regard to case, then a name (the first voice listed with it, as `GET /v1/voices` orders
 * them: the speech model's before the embedded engine's). Undefined when none is named so.
 */
export function findVoice<V extends NamedVoice>(wanted: string, voices: readonly V[]): V | undefined {
  const exact = voices.find((voice) => voice.id === wanted);
  if (exact) return exact;
  const folded = wanted.trim().toLowerCase();
  if (folded === '') return undefined;
  return voices.find((voice) => voice.id.toLowerCase() === folded) ?? voices.find((voice) => voice.name.toLowerCase() === folded);
}

const shown = (voice: NamedVoice) => (voice.name && voice.name.toLowerCase() !== voice.id.toLowerCase() ? `${voice.name} (${voice.id})` : voice.id);

/**
 * Why a voice no listed voice is named is refused, with the nearest ids and names ("did you
 * mean") and the voices there are: `unknown voice "Noha" (did you mean Noah (embedded-noah)?); a
 * voice is named by its id or its name: Ava (embedded-ava), …; see GET /v1/voices`.
 */
export function unknownVoiceProblem(wanted: string, voices: readonly NamedVoice[]): string {
  const byId = nearestField(wanted, voices.map((voice) => voice.id));
  const byName = nearestField(wanted, voices.map((voice) => voice.name));
  const near = [...new Set([voices.find((voice) => voice.id === byId), voices.find((voice) => voice.name === byName)])].filter((voice): voice is NamedVoice => voice !== undefined);
  const guess = near.length > 0 ? ` (did you mean ${near.map(shown).join(' or ')}?)` : '';
  const listed = voices.slice(0, LISTED).map(shown).join(', ');
  const more = voices.length > LISTED ? ` and ${voices.length - LISTED} more` : '';
  return `unknown voice "${wanted}"${guess}; a voice is named by its id or its name, in any case: ${listed}${more}; see GET /v1/voices`;
}
