import { describe, expect, it } from 'vitest';
import { applyEditOperations } from '../../../src/pipeline/edit/apply-edit-operations.js';
import { parseEditInstruction } from '../../../src/pipeline/edit/edit-grammar.js';
import { EDIT_PHRASINGS, FIRST_USER_PHRASINGS } from '../../fixtures/edit-phrasings.js';
import { sixSceneSource } from './edit-fixture.js';

const source = sixSceneSource();

describe('parseEditInstruction: everyday phrasings (test/fixtures/edit-phrasings.ts)', () => {
  it('covers at least 60 English phrasings and 20 each in German, French and Spanish', () => {
    const count = (language: string) => EDIT_PHRASINGS.filter((row) => row.language === language).length;
    expect(count('en')).toBeGreaterThanOrEqual(60);
    for (const language of ['de', 'fr', 'es']) expect(count(language), language).toBeGreaterThanOrEqual(20);
    expect(new Set(EDIT_PHRASINGS.map((row) => row.prompt)).size).toBe(EDIT_PHRASINGS.length);
  });

  for (const row of EDIT_PHRASINGS) {
    it(`reads "${row.prompt}" (${row.language})`, () => {
      expect(parseEditInstruction(row.prompt, source).operations).toEqual(row.operations);
    });
  }

  it("applies every reading of the first user's phrasings to the video (its length is checked in edit-everyday-operations)", () => {
    // Six narrated scenes cannot fit 10 s; that refusal is tested where the length is.
    for (const row of FIRST_USER_PHRASINGS.filter((item) => item.operations.every((op) => op.op !== 'set_length'))) {
      const result = applyEditOperations(source, row.operations);
      expect(result.changes, row.prompt).toHaveLength(row.operations.length);
    }
  });
});
