import type { SpokenWord } from '../audio/audio-protocol.js';

/** A spoken word of a caption line: its characters (offsets into the line's text) and when it is said. */
export interface CaptionWord {
  from: number;
  to: number;
  start: number;
  end: number;
}

/** A caption line and when it shows, seconds from the scene's start; its words time the karaoke highlight. */
export interface CaptionChunk {
  text: string;
  start: number;
  end: number;
  words?: CaptionWord[];
}

/** The looks of burned-in captions: a clean subtitle line, large bold words, bold words lit as they are said. */
export const CAPTION_STYLES = ['clean', 'bold', 'karaoke'] as const;
export type CaptionStyle = (typeof CAPTION_STYLES)[number];
/** Where burned-in captions sit: a band under or over the scene, or over the middle of a filmed picture. */
export const CAPTION_POSITIONS = ['bottom', 'middle', 'top'] as const;
export type CaptionPosition = (typeof CAPTION_POSITIONS)[number];

/** A job's burned-in captions: their look and place. */
export interface CaptionRequest {
  style: CaptionStyle;
  position: CaptionPosition;
}

/**
 * The settings key a scene's burned-in captions live under, for the scene host to burn in: its own
 * name, so no component's `captions` prop (an image grid's tile captions) is taken for them.
 * Jobs made before looks carry a list of chunks under `captions`; {@link burnedCaptionsIn} reads both.
 */
export const BURNED_CAPTIONS_KEY = 'narrationCaptions';

/** What a scene's settings carry for the scene host to burn in (`settings.narrationCaptions`). */
export interface CaptionTrack extends CaptionRequest {
  chunks: CaptionChunk[];
}

/** The `captions` option of a create or edit body: off, on (clean, at the bottom), or a look and place. */
export type CaptionsOption = boolean | { style?: CaptionStyle; position?: CaptionPosition };

/** Whether the prompt asks for burned-in captions ("with captions", "add subtitles", ...). */
export function wantsCaptions(prompt: string): boolean {
  const asked = /\b(?:captions?|subtitles?|closed[- ]captions|untertitel\w*|sous-titres?|subt[ií]tulos|legendas|sottotitoli)\b/i.test(prompt);
  const refused = /\b(?:no|without|ohne|sans|sin|sem|senza)\s+(?:any\s+)?(?:captions?|subtitles?|untertitel\w*|sous-titres?|subt[ií]tulos|legendas|sottotitoli)\b/i.test(prompt);
  return asked && !refused;
}

/**
 * The captions a job burns in: the request's `captions` (`true`: clean at the bottom; an object:
 * its style and place, clean and bottom where left out; `false`: none, whatever the prompt says),
 * else clean at the bottom when the prompt asks for them.
 */
export function captionRequestOf(option: CaptionsOption | undefined, prompt: string): CaptionRequest | undefined {
  if (option === false) return undefined;
  if (option === undefined && !wantsCaptions(prompt)) return undefined;
  const asked = typeof option === 'object' ? option : {};
  return { style: asked.style ?? 'clean', position: asked.position ?? 'bottom' };
}

/** Scripts written without spaces between words: their lines are measured in characters. */
const UNSPACED = /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\u0e00-\u0e7f\u0e80-\u0eff\u1000-\u109f\u1780-\u17ff]/;

/** How long a chunk of each look may run: words, and characters (half that in unspaced scripts, whose characters are wide). */
const CHUNK_LIMITS: Record<CaptionStyle, { words: number; chars: number }> = {
  clean: { words: 8, chars: 64 },
  bold: { words: 4, chars: 30 },
  karaoke: { words: 5, chars: 34 },
};

/**
 * Groups a narration's words into caption lines that fit the look (`clean` up to eight words in
 * two lines, `bold` four, `karaoke` five; in scripts without spaces a character count instead),
 * breaking after end punctuation too; each line shows from its first word until the next line
 * starts, offset by `lead`, and carries its words' times (each word lit until the next is said).
 */
