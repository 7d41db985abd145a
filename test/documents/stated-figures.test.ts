import { describe, expect, it } from 'vitest';
import { findFigures } from '../../src/documents/stated-figures.js';

describe('findFigures: the figure and the words that say what it counts', () => {
  it('keeps a measure with its number and labels it with its whole clause, not a fragment', () => {
    const [figure] = findFigures('It ferments for 48 hours and is baked every morning.');
    expect(figure).toMatchObject({ value: 48, suffix: ' hours', label: 'Ferments for 48 hours' });
  });

  it('labels with what follows when that stands alone', () => {
    expect(findFigures('62% of teams ship weekly.')[0]).toMatchObject({ value: 62, suffix: '%', label: 'Teams ship weekly' });
  });

  it('reads measures in German, French and Spanish', () => {
    expect(findFigures('Der Teig ruht 12 Stunden im Kühlschrank.')[0]).toMatchObject({ value: 12, suffix: ' Stunden' });
    expect(findFigures('La pâte repose 36 heures au frais.')[0]).toMatchObject({ value: 36, suffix: ' heures' });
    expect(findFigures('La masa fermenta 24 horas.')[0]).toMatchObject({ value: 24, suffix: ' horas' });
  });

  it('never ends a label on a dangling word when the figure closes its sentence', () => {
    const [figure] = findFigures('Our bakery bakes sourdough fermented for 48 hours.');
    expect(figure!.label).toBe('Our bakery bakes sourdough fermented for 48 hours');
    expect(figure!.label).not.toMatch(/\b(?:for|of|in|and)$/);
  });
});
