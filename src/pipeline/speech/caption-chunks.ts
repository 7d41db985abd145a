import type { SpokenWord } from '../audio/audio-protocol.js';

/** A caption line and when it shows, seconds from the scene's start. */
export interface CaptionChunk {
  text: string;
  start: number;
  end: number;
}

/** Whether the prompt asks for burned-in captions ("with captions", "add subtitles", ...). */
export function wantsCaptions(prompt: string): boolean {
  const asked = /\b(?:captions?|subtitles?|closed[- ]captions|untertitel\w*|sous-titres?|subt[ií]tulos|legendas|sottotitoli)\b/i.test(prompt);
  const refused = /\b(?:no|without|ohne|sans|sin|sem|senza)\s+(?:any\s+)?(?:captions?|subtitles?|untertitel\w*|sous-titres?|subt[ií]tulos|legendas|sottotitoli)\b/i.test(prompt);
  return asked && !refused;
}

/**
 * Groups a narration's words into caption lines of up to `maxWords` words (breaking after end
 * punctuation too), each shown from its first word until the next line starts, offset by `lead`.
 */
export function captionChunks(text: string, words: SpokenWord[], lead: number, spokenSeconds: number, maxWords = 6): CaptionChunk[] {
  const chunks: CaptionChunk[] = [];
  let group: SpokenWord[] = [];
  const flush = () => {
    if (group.length === 0) return;
    const first = group[0]!;
    const last = group[group.length - 1]!;
    const piece = text.slice(first.index, last.index + Math.max(1, last.length)).trim();
    if (piece) chunks.push({ text: piece, start: lead + first.start, end: 0 });
    group = [];
  };
  for (const word of words) {
    group.push(word);
    const raw = text.slice(word.index, word.index + Math.max(1, word.length) + 1);
    if (group.length >= maxWords || /[.!?。！？,;:]/.test(raw)) flush();
  }
  flush();
  chunks.forEach((chunk, i) => (chunk.end = chunks[i + 1]?.start ?? lead + spokenSeconds + 0.2));
  return chunks;
}
