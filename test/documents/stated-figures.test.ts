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

  it('reads a list of figures in prose as one figure per item, labelled by its own words', () => {
    const figures = findFigures('Finland drinks 12 kg, Norway 9.9 kg, Iceland 9 kg and Denmark 8.7 kg.');
    expect(figures.map(({ value, suffix, label }) => [value, suffix, label])).toEqual([
      [12, ' kg', 'Finland'],
      [9.9, ' kg', 'Norway'],
      [9, ' kg', 'Iceland'],
      [8.7, ' kg', 'Denmark'],
    ]);
    expect(findFigures('Sales grew 12%, costs fell 5% and margins rose 30%.').map((figure) => figure.label)).toEqual(['Sales grew', 'Costs fell', 'Margins rose']);
  });

  it('reads the number of a name as part of the name, not as a figure ("Apollo 11", "Windows 95", "COVID-19", "iPhone 15")', () => {
    expect(findFigures('Apollo 11 landed on the moon in 1969 with 30 astronauts.').map((figure) => figure.value)).toEqual([30]);
    expect(findFigures('Windows 95 sold 40 million copies.').map((figure) => figure.value)).toEqual([40]);
    expect(findFigures('COVID-19 closed 300 schools.').map((figure) => figure.value)).toEqual([300]);
    expect(findFigures('The iPhone 15 costs $799.').map((figure) => figure.value)).toEqual([799]);
    expect(findFigures('In 15 cities we run 40 shops.').map((figure) => figure.value)).toEqual([15, 40]);
  });
});