export function captionChunks(text: string, words: SpokenWord[], lead: number, spokenSeconds: number, style: CaptionStyle = 'clean'): CaptionChunk[] {
  const limits = CHUNK_LIMITS[style];
  const unspaced = UNSPACED.test(text);
  const maxChars = unspaced ? Math.round(limits.chars / 2) : limits.chars;
  const chunks: CaptionChunk[] = [];
  // A word is lit until the next is said; the last until the narration ends.
  const ends = new Map(words.map((word, i) => [word, words[i + 1]?.start ?? spokenSeconds]));
  let group: SpokenWord[] = [];
  const flush = () => {
    if (group.length === 0) return;
    const first = group[0]!;
    const last = group[group.length - 1]!;
    const raw = text.slice(first.index, last.index + Math.max(1, last.length));
    const piece = raw.trim();
    const offset = first.index + raw.indexOf(piece);
    if (piece) {
      chunks.push({
        text: piece,
        start: lead + first.start,
        end: 0,
        words: group.map((word) => ({
          from: Math.max(0, word.index - offset),
          to: Math.min(piece.length, word.index + Math.max(1, word.length) - offset),
          start: lead + word.start,
          end: lead + (ends.get(word) ?? spokenSeconds),
        })),
      });
    }
    group = [];
  };
  for (const word of words) {
    const next = [...group, word];
    const length = text.slice(next[0]!.index, word.index + Math.max(1, word.length)).trim().length;
    if (group.length > 0 && length > maxChars) flush();
    group.push(word);
    const raw = text.slice(word.index, word.index + Math.max(1, word.length) + 1);
    if ((!unspaced && group.length >= limits.words) || /[.!?。！？,;:、，]/.test(raw)) flush();
  }
  flush();
  chunks.forEach((chunk, i) => (chunk.end = chunks[i + 1]?.start ?? lead + spokenSeconds + 0.2));
  return chunks;
}

/**
 * A scene's captions as its settings carry them: the job's look and place, where `middle` stays
 * over the middle of the picture only on a filmed shot without words of its own (anywhere else it
 * would cover the scene's text, so the captions go to the band at the bottom).
 */
export function captionTrack(request: CaptionRequest, scene: { kind?: string; settings: Record<string, unknown> }, text: string, words: SpokenWord[], lead: number, spokenSeconds: number): CaptionTrack {
  const picture = scene.kind === 'footage' && !(typeof scene.settings.caption === 'string' && scene.settings.caption.trim());
  return { style: request.style, position: request.position === 'middle' && !picture ? 'bottom' : request.position, chunks: captionChunks(text, words, lead, spokenSeconds, request.style) };
}

/** The look and place of a scene's captions as its settings carry them (a bare list of chunks, from before looks: clean at the bottom). */
export function captionRequestOfSettings(captions: unknown): CaptionRequest {
  const track = captions && typeof captions === 'object' && !Array.isArray(captions) ? (captions as Partial<CaptionRequest>) : {};
  return {
    style: CAPTION_STYLES.includes(track.style as CaptionStyle) ? track.style! : 'clean',
    position: CAPTION_POSITIONS.includes(track.position as CaptionPosition) ? track.position! : 'bottom',
  };
}

/** Whether a value is a list of caption chunks (a job made before looks kept them under `captions`), not a component's list of strings. */
function isChunkList(value: unknown): boolean {
  return Array.isArray(value) && value.length > 0 && value.every((item) => item && typeof item === 'object' && typeof (item as CaptionChunk).text === 'string' && typeof (item as CaptionChunk).start === 'number');
}

/** A scene's burned-in captions as its settings carry them (a track, or an old list of chunks), or undefined. */
export function burnedCaptionsIn(settings: Record<string, unknown>): unknown {
  return settings[BURNED_CAPTIONS_KEY] ?? (isChunkList(settings.captions) ? settings.captions : undefined);
}

/** Settings with their burned-in captions set to `track` (or taken off): an old list of chunks under `captions` goes, a component's `captions` stays. */
export function withBurnedCaptions(settings: Record<string, unknown>, track: CaptionTrack | undefined): Record<string, unknown> {
  const next = { ...settings };
  if (isChunkList(next.captions)) delete next.captions;
  delete next[BURNED_CAPTIONS_KEY];
  if (track) next[BURNED_CAPTIONS_KEY] = track;
  return next;
}
