import { describe, expect, it } from 'vitest';
import { measureSpeech } from '../../../../src/pipeline/speech/measure-speech.js';
import { splitWords, spreadWords, wordsFromCharacterTimes } from '../../../../src/pipeline/speech/providers/word-timings.js';

const words = (text: string, found: { index: number; length: number }[]) => found.map((word) => text.slice(word.index, word.index + word.length));

describe('word timings', () => {
  it('splits words at their UTF-16 places, without punctuation, across scripts', () => {
    const german = '„Grüße“, sagte Jürgen – süß!';
    expect(words(german, splitWords(german, 'de'))).toEqual(['Grüße', 'sagte', 'Jürgen', 'süß']);
    const emoji = 'Hi 👋 there, 𝒳yz ok.';
    const split = splitWords(emoji, 'en');
    expect(words(emoji, split)).toEqual(['Hi', 'there', '𝒳yz', 'ok']);
    expect(split[2]).toEqual({ index: 13, length: 4 });
    expect(splitWords('蜜蜂从花朵中采集花蜜。', 'zh').length).toBeGreaterThan(2);
  });

  it('maps per-character times onto words, tolerating characters the provider dropped or added', () => {
    const text = 'Zwei  Bären, drei Äpfel.';
    // The provider collapsed the double space and added a trailing space.
    const characters = [...'Zwei Bären, drei Äpfel. '];
    const starts = characters.map((_c, i) => i / 10);
    const result = wordsFromCharacterTimes(text, 'de', characters, starts, 3);
    expect(result).toEqual([
      { start: 0, index: 0, length: 4 },
      { start: 0.5, index: 6, length: 5 },
      { start: 1.2, index: 13, length: 4 },
      { start: 1.7, index: 18, length: 5 },
    ]);
  });

  it('gives up (undefined) when the alignment matches less than half the words, and keeps starts inside the audio', () => {
    expect(wordsFromCharacterTimes('one two three four', 'en', [...'xyz'], [0, 1, 2], 3)).toBeUndefined();
    const late = wordsFromCharacterTimes('a b', 'en', ['a', ' ', 'b'], [0, 5, 9], 2);
    expect(late!.map((word) => word.start)).toEqual([0, 1.99]);
  });

  it('spreads words over the voiced span by their length', () => {
    const spread = spreadWords('aaa b cc', 'en', { start: 1, end: 2 });
    // Weights 4, 2, 3 of 9.
    expect(spread.map((word) => word.start)).toEqual([1, 1 + 4 / 9, 1 + 6 / 9]);
  });

  it('measures voiced share and span in 10 ms windows, as the embedded engine does', () => {
    const rate = 1000;
    const samples = new Float32Array(1000);
    for (let i = 200; i < 700; i += 1) samples[i] = Math.sin(i) * 0.5;
    const measured = measureSpeech(samples, rate);
    expect(measured.durationSeconds).toBe(1);
    expect(measured.voicedShare).toBeCloseTo(0.5, 5);
    expect(measured.voicedSpan).toEqual({ start: 0.2, end: 0.7 });
  });
});
