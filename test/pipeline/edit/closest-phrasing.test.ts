import { describe, expect, it } from 'vitest';
import { CANONICAL_PHRASINGS, closestPhrasing, phrasingLanguage, phrasingSimilarity } from '../../../src/pipeline/edit/closest-phrasing.js';
import { EditGrammarError } from '../../../src/pipeline/edit/edit-errors.js';
import { parseEditInstruction } from '../../../src/pipeline/edit/edit-grammar.js';
import { sixSceneSource } from './edit-fixture.js';

const source = sixSceneSource();

const refusal = (instruction: string): EditGrammarError => {
  try {
    parseEditInstruction(instruction, source);
  } catch (error) {
    if (error instanceof EditGrammarError) return error;
    throw error;
  }
  throw new Error(`"${instruction}" was read`);
};

describe('CANONICAL_PHRASINGS', () => {
  it('reads every canonical phrasing as an operation of its kind', () => {
    for (const phrasing of CANONICAL_PHRASINGS) {
      const operations = parseEditInstruction(phrasing.text, source).operations;
      expect(operations.map((op) => op.op), phrasing.text).toEqual([phrasing.op]);
    }
  });
  it('has phrasings in English, German, French and Spanish', () => {
    expect(new Set(CANONICAL_PHRASINGS.map((phrasing) => phrasing.language))).toEqual(new Set(['en', 'de', 'fr', 'es']));
  });
});

describe('phrasingSimilarity', () => {
  it('forgives a typo and a swapped pair of letters, and ranks unrelated words lowest', () => {
    expect(phrasingSimilarity('make the title red', 'make the title red')).toBe(1);
    const typo = phrasingSimilarity('make the titel red', 'make the title red');
    expect(typo).toBeGreaterThan(0.9);
    expect(typo).toBeLessThan(1);
    expect(phrasingSimilarity('make the titel red', 'remove scene 3')).toBeLessThan(0.2);
  });
  it('treats quoted text, numbers and colors as their kind', () => {
    expect(phrasingSimilarity("make the title say 'Hi there'", 'make the title say "Hello"')).toBe(1);
    expect(phrasingSimilarity('make the video 12 seconds long', 'make the video 20 seconds long')).toBe(1);
    expect(phrasingSimilarity('make the title green', 'make the title red')).toBe(1);
  });
});

describe('phrasingLanguage', () => {
  it.each([
    ['make the titel red', 'en'],
    ['Mach den Titl rot', 'de'],
    ['Mets le titre plus rouge', 'fr'],
    ['Haz el titulo mas grnde', 'es'],
  ])('"%s" is %s', (text, language) => expect(phrasingLanguage(text)).toBe(language));
});

describe('closestPhrasing', () => {
  it('offers the canonical phrasing with the user\'s own quote, number and color', () => {
    expect(closestPhrasing('make the titel red')).toBe('make the title red');
    expect(closestPhrasing('make the titel green')).toBe('make the title green');
    expect(closestPhrasing("make the titel say 'Hi'")).toBe("make the title say 'Hi'");
    expect(closestPhrasing('make the vidoe 12 secnds long')).toBe('make the video 12 seconds long');
    expect(closestPhrasing('swap the frist two scenes')).toBe('swap the first two scenes');
  });
  it('answers in the language of the prompt', () => {
    expect(closestPhrasing('Mach den Titl rot')).toBe('Mach den Titel rot');
    expect(closestPhrasing('Mets le titre plus rouge')).toBe('Mets le titre en rouge');
    expect(closestPhrasing('Haz el titulo mas grnde')).toBe('Haz el texto más grande');
  });
  it('falls back to the canonical phrasing when the personal one would not read', () => {
    expect(closestPhrasing('make the titel green', () => false)).toBe('make the title red');
  });
});

describe('parseEditInstruction: refusals name the closest phrasing', () => {
  it('keeps the 400 invalid_request and names the closest change understood', () => {
    const error = refusal('make the titel red');
    expect(error.status).toBe(400);
    expect(error.code).toBe('invalid_request');
    expect(error.unreadable).toEqual([{ text: 'make the titel red', closest: 'make the title red' }]);
    expect(error.message).toMatch(/^prompt: Nothing in "make the titel red" was understood; the closest change this node understands is "make the title red"\./);
  });
  it('names the closest change per unreadable part when some of the instruction was read', () => {
    const error = refusal('remove scene 3 and make the titel red');
    expect(error.understood).toEqual(['remove scene 3']);
    expect(error.message).toContain('could not read "make the titel red" (the closest change this node understands is "make the title red"). Understood: remove scene 3.');
  });
  it('answers a German, French or Spanish refusal in that language', () => {
    expect(refusal('Mach den Titl rot').unreadable[0]?.closest).toBe('Mach den Titel rot');
    expect(refusal('Échange les deux premieres scnes').unreadable[0]?.closest).toBe('Échange les deux premières scènes');
    expect(refusal('Intercambia las dos primeras ecenas').unreadable[0]?.closest).toBe('Intercambia las dos primeras escenas');
  });
  it('gives the problem, not a suggestion, for a phrasing it recognised with a bad value', () => {
    const error = refusal('change the color to blurple');
    expect(error.unreadable[0]).toEqual({ text: 'change the color to blurple', problem: expect.stringContaining('"blurple" is not a hex color') });
  });
});
