import type { SpokenWord } from '../../audio/audio-protocol.js';

/** A word's place in the text: UTF-16 offset and length, as {@link SpokenWord} counts them. */
export interface TextWord {
  index: number;
  length: number;
}

/**
 * The words of a text, by Unicode word rules in its language (so "Grüße," is one word without its
 * comma, and Chinese or Japanese split into words too). Punctuation is not a word: captions look
 * at the character after a word for the end of a phrase.
 */
export function splitWords(text: string, language: string): TextWord[] {
  const segmenter = new Intl.Segmenter(safeLocale(language), { granularity: 'word' });
  const words: TextWord[] = [];
  for (const segment of segmenter.segment(text)) {
    if (segment.isWordLike) words.push({ index: segment.index, length: segment.segment.length });
  }
  return words;
}

/** A locale `Intl` accepts: the language, else the default. */
function safeLocale(language: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(language)[0];
  } catch {
    return undefined;
  }
}

/**
 * Word starts from a provider's per-character start times (ElevenLabs' `alignment`). The aligned
 * characters are matched to the original text in order, skipping what either side added (a provider
 * may normalize whitespace); a word starts at its first matched character. Undefined when less than
 * half the words could be matched: the caller spreads them instead.
 */
export function wordsFromCharacterTimes(text: string, language: string, characters: readonly string[], starts: readonly number[], durationSeconds: number): SpokenWord[] | undefined {
  const timeAt = new Map<number, number>();
  let position = 0;
  for (let i = 0; i < characters.length && position < text.length; i += 1) {
    const character = characters[i] ?? '';
    const start = starts[i];
    if (character === '' || typeof start !== 'number' || !Number.isFinite(start)) continue;
    // Look a few characters ahead for it: the provider may have dropped one (a doubled space).
    const found = text.slice(position, position + 8 + character.length).indexOf(character);
    if (found < 0) continue;
    timeAt.set(position + found, start);
    position += found + character.length;
  }
  const words = splitWords(text, language);
  let matched = 0;
  let previous = 0;
  const spoken = words.map((word) => {
    let start: number | undefined;
    for (let i = word.index; i < word.index + word.length && start === undefined; i += 1) start = timeAt.get(i);
    if (start !== undefined) matched += 1;
    previous = clamp(Math.max(previous, start ?? previous), durationSeconds);
    return { start: previous, index: word.index, length: word.length };
  });
  return words.length > 0 && matched * 2 >= words.length ? spoken : undefined;
}

/**
 * Word starts for a provider that gives no timings: the words spread over the voiced span by their
 * length (plus one for the gap after each), which speech follows closely enough for captions.
 */
export function spreadWords(text: string, language: string, span: { start: number; end: number }): SpokenWord[] {
  const words = splitWords(text, language);
  const total = words.reduce((sum, word) => sum + word.length + 1, 0);
  const seconds = Math.max(0, span.end - span.start);
  let before = 0;
  return words.map((word) => {
    const start = span.start + (seconds * before) / total;
    before += word.length + 1;
    return { start, index: word.index, length: word.length };
  });
}

/** A start kept inside the audio. */
function clamp(start: number, durationSeconds: number): number {
  return Math.min(Math.max(0, start), Math.max(0, durationSeconds - 0.01));
}
