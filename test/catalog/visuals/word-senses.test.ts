import { describe, expect, it } from 'vitest';
import { visualSvg } from '../../../src/catalog/visuals/index.js';
import { readSenses, senseLanguage, WORD_SENSES, type SenseLanguage } from '../../../src/catalog/visuals/word-senses.js';
import { resolveVisualLanguage, tokenize } from '../../../src/catalog/visuals/visual-text.js';

describe('WORD_SENSES', () => {
  const languages = Object.keys(WORD_SENSES) as SenseLanguage[];

  it('names only pictures the library holds, and single context words', () => {
    for (const language of languages) {
      const tongue = resolveVisualLanguage(language);
      for (const entry of WORD_SENSES[language]) {
        for (const sense of entry.senses) {
          if (sense.picture) expect(visualSvg(sense.picture), `${language} ${entry.words[0]}: ${sense.picture}`).toBeDefined();
          expect(sense.context.length, `${language} ${entry.words[0]}`).toBeGreaterThan(0);
          for (const word of sense.context) expect(tokenize(word, tongue), `${language} ${entry.words[0]}: ${word}`).toHaveLength(1);
        }
      }
    }
  });

  it('lists each word once per language', () => {
    for (const language of languages) {
      const tongue = resolveVisualLanguage(language);
      const stems = WORD_SENSES[language].flatMap((entry) => [...new Set(entry.words.flatMap((word) => tokenize(word, tongue)))]);
      expect(stems.length, language).toBe(new Set(stems).size);
    }
  });

  it('covers the words issue 40 names in every language it names them', () => {
    const has = (language: SenseLanguage, word: string) => WORD_SENSES[language].some((entry) => entry.words.includes(word));
    for (const word of ['seal', 'glass', 'glasses', 'hook', 'shorts', 'short', 'cap', 'plus', 'bat', 'bank', 'mouse', 'crane', 'spring', 'bark', 'palm', 'pitcher', 'jam', 'match', 'letter', 'tank', 'fan', 'key']) expect(has('en', word), word).toBe(true);
    for (const [language, word] of [['de', 'Bank'], ['de', 'Schloss'], ['de', 'Birne'], ['de', 'Kiefer'], ['fr', 'verre'], ['fr', 'lunettes'], ['fr', 'avocat'], ['es', 'banco'], ['es', 'gato'], ['es', 'muñeca'], ['es', 'más'], ['it', 'pesca'], ['it', 'riso']] as const) expect(has(language, word), `${language} ${word}`).toBe(true);
  });
});

describe('readSenses', () => {
  it('takes the sense the most context words select and leaves the word out of the text', () => {
    expect(readSenses('Seal it with wax', 'en')).toEqual({ rest: ', it with wax', pictures: [], pictureless: true });
    expect(readSenses('A seal', 'en')).toEqual({ rest: 'A ,', pictures: [], undecided: true });
    expect(readSenses('Seals on the beach', 'en').pictures).toEqual(['fluent-emoji-flat:seal']);
    expect(readSenses('Glass', 'en', 'Why we recycle glass').pictures).toEqual(['fluent-emoji-flat:bottle-with-popping-cork']);
    expect(readSenses('Die Birne der Lampe', 'de-AT').pictures).toEqual(['fluent-emoji-flat:light-bulb']);
  });

  it('reads Italian by its own table and other languages by the English one', () => {
    expect(senseLanguage('it-CH')).toBe('it');
    expect(senseLanguage('pt')).toBe('en');
    expect(readSenses('pesca', 'it').rest).toBe(',');
    expect(readSenses('pesca', 'en').rest).toBe('pesca');
  });
});
