import { describe, expect, it } from 'vitest';
import { sentences, asSentence, findFigures, limitWords } from '../../src/documents/stated-figures.js';

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

  it('reads a compound unit whole, never the first part of it ("35 km/h" is not "35 km")', () => {
    expect(findFigures('A cheetah runs at 110 km/h in short bursts.')[0]).toMatchObject({ value: 110, suffix: ' km/h' });
    expect(findFigures('The wind reached 35 m/s over the ridge.')[0]).toMatchObject({ value: 35, suffix: ' m/s' });
    expect(findFigures('The panels make 12 kWh on a sunny day.')[0]).toMatchObject({ value: 12, suffix: ' kWh' });
    expect(findFigures("L'impasto riposa 24 ore in frigo.")[0]).toMatchObject({ value: 24, suffix: ' ore' });
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

describe('limitWords', () => {
  it('keeps a text that is short enough as it is', () => {
    expect(limitWords('Decisions are written down', 8)).toBe('Decisions are written down');
  });

  it('cuts before a joining word, never after one: no label ends on "the", "of" or "for their first"', () => {
    expect(limitWords('Decisions are written down in one searchable place that everyone can read', 8)).toBe('Decisions are written down in one searchable place');
    // The phrase ends a word or two later: it is finished rather than cut.
    expect(limitWords('New colleagues get a buddy for their first month who answers any question', 8)).toBe('New colleagues get a buddy for their first month');
    expect(limitWords('We keep four hours a day free of meetings so people can focus on deep work', 8)).toBe('We keep four hours a day free of meetings');
    // Too far to finish: back to the last clean place.
    expect(limitWords('Every quarter the whole team meets in person for three days of planning and fun', 8)).toBe('Every quarter the whole team meets in person');
  });

  it('cuts French, Spanish and German at their own joining words and after commas', () => {
    expect(limitWords("Chaque trimestre, toute l'équipe se retrouve pendant trois jours pour planifier", 8)).toBe("Chaque trimestre, toute l'équipe se retrouve pendant trois jours");
    expect(limitWords('Cada trimestre todo el equipo se reúne en persona durante tres días para planificar', 8)).toBe('Cada trimestre todo el equipo se reúne en persona');
    expect(limitWords('Jedes Quartal trifft sich das ganze Team drei Tage lang persönlich zum Planen', 8)).toBe('Jedes Quartal trifft sich');
    expect(limitWords('Air, water, soil and light all matter to a growing plant in spring', 4)).toBe('Air, water, soil');
  });

  it('never ends on a joining word even where no clean cut is near', () => {
    const cut = limitWords('one two three four five six seven the eight nine ten eleven twelve', 8);
    expect(cut.split(' ').length).toBeLessThanOrEqual(8);
    expect(cut.endsWith('the')).toBe(false);
  });
});

describe('asSentence', () => {
  it('adds a full stop only to a text that does not end as a sentence: never a doubled stop', () => {
    expect(asSentence('48,000 of you. Thank you.')).toBe('48,000 of you. Thank you.');
    expect(asSentence('Thank you')).toBe('Thank you.');
    expect(asSentence('Why three?')).toBe('Why three?');
    expect(asSentence('And then…')).toBe('And then…');
    expect(asSentence('She said "Go."')).toBe('She said "Go."');
    expect(asSentence('谢谢。')).toBe('谢谢。');
    expect(asSentence('  ')).toBe('');
  });
});

describe('findFigures in a list', () => {
  it('parts items at commas, a colon and a conjunction after a number, never at an "and" inside a name', () => {
    expect(findFigures('Finland drinks 12 kg, Norway 9.9 kg, Iceland 9 kg and Denmark 8.7 kg').map((f) => f.label)).toEqual(['Finland', 'Norway', 'Iceland', 'Denmark']);
    expect(findFigures('infrastructure and hosting 420k, research and development 275k').map((f) => f.label)).toEqual(['Infrastructure and hosting', 'Research and development']);
    expect(findFigures('Revenue by region: North $1.2M, South $0.8M').map((f) => f.label)).toEqual(['North', 'South']);
  });
});

describe('sentences', () => {
  it('never ends a sentence at an abbreviation: era marks, titles, initials, e.g.', () => {
    expect(sentences("Il Colosseo fu inaugurato nell'80 d.C. Tito aprì i giochi. Durarono cento giorni.")).toEqual(["Il Colosseo fu inaugurato nell'80 d.C. Tito aprì i giochi.", 'Durarono cento giorni.']);
    expect(sentences('Rome was founded in 753 B.C. Romulus was its first king.')).toEqual(['Rome was founded in 753 B.C. Romulus was its first king.']);
    expect(sentences('Caesar died in 44 v. Chr. Sein Erbe war Augustus.')).toEqual(['Caesar died in 44 v. Chr. Sein Erbe war Augustus.']);
    expect(sentences('Dr. Lee runs the lab. It opened in 2019.')).toEqual(['Dr. Lee runs the lab.', 'It opened in 2019.']);
    expect(sentences('Bees make honey. They store it in wax cells.')).toEqual(['Bees make honey.', 'They store it in wax cells.']);
  });
});
